// `arbiter replay --readings`, run as a user would: the knobs whose readings change a record,
// where they part and each alternative's outcome, as text and JSON; a file of many games
// summarised per knob; the exit statuses.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::run_arbiter;
using ::testing::HasSubstr;

const char* kConvertedPawnRecord =
    "[FEN \"5N2/8/8/8/8/8/1kpQp3/3K4 w - - 0 1\"]\n1. Ke1/Pe2 Kb3 2. e4 *\n";

TEST(ReplayReadingsCli, AKnobThatChangesTheRecordIsListedWithItsPlyAndOutcomes) {
  const auto r =
      run_arbiter("replay -v conversion --knob converted-pawn-double-step=allowed --readings -",
                  kConvertedPawnRecord);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "readings of the record under table conversion: 6 knob(s) read, 1 change it\n"
            "default  final 5N2/8/8/8/4P~3/1k6/2pQ4/4K3 b - e3 0 2, in play\n"
            "knob converted-pawn-double-step: the readings part at ply 3\n"
            "  converted-pawn-double-step=allowed       final 5N2/8/8/8/4P~3/1k6/2pQ4/4K3 b - e3 "
            "0 2, in play\n"
            "  converted-pawn-double-step=forbidden     refused at ply 3: move 2 (White) 'e4': "
            "illegal: no pawn of the side to move can go to e4\n");
}

TEST(ReplayReadingsCli, ARecordRefusedUnderTheDefaultReadingExitsOne) {
  const auto r = run_arbiter("replay -v conversion --readings -", kConvertedPawnRecord);
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.out, HasSubstr("knob converted-pawn-double-step: the readings part at ply 3"));
}

TEST(ReplayReadingsCli, JsonIsAListOfKnobsWithFirstPlyAndOutcomes) {
  const auto r = run_arbiter("replay -v conversion --readings --json -", kConvertedPawnRecord);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out,
            "[{\"knob\":\"converted-pawn-double-step\",\"first_ply\":3,\"outcomes\":{"
            "\"converted-pawn-double-step=forbidden\":\"refused at ply 3: move 2 (White) 'e4': "
            "illegal: no pawn of the side to move can go to e4\","
            "\"converted-pawn-double-step=allowed\":\"final 5N2/8/8/8/4P~3/1k6/2pQ4/4K3 b - e3 0 "
            "2, in play\"}}]\n");
}

TEST(ReplayReadingsCli, ASimultaneousTableCountsTurns) {
  const auto r = run_arbiter("replay -v diplomacy --readings --json '" +
                             test::data_path("games/diplomacy_game.pgn") + "'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("{\"knob\":\"knight-timing\",\"first_turn\":2,"));
  EXPECT_THAT(r.out, HasSubstr("{\"knob\":\"capture-of-departed\",\"first_turn\":10,"));
}

TEST(ReplayReadingsCli, AFileOfManyGamesCountsTheGamesEachKnobChanges) {
  const std::string file = test::write_temp_file(
      "readings_many.pgn",
      test::slurp(test::data_path("games/conversion_mate.pgn")) + "\n\n" + kConvertedPawnRecord);
  const auto r = run_arbiter("replay -v conversion --readings '" + file + "'");
  EXPECT_EQ(r.status, 1);  // the second game is refused under the default reading
  EXPECT_THAT(r.out, HasSubstr("game 1: ? - ?: 0 of 6 knob(s) change it\n"));
  EXPECT_THAT(r.out, HasSubstr("game 2: ? - ?: refused under the default reading (refused at "
                               "ply 3: "));
  EXPECT_THAT(r.out, HasSubstr("1 of 6 knob(s) change it: converted-pawn-double-step (ply 3)\n"));
  EXPECT_THAT(r.out, HasSubstr("2 games read, 1 refused under the default reading\n"));
  EXPECT_THAT(r.out, HasSubstr("knob converted-pawn-double-step changes 1 of 2 games\n"));
  EXPECT_THAT(r.out, HasSubstr("knob castling-threatens changes 0 of 2 games\n"));
  const auto j = run_arbiter("replay -v conversion --readings --json '" + file + "'");
  EXPECT_THAT(j.out, HasSubstr("{\"games_read\":2,\"refused\":1,\"games\":["));
  EXPECT_THAT(j.out, HasSubstr("\"changes\":{\"threat-by-pinned-piece\":0,"));
  EXPECT_THAT(j.out, HasSubstr("\"converted-pawn-double-step\":1}}"));
}

TEST(ReplayReadingsCli, ReadingsWithJsonLinesIsAUsageError) {
  const auto r = run_arbiter("replay --readings --jsonl -", "1. e4 e5\n");
  EXPECT_EQ(r.status, 2);
}

TEST(ReplayReadingsCli, AnUnknownTableIsAnInputError) {
  const auto r = run_arbiter("replay -v nosuch --readings -", "1. e4 e5\n");
  EXPECT_EQ(r.status, 2);
}

}  // namespace
}  // namespace arbiter
