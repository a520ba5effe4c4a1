// `arbiter replay FILE.pgn` on a file of many games, run as a user would: one line per game and
// a count, the JSON array, the exit status, one-game files printed as before, and the options
// for records as people write them (--null-move, --letters).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::occurrences;
using test::run_arbiter;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

std::string game_path(const std::string& name) {
  return "'" + test::data_path("games/" + name) + "'";
}

TEST(ReplayGamesCli, ATwicStyleFileGivesOneLinePerGame) {
  const auto r = run_arbiter("replay " + game_path("twic_style.pgn"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out,
            "game 1: Anderssen, Adolf - Kieseritzky, Lionel: 45 plies, 1-0, final "
            "r1bk3r/p2pBpNp/n4n2/1p1NP2P/6P1/3P4/P1P1K3/q5b1 b - - 1 23, checkmate\n"
            "game 2: Anderssen, Adolf - Dufresne, Jean: 47 plies, 1-0, final "
            "1r3kr1/pbpBBp1p/1b3P2/8/8/2P2q2/P4PPP/3R2K1 b - - 0 24, checkmate\n"
            "game 3: Legall de Kermeur - Saint Brie: 13 plies, 1-0, final "
            "rn1q1bnr/ppp1kB1p/3p2p1/3NN3/4P3/8/PPPP1PPP/R1BbK2R b KQ - 2 7, checkmate\n"
            "game 4: Lasker, Edward - Thomas, George Alan: 35 plies, 1-0, final "
            "rn3r2/pbppq1p1/1p2pN2/8/3P2NP/6P1/PPPKBP1R/R5k1 b - - 6 18, checkmate\n"
            "game 5: Reti, Richard - ?: 7 plies, 1/2-1/2, final 8/8/2k5/8/5K1p/8/8/8 b - - 1 4\n"
            "game 6: Saavedra, Fernando - ?: 13 plies, 1-0, final 2R5/8/8/8/r7/1K6/8/k7 b - - 2 7\n"
            "6 games read: 6 accepted, 0 rejected\n");
}

TEST(ReplayGamesCli, ARejectedGameSaysWhereAndWhyAndSetsTheExitStatus) {
  const auto r = run_arbiter("replay " + game_path("mixed_errors.pgn"));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out,
            "game 1: Pass - Passer: rejected after 3 plies: move 2 (Black) '--' at line 6, column "
            "17: null move: '--' "
            "is a null move (a pass): the rules have no pass (option --null-move=pass plays it "
            "as one)\n"
            "game 2: Typo - Knight: rejected after 9 plies: move 5 (Black) 'Nxe5' at line 13, "
            "column 51: illegal: no "
            "knight of the side to move can go to e5\n"
            "game 3: Fool - Mate: 4 plies, 0-1, final "
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3, checkmate\n"
            "3 games read: 1 accepted, 2 rejected\n");
  EXPECT_EQ(r.err,
            "game 1: position before the move: "
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"
            "game 2: position before the move: "
            "r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 5\n");
  const auto pass = run_arbiter("replay --null-move pass " + game_path("mixed_errors.pgn"));
  EXPECT_EQ(pass.status, 1);  // the typo is still a typo
  EXPECT_THAT(pass.out, StartsWith("game 1: Pass - Passer: 5 plies, *, final "));
  EXPECT_THAT(pass.out, HasSubstr("3 games read: 2 accepted, 1 rejected\n"));
}

TEST(ReplayGamesCli, JsonIsAnArrayOfTheOneGameObjectsInFileOrder) {
  const auto r = run_arbiter("replay --json " + game_path("mixed_errors.pgn"));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "");
  EXPECT_THAT(r.out, StartsWith("[{\"game\":1,\"white\":\"Pass\",\"black\":\"Passer\","
                                "\"valid\":false,\"plies\":3,"));
  EXPECT_THAT(r.out, HasSubstr("},{\"game\":2,\"white\":\"Typo\",\"black\":\"Knight\","
                               "\"valid\":false,\"plies\":9,"));
  EXPECT_THAT(r.out, HasSubstr("\"reason\":\"null move\""));
  EXPECT_THAT(r.out, HasSubstr("{\"game\":3,\"white\":\"Fool\",\"black\":\"Mate\",\"valid\":true,"
                               "\"plies\":4,"));
  EXPECT_EQ(r.out.back(), '\n');
  EXPECT_EQ(r.out.substr(r.out.size() - 3), "}]\n");
  EXPECT_EQ(occurrences(r.out, "\"game\":"), 3);
}

