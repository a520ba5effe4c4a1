// Diplomacy Chess scenarios (docs/diplomacy.md): the board's static part (pieces placed so
// that two moves can conflict) is a Z3 proposal filter; the resolver itself judges every pair
// of submissions of each proposal, and a pair whose trace shows the clause is the witness.
#include <fmt/format.h>

#include "rules/rule_table.hpp"
#include "solver/move_formulas.hpp"
#include "solver/scenarios.hpp"
#include "solver/simultaneous_judge.hpp"

namespace arbiter::solver {

namespace {

int conflict_rank(const Variant& v, PieceType t) {
  const PieceDef* def = v.table().piece(v.piece(t).letter);
  return def != nullptr ? def->rank : 0;
}

bool has_clause(const DiplomacyResolution& r, const std::string& clause) {
  for (const TraceEntry& e : r.trace)
    if (e.clause == clause) return true;
  return false;
}

/// A white and a black non-royal piece, of equal ranks (`equal`) or not, can both move to one
/// empty square.
z3::expr two_reach_one_square(const ScenarioContext& sc, bool equal) {
  const Variant& v = sc.board.variant();
  const std::vector<z3::expr> w = reach_by_type(sc, kWhite, true);
  const std::vector<z3::expr> b = reach_by_type(sc, kBlack, true);
  z3::expr_vector terms(sc.board.ctx());
  for (Square d = 0; d < kSquares; ++d)
    for (int t = 0; t < v.piece_count(); ++t)
      for (int u = 0; u < v.piece_count(); ++u) {
        const PieceType pt = static_cast<PieceType>(t), pu = static_cast<PieceType>(u);
        if (pt == v.royal() || pu == v.royal()) continue;
        if ((conflict_rank(v, pt) == conflict_rank(v, pu)) != equal) continue;
        const z3::expr& a = w[static_cast<std::size_t>(t * kSquares + d)];
        const z3::expr& c = b[static_cast<std::size_t>(u * kSquares + d)];
        if (!a.is_false() && !c.is_false()) terms.push_back(sc.board.empty(d) && a && c);
      }
  return terms.empty() ? sc.board.ctx().bool_val(false) : z3::mk_or(terms);
}

bool same_destination(const SimState&, Move w, Move b) {
  return w.to() == b.to();
}

Scenario equal_rank_bounce() {
  Scenario s;
  s.name = "diplomacy/equal-rank-bounce";
  s.description = "Two pieces of equal rank bound for one square: neither moves";
  s.kind = FormulaKind::kFilter;
  s.formula = [](const ScenarioContext& sc) { return two_reach_one_square(sc, true); };
  s.engine = [](const Position& pos) {
    return judge_diplomacy(
        pos, same_destination,
        [](const SimState&, Move, Move,
           const DiplomacyResolution& r) -> std::optional<std::string> {
          if (!has_clause(r, "same-destination") || r.fates.size() != 2 ||
              r.fates[0] != Fate::kFailed || r.fates[1] != Fate::kFailed)
            return std::nullopt;
          return "same destination, equal ranks: both moves fail";
        },
        "no pair of submissions bounces on a common square");
  };
  return s;
}

Scenario higher_rank_captures() {
  Scenario s;
  s.name = "diplomacy/higher-rank-captures";
  s.description = "Two pieces of different ranks bound for one square: the higher takes the other";
  s.kind = FormulaKind::kFilter;
  s.formula = [](const ScenarioContext& sc) { return two_reach_one_square(sc, false); };
  s.engine = [](const Position& pos) {
    return judge_diplomacy(
        pos, same_destination,
        [](const SimState&, Move, Move,
           const DiplomacyResolution& r) -> std::optional<std::string> {
          if (!has_clause(r, "same-destination") || r.fates.size() != 2) return std::nullopt;
          const bool white_wins = r.fates[0] == Fate::kExecuted && r.fates[1] == Fate::kCaptured;
          const bool black_wins = r.fates[1] == Fate::kExecuted && r.fates[0] == Fate::kCaptured;
          if (!white_wins && !black_wins) return std::nullopt;
          return fmt::format("same destination: {}'s higher rank takes the other piece",
                             white_wins ? "White" : "Black");
        },
        "no pair of submissions ends with a higher rank taking on a common square");
  };
  return s;
}

Scenario meet_in_transit() {
  Scenario s;
  s.name = "diplomacy/meet-in-transit";
  s.description = "Two moving pieces stand on one square at the same time step: both fail";
  s.kind = FormulaKind::kFilter;
  s.formula = [](const ScenarioContext& sc) {
    z3::expr_vector terms(sc.board.ctx());
    for (Square m = 0; m < kSquares; ++m)
      for (int tick = 1; tick < kFiles - 1; ++tick)
        terms.push_back(passes(sc, kWhite, m, tick) && passes(sc, kBlack, m, tick));
    return z3::mk_or(terms);
  };
  s.engine = [](const Position& pos) {
    return judge_diplomacy(
        pos, nullptr,
        [](const SimState&, Move, Move,
           const DiplomacyResolution& r) -> std::optional<std::string> {
          if (!has_clause(r, "meet-in-transit")) return std::nullopt;
          return "the two pieces meet on the way";
        },
        "no pair of submissions meets in transit");
  };
  return s;
}

Scenario obstacle_arrives_first() {
  Scenario s;
  s.name = "diplomacy/obstacle-arrives-first";
  s.description = "A piece arrives on a square before the enemy passes it and stops the enemy";
  s.kind = FormulaKind::kFilter;
  s.formula = [](const ScenarioContext& sc) {
    z3::expr_vector terms(sc.board.ctx());
    for (Square m = 0; m < kSquares; ++m)
      for (int early = 1; early < kFiles - 1; ++early)
        for (int late = early + 1; late < kFiles - 1; ++late)
          for (Color c : {kWhite, kBlack})
            terms.push_back(arrives(sc, c, m, early) && passes(sc, ~c, m, late));
    return z3::mk_or(terms);
  };
  s.engine = [](const Position& pos) {
    return judge_diplomacy(
        pos, nullptr,
        [](const SimState&, Move w, Move b,
           const DiplomacyResolution& r) -> std::optional<std::string> {
          if (r.fates.size() != 2) return std::nullopt;
          const bool white_first = r.fates[0] == Fate::kExecuted && r.fates[1] == Fate::kFailed;
          const bool black_first = r.fates[1] == Fate::kExecuted && r.fates[0] == Fate::kFailed;
          if (!white_first && !black_first) return std::nullopt;
          const Square arrived = white_first ? w.to() : b.to();
          for (const TraceEntry& e : r.trace)
            if (e.clause == "obstacle" && e.square == arrived)
              return fmt::format("{}'s piece arrived on {} first and stops the other",
                                 white_first ? "White" : "Black", square_name(arrived));
          return std::nullopt;
        },
        "no pair of submissions has a piece stopped by one that arrived first");
  };
  return s;
}

Scenario king_square_becomes_attacked() {
  Scenario s;
  s.name = "diplomacy/king-square-becomes-attacked";
  s.description =
      "A king steps to a square not attacked now, which the enemy's move attacks: it fails";
  s.kind = FormulaKind::kFilter;
  s.formula = [](const ScenarioContext& sc) {
    const Variant& v = sc.board.variant();
    const std::vector<z3::expr> reach = reach_by_type(sc, ~sc.side, true);
    return royal_where(sc, sc.side, [&](Square k) {
      z3::expr_vector steps(sc.board.ctx());
      for (Square to = 0; to < kSquares; ++to) {
        const z3::expr step = sc.attacks.reaches(sc.side, v.royal(), k, to);
        if (step.is_false()) continue;
        steps.push_back(step && sc.board.empty(to) && !sc.attacks.attacked(to, ~sc.side) &&
                        attacks_after_move(sc, ~sc.side, reach, to));
      }
      return steps.empty() ? sc.board.ctx().bool_val(false) : z3::mk_or(steps);
    });
  };
  s.engine = [](const Position& pos) {
    const Color us = pos.side_to_move();
    const PieceType royal = pos.variant().royal();
    return judge_diplomacy(
        pos,
        [us, royal](const SimState& st, Move w, Move b) {
          const Move mine = us == kWhite ? w : b;
          return st.pos.piece_on(us, mine.from()) == royal && !st.pos.attacked(mine.to(), ~us);
        },
        [us](const SimState&, Move, Move,
             const DiplomacyResolution& r) -> std::optional<std::string> {
          if (!has_clause(r, "king-safety") || r.fates.size() != 2) return std::nullopt;
          if (r.fates[us == kWhite ? 0 : 1] != Fate::kFailed) return std::nullopt;
          if (r.fates[us == kWhite ? 1 : 0] != Fate::kExecuted) return std::nullopt;
          return "the king's square is attacked after resolution: the king stays";
        },
        "no king step to a square not attacked now fails for king safety");
  };
  return s;
}

}  // namespace

std::vector<Scenario> diplomacy_scenarios() {
  std::vector<Scenario> out = {equal_rank_bounce(), higher_rank_captures(), meet_in_transit(),
                               obstacle_arrives_first(), king_square_becomes_attacked()};
  for (Scenario& s : out) s.variant = "diplomacy";
  return out;
}

}  // namespace arbiter::solver
