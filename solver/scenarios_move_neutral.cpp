// Move-Neutral Chess scenarios (docs/move-neutral.md). Trade-places, shared-square,
// capture-of-departed and both-kings-in-check are exact: both moves are symbolic choices that
// must be submissions of the proposed board, and the symbolic joint step (move_neutral_step.hpp)
// shows the property; the resolver confirms every witness and its trace is the witness's
// account. Both-mated keeps its proposal filter (both can check, both kings' flights covered).
#include <fmt/format.h>

#include <memory>

#include "rules/movegen.hpp"
#include "solver/move_formulas.hpp"
#include "solver/move_neutral_step.hpp"
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

/// One turn with both moves chosen symbolically among all candidates: `legal` says both are
/// submissions of the proposed board, `step` plays them.
struct SymbolicTurn {
  MoveChoice white, black;
  z3::expr legal;
  std::unique_ptr<MoveNeutralStep> step;

  explicit SymbolicTurn(const ScenarioContext& sc)
      : white(symbolic_choice(sc.attacks, kWhite, "mn_white_")),
        black(symbolic_choice(sc.attacks, kBlack, "mn_black_")),
        legal(exactly_one(white) && exactly_one(black) && is_submission(sc.attacks, white) &&
              is_submission(sc.attacks, black)),
        step(std::make_unique<MoveNeutralStep>(sc.attacks, white, black)) {}
};

Scenario trade_places() {
  Scenario s;
  s.name = "move-neutral/trade-places";
  s.description = "Each side captures the piece that captures it: the two pieces trade places";
  s.kind = FormulaKind::kExact;
  s.formula = [](const ScenarioContext& sc) {
    const SymbolicTurn turn(sc);
    const MoveNeutralStep& step = *turn.step;
    z3::expr_vector terms(sc.board.ctx());
    // Submissions x->y and y->x are captures of each other; after the step both stand.
    for (Square x = 0; x < kSquares; ++x)
      for (Square y = 0; y < kSquares; ++y)
        if (x != y)
          terms.push_back(step.moves(kWhite, x, y) && step.moves(kBlack, y, x) &&
                          step.layer(kWhite).occupied_by(y, kWhite) &&
                          step.layer(kBlack).occupied_by(x, kBlack));
    return turn.legal && any_of(sc.board.ctx(), terms);
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
  s.kind = FormulaKind::kExact;
  s.formula = [](const ScenarioContext& sc) {
    const SymbolicTurn turn(sc);
    const MoveNeutralStep& step = *turn.step;
    z3::expr_vector terms(sc.board.ctx());
    for (Square d = 0; d < kSquares; ++d)
      terms.push_back(step.move_to(kWhite, d) && step.move_to(kBlack, d) && step.shared(d));
    return turn.legal && z3::mk_or(terms);
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
  s.kind = FormulaKind::kExact;
  s.formula = [](const ScenarioContext& sc) {
    const SymbolicTurn turn(sc);
    const MoveNeutralStep& step = *turn.step;
    const Color us = sc.side, them = ~sc.side;
    z3::expr_vector terms(sc.board.ctx());
    // Our submission x->y takes aim at their piece on y, which moves on (not to x): nothing
    // is taken there.
    for (Square y = 0; y < kSquares; ++y) {
      z3::expr_vector away(sc.board.ctx());
      for (Square z = 0; z < kSquares; ++z)
        if (z != y) away.push_back(step.moves(them, y, z));
      const z3::expr departs = any_of(sc.board.ctx(), away);
      for (Square x = 0; x < kSquares; ++x)
        if (x != y)
          terms.push_back(step.moves(us, x, y) && departs && !step.moves(them, y, x) &&
                          !step.captured(them, y));
    }
    return turn.legal && any_of(sc.board.ctx(), terms);
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

/// Both sides can move a piece to attack the other's king (lines judged before the moves).
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
  s.kind = FormulaKind::kExact;
  s.formula = [](const ScenarioContext& sc) {
    const SymbolicTurn turn(sc);
    return turn.legal && turn.step->in_check(kWhite) && turn.step->in_check(kBlack);
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
  // A filter: the exact necessary condition over the joint step (both in check after a pair
  // of submissions, neither royal piece able to step) did not finish in 4 minutes (seed 0).
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
