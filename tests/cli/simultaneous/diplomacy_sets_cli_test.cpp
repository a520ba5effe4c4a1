// Diplomacy Chess conditional moves and sets of moves through `arbiter resolve` and `arbiter
// replay --sets`, run as a user would (docs/cli.md, resolve; docs/replay.md, "Sets of moves").
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::run_arbiter;
using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr const char* kBounceFen = "'1n2k3/8/8/8/8/4nB2/2Q5/7K w - - 0 1'";

TEST(ResolveConditionalCli, AConditionalMoveIsEvaluatedOnThePosition) {
  // Two queens are in the game (knob piece-condition-colour=any-colour): the then-move.
  const auto r = run_arbiter("resolve --white '2Q?e4:d4' --black '~e5?e5:d5'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("white  2Q?e4:d4 -> e4 (e2e4): executed\n"));
  EXPECT_THAT(r.out, HasSubstr("black  ~e5?e5:d5 -> e5 (e7e5): executed\n"));
  const auto json = run_arbiter("resolve --json --white '3Q?e4:d4' --black e5");
  EXPECT_THAT(json.out, HasSubstr("\"white\":{\"written\":\"3Q?e4:d4\",\"branch\":\"d4\","
                                  "\"san\":\"d4\",\"uci\":\"d2d4\"}"));
}

TEST(ResolveConditionalCli, ErrorsOfAConditionalMove) {
  const auto forward = run_arbiter("resolve --white '3?e4:d4' --black e5");
  EXPECT_EQ(forward.status, 2);
  EXPECT_THAT(forward.err, HasSubstr("has a meaning only in progressive play"));
  const auto shape = run_arbiter("resolve --white '2Q?e4' --black e5");
  EXPECT_EQ(shape.status, 2);
  EXPECT_THAT(shape.err, HasSubstr("expected ':' between the two moves"));
  const auto neutral = run_arbiter("resolve -v move-neutral --white '2Q?e4:d4' --black e5");
  EXPECT_EQ(neutral.status, 2);
  EXPECT_EQ(neutral.err,
            "arbiter: error: bad move (syntax): White's '2Q?e4:d4' is a conditional move, which "
            "only Diplomacy Chess has (rule text, \"Conditional Moves\")\n");
}

TEST(ResolveSetsCli, ProgressiveSetsPairByPair) {
  const auto r = run_arbiter(std::string("resolve --fen ") + kBounceFen +
                             " --sets progressive --white 'Bd1, Bb3, Kg1' --black 'Nd1 Kd7 Ke6'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, StartsWith("before 1n2k3/8/8/8/8/4nB2/2Q5/7K w - - 0 1\npair 1\n"));
  EXPECT_THAT(r.out, HasSubstr("  white 1 Bd1: failed\n  black 1 Nd1: failed\npair 2\n"));
  EXPECT_THAT(r.out, HasSubstr("  white 2 Bb3: skipped ('Bb3' is not a move White may submit in "
                               "this position: no white bishop can go to b3)\n"));
  EXPECT_THAT(r.out, HasSubstr("after  1n6/8/4k3/8/8/4nB2/2Q5/6K1 w - - 3 4\n"
                               "status game goes on\n"));
  const auto json = run_arbiter(std::string("resolve --json --fen ") + kBounceFen +
                                " --sets progressive --white 'Bd1, Bb3, Kg1' --black 'Nd1 Kd7 "
                                "Ke6' --knob progressive-illegal=void");
  EXPECT_EQ(json.status, 0) << json.err;
  EXPECT_THAT(json.out, HasSubstr("{\"pair\":2,\"index\":2,\"written\":\"Bb3\",\"branch\":null,"
                                  "\"san\":null,\"outcome\":\"void\","));
  EXPECT_THAT(json.out, HasSubstr("\"pairs_resolved\":3,"
                                  "\"fen_after\":\"1n6/8/4k3/8/8/4nB2/2Q5/7K w - - 3 4\""));
}

TEST(ResolveSetsCli, SimultaneouslyProgressiveRuleTextExample) {
  const auto r = run_arbiter(
      "resolve --fen '5R1Q/8/k6r/8/8/8/8/K7 w - - 0 1' --sets simultaneously-progressive "
      "--white 'Qh1, Rf6' --black Rf6");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("  white 1 Qh1: failed\n  white 2 Rf6: failed\n"
                               "  black 1 Rf6: failed\n"));
  EXPECT_THAT(r.out, HasSubstr("after  5R1Q/8/k6r/8/8/8/8/K7 w - - 1 2\n"));
}

TEST(ResolveSetsCli, ErrorsOfSets) {
  const auto empty = run_arbiter("resolve --sets progressive --white 'e4,,d4' --black e5");
  EXPECT_EQ(empty.status, 2);
  EXPECT_EQ(empty.err,
            "arbiter: error: --white 'e4,,d4': an empty entry before ',': expected moves "
            "separated by commas or spaces, such as 'Qh1, Rf6'\n");
  const auto trailing = run_arbiter("resolve --sets progressive --white 'e4,' --black e5");
  EXPECT_EQ(trailing.status, 2);
  EXPECT_THAT(trailing.err, HasSubstr("a ',' at the end"));
  const auto first = run_arbiter("resolve --sets progressive --white 'e5' --black e5");
  EXPECT_EQ(first.status, 2);
  EXPECT_EQ(first.err,
            "arbiter: error: bad set: White's move 1: 'e5' is not a move White may submit in "
            "this position: no white pawn can go to e5 (expected a move it may submit on the "
            "starting board)\n");
  const auto neutral =
      run_arbiter("resolve -v move-neutral --sets progressive --white e4 --black e5");
  EXPECT_EQ(neutral.status, 2);
  EXPECT_THAT(neutral.err, HasSubstr("sets of moves are Diplomacy Chess's"));
  const auto bad = run_arbiter("resolve --sets both --white e4 --black e5");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.out, "");
}

