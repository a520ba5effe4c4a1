// ConditionalStep's small sufficient conditions (c_surely_executes, c_surely_skipped, used by
// the exact conditional scenarios) against the turn machine: for positions of seeded random
// play in phase B, a stated C-move ("!SAN") and a B-move are substituted for the step's
// choices on the concrete board; whenever a condition simplifies to true, decide_c must agree
// (execute, resp. skip), and each condition must catch most of the engine's cases of its kind.
// Under c-move-resolution=statement they are exact for ordinary moves: each equals the engine.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "rules/conditional/conditional_game.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "solver/conditional/conditional_step.hpp"
#include "tests/support/conditional_step_compare.hpp"
#include "tests/support/random_play.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

struct Counts {
  int stories = 0, executed = 0, skipped = 0, sure_exec = 0, sure_skip = 0;
};

/// `exact`: the conditions must be each other's complement and equal the engine's decision.
Counts compare(const VariantPtr& v, const std::vector<Position>& positions, bool need_guard,
               bool exact, unsigned seed) {
  z3::context ctx;
  const BoardEncoding symbolic(ctx, v);
  std::mt19937 rng(seed);
  Counts n;
  for (const Position& pos : positions) {
    const Color b_mover = pos.side_to_move(), stater = ~b_mover;
    if (pos.king_in_check(stater)) continue;
    const BoardEncoding board = BoardEncoding::of_position(symbolic, pos);
    const AttackEncoding at(board);
    const ConditionalStep step(at, b_mover, "t_", false);
    const z3::expr sure_exec = step.c_surely_executes(), sure_skip = step.c_surely_skipped();
    const z3::expr guard = step.same_piece_named();
    const std::vector<Move> cs = test::ordinary_moves(pos, stater),
                            bs = test::ordinary_moves(pos, b_mover);
    if (cs.empty() || bs.empty()) continue;
    Position view = pos;
    view.set_side_to_move(stater);
    for (int k = 0; k < 12; ++k) {
      // Half the stories aim the B-move at the C-move's squares (the interesting cases).
      const Move c = cs[rng() % cs.size()];
      Move b = bs[rng() % bs.size()];
      if (k % 2)
        for (Move o : bs)
          if (o.to() == c.from() || o.to() == c.to() || has(v->between(c.from(), c.to()), o.to()))
            b = o;
      const std::string san = to_san(view, c);
      ConditionalState st = conditional_start(pos.variant_ptr());
      st.pos = pos;
      st.phase = Phase::kB;
      const ConditionalMove cm{std::nullopt, san, san, -1};
      state(st, cm);
      const ConditionalMove stated = *st.pending;  // UCI under c-move-resolution=statement
      play(st, b);
      if (conditional_status(st).over()) continue;
      const bool executes = decide_c(st, stated).kind == CDecision::Kind::kExecute;

      z3::expr_vector src(ctx), dst(ctx);
      test::bind_ply(step.b(), b, src, dst);
      test::bind_ply(step.c_stated(), c, src, dst);
      const auto value = [&](const z3::expr& e) {
        const z3::expr s = z3::expr(e).substitute(src, dst).simplify();
        EXPECT_TRUE(s.is_true() || s.is_false()) << s;
        return s.is_true();
      };
      if (need_guard && !value(guard)) continue;
      const std::string where = to_fen(pos) + " C " + san + " B " + to_san(pos, b);
      const bool e = value(sure_exec), s = value(sure_skip);
      if (e) {
        EXPECT_TRUE(executes) << where;
      }
      if (s) {
        EXPECT_FALSE(executes) << where;
      }
      if (exact) {
        EXPECT_EQ(e, executes) << where;
        EXPECT_EQ(s, !executes) << where;
      }
      ++n.stories;
      n.executed += executes;
      n.skipped += !executes;
      n.sure_exec += e;
      n.sure_skip += s;
    }
    if (::testing::Test::HasFailure()) break;
  }
  std::printf(
      "%d stories: %d executed (%d by c_surely_executes), %d skipped (%d by "
      "c_surely_skipped)\n",
      n.stories, n.executed, n.sure_exec, n.skipped, n.sure_skip);
  return n;
}

TEST(SolverConditionalShortcut, ResolvedAtStatementTheConditionsAgreeWithTheTurnMachine) {
  const VariantPtr& v = test::bundled_variant("conditional", {{"c-move-resolution", "statement"}});
  const Counts n = compare(v, test::phase_b_positions(v, 12, 41), false, true, 3);
  EXPECT_GT(n.stories, 80);
  EXPECT_GT(n.skipped, 5);
  EXPECT_GE(n.sure_exec * 10, n.executed * 8);  // most executions are seen
  EXPECT_GE(n.sure_skip * 10, n.skipped * 8);   // most skips are seen
}

TEST(SolverConditionalShortcut, ResolvedAtExecutionTheGuardedConditionsAgreeWithTheTurnMachine) {
  const VariantPtr& v = test::bundled_variant("conditional");
  const Counts n = compare(v, test::phase_b_positions(v, 12, 42), true, false, 4);
  EXPECT_GT(n.stories, 10);
  EXPECT_GE(n.sure_exec * 10, n.executed * 8);
  EXPECT_GE(n.sure_skip * 10, n.skipped * 8);
}

}  // namespace
}  // namespace arbiter::solver
