// The symbolic B and C plies of Conditional Chess (solver/conditional_step) against the turn
// machine: for positions of seeded random play in phase B, a stated C-move ("!SAN") and a
// B-move are substituted for the step's choices; whether the C-move executes, whether the
// B-move checks, and the board after the C ply simplify to what state / play / decide_c /
// apply_c give (slow: each substitution simplifies formulas over the whole board, ~10 s per
// position). Under the default c-move-resolution=execution the comparison covers the
// stories where same_piece_named holds (the SAN names the same piece after the B-move).
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

unsigned code_of(const BoardEncoding& b, const Position& pos, Square s) {
  for (Color c : {kWhite, kBlack})
    if (pos.piece_on(c, s) != kNoPiece) return static_cast<unsigned>(b.code(c, pos.piece_on(c, s)));
  return 0;
}

struct Counts {
  int stories = 0, executed = 0, skipped = 0, checks = 0, unguarded = 0;
};

Counts compare(const VariantPtr& v, const std::vector<Position>& positions, bool need_guard,
               unsigned seed) {
  z3::context ctx;
  const BoardEncoding symbolic(ctx, v);
  std::mt19937 rng(seed);
  Counts n;
  for (const Position& pos : positions) {
    const Color b_mover = pos.side_to_move(), stater = ~b_mover;
    if (pos.king_in_check(stater)) continue;
    const BoardEncoding board = BoardEncoding::of_position(symbolic, pos);
    const AttackEncoding at(board);
    const ConditionalStep step(at, b_mover, "t_");
    const std::vector<Move> cs = test::ordinary_moves(pos, stater),
                            bs = test::ordinary_moves(pos, b_mover);
    if (cs.empty() || bs.empty()) continue;
    Position view = pos;
    view.set_side_to_move(stater);
    for (int k = 0; k < 10; ++k) {
      const Move c = cs[rng() % cs.size()], b = bs[rng() % bs.size()];
      const std::string san = to_san(view, c);
      ConditionalState st = conditional_start(pos.variant_ptr());
      st.pos = pos;
      st.phase = Phase::kB;
      const ConditionalMove cm{std::nullopt, san, san, -1};
      state(st, cm);
      const ConditionalMove stated = *st.pending;  // UCI under c-move-resolution=statement
      play(st, b);
      if (conditional_status(st).over()) continue;
      const bool checked = st.pos.in_check();
      const CDecision d = decide_c(st, stated);
      const bool executes = d.kind == CDecision::Kind::kExecute;
      apply_c(st, CStep{!executes, d.move});

      z3::expr_vector src(ctx), dst(ctx);
      test::bind_ply(step.b(), b, src, dst);
      test::bind_ply(step.c_stated(), c, src, dst);
      z3::expr_vector terms(ctx);
      terms.push_back(step.same_piece_named());
      terms.push_back(step.story());
      terms.push_back(step.b_gives_check());
      terms.push_back(step.c_executes());
      for (Square s = 0; s < kSquares; ++s) terms.push_back(step.after().cell(s));
      const z3::expr_vector all = test::substituted(terms, src, dst);
      const auto value = [&](unsigned i) {
        const z3::expr e = all[i];
        EXPECT_TRUE(e.is_true() || e.is_false()) << e;
        return e.is_true();
      };
      const std::string where = to_fen(pos) + " C " + san + " B " + to_san(pos, b);
      if (need_guard && !value(0)) {
        ++n.unguarded;
        continue;
      }
      EXPECT_TRUE(value(1)) << where;
      EXPECT_EQ(value(2), checked) << where;
      EXPECT_EQ(value(3), executes) << where;
      for (Square s = 0; s < kSquares; ++s) {
        const z3::expr cell = all[4 + static_cast<unsigned>(s)];
        EXPECT_TRUE(cell.is_numeral()) << where;
        if (cell.is_numeral()) {
          EXPECT_EQ(cell.get_numeral_uint(), code_of(board, st.pos, s))
              << where << ' ' << square_name(s);
        }
      }
      ++n.stories;
      n.executed += executes;
      n.skipped += !executes;
      n.checks += checked;
    }
    if (::testing::Test::HasFailure()) break;
  }
  std::printf("%d stories (%d executed, %d skipped, %d B-move checks), %d outside the guard\n",
              n.stories, n.executed, n.skipped, n.checks, n.unguarded);
  return n;
}

TEST(SolverConditionalStep, ResolvedAtStatementTheStepIsTheTurnMachine) {
  const VariantPtr& v = test::bundled_variant("conditional", {{"c-move-resolution", "statement"}});
  // Each story substitutes and simplifies the whole step (minutes for a few dozen), so the
  // sample is small; the fast suite's tests/solver/core/solver_ply_step_test.cpp covers the plies.
  const Counts n = compare(v, test::phase_b_positions(v, 4, 31), false, 1);
  EXPECT_GT(n.stories, 30);
  EXPECT_GT(n.skipped, 0);
}

TEST(SolverConditionalStep, ResolvedAtExecutionTheGuardedStepIsTheTurnMachine) {
  const VariantPtr& v = test::bundled_variant("conditional");
  const Counts n = compare(v, test::phase_b_positions(v, 4, 32), true, 2);
  EXPECT_GE(n.stories, 5);
}

}  // namespace
}  // namespace arbiter::solver
