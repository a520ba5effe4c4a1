// The bmc of reachable witnesses (solver/analysis/reachable_bmc.hpp): the ply encoding unrolled
// from a table's start, on two Conversion Chess starts whose answer is known (a castling out of
// check that only castle-out-of-check-by-conversion=allowed plays: at once from the position
// after the check, one ply later from the one before), each record confirmed by the engine's
// record readings, the same record for the same seed. Slow: Z3 builds each ply's formulas
// (some seconds a ply).
#include <gtest/gtest.h>

#include <string>

#include "solver/analysis/reachable.hpp"
#include "solver/analysis/readings.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

/// Conversion Chess from `fen`.
std::string bmc_table(const std::string& name, const std::string& fen) {
  return test::write_temp_file("arbiter-" + name + ".toml",
                               "[table]\nname = \"" + name +
                                   "\"\nextends = \"conversion\"\n\n[setup]\nfen = \"" + fen +
                                   "\"\n");
}

ReachableOptions bmc_only(int plies) {
  ReachableOptions o;
  o.knobs = {"castle-out-of-check-by-conversion"};
  o.method = "bmc";
  o.bmc_plies = plies;
  o.bmc_seconds = 300;
  o.bmc_ms_per_k = 0;
  return o;
}

bool bmc_readings_name_the_knob(const std::string& table, const ReachableWitness& w) {
  const RecordReadings r = record_readings(ReadingTables(table), *w.record, {}, w.sets);
  for (const KnobReading& k : r.knobs)
    if (k.knob == w.knob) return true;
  return false;
}

TEST(ReachableBmcSlow, OnePlyFindsTheCastlingOnlyTheAlternativePlaysTheSameForTheSameSeed) {
  // Black in check by the knight on g7, which castling's rook would convert.
  const std::string table = bmc_table("bmc-one", "4k2r/3q2N1/8/8/8/3Q4/8/4K3 b k - 7 4");
  const ReachableReport a = find_reachable(table, bmc_only(1));
  const ReachableWitness& w = a.knobs.front();
  ASSERT_TRUE(w.record.has_value()) << w.bmc_note;
  EXPECT_EQ(*w.record, "4... O-O/Ng7");
  EXPECT_EQ(w.plies, 1);
  EXPECT_EQ(w.method, "bmc");
  EXPECT_EQ(w.found_by, "bmc");
  EXPECT_EQ(w.parts_in, "refusal");
  EXPECT_TRUE(a.bmc_findings.empty());
  EXPECT_TRUE(bmc_readings_name_the_knob(table, w));
  const ReachableReport b = find_reachable(table, bmc_only(1));
  EXPECT_EQ(b.knobs.front().record, w.record);
}

TEST(ReachableBmcSlow, TwoPliesNoneOfOnePlyThenTheCheckAndTheCastling) {
  const std::string table = bmc_table("bmc-two", "4k2r/3q4/8/7N/8/3Q4/8/4K3 w k - 6 4");
  const ReachableReport r = find_reachable(table, bmc_only(2));
  const ReachableWitness& w = r.knobs.front();
  ASSERT_TRUE(w.record.has_value()) << w.bmc_note;
  EXPECT_EQ(w.bmc_bound, 1);  // no line of one ply parts the readings
  EXPECT_EQ(*w.record, "4. Ng7+ O-O/Ng7");
  EXPECT_EQ(w.plies, 2);
  EXPECT_EQ(w.first, 2);
  EXPECT_TRUE(bmc_readings_name_the_knob(table, w));
}

}  // namespace
}  // namespace arbiter::solver
