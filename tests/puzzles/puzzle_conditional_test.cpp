// The Conditional Chess task "state a conditional move that mates whatever the B-move", on
// random phase-B positions (fixed seed): every statement found is confirmed move by move by
// the turn machine, and no unconditional statement that the machine confirms is missed.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "puzzles/conditional_task.hpp"
#include "puzzles/random_placement.hpp"
#include "rules/core/movegen.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

TEST(PuzzleConditional, StatementsThatMateWhateverTheBMoveAreFoundAndConfirmed) {
  const VariantPtr& v = test::bundled_variant("conditional");
  std::mt19937_64 rng(301);
  int witnesses = 0, positions = 0;
  for (int i = 0; i < 400; ++i) {
    const std::optional<Position> pos = random_placement(v, rng, {4, 2, kBlack});
    if (!pos) continue;
    ConditionalState s{*pos, Phase::kB, std::nullopt, false, std::nullopt};
    if (conditional_status(s).over()) continue;
    ++positions;
    const std::vector<ConditionalMove> found = conditional_mates(s);
    for (const ConditionalMove& cm : found)
      EXPECT_TRUE(mates_whatever_the_b_move(s, cm)) << to_string(*v, cm);
    // Every unconditional statement the machine confirms is among those found (or a
    // conditional one was not needed: found holds only unconditional statements then).
    const Position view = stater_view(s);
    MoveList moves;
    generate_legal(view, moves);
    for (Move m : moves) {
      std::string san = to_san(view, m);
      while (!san.empty() && (san.back() == '+' || san.back() == '#')) san.pop_back();
      const ConditionalMove bang{std::nullopt, san, san, -1};
      if (!mates_whatever_the_b_move(s, bang)) continue;
      EXPECT_TRUE(std::find(found.begin(), found.end(), bang) != found.end())
          << to_conditional_fen(s) << " misses !" << san;
    }
    if (!found.empty()) ++witnesses;
  }
  EXPECT_GT(witnesses, 0) << "no witness among " << positions << " positions";
}

TEST(PuzzleConditional, AComposedWitness) {
  // Black may answer Kg8 or b3; the C-move Ra8 mates after either.
  const VariantPtr& v = test::bundled_variant("conditional");
  const ConditionalState s = parse_conditional_fen(v, "7k/8/6K1/8/1p6/8/8/R7 b - - 0 1 B -");
  const std::vector<ConditionalMove> found = conditional_mates(s);
  ASSERT_FALSE(found.empty());
  EXPECT_EQ(to_string(*v, found.front()), "!Ra8");
}

TEST(PuzzleConditional, AWitnessThatNeedsACondition) {
  // Found by the random sweep above (seed 301, widened): no single C-move mates after every
  // B-move, "e2?Qb6/Qb3" does (e2 empty: the king moved, Qb6; else the pawn went to e2, Qb3).
  const VariantPtr& v = test::bundled_variant("conditional");
  const ConditionalState s = parse_conditional_fen(v, "Q7/8/4Q3/1k6/3K4/4p3/8/8 b - - 0 1 B -");
  const std::vector<ConditionalMove> found = conditional_mates(s);
  ASSERT_FALSE(found.empty());
  for (const ConditionalMove& cm : found)
    EXPECT_TRUE(cm.condition.has_value()) << to_string(*v, cm);
  const ConditionalMove expected = parse_conditional(*v, "e2?Qb6/Qb3");
  EXPECT_TRUE(std::find(found.begin(), found.end(), expected) != found.end());
  EXPECT_TRUE(mates_whatever_the_b_move(s, expected));
  EXPECT_FALSE(mates_whatever_the_b_move(s, parse_conditional(*v, "!Qb6")));
}

}  // namespace
}  // namespace arbiter::puzzles
