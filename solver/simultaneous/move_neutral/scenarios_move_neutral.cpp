// Move-Neutral Chess scenarios (docs/move-neutral.md). Trade-places, shared-square,
// target-left and both-kings-in-check are exact: both moves are symbolic choices that
// must be submissions of the proposed board, and the symbolic joint step (move_neutral_step.hpp)
// shows the property; the resolver confirms every witness and its trace is the witness's
// account. Both-mated keeps its proposal filter (both can check, both kings' flights covered).
#include <fmt/format.h>

#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include <range/v3/view/cartesian_product.hpp>
#include <range/v3/view/indices.hpp>

#include "rules/core/movegen.hpp"
#include "solver/core/move_formulas.hpp"
#include "solver/core/scenarios.hpp"
#include "solver/core/z3_setup.hpp"
#include "solver/registry/solver_modules.hpp"
#include "solver/simultaneous/move_neutral/move_neutral_step.hpp"
#include "solver/simultaneous/simultaneous_judge.hpp"

namespace arbiter::solver {

namespace {

/// Which (white, black) pairs of candidates can show a scenario's property; nullptr: all.
using MovePairFilter = std::function<bool(Move white, Move black)>;

/// The (white, black) candidate pairs `keep` accepts, as indices.
std::vector<std::pair<std::size_t, std::size_t>> pairs_of(const MoveChoice& white,
                                                          const MoveChoice& black,
                                                          const MovePairFilter& keep) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  using ranges::views::cartesian_product, ranges::views::indices;
  for (const auto [i, j] :
       cartesian_product(indices(white.candidates.size()), indices(black.candidates.size())))
    if (keep(white.candidates[i].move, black.candidates[j].move)) out.emplace_back(i, j);
  return out;
}

/// Above this many accepted pairs, the two moves stay independent choices.
constexpr std::size_t kMaxJointPairs = 8000;

/// One turn with both moves chosen symbolically: `legal` says both are submissions of the
/// proposed board, `step` plays them. With a filter, only candidates in some accepted pair are
/// kept, and when the accepted pairs are few, the two moves are one choice among the pairs (a
/// Boolean per pair; a candidate is chosen when one of its pairs is). The formula stays exact
/// when the filter holds for every pair of moves showing the property: the witnessing pair is
/// then a choice the formula offers. `possible` is false when no pair is accepted.
struct SymbolicTurn {
  MoveChoice white, black;
  bool possible = true;
  z3::expr legal;
  std::unique_ptr<MoveNeutralStep> step;

  SymbolicTurn(const ScenarioContext& sc, const MovePairFilter& keep)
      : white(symbolic_choice(sc.attacks, kWhite, "mn_white_")),
        black(symbolic_choice(sc.attacks, kBlack, "mn_black_")),
        legal(sc.board.ctx().bool_val(false)) {
    z3::context& ctx = sc.board.ctx();
    z3::expr one = ctx.bool_val(true);
    if (keep) {
      const auto pairs = pairs_of(white, black, keep);
      possible = !pairs.empty();
      if (!possible) return;
      if (pairs.size() <= kMaxJointPairs) {
        one = joint(ctx, pairs);
      } else {
        white = kept(white, pairs, true);
        black = kept(black, pairs, false);
      }
    }
    if (one.is_true()) one = exactly_one(white) && exactly_one(black);
    legal = one && is_submission(sc.attacks, white) && is_submission(sc.attacks, black);
    step = std::make_unique<MoveNeutralStep>(sc.attacks, white, black);
  }

 private:
  /// The candidates of one side that are in some pair.
  static MoveChoice kept(const MoveChoice& choice,
                         const std::vector<std::pair<std::size_t, std::size_t>>& pairs,
                         bool first) {
    std::vector<bool> used(choice.candidates.size(), false);
    for (const auto& [i, j] : pairs) used[first ? i : j] = true;
    MoveChoice out{choice.color, {}};
    for (std::size_t k = 0; k < used.size(); ++k)
      if (used[k]) out.candidates.push_back(choice.candidates[k]);
    return out;
  }

