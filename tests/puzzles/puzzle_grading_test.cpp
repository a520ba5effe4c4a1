// The composer's grade of puzzles/grading.hpp: key kinds, model mates, surplus men, duals
// counted from the verdict, the piece-count class and the score's parts.
#include <gtest/gtest.h>

#include <algorithm>

#include "puzzles/grading.hpp"
#include "rules/core/fen.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

/// Loyd 1859 (yacpdb 37503), key 1.Qa5 (tests/puzzles/puzzle_classics_test.cpp).
constexpr const char* kGradingLoyd = "2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1";

TEST(PuzzleGrading, KeyKindsCheckCaptureFlightTakingFlightGivingQuiet) {
  // Black's king on h8 has two flights in the diagram, g8 and h7.
  const Position pos = test::orthodox_position("7k/8/5K2/4n3/8/8/8/R7 w - - 0 1");
  EXPECT_EQ(key_kind(pos, "Ra8+"), KeyKind::kCheck);
  EXPECT_EQ(key_kind(pos, "Kxe5"), KeyKind::kCapture);
  EXPECT_EQ(key_kind(pos, "Rg1"), KeyKind::kFlightTaking);  // g8 is gone
  EXPECT_EQ(key_kind(pos, "Ke6"), KeyKind::kFlightGiving);  // g7 is new
  EXPECT_EQ(key_kind(pos, "Rb1"), KeyKind::kQuiet);
}

TEST(PuzzleGrading, ModelMateIsPureAndEconomical) {
  // Qg7 guarded by the king: every square of h8's field is taken once.
  EXPECT_TRUE(is_model_mate(test::orthodox_position("7k/6Q1/5K2/8/8/8/8/8 b - - 0 1")));
  // Not economical: the rook on a1 takes no part.
  EXPECT_FALSE(is_model_mate(test::orthodox_position("7k/6Q1/5K2/8/8/8/8/R7 b - - 0 1")));
  // Not pure: h7 is guarded by the queen and the king.
  EXPECT_FALSE(is_model_mate(test::orthodox_position("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")));
  // Not pure: the black pawn on h7 blocks a square the queen guards as well.
  EXPECT_FALSE(is_model_mate(test::orthodox_position("7k/6Qp/5K2/8/8/8/8/8 b - - 0 1")));
  // No mate at all.
  EXPECT_FALSE(is_model_mate(test::orthodox_position("7k/8/5K2/8/8/8/8/6Q1 b - - 0 1")));
}

TEST(PuzzleGrading, DualsAreCountedFromTheDefences) {
  const Position pos = test::orthodox_position(kGradingLoyd);
  const Verdict v = solve(pos, parse_stipulation("#2"));
  ASSERT_EQ(v.soundness, Soundness::kSound);
  const Grade g = grade_problem(pos, v);
  int duals = 0, extra = 0;
  for (const Variation& var : v.keys.front().variations)
    if (var.continuations.size() > 1) {
      ++duals;
      extra += static_cast<int>(var.continuations.size()) - 1;
    }
  EXPECT_EQ(g.duals, duals);
  EXPECT_EQ(g.dual_moves, extra);
  EXPECT_GE(g.duals, 1);  // 1...Re7 has two mates (puzzle_classics_test.cpp)
  EXPECT_FALSE(g.dual_free());
  EXPECT_EQ(g.defences, static_cast<int>(v.keys.front().variations.size()));
  EXPECT_EQ(g.tries, static_cast<int>(v.tries.size()));
  EXPECT_TRUE(g.legal) << g.illegal;
  EXPECT_EQ(g.men, 16);
  EXPECT_EQ(men_class(g.men), "other");
  EXPECT_GE(g.distinct_mates, 3);
}

