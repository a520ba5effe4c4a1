// `arbiter replay` and `arbiter moves --play` on records and moves as users write them (issue
// 35): coordinate and long algebraic moves, an empty file, a broken game in a file of many, the
// [Variant] tag, and --jsonl.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tests/support/test_support.hpp"

namespace arbiter::replay_forms_cli {
namespace {

using test::occurrences;
using test::run_arbiter;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// ---- moves --play ---------------------------------------------------------------------------

TEST(MovesCli, PlayReadsCoordinateAndLongAlgebraicMovesOfEveryPiece) {
  // The same opening written four ways reaches one position.
  const std::string fen = "fen r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 6 5";
  for (const char* play :
       {"e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6",
        "e2-e4 e7-e5 Ng1-f3 Nb8-c6 Bf1-c4 Bf8-c5 O-O Ng8-f6",
        "e2-e4 e7-e5 Ng1f3 Nb8c6 Bf1c4 Bf8c5 e1g1 Ng8f6"}) {
    const auto r = run_arbiter(std::string("moves --play ") + play);
    EXPECT_EQ(r.status, 0) << play << ": " << r.err;
    EXPECT_THAT(r.out, StartsWith(fen)) << play;
  }
  const auto promote = run_arbiter("moves --fen '8/4P3/8/8/8/8/k7/7K w - - 0 1' --play e7e8q");
  EXPECT_EQ(promote.status, 0) << promote.err;
  EXPECT_THAT(promote.out, StartsWith("fen 4Q3/8/8/8/8/8/k7/7K b - - 0 1"));
  const auto dashed = run_arbiter("moves --fen '8/4P3/8/8/8/8/k7/7K w - - 0 1' --play e7-e8=N");
  EXPECT_EQ(dashed.status, 0) << dashed.err;
  EXPECT_THAT(dashed.out, StartsWith("fen 4N3/8/8/8/8/8/k7/7K b - - 0 1"));
}

// ---- empty files ----------------------------------------------------------------------------

TEST(ReplayCli, AFileWithoutMovetextIsNoGame) {
  for (const char* text :
       {"", "  \n\n", "{only a comment}\n; and another\n", "[Event \"x\"]\n[White \"A\"]\n"}) {
    const std::string path = test::write_temp_file("arbiter_no_game.pgn", text);
    const auto r = run_arbiter("replay '" + path + "'");
    EXPECT_EQ(r.status, 1) << '"' << text << '"';
    EXPECT_EQ(r.out, "") << '"' << text << '"';
    EXPECT_EQ(r.err, "error: no game in " + path + ": it holds no moves and no result\n");
  }
  // A position with a result and no moves is a game.
  const auto r = run_arbiter("replay -", "[FEN \"8/8/8/8/8/8/k7/7K w - - 0 1\"]\n*\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("plies 0\n"));
}

// ---- a broken game in a file of many --------------------------------------------------------

TEST(ReplayGamesCli, ABrokenGameIsReportedWithItsNumberAndLineAndTheNextGamesAreRead) {
  const std::string text =
      "[Event \"comment\"]\n[White \"A\"]\n\n1. e4 {never closed e5 *\n\n"
      "[Event \"fine\"]\n[White \"B\"]\n\n1. d4 d5 *\n\n"
      "[Event \"variation\"]\n[White \"C\"]\n\n1. e4 (1. d4 d5 e5 *\n\n"
      "[Event \"move\"]\n[White \"D\"]\n\n1. e4 e5 2. Ke3 *\n\n"
      "[Event \"garbage\"]\n[White \"E\"]\n\n1. e4 ] e5 *\n\n"
      "[Event \"last\"]\n[White \"F\"]\n\n1. c4 *\n";
  const auto r = run_arbiter("replay -", text);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(lines_of(r.out),
            (std::vector<std::string>{
                "game 1: A - ?: rejected after 1 plies: move 1 (Black) '{' at line 4, column 7: "
                "syntax: the comment opened at line 4, column 7 is never closed (no '}' before "
                "the next game's tag pairs)",
                "game 2: B - ?: 2 plies, *, final "
                "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq d6 0 2",
                "game 3: C - ?: rejected after 1 plies: move 1 (Black) '(' at line 14, column 7: "
                "syntax: the variation opened at line 14, column 7 is never closed (no ')' before "
                "the tag pair at line 16, column 1)",
                "game 4: D - ?: rejected after 2 plies: move 2 (White) 'Ke3' at line 19, column "
                "13: illegal: no king of the side to move can go to e3",
                "game 5: E - ?: rejected after 1 plies: move 1 (Black) ']' at line 24, column 7: "
                "syntax: ']' without a matching '['",
                "game 6: F - ?: 1 plies, *, final "
                "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq c3 0 1",
                "6 games read: 2 accepted, 4 rejected"}));
}

// ---- the [Variant] tag ----------------------------------------------------------------------

// A Conversion Chess record: Qh5 converts the pawn on e5, which orthodox chess refuses.
constexpr const char* kConversionGame = "1. e4 e5 2. Qh5/Pe5 *\n";

TEST(ReplayVariantTag, AVariantTagNamingABundledTableSelectsIt) {
  const auto orthodox = run_arbiter("replay -", std::string(kConversionGame));
  const auto conversion = run_arbiter("replay -v conversion -", std::string(kConversionGame));
  const auto tagged =
      run_arbiter("replay -", std::string("[Variant \"Conversion Chess\"]\n") + kConversionGame);
  ASSERT_NE(orthodox.out + orthodox.err, conversion.out + conversion.err)
      << "the test needs a record that the two tables read differently";
  EXPECT_EQ(tagged.status, conversion.status);
  EXPECT_EQ(tagged.out, conversion.out);
  EXPECT_EQ(tagged.err, conversion.err);
  // lichess's and chess.com's words for orthodox chess.
  for (const char* value : {"Standard", "Chess", "From Position"}) {
    const auto r = run_arbiter(
        "replay -", "[Variant \"" + std::string(value) + "\"]\n" + std::string(kConversionGame));
    EXPECT_EQ(r.status, orthodox.status) << value;
    EXPECT_EQ(r.out, orthodox.out) << value;
    EXPECT_EQ(r.err, orthodox.err) << value;
  }
}

TEST(ReplayVariantTag, VariantOptionWinsOverTheTagWithAWarningNamingBoth) {
  const auto r = run_arbiter("replay -v orthodox -", "[Variant \"Conversion\"]\n1. e4 *\n");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err,
            "warning: [Variant \"Conversion\"] names table 'conversion', but -v orthodox was "
            "given: replayed with 'orthodox'\n");
  const auto agree = run_arbiter("replay -v orthodox -", "[Variant \"Standard\"]\n1. e4 *\n");
  EXPECT_EQ(agree.err, "");
}

TEST(ReplayVariantTag, AVariantTagNamingNoTableRefusesTheGameAndNamesTheTables) {
  const auto r = run_arbiter("replay -", "[Variant \"Crazyhouse\"]\n1. e4 *\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "error: line 1 '[Variant \"Crazyhouse\"]': unknown variant: [Variant \"Crazyhouse\"] "
            "names no bundled table (they are conditional, conversion, diplomacy, move-neutral, "
            "orthodox; \"Standard\" means orthodox): give -v TABLE to replay the game with one\n");
  // With -v the game is replayed with that table, and the tag is named in a warning.
  const auto given = run_arbiter("replay -v orthodox -", "[Variant \"Crazyhouse\"]\n1. e4 *\n");
  EXPECT_EQ(given.status, 0);
  EXPECT_THAT(given.err, HasSubstr("[Variant \"Crazyhouse\"] names no bundled table"));
}

TEST(ReplayVariantTag, EachGameOfAFileIsReadWithItsOwnTag) {
  const auto r = run_arbiter("replay -",
                             "[Variant \"Standard\"]\n1. e4 *\n\n"
                             "[Variant \"Conversion\"]\n1. e4 e5 2. Qh5/Pe5 *\n\n"
                             "[Variant \"Crazyhouse\"]\n1. e4 *\n\n"
                             "1. e4 *\n");
  EXPECT_EQ(r.status, 1);
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 5U) << r.out;
  EXPECT_THAT(lines[0], StartsWith("game 1: ? - ?: 1 plies, *, final "));
  EXPECT_THAT(lines[1], StartsWith("game 2: ? - ?: 3 plies, *, final "));
  EXPECT_THAT(lines[2], HasSubstr("rejected after 0 plies: line 7 '[Variant \"Crazyhouse\"]' at "
                                  "line 7, column 1: unknown variant: "));
  EXPECT_EQ(lines[3].substr(8), lines[0].substr(8));
  EXPECT_EQ(lines[4], "4 games read: 3 accepted, 1 rejected");
}

// ---- --jsonl --------------------------------------------------------------------------------

TEST(ReplayJsonl, OneObjectPerGameOneALineAsJsonWritesThem) {
  const std::string file = "'" + test::data_path("games/mixed_errors.pgn") + "'";
  const auto json = run_arbiter("replay --json " + file);
  const auto jsonl = run_arbiter("replay --jsonl " + file);
  EXPECT_EQ(jsonl.status, json.status);
  EXPECT_EQ(jsonl.err, "");
  const auto lines = lines_of(jsonl.out);
  ASSERT_EQ(lines.size(), 3U);
  // The lines are the array's elements, in order.
  std::string joined = "[";
  for (const std::string& line : lines) joined += (joined.size() > 1 ? "," : "") + line;
  EXPECT_EQ(joined + "]\n", json.out);
  for (std::size_t i = 0; i < lines.size(); ++i)
    EXPECT_THAT(lines[i], StartsWith("{\"game\":" + std::to_string(i + 1) + ",")) << lines[i];
  // A file of one game is one line too.
  const auto one = run_arbiter("replay --jsonl -", "1. e4 e5 *\n");
  EXPECT_EQ(one.status, 0);
  EXPECT_THAT(one.out, StartsWith("{\"game\":1,\"white\":\"?\",\"black\":\"?\",\"valid\":true,"
                                  "\"plies\":2,"));
  EXPECT_EQ(occurrences(one.out, "\n"), 1);
  const auto both = run_arbiter("replay --json --jsonl -", "1. e4 *\n");
  EXPECT_EQ(both.status, 2);
  EXPECT_THAT(both.err, Not(HasSubstr("terminate")));
}

}  // namespace
}  // namespace arbiter::replay_forms_cli