  /// Replaces both choices by one choice among `pairs`; returns "exactly one pair".
  z3::expr joint(z3::context& ctx, const std::vector<std::pair<std::size_t, std::size_t>>& pairs) {
    // One expr_vector each: copies of an expr_vector share one Z3 vector.
    std::vector<z3::expr_vector> of_white, of_black;
    for (std::size_t k = 0; k < white.candidates.size(); ++k) of_white.emplace_back(ctx);
    for (std::size_t k = 0; k < black.candidates.size(); ++k) of_black.emplace_back(ctx);
    z3::expr_vector all(ctx);
    for (const auto& [i, j] : pairs) {
      const z3::expr p =
          ctx.bool_const(fmt::format("mn_pair_{}_{}", white.candidates[i].chosen.to_string(),
                                     black.candidates[j].chosen.to_string())
                             .c_str());
      of_white[i].push_back(p);
      of_black[j].push_back(p);
      all.push_back(p);
    }
    const auto merge = [](const MoveChoice& c, const std::vector<z3::expr_vector>& of) {
      MoveChoice out{c.color, {}};
      for (std::size_t k = 0; k < of.size(); ++k)
        if (!of[k].empty()) out.candidates.push_back({c.candidates[k].move, z3::mk_or(of[k])});
      return out;
    };
    white = merge(white, of_white);
    black = merge(black, of_black);
    return z3::atmost(all, 1) && z3::atleast(all, 1);
  }
};

bool castles(Move m) {
  return m.kind() == MoveKind::kCastling;
}

/// Each side captures the piece that captures it (x->y and y->x, neither castling:
/// moves() excludes it): after the step both stand, on each other's squares.
z3::expr trade_places_formula(const ScenarioContext& sc) {
  const SymbolicTurn turn(sc, [](Move w, Move b) {
    return !castles(w) && !castles(b) && w.from() == b.to() && w.to() == b.from();
  });
  if (!turn.possible) return sc.board.ctx().bool_val(false);
  const MoveNeutralStep& step = *turn.step;
  z3::expr_vector terms(sc.board.ctx());
  for (Square x = 0; x < kSquares; ++x)
    for (Square y = 0; y < kSquares; ++y)
      if (x != y)
        terms.push_back(step.moves(kWhite, x, y) && step.moves(kBlack, y, x) &&
                        step.layer(kWhite).occupied_by(y, kWhite) &&
                        step.layer(kBlack).occupied_by(x, kBlack));
  return turn.legal && any_of(sc.board.ctx(), terms);
}

EngineVerdict trade_places_engine(const Position& pos) {
  return judge_move_neutral(
      pos, [](const SimState&, Move w, Move b) { return w.from() == b.to() && w.to() == b.from(); },
      clause_shown(MoveNeutralClause::kTradePlaces, "mutual captures: the two pieces trade places"),
      "no pair of submissions is a mutual capture");
}

/// Both moves' Move::to() on one square (move_to reads it), which the two pieces then share.
z3::expr shared_square_formula(const ScenarioContext& sc) {
  // Geometry pairs nearly every candidate with one of the other side (about 57,000 pairs),
  // so both choices stay whole; the implied "both moves go to the same square", square by
  // square, is stated outright for the solver to propagate.
  const SymbolicTurn turn(sc, nullptr);
  const MoveNeutralStep& step = *turn.step;
  z3::expr_vector terms(sc.board.ctx()), same(sc.board.ctx());
  for (Square d = 0; d < kSquares; ++d) {
    terms.push_back(step.move_to(kWhite, d) && step.move_to(kBlack, d) && step.shared(d));
    same.push_back(step.move_to(kWhite, d) == step.move_to(kBlack, d));
  }
  return turn.legal && z3::mk_and(same) && z3::mk_or(terms);
}

EngineVerdict shared_square_engine(const Position& pos) {
  return judge_move_neutral(
      pos, [](const SimState&, Move w, Move b) { return w.to() == b.to(); },
      clause_shown(MoveNeutralClause::kSharedSquare, "both pieces land on one square and share it"),
      "no pair of submissions lands on a common square");
}

/// Our submission x->y takes aim at their piece on y, which moves on (not to x): nothing is
/// taken there.
z3::expr capture_of_departed_formula(const ScenarioContext& sc) {
  const Color us = sc.side, them = ~sc.side;
  // As for shared-square, both choices stay whole; the implied "our move is a non-castling
  // move to the square their non-castling move leaves", square by square, is stated outright.
  const SymbolicTurn turn(sc, nullptr);
  const MoveNeutralStep& step = *turn.step;
  z3::expr_vector couple(sc.board.ctx());
  for (Square y = 0; y < kSquares; ++y) {
    z3::expr_vector to_y(sc.board.ctx()), from_y(sc.board.ctx());
    for (Square x = 0; x < kSquares; ++x)
      if (x != y) {
        to_y.push_back(step.moves(us, x, y));
        from_y.push_back(step.moves(them, y, x));
      }
    couple.push_back(any_of(sc.board.ctx(), to_y) == any_of(sc.board.ctx(), from_y));
  }
  z3::expr_vector terms(sc.board.ctx());
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
  return turn.legal && z3::mk_and(couple) && any_of(sc.board.ctx(), terms);
}

EngineVerdict capture_of_departed_engine(const Position& pos) {
  const Color us = pos.side_to_move();
  return judge_move_neutral(
      pos,
      [us](const SimState&, Move w, Move b) {
        const Move mine = us == kWhite ? w : b, theirs = us == kWhite ? b : w;
        return mine.to() == theirs.from() && theirs.to() != mine.from();
      },
      clause_shown(MoveNeutralClause::kTargetLeft,
                   "the capture's target left: the capturing piece lands on an empty square"),
      "no capture finds its target gone");
}

/// Both sides can move a piece to attack the other's king (lines judged before the moves).
z3::expr both_can_check(const ScenarioContext& sc) {
  const std::vector<z3::expr> w = reach_by_type(sc, kWhite, true);
  const std::vector<z3::expr> b = reach_by_type(sc, kBlack, true);
  return royal_where(sc, kBlack, [&](Square k) { return attacks_after_move(sc, kWhite, w, k); }) &&
         royal_where(sc, kWhite, [&](Square k) { return attacks_after_move(sc, kBlack, b, k); });
}

z3::expr both_kings_in_check_formula(const ScenarioContext& sc) {
  const SymbolicTurn turn(sc, nullptr);
  return turn.legal && turn.step->in_check(kWhite) && turn.step->in_check(kBlack);
}

EngineVerdict both_kings_in_check_engine(const Position& pos) {
  return judge_move_neutral(
      pos, nullptr,
      [](const SimState&, const MoveNeutralResolution& r) -> std::optional<std::string> {
        const Position& a = r.after.pos;
        if (!a.king_in_check(kWhite) || !a.king_in_check(kBlack)) return std::nullopt;
        return "both moves stand and each gives check: both kings are in check";
      },
      "no pair of submissions leaves both kings in check");
}

/// A filter: the exact necessary condition over the joint step (both in check after a pair
/// of submissions, neither royal piece able to step) did not finish in 4 minutes (seed 0).
z3::expr both_mated_formula(const ScenarioContext& sc) {
  return !sc.attacks.in_check(kWhite) && !sc.attacks.in_check(kBlack) && both_can_check(sc) &&
         royal_cannot_step(sc) && royal_cannot_step(other_side(sc));
}

EngineVerdict both_mated_engine(const Position& pos) {
  return judge_move_neutral(
      pos, nullptr,
      [](const SimState&, const MoveNeutralResolution& r) -> std::optional<std::string> {
        const SimStatus st = move_neutral_status(r.after);
        if (st.reason != "both mated") return std::nullopt;
        return fmt::format("both sides are mated: {} ({})", st.reason, st.result());
      },
      "no pair of submissions mates both sides");
}

}  // namespace

std::vector<ScenarioRow> move_neutral_scenarios() {
  using enum SolverPipeline;  // measured per scenario: docs/solver.md
  return {
      exact_row("trade-places",
                "Each side captures the piece that captures it: the two pieces trade places",
                trade_places_formula, trade_places_engine),
      exact_row("shared-square", "Both sides move to one empty square: the two pieces share it",
                shared_square_formula, shared_square_engine),
      exact_row("target-left", "A capture whose target moves away in the same turn takes nothing",
                capture_of_departed_formula, capture_of_departed_engine),
      exact_row("both-kings-in-check", "After both moves stand, both kings are in check",
                both_kings_in_check_formula, both_kings_in_check_engine,
                kIncrementalLateInprocessing),
      filter_row("both-mated", "After both moves stand, both sides are checkmated: a draw",
                 both_mated_formula, both_mated_engine, kIncrementalLateInprocessing)};
}

}  // namespace arbiter::solver
