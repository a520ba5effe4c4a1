// Reachable witnesses (solver/analysis/reachable.hpp): a record of play from the start that
// parts a knob's readings, found exhaustively when it is short (and then none shorter exists),
// the bound proved when none is found, the guided walks deterministic for a seed, and every
// record read back by the record readings (solver/analysis/readings.hpp).
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "solver/analysis/reachable.hpp"
#include "solver/analysis/readings.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

ReachableOptions only(const std::string& knob, long long steps = 0) {
  ReachableOptions o;
  o.knobs = {knob};
  o.steps = steps;
  return o;
}

/// Whether replaying `w`'s record names its knob among the knobs that change it.
bool readings_name_the_knob(const std::string& table, const ReachableWitness& w) {
  const RecordReadings r = record_readings(ReadingTables(table), *w.record, {}, w.sets);
  for (const KnobReading& k : r.knobs)
    if (k.knob == w.knob) return true;
  return false;
}

TEST(Reachable, KnightTimingPartsInTheFirstDiplomacyTurn) {
  const ReachableReport r = find_reachable("diplomacy", only("knight-timing"));
  ASSERT_EQ(r.knobs.size(), 1u);
  const ReachableWitness& w = r.knobs.front();
  ASSERT_TRUE(w.record.has_value());
  EXPECT_EQ(w.plies, 1);
  EXPECT_EQ(w.first, 1);
  EXPECT_EQ(w.found_by, "exhaustive");
  EXPECT_EQ(std::string(r.unit), "turn");
  EXPECT_TRUE(readings_name_the_knob("diplomacy", w));
}

TEST(Reachable, IllegalCMoveGetsARecordOfOneTurnFromTheStart) {
  const ReachableReport r = find_reachable("conditional", only("illegal-c-move"));
  const ReachableWitness& w = r.knobs.front();
  ASSERT_TRUE(w.record.has_value());
  EXPECT_EQ(w.plies, 3);  // A-move, B-move, C-move
  EXPECT_EQ(w.found_by, "exhaustive");
  EXPECT_TRUE(readings_name_the_knob("conditional", w));
}

TEST(Reachable, AnExhaustiveBoundWithoutADifferenceIsAProof) {
  ReachableOptions o = only("converted-pawn-double-step");
  o.exhaustive = 2;
  const ReachableReport r = find_reachable("conversion", o);
  const ReachableWitness& w = r.knobs.front();
  EXPECT_FALSE(w.record.has_value());
  EXPECT_EQ(w.bound, 2);
  EXPECT_TRUE(w.proved);
  EXPECT_EQ(w.found_by, "");
}

// A line whose last move only the alternative plays (castling out of a check that the
// castling's conversion removes: castle-out-of-check-by-conversion=allowed) is a record the
// default cannot write; it is written as the alternative writes it, and the default refuses it.
// (Such a line was once dropped, and the exhaustive stage then claimed a proof it did not have.)
TEST(Reachable, ALastMoveOnlyTheAlternativePlaysIsWrittenAsItWritesItNotDropped) {
  const std::string table = test::write_temp_file(
      "arbiter-reachable-castle-out-of-check.toml",
      "[table]\nname = \"castle-out-of-check\"\nextends = \"conversion\"\n\n[setup]\n"
      "fen = \"4k2r/3q4/8/7N/8/3Q4/8/4K3 w k - 6 4\"\n");
  const ReachableReport r = find_reachable(table, only("castle-out-of-check-by-conversion"));
  const ReachableWitness& w = r.knobs.front();
  ASSERT_TRUE(w.record.has_value());
  EXPECT_EQ(*w.record, "4. Ng7+ O-O/Ng7");
  EXPECT_EQ(w.found_by, "exhaustive");
  EXPECT_EQ(w.parts_in, "refusal");
  EXPECT_TRUE(readings_name_the_knob(table, w));
}

TEST(Reachable, TheGuidedWalksGiveTheSameRecordForTheSameSeed) {
  ReachableOptions o = only("converted-rook-castling", 400'000);
  o.exhaustive = 1;
  const ReachableReport a = find_reachable("conversion", o);
  const ReachableReport b = find_reachable("conversion", o);
  ASSERT_TRUE(a.knobs.front().record.has_value());
  EXPECT_EQ(a.knobs.front().found_by, "guided");
  EXPECT_EQ(a.knobs.front().record, b.knobs.front().record);
  EXPECT_EQ(a.steps, b.steps);
  EXPECT_TRUE(readings_name_the_knob("conversion", a.knobs.front()));
}

TEST(Reachable, ReadingDifferenceRanksARefusalAStatusAPositionAndRightsAlone) {
  const std::string start = "final rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1, ";
  EXPECT_EQ(reading_difference({start + "in play", start + "in play"}), "");
  EXPECT_EQ(reading_difference({start + "in play",
                                "final rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 0 1, "
                                "in play"}),
            "rights");
  EXPECT_EQ(reading_difference({start + "in play",
                                "final rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1, "
                                "in play"}),
            "rights");
  EXPECT_EQ(reading_difference({start + "in play",
                                "final rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w Qkq - 0 1, "
                                "in play"}),
            "position");
  EXPECT_EQ(reading_difference({start + "in play", start + "checkmate"}), "status");
  // The strongest difference among several alternatives counts.
  EXPECT_EQ(reading_difference({start + "in play", start + "checkmate",
                                "refused at ply 3: move 2 (White) 'O-O': illegal"}),
            "refusal");
}

TEST(Reachable, AnUnknownKnobIsRefused) {
  EXPECT_THROW(find_reachable("conversion", only("no-such-knob")), std::invalid_argument);
}

TEST(Reachable, AnUnknownMethodIsRefused) {
  ReachableOptions o = only("illegal-c-move");
  o.method = "guess";
  EXPECT_THROW(find_reachable("conditional", o), std::invalid_argument);
}

TEST(Reachable, TheBmcSaysWhyItDoesNotCoverAConditionalTable) {
  ReachableOptions o = only("illegal-c-move");
  o.method = "bmc";
  const ReachableWitness w = find_reachable("conditional", o).knobs.front();
  EXPECT_FALSE(w.record.has_value());
  EXPECT_EQ(w.bmc_bound, 0);
  EXPECT_NE(w.bmc_note.find("covers sequential tables only"), std::string::npos) << w.bmc_note;
}

TEST(Reachable, TheBmcSaysItCannotSeeAConvertedPawnsFlag) {
  ReachableOptions o = only("converted-pawn-double-step");
  o.method = "bmc";
  const ReachableWitness w = find_reachable("conversion", o).knobs.front();
  EXPECT_FALSE(w.record.has_value());
  EXPECT_NE(w.bmc_note.find("no converted-piece flags"), std::string::npos) << w.bmc_note;
}

TEST(Reachable, AWalkRecordIsLabelledWithTheWalkMethod) {
  const ReachableWitness w = find_reachable("diplomacy", only("knight-timing")).knobs.front();
  EXPECT_EQ(w.method, "walk");
  EXPECT_EQ(w.first_plies, 1);
}

}  // namespace
}  // namespace arbiter::solver
