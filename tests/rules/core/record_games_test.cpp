// A file of many games read one game at a time (RecordGames, rules/core/record_tokens.hpp), the
// tokens people's records need beyond one game (null moves, commas, typeset results), and a
// TWIC-style file of public-domain master games replayed game by game.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules/core/game_record.hpp"
#include "rules/core/record_tokens.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using ::testing::ElementsAre;
using TokenKind = RecordTokenKind;

/// The games of `text`, each as the texts of its tokens.
std::vector<std::vector<std::string>> games_of(const std::string& text) {
  std::vector<std::vector<std::string>> out;
  RecordGames games(text);
  std::vector<RecordToken> game;
  while (games.next(game)) {
    std::vector<std::string> words;
    for (const RecordToken& t : game) words.push_back(t.text);
    out.push_back(words);
  }
  return out;
}

TEST(RecordGames, AResultEndsTheGameAndATagAfterMovesBeginsTheNext) {
  EXPECT_THAT(games_of("[White \"A\"]\n1. e4 e5 1-0\n\n[White \"B\"]\n1. d4 0-1\n"),
              ElementsAre(ElementsAre("[White \"A\"]", "1.", "e4", "e5", "1-0"),
                          ElementsAre("[White \"B\"]", "1.", "d4", "0-1")));
  // A game without a result ends where the next one's tag pairs begin.
  EXPECT_THAT(
      games_of("1. e4 e5\n[Event \"x\"]\n1. d4 *"),
      ElementsAre(ElementsAre("1.", "e4", "e5"), ElementsAre("[Event \"x\"]", "1.", "d4", "*")));
  // PGN allows a game without tag pairs: after a result, the next word begins a game.
  EXPECT_THAT(games_of("1. e4 1-0 1. d4 0-1"),
              ElementsAre(ElementsAre("1.", "e4", "1-0"), ElementsAre("1.", "d4", "0-1")));
}

TEST(RecordGames, CommentsAndCommasStayWithTheGameBefore) {
  EXPECT_THAT(games_of("1. e4 1-0 {after} ; end\n[Event \"x\"] *\n{ trailing }"),
              ElementsAre(ElementsAre("1.", "e4", "1-0", "{after}", "; end"),
                          ElementsAre("[Event \"x\"]", "*", "{ trailing }")));
}

TEST(RecordGames, AnEmptyTextIsOneEmptyGame) {
  EXPECT_THAT(games_of(""), ElementsAre(ElementsAre()));
  EXPECT_THAT(games_of("  \n{only a comment}\n"), ElementsAre(ElementsAre("{only a comment}")));
}

TEST(RecordGames, LinesAndColumnsAreThoseOfTheWholeFile) {
  RecordGames games("1. e4 1-0\n\n[Event \"x\"]\n1. d4 *\n");
  std::vector<RecordToken> game;
  ASSERT_TRUE(games.next(game));
  ASSERT_TRUE(games.next(game));
  EXPECT_EQ(game[2].text, "d4");
  EXPECT_EQ(game[2].line, 4);
  EXPECT_EQ(game[2].column, 4);
  EXPECT_FALSE(games.next(game));
}

TEST(RecordGames, MalformedTextEndsTheFileInTheGameItIsFoundIn) {
  const auto games = games_of("1. e4 1-0\n1. d4 { never closed");
  ASSERT_EQ(games.size(), 2U);
  EXPECT_EQ(games[1].back(), "{");
}

TEST(RecordGames, StreamsTheSameTokensAsTheWholeTokenizer) {
  const std::string text = "[A \"1\"]\n1. e4, e5 $1 (1... c5 (1... e6)) 2. -- Z0 1/2-1/2";
  RecordTokenizer stream(text);
  std::vector<std::string> streamed;
  for (RecordToken t; stream.next(t);) streamed.push_back(to_string(t.kind) + " " + t.text);
  std::vector<std::string> whole;
  for (const RecordToken& t : tokenize_record(text))
    whole.push_back(to_string(t.kind) + " " + t.text);
  EXPECT_EQ(streamed, whole);
}

TEST(RecordTokens, NullMovesCommasAndTypesetResults) {
  std::vector<TokenKind> kinds;
  for (const RecordToken& t : tokenize_record("-- Z0 0000 @@@@ e4, e5 1\xE2\x80\x93"
                                              "0 "
                                              "\xC2\xBD\xE2\x80\x93\xC2\xBD"))
    kinds.push_back(t.kind);
  EXPECT_THAT(kinds, ElementsAre(TokenKind::kNullMove, TokenKind::kNullMove, TokenKind::kNullMove,
                                 TokenKind::kNullMove, TokenKind::kMove, TokenKind::kComma,
                                 TokenKind::kMove, TokenKind::kResult, TokenKind::kResult));
  const auto tokens = tokenize_record(
      "1\xE2\x80\x93"
      "0 \xC2\xBD\xE2\x80\x93\xC2\xBD");
  EXPECT_EQ(tokens[0].result, "1-0");
  EXPECT_EQ(tokens[1].result, "1/2-1/2");
  // "0-0" and "0-0-0" stay castling; "0000" is the coordinate null move, not a move number.
  EXPECT_EQ(tokenize_record("0-0")[0].kind, TokenKind::kMove);
}

/// tests/data/games/twic_style.pgn, replayed one game at a time.
std::vector<ReplayResult> replay_file(const std::string& name, const ReplayOptions& options = {}) {
  const std::string text = test::slurp(test::data_path("games/" + name));
  std::vector<ReplayResult> out;
  RecordGames games(text);
  std::vector<RecordToken> game;
  while (games.next(game)) out.push_back(replay_record(test::orthodox(), std::move(game), options));
  return out;
}

std::string tag(const ReplayResult& r, const std::string& name) {
  for (const auto& [n, v] : r.tags)
    if (n == name) return v;
  return "";
}

TEST(RecordGames, TwicStyleFileOfMasterGamesReplaysEveryGame) {
  const std::vector<ReplayResult> games = replay_file("twic_style.pgn");
  ASSERT_EQ(games.size(), 6U);
  for (const ReplayResult& r : games) {
    EXPECT_TRUE(r.valid()) << tag(r, "White") << ": " << r.error->message;
    EXPECT_TRUE(r.warnings.empty()) << tag(r, "White") << ": " << r.warnings.front().message;
  }
  // The Immortal Game ends in mate on move 23.
  EXPECT_EQ(tag(games[0], "White"), "Anderssen, Adolf");
  EXPECT_EQ(games[0].plies, 45);
  EXPECT_EQ(games[0].termination, Termination::kCheckmate);
  // The Evergreen Game.
  EXPECT_EQ(games[1].plies, 47);
  EXPECT_EQ(games[1].termination, Termination::kCheckmate);
  // Legall's mate in seven moves.
  EXPECT_EQ(games[2].plies, 13);
  EXPECT_EQ(games[2].termination, Termination::kCheckmate);
  // Ed. Lasker - Thomas: the king hunt ends with the quiet Kd2#.
  EXPECT_EQ(games[3].san.back(), "Kd2#");
  // Two studies from a [FEN] start (fullmove number 0 in one of them).
  EXPECT_EQ(games[4].start_fen, "7K/8/k1P5/7p/8/8/8/8 w - - 0 1");
  EXPECT_EQ(games[4].result, "1/2-1/2");
  EXPECT_EQ(games[5].start_fen, "8/8/1KP5/3r4/8/8/8/k7 w - - 0 1");
  EXPECT_EQ(games[5].san[10], "c8=R");
}

}  // namespace
}  // namespace arbiter