TEST(ResolveSetsCli, SvgDrawsThePositionsBeforeAndAfter) {
  const std::string svg = test::write_temp_file("resolve_sets.svg", "");
  const auto r = run_arbiter(std::string("resolve --fen ") + kBounceFen +
                             " --sets progressive --white 'Bd1, Bb3, Kg1' --black 'Nd1 Kd7 Ke6'"
                             " --svg '" +
                             svg + "'");
  EXPECT_EQ(r.status, 0) << r.err;
  const std::string drawn = test::slurp(svg);
  EXPECT_EQ(test::occurrences(drawn, "class=\"board\""), 2);
  EXPECT_THAT(drawn, HasSubstr("after: game goes on"));
}

TEST(ResolveConditionalCli, ANullMoveAsRecordsWriteItIsAPass) {
  const auto r = run_arbiter("resolve --white Z0 --black e5");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("white  passes (does not move)\n"));
  const auto neutral = run_arbiter("resolve -v move-neutral --white Z0 --black e5");
  EXPECT_EQ(neutral.status, 2);
  EXPECT_THAT(neutral.err, HasSubstr("White must submit a move"));
  const auto moves = run_arbiter("moves --play Z0");
  EXPECT_EQ(moves.status, 2);
  EXPECT_THAT(moves.err, HasSubstr("'Z0' is a null move (a pass), which the rules do not allow"));
}

TEST(ResolveSetsCli, APassIsTheEmptySet) {
  const auto r = run_arbiter("resolve --sets progressive --white 'e4 Nf3' --black -");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("after  rnbqkbnr/pppppppp/8/8/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq"));
}

TEST(ReplaySetsCli, AProgressiveRecord) {
  const std::string file = "'" + test::data_path("games/diplomacy_progressive.pgn") + "'";
  const auto r = run_arbiter("replay -v diplomacy --sets progressive " + file);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "1. White Bd1 failed, Bb3 skipped ('Bb3' is not a move White may submit in this "
            "position: no white bishop can go to b3), Kg1 executed; Black Nd1 failed, Kd7 "
            "executed, Ke6 executed\n"
            "2. White Qe4+ executed, ~e3?Kh1:Kf1 -> Kf1 failed, Bd1 executed; Black Nc6 "
            "executed, Kd6 executed, Nf5 executed\n"
            "final 8/8/2nk4/5n2/4Q3/8/8/3B2K1 w - - 6 7\n"
            "turns 2\n"
            "result *\n"
            "termination none\n");
  const auto json = run_arbiter("replay -v diplomacy --sets progressive --json " + file);
  EXPECT_THAT(json.out, HasSubstr("\"sets\":\"progressive\",\"moves\":[{\"turn\":1,"
                                  "\"move_number\":1,\"sets\":{\"white\":[{\"pair\":1,"
                                  "\"text\":\"Bd1\","));
  // Read one move per side, the sets are not one turn's moves.
  const auto one = run_arbiter("replay -v diplomacy " + file);
  EXPECT_EQ(one.status, 1);
}

TEST(ReplaySetsCli, NullMovePassInADiplomacyRecord) {
  const auto r = run_arbiter("replay -v diplomacy --null-move pass -", "1. e4 -- 2. Nf3 e5 *");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, StartsWith("1. e4 --: White executed, Black passed\n"));
}

}  // namespace
}  // namespace arbiter