TEST(ReplayGamesCli, WarningsAreNamedWithTheirGame) {
  const auto r = run_arbiter("replay -", "1. e4 e5 1-0\n[White \"B\"]\n1. d4+ d5 0-1\n");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err,
            "game 2: warning: move 1 (White) 'd4+': '+' written, but the move gives no "
            "check\n");
  EXPECT_THAT(r.out, HasSubstr("game 2: B - ?: 2 plies, 0-1, final "));
}

// What stopped a TWIC file before: the second game's first tag.
TEST(ReplayGamesCli, TheSecondGamesTagPairsBeginAGame) {
  const auto r = run_arbiter("replay -", "[White \"A\"]\n1. e4 *\n\n[White \"B\"]\n1. d4 *\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("2 games read: 2 accepted, 0 rejected\n"));
  EXPECT_THAT(r.out, Not(HasSubstr("tag pair after the moves")));
}

TEST(ReplayGamesCli, AFileOfOneGamePrintsAsItAlwaysHas) {
  const auto r = run_arbiter("replay " + game_path("opera_game.pgn"));
  EXPECT_THAT(r.out, StartsWith("final 1n1Rkb1r/"));
  const auto json = run_arbiter("replay --json " + game_path("opera_game.pgn"));
  EXPECT_THAT(json.out, StartsWith("{\"valid\":true,\"plies\":33,"));
}

TEST(ReplayGamesCli, SvgDrawsOneGameOnly) {
  const std::string svg = test::write_temp_file("replay_games.svg", "");
  const auto r = run_arbiter("replay --svg '" + svg + "' " + game_path("twic_style.pgn"));
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "arbiter: error: --svg draws the final position of one game, and the record holds "
            "several: pick one\n");
}

TEST(ReplayGamesCli, MoveTextAsPeopleWriteIt) {
  const auto figurine = run_arbiter("replay " + game_path("opera_game_figurine.pgn"));
  EXPECT_EQ(figurine.status, 0) << figurine.err;
  EXPECT_EQ(figurine.err, "");
  EXPECT_THAT(figurine.out, StartsWith("final 1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k"));
  const auto german = run_arbiter("replay --letters de " + game_path("opera_game_de.pgn"));
  EXPECT_EQ(german.status, 0) << german.err;
  EXPECT_EQ(german.out, figurine.out);
  const auto english = run_arbiter("replay " + game_path("opera_game_de.pgn"));
  EXPECT_EQ(english.status, 1);
  EXPECT_THAT(english.err, HasSubstr("'Sf3': unknown piece letter: 'S' is not a piece letter of "
                                     "table 'orthodox' (its letters: K Q R B N P)"));
  const auto commas = run_arbiter("replay -", "1. e4, e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7++ 1-0");
  EXPECT_EQ(commas.status, 0);
  EXPECT_EQ(commas.err, "");
}

TEST(ReplayGamesCli, BadOptionValuesAreUsageErrors) {
  const auto letters = run_arbiter("replay --letters xx -", "1. e4");
  EXPECT_EQ(letters.status, 2);
  EXPECT_THAT(letters.err, HasSubstr("--letters: xx not in {pt,de,fr,es,it,nl}"));
  const auto null_move = run_arbiter("replay --null-move skip -", "1. e4");
  EXPECT_EQ(null_move.status, 2);
  const auto sets = run_arbiter("replay --sets progressive -", "1. e4 e5");
  EXPECT_EQ(sets.status, 2);
  EXPECT_EQ(sets.err,
            "arbiter: error: --sets progressive: sets of moves are Diplomacy Chess's; table "
            "'orthodox' uses the sequential protocol\n");
}

}  // namespace
}  // namespace arbiter