// Model and distinct mates of #3 and longer come from the play below the key as the solution
// tree prints it (puzzles/mate_tree.hpp): here 1.g8=Q+ and the mates Qe2# and Qg2#, the
// shortest after each defence (docs/puzzles.md, Grades). An s#n's are "not counted", never a
// silent 0.
TEST(PuzzleGrading, MatesOfAThreeMoverComeFromItsTreeAndASelfmatesAreNotCounted) {
  const Position three = test::orthodox_position("8/6P1/4K2P/7N/5N2/4b3/8/6k1 w - - 0 1");
  const Verdict v3 = solve(three, parse_stipulation("#3"));
  ASSERT_EQ(v3.soundness, Soundness::kSound);
  const Grade g3 = grade_problem(three, v3);
  EXPECT_TRUE(g3.mates_counted);
  EXPECT_EQ(g3.distinct_mates, 2);
  const Position self = test::orthodox_position("8/6b1/8/N1P4q/8/3K4/Q7/3k4 w - - 0 1");
  const Verdict vs = solve(self, parse_stipulation("s#2"));
  ASSERT_EQ(vs.soundness, Soundness::kSound);
  EXPECT_FALSE(grade_problem(self, vs).mates_counted);
}

TEST(PuzzleGrading, SurplusManRemovableWithoutChangingTheProblem) {
  // Loyd's d2 pawn is needed (without it there is no solution); a white pawn added on h2
  // changes nothing.
  const Stipulation stip = parse_stipulation("#2");
  const Position loyd = test::orthodox_position(kGradingLoyd);
  const std::vector<std::string> none = surplus_men(loyd, stip, solve(loyd, stip));
  EXPECT_EQ(std::count(none.begin(), none.end(), "d2"), 0);
  const Position extra =
      test::orthodox_position("2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P3P/8 w - - 0 1");
  const std::vector<std::string> h2 = surplus_men(extra, stip, solve(extra, stip));
  EXPECT_EQ(std::count(h2.begin(), h2.end(), "h2"), 1);
}

TEST(PuzzleGrading, ConversionProblemsCallNoMateModel) {
  // A Conversion #2 found by the generator (seed 3): its mates are checked by conversion
  // threats too, which a guard count cannot see.
  const VariantPtr& conversion = test::bundled_variant("conversion");
  const Position pos = parse_fen(conversion, "5R2/8/8/4B3/8/3K1p2/8/3k3N w - - 0 1");
  const Verdict v = solve(pos, parse_stipulation("#2"));
  ASSERT_EQ(v.soundness, Soundness::kSound);
  const Grade g = grade_problem(pos, v);
  EXPECT_TRUE(g.legal) << g.illegal;
  EXPECT_EQ(g.key_kind, key_kind(pos, v.keys.front().move));
  EXPECT_GE(g.distinct_mates, 1);
  EXPECT_EQ(g.model_mates, 0);
}

TEST(PuzzleGrading, MenClassMiniatureMeredithOther) {
  EXPECT_EQ(men_class(7), "miniature");
  EXPECT_EQ(men_class(8), "meredith");
  EXPECT_EQ(men_class(12), "meredith");
  EXPECT_EQ(men_class(13), "other");
}

TEST(PuzzleGrading, IllegalPositionIsGradedIllegalWithTheRule) {
  // Two white bishops on light squares and eight pawns: cannot arise in a game.
  const Position pos = test::orthodox_position("7k/8/6K1/8/8/8/PPPPPPPP/1B1B4 w - - 0 1");
  const Grade g = grade_problem(pos, solve(pos, parse_stipulation("#2")));
  EXPECT_FALSE(g.legal);
  EXPECT_EQ(g.illegal.rfind("bishop-colours: ", 0), 0U) << g.illegal;
}

TEST(PuzzleGrading, ScoreSumsItsParts) {
  Grade g;
  g.key_kind = KeyKind::kFlightGiving;
  g.model_mates = 5;
  g.tries = 1;
  g.distinct_mates = 3;
  // 3 (flight-giving) + 2 (dual-free) + 2 (no surplus) + 3 (model mates, at most) + 1 + 1,
  // and issue 39's: 2 (economy: no force) + 0 (no variation) + 1 (no promoted man).
  EXPECT_EQ(grade_score(g, true), 15);
  g.duals = 1;
  g.surplus = {"h2"};
  EXPECT_EQ(grade_score(g, true), 11);
  EXPECT_EQ(grade_score(g, false), 11);
  g.mates_counted = true;  // the task: 3 distinct mates, so 27 > 8 x 3
  g.variations = 3, g.force = 27, g.promoted = 2;
  EXPECT_EQ(grade_score(g, true), 11 - 2 + 2 - 1);
  EXPECT_LE(grade_score(g, true), kMaxGradeScore);
}

}  // namespace
}  // namespace arbiter::puzzles
