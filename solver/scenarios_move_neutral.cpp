// Move-Neutral Chess scenarios (docs/move-neutral.md): Z3 proposes a board where the two
// moves can interact (mutual captures, a common square, a target with somewhere to go, checks
// within reach); the resolver judges every pair of submissions and its trace is the witness.
#include <fmt/format.h>

#include "rules/movegen.hpp"
#include "solver/move_formulas.hpp"
#include "solver/scenarios.hpp"
#include "solver/simultaneous_judge.hpp"

namespace arbiter::solver {

namespace {

bool has_clause(const MoveNeutralResolution& r, const std::string& clause) {
  for (const TraceEntry& e : r.trace)
    if (e.clause == clause) return true;
  return false;
}

z3::expr any_of(z3::context& ctx, const z3::expr_vector& terms) {
  return terms.empty() ? ctx.bool_val(false) : z3::mk_or(terms);
}

Scenario trade_places() {
  Scenario s;
  s.name = "move-neutral/trade-places";
  s.description = "Each side captures the piece that captures it: the two pieces trade places";
  s.kind = FormulaKind::kFilter;
  s.formula = [](const ScenarioContext& sc) {
    z3::expr_vector terms(sc.board.ctx());
    for (Square x = 0; x < kSquares; ++x)
      for (Square y = 0; y < kSquares; ++y)
        if (x != y)
          terms.push_back(moves_to(sc, kWhite, x, y) && moves_to(sc, kBlack, y, x) &&
                          sc.board.occupied_by(y, kBlack) && sc.board.occupied_by(x, kWhite));
    return any_of(sc.board.ctx(), terms);
  };
  s.engine = [](const Position& pos) {
    return judge_move_neutral(
        pos,
        [](const SimState&, Move w, Move b) { return w.from() == b.to() && w.to() == b.from(); },
        [](const SimState&, const MoveNeutralResolution& r) -> std::optional<std::string> {
          if (!has_clause(r, "trade-places")) return std::nullopt;
          return "mutual captures: the two pieces trade places";
        },
        "no pair of submissions is a mutual capture");
  };
  return s;
}

Scenario shared_square() {
  Scenario s;
  s.name = "move-neutral/shared-square";
  s.description = "Both sides move to one empty square: the two pieces share it";
  s.kind = FormulaKind::kFilter;
  s.formula = [](const ScenarioContext& sc) {
    z3::expr_vector terms(sc.board.ctx());
    for (Square d = 0; d < kSquares; ++d) {
      z3::expr_vector w(sc.board.ctx()), b(sc.board.ctx());
      for (Square x = 0; x < kSquares; ++x) {
        if (x == d) continue;
        w.push_back(moves_to(sc, kWhite, x, d));
        b.push_back(moves_to(sc, kBlack, x, d));
      }
      terms.push_back(sc.board.empty(d) && z3::mk_or(w) && z3::mk_or(b));
    }
    return z3::mk_or(terms);
  };
  s.engine = [](const Position& pos) {
    return judge_move_neutral(
        pos, [](const SimState&, Move w, Move b) { return w.to() == b.to(); },
        [](const SimState&, const MoveNeutralResolution& r) -> std::optional<std::string> {
          if (!has_clause(r, "shared-square")) return std::nullopt;
          return "both pieces land on one square and share it";
        },
        "no pair of submissions lands on a common square");
  };
  return s;
}

Scenario capture_of_departed() {
  Scenario s;
  s.name = "move-neutral/capture-of-departed";
  s.description = "A capture whose target moves away in the same turn takes nothing";
  s.kind = FormulaKind::kFilter;
  s.formula = [](const ScenarioContext& sc) {
    z3::expr_vector terms(sc.board.ctx());
    for (Square y = 0; y < kSquares; ++y) {
      z3::expr_vector hit(sc.board.ctx());
      for (Square x = 0; x < kSquares; ++x)
        if (x != y) hit.push_back(moves_to(sc, sc.side, x, y));
      z3::expr_vector away(sc.board.ctx());
      for (Square z = 0; z < kSquares; ++z)
        if (z != y) away.push_back(sc.attacks.move_exists(y, z) && sc.board.empty(z));
      terms.push_back(sc.board.occupied_by(y, ~sc.side) && z3::mk_or(hit) && z3::mk_or(away));
    }
    return z3::mk_or(terms);
  };
  s.engine = [](const Position& pos) {
    const Color us = pos.side_to_move();
    return judge_move_neutral(
        pos,
        [us](const SimState&, Move w, Move b) {
          const Move mine = us == kWhite ? w : b, theirs = us == kWhite ? b : w;
          return mine.to() == theirs.from() && theirs.to() != mine.from();
        },
        [](const SimState&, const MoveNeutralResolution& r) -> std::optional<std::string> {
          if (!has_clause(r, "target-left")) return std::nullopt;
          return "the capture's target left: the capturing piece lands on an empty square";
        },
        "no capture finds its target gone");
  };
  return s;
}

/// Both sides can move a piece to attack the other's king.
z3::expr both_can_check(const ScenarioContext& sc) {
  const std::vector<z3::expr> w = reach_by_type(sc, kWhite, true);
  const std::vector<z3::expr> b = reach_by_type(sc, kBlack, true);
  return royal_where(sc, kBlack, [&](Square k) { return attacks_after_move(sc, kWhite, w, k); }) &&
         royal_where(sc, kWhite, [&](Square k) { return attacks_after_move(sc, kBlack, b, k); });
}

Scenario both_kings_in_check() {
  Scenario s;
  s.name = "move-neutral/both-kings-in-check";
  s.description = "After both moves stand, both kings are in check";
  s.kind = FormulaKind::kFilter;
  s.formula = [](const ScenarioContext& sc) {
    return !sc.attacks.in_check(kWhite) && !sc.attacks.in_check(kBlack) && both_can_check(sc);
  };
  s.engine = [](const Position& pos) {
    return judge_move_neutral(
        pos, nullptr,
        [](const SimState&, const MoveNeutralResolution& r) -> std::optional<std::string> {
          const Position& a = r.after.pos;
          if (!a.king_in_check(kWhite) || !a.king_in_check(kBlack)) return std::nullopt;
          return "both moves stand and each gives check: both kings are in check";
        },
        "no pair of submissions leaves both kings in check");
  };
  return s;
}

Scenario both_mated() {
  Scenario s;
  s.name = "move-neutral/both-mated";
  s.description = "After both moves stand, both sides are checkmated: a draw";
  s.kind = FormulaKind::kFilter;
  s.formula = [](const ScenarioContext& sc) {
    return !sc.attacks.in_check(kWhite) && !sc.attacks.in_check(kBlack) && both_can_check(sc) &&
           royal_cannot_step(sc) && royal_cannot_step(other_side(sc));
  };
  s.engine = [](const Position& pos) {
    return judge_move_neutral(
        pos, nullptr,
        [](const SimState&, const MoveNeutralResolution& r) -> std::optional<std::string> {
          const SimStatus st = move_neutral_status(r.after);
          if (st.reason != "both mated") return std::nullopt;
          return fmt::format("both sides are mated: {} ({})", st.reason, st.result());
        },
        "no pair of submissions mates both sides");
  };
  return s;
}

}  // namespace

std::vector<Scenario> move_neutral_scenarios() {
  std::vector<Scenario> out = {trade_places(), shared_square(), capture_of_departed(),
                               both_kings_in_check(), both_mated()};
  for (Scenario& s : out) s.variant = "move-neutral";
  return out;
}

}  // namespace arbiter::solver
