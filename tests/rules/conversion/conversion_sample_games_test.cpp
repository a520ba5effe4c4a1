// The rule text's three sample games (shared/rules-text/conversion-chess.txt, "Sample games",
// Grand Prix 1993), in tests/data/games/conversion_grand_prix_1993.pgn: each replays to its end
// under the default knobs, in the text's own notation, with the conversions its annotations
// show asserted on the canonical SAN and the final board.
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
using ::testing::HasSubstr;

std::vector<ReplayResult> sample_games() {
  const std::string text = test::slurp(test::data_path("games/conversion_grand_prix_1993.pgn"));
  std::vector<ReplayResult> out;
  RecordGames games(text);
  std::vector<RecordToken> game;
  while (games.next(game))
    out.push_back(replay_record(test::bundled_variant("conversion"), game, ReplayOptions{}));
  return out;
}

TEST(ConversionSampleGames, EveryGameReplaysToItsResignation) {
  const std::vector<ReplayResult> games = sample_games();
  ASSERT_EQ(games.size(), 3U);
  for (const ReplayResult& r : games) ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(games[0].plies, 18);
  EXPECT_EQ(games[0].result, "0-1");
  EXPECT_EQ(games[1].plies, 7);
  EXPECT_EQ(games[1].result, "1-0");
  EXPECT_EQ(games[2].plies, 14);
  EXPECT_EQ(games[2].result, "0-1");
}

// Pugnali - Castelli: "2.d4?? Bh3/Nf3+": the converted knight checks at once; "000+": the long
// castling written with zeros; ':' for captures; "Bg2/f2+" names a converted pawn by its square.
TEST(ConversionSampleGames, PugnaliCastelliConvertsAndChecks) {
  const ReplayResult r = sample_games().at(0);
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front().message;
  EXPECT_THAT(r.san, ElementsAre("Nf3", "d5", "d4", "Bh3/Nf3+", "gxf3", "Bg2/Pf2+", "Kd2",
                                 "Bxh1/Bf1", "Qxf1/Pf2", "Qd6", "Qxh1", "Qf4+", "Kd3", "Qf5+",
                                 "Kc3", "Nc6", "e3", "O-O-O+"));
  EXPECT_EQ(r.resigned, kWhite);
}

// Castelli - De Giglio: "Qa5+?? 4.Ba6/Qa5": the check is answered by converting the checking
// queen. The converted queen threatens Qd8, which would convert the king on e8 (co-pair with
// White's king on e1): a threat to convert the king is check (co-effect rule 4), which the
// source does not mark, so the replay warns of the missing '+'.
TEST(ConversionSampleGames, CastelliDeGiglioConvertsTheCheckingQueen) {
  const ReplayResult r = sample_games().at(1);
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_EQ(r.san.at(5), "Qa5+");
  EXPECT_EQ(r.san.at(6), "Ba6/Qa5+");
  ASSERT_EQ(r.warnings.size(), 1U);
  EXPECT_THAT(r.warnings[0].message, HasSubstr("'+' missing"));
  EXPECT_EQ(r.final_fen, "rnb1kbnr/pp2pppp/B1pp4/Q~5B1/3PP3/8/PPP2PPP/RN1QK1NR b KQkq - 3 4");
}

// The source's own text of that game: 3.Ag5 writes the Italian letter for the bishop in a
// record of English letters, which arbiter refuses rather than read two languages at once.
TEST(ConversionSampleGames, TheSourcesItalianBishopLetterIsRefused) {
  const ReplayResult r = replay_record(test::bundled_variant("conversion"),
                                       "1.e4 d6 2.d4 c6 3.Ag5 Qa5+?? 4.Ba6/Qa5 Resigns");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->reason, "unknown piece letter");
  EXPECT_EQ(r.error->text, "Ag5");
}

// De Giglio - Castelli: "7.f3?? Kg6/Qg5": the king steps next to the white queen and converts
// it (kings form co-pairs with queens; a move into check is legal when the co-effect removes
// the check).
TEST(ConversionSampleGames, DeGiglioCastelliKingConvertsTheQueen) {
  const ReplayResult r = sample_games().at(2);
  ASSERT_TRUE(r.valid()) << r.error->message;
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front().message;
  EXPECT_EQ(r.san.at(12), "f3");
  EXPECT_EQ(r.san.at(13), "Kg6/Qg5");
  EXPECT_EQ(r.final_fen, "rnb2bnr/pp4pp/2p2P~k1/q2P2q~1/4P3/5P2/PP1P2PP/RNB1KBNR w KQ - 1 8");
  EXPECT_EQ(r.resigned, kWhite);
}

}  // namespace
}  // namespace arbiter
