// The symbolic ply against the engine on large samples (the fast file,
// solver_ply_step_test.cpp, runs small ones): thousands of moves per variant, and the
// Conversion Chess knob alternatives the step reads (castling out of check or through a cleared
// square, converted rooks keeping rights, converted pawns' double step); and the exact scenario
// conversion/multipairing-after-promotion found on the first proposal.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "rules/core/fen.hpp"
#include "solver/core/scenarios.hpp"
#include "solver/core/witness_search.hpp"
#include "tests/support/ply_step_compare.hpp"
#include "tests/support/random_play.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

TEST(SolverPlyStepSlow, OrthodoxThousandsOfMoves) {
  const VariantPtr& v = test::orthodox();
  const test::PlyCounts n =
      test::compare_steps(v, test::sample_positions(v, test::orthodox_start_fens(), 20, 80, 41), 3);
  test::report("orthodox", n);
  EXPECT_GT(n.moves, 3000);
  EXPECT_GT(n.castling, 0);
  EXPECT_GT(n.promotions, 0);
}

TEST(SolverPlyStepSlow, ConversionThousandsOfMoves) {
  const VariantPtr& v = test::bundled_variant("conversion");
  const test::PlyCounts n =
      test::compare_steps(v, test::sample_positions(v, test::conversion_fens(), 3, 40, 42), 4);
  test::report("conversion", n);
  EXPECT_GT(n.moves, 600);
  EXPECT_GT(n.converting, 30);
  EXPECT_GT(n.castling, 0);
}

TEST(SolverPlyStepSlow, ConversionKnobAlternatives) {
  for (const auto& [knob, alt] : std::vector<std::pair<std::string, std::string>>{
           {"castle-out-of-check-by-conversion", "allowed"},
           {"castle-through-cleared-square", "allowed"},
           {"converted-rook-castling", "kept"},
           {"converted-pawn-double-step", "allowed"},
           {"castling-threatens", "ignored"}}) {
    const VariantPtr& v = test::bundled_variant("conversion", {{knob, alt}});
    const test::PlyCounts n =
        test::compare_steps(v, test::sample_positions(v, test::conversion_fens(), 1, 40, 43), 5);
    test::report((knob + "=" + alt).c_str(), n);
    EXPECT_GT(n.moves, 120) << knob;
  }
}

TEST(SolverPlyStepSlow, ChosenPlyOnMorePositions) {
  const VariantPtr& o = test::orthodox();
  const test::PlyCounts chosen =
      test::compare_chosen(o, test::sample_positions(o, test::orthodox_start_fens(), 2, 80, 44));
  test::report("orthodox chosen", chosen);
  EXPECT_GT(chosen.moves, 250);
  const std::vector<Position> enumerated =
      test::sample_positions(o, test::orthodox_start_fens(), 1, 60, 45);
  const test::PlyCounts found = test::enumerate_chosen(o, enumerated);
  test::report("orthodox enumerated", found);
  EXPECT_EQ(found.positions, static_cast<int>(enumerated.size()));
  EXPECT_GT(found.legal, 120);
  const VariantPtr& c = test::bundled_variant("conversion");
  const test::PlyCounts conversion =
      test::compare_chosen(c, test::sample_positions(c, test::conversion_fens(), 1, 40, 46));
  test::report("conversion chosen", conversion);
  EXPECT_GT(conversion.moves, 250);
  EXPECT_GT(conversion.converting, 0);
}

TEST(SolverPlyStepScenario, MultipairingAfterPromotionIsExactAndFound) {
  const Scenario* s = find_scenario("conversion", "multipairing-after-promotion");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->kind, FormulaKind::kExact);
  SearchOptions options;
  options.max_pieces = 6;
  options.limits.rlimit = 4'000'000'000;
  const SearchResult r = find_witnesses(*s, test::bundled_variant("conversion"), options);
  ASSERT_EQ(r.status, "sat");
  ASSERT_EQ(r.witnesses.size(), 1U);
  EXPECT_EQ(r.rounds, 1);  // exact: the first proposal is a witness
  const Witness& w = r.witnesses[0];
  ASSERT_EQ(w.moves.size(), 1U);
  Position after = w.position;
  Undo undo;
  after.make(w.moves[0], undo);
  EXPECT_GE(popcount(undo.converted), 2) << to_fen(w.position);
}

}  // namespace
}  // namespace arbiter::solver
