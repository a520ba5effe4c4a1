// A record's readings (solver/analysis/readings.hpp): a record replayed under every alternative
// of every knob of its table names the knobs that change its outcome, the first ply (turn)
// where they part, and the outcome under each alternative.
#include <gtest/gtest.h>

#include <string>

#include "solver/analysis/readings.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

/// From the converted-pawn-double-step witness of `ambiguities`: Ke1 converts Black's e2 pawn,
/// which has moved, and 2.e4 double-steps it (only under 'allowed').
const char* kConvertedPawnRecord =
    "[FEN \"5N2/8/8/8/8/8/1kpQp3/3K4 w - - 0 1\"]\n1. Ke1/Pe2 Kb3 2. e4 *\n";

const KnobReading* find_knob(const RecordReadings& r, const std::string& name) {
  for (const KnobReading& k : r.knobs)
    if (k.knob == name) return &k;
  return nullptr;
}

TEST(Readings, ConvertedPawnDoubleStepPartsAtTheDoubleStep) {
  const ReadingTables tables("conversion");
  const RecordReadings r = record_readings(tables, kConvertedPawnRecord);
  EXPECT_EQ(r.knobs_read, 6);
  ASSERT_EQ(r.knobs.size(), 1u);
  const KnobReading& k = r.knobs.front();
  EXPECT_EQ(k.knob, "converted-pawn-double-step");
  EXPECT_EQ(k.first, 3);
  ASSERT_EQ(k.outcomes.size(), 2u);
  EXPECT_EQ(k.outcomes[0].first, "converted-pawn-double-step=forbidden");
  EXPECT_TRUE(k.outcomes[0].second.refused);
  EXPECT_EQ(k.outcomes[0].second.text,
            "refused at ply 3: move 2 (White) 'e4': illegal: no pawn of the side to move can go "
            "to e4");
  EXPECT_EQ(k.outcomes[1].first, "converted-pawn-double-step=allowed");
  EXPECT_EQ(k.outcomes[1].second.text, "final 5N2/8/8/8/4P~3/1k6/2pQ4/4K3 b - e3 0 2, in play");
}

TEST(Readings, AKnobSetByTheUserIsTheDefaultReading) {
  const ReadingTables tables("conversion", {{"converted-pawn-double-step", "allowed"}});
  const RecordReadings r = record_readings(tables, kConvertedPawnRecord);
  EXPECT_FALSE(r.default_outcome.refused);
  ASSERT_EQ(r.knobs.size(), 1u);
  EXPECT_EQ(r.knobs.front().outcomes[0].first, "converted-pawn-double-step=allowed");
  EXPECT_EQ(r.knobs.front().outcomes[1].first, "converted-pawn-double-step=forbidden");
  EXPECT_TRUE(r.knobs.front().outcomes[1].second.refused);
}

TEST(Readings, TheDiplomacyGameIsChangedByKnightTimingFromTurnTwo) {
  const ReadingTables tables("diplomacy");
  const RecordReadings r =
      record_readings(tables, test::slurp(test::data_path("games/diplomacy_game.pgn")));
  EXPECT_FALSE(r.default_outcome.refused);
  EXPECT_EQ(r.knobs_read, 18);
  const KnobReading* timing = find_knob(r, "knight-timing");
  ASSERT_NE(timing, nullptr);
  EXPECT_EQ(timing->first, 2);  // 2.Nf3 is not executed under two-step-path
  EXPECT_EQ(timing->outcomes.back().second.text,
            "refused at turn 3: move 3 (White) 'Ne5': illegal: 'Ne5' is not a move White may "
            "submit in this position: no white knight can go to e5");
  const KnobReading* departed = find_knob(r, "capture-of-departed");
  ASSERT_NE(departed, nullptr);
  EXPECT_EQ(departed->first, 10);
  EXPECT_FALSE(departed->outcomes.back().second.refused);
}

TEST(Readings, AConditionalGameTheKnobsDoNotChangeNamesNone) {
  const ReadingTables tables("conditional");
  const RecordReadings r =
      record_readings(tables, test::slurp(test::data_path("conditional/five_turns.pgn")));
  EXPECT_EQ(r.knobs_read, 7);
  EXPECT_TRUE(r.knobs.empty());
  EXPECT_EQ(r.default_outcome.count, 16);
}

TEST(Readings, AnOrthodoxRecordHasNoKnobToRead) {
  const ReadingTables tables("orthodox");
  const RecordReadings r =
      record_readings(tables, test::slurp(test::data_path("games/opera_game.pgn")));
  EXPECT_EQ(r.knobs_read, 0);
  EXPECT_EQ(r.default_outcome.text,
            "final 1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17, checkmate");
}

}  // namespace
}  // namespace arbiter::solver
