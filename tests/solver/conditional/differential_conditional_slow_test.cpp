// Differential property of the Conditional Chess B->C step (slow: about 100 s for 100 cases,
// each a full ConditionalStep over symbolic choices bound by substitution): on generated positions
// of the conditional table (c-move-resolution=statement, where the step is exact for ordinary
// moves), the stater states a random legal ordinary C-move ("!SAN") and the B-mover plays a random
// legal ordinary B-move (half of them aimed at the C-move's squares). ConditionalStep over the
// concrete board, its choices bound to the two moves, must simplify to the turn machine's answer:
// whether the C-move executes (decide_c) and every cell of the board after the C ply.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <cstdio>
#include <string>
#include <vector>

#include "rules/conditional/conditional_game.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/notation.hpp"
#include "solver/conditional/conditional_step.hpp"
#include "tests/support/conditional_step_compare.hpp"
#include "tests/support/rc_generators.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::test {
namespace {

unsigned code_of(const solver::BoardEncoding& b, const Position& pos, Square s) {
  for (Color c : {kWhite, kBlack})
    if (pos.piece_on(c, s) != kNoPiece) return static_cast<unsigned>(b.code(c, pos.piece_on(c, s)));
  return 0;
}

TEST(DifferentialConditionalProperty, BThenCStepIsTheTurnMachines) {
  const VariantPtr& v = bundled_variant("conditional", {{"c-move-resolution", "statement"}});
  z3::context ctx;
  const solver::BoardEncoding symbolic(ctx, v);
  int stories = 0, executed = 0;
  const bool ok = rc::check("B-move then the stated C-move: ConditionalStep = turn machine", [&] {
    const Position pos = *gen_position(v, orthodox_start_fens());
    const Color b_mover = pos.side_to_move(), stater = ~b_mover;
    RC_PRE(!pos.king_in_check(stater));
    const std::vector<Move> cs = ordinary_moves(pos, stater), bs = ordinary_moves(pos, b_mover);
    RC_PRE(!cs.empty() && !bs.empty());
    const Move c = *rc::gen::elementOf(cs);
    std::vector<Move> aimed;
    for (Move o : bs)
      if (o.to() == c.from() || o.to() == c.to() || has(v->between(c.from(), c.to()), o.to()))
        aimed.push_back(o);
    const Move b = !aimed.empty() && *rc::gen::arbitrary<bool>() ? *rc::gen::elementOf(aimed)
                                                                 : *rc::gen::elementOf(bs);
    Position view = pos;
    view.set_side_to_move(stater);
    const std::string san = to_san(view, c);
    ConditionalState st = conditional_start(v);
    st.pos = pos;
    st.phase = Phase::kB;
    state(st, ConditionalMove{std::nullopt, san, san, -1});
    const ConditionalMove stated = *st.pending;
    play(st, b);
    RC_PRE(!conditional_status(st).over());
    const CDecision decision = decide_c(st, stated);
    RC_PRE(decision.kind != CDecision::Kind::kReplace);
    const bool executes = decision.kind == CDecision::Kind::kExecute;
    Position after = st.pos;
    if (executes) {
      Undo undo;
      after.make(decision.move, undo);
    }
    const solver::BoardEncoding board = solver::BoardEncoding::of_position(symbolic, pos);
    const solver::AttackEncoding attacks(board);
    const solver::ConditionalStep step(attacks, b_mover, "p_");
    z3::expr_vector src(ctx), dst(ctx);
    bind_ply(step.b(), b, src, dst);
    bind_ply(step.c_stated(), c, src, dst);
    z3::expr_vector terms(ctx);
    terms.push_back(step.story());
    terms.push_back(step.c_executes());
    for (Square s = 0; s < kSquares; ++s) terms.push_back(step.after().cell(s));
    const z3::expr_vector all = substituted(terms, src, dst);
    RC_LOG() << to_fen(pos) << " C " << san << " B " << to_san(pos, b) << '\n';
    const z3::expr story = all[0], exec = all[1];
    RC_ASSERT(story.is_true());
    RC_ASSERT(exec.is_true() == executes);
    RC_ASSERT(exec.is_true() || exec.is_false());
    for (Square s = 0; s < kSquares; ++s) {
      const z3::expr cell = all[2 + static_cast<unsigned>(s)];
      RC_ASSERT(cell.is_numeral());
      RC_ASSERT(cell.get_numeral_uint() == code_of(board, after, s));
    }
    ++stories;
    executed += executes;
  });
  EXPECT_TRUE(ok);
  std::printf("[differential] conditional B->C: %d stories, %d C-moves executed\n", stories,
              executed);
}

}  // namespace
}  // namespace arbiter::test
