// Issue 37's measure of done for reachable witnesses: with the default budget and seed, at least
// 80% of the knobs of the four variant tables get a record of play from the start, and replaying
// each record under its knob's readings names that knob.
#include <gtest/gtest.h>

#include <string>

#include "solver/analysis/reachable.hpp"
#include "solver/analysis/readings.hpp"

namespace arbiter::solver {
namespace {

TEST(ReachableSlow, EightyPercentOfTheVariantKnobsGetARecordThatTheReadingsConfirm) {
  int knobs = 0, records = 0;
  for (const std::string table : {"conversion", "conditional", "diplomacy", "move-neutral"}) {
    const ReachableReport r = find_reachable(table, {});
    const ReadingTables tables(table);
    for (const ReachableWitness& w : r.knobs) {
      ++knobs;
      if (!w.record) {
        EXPECT_GT(w.bound, 0) << table << ' ' << w.knob;
        continue;
      }
      ++records;
      const RecordReadings readings = record_readings(tables, *w.record, {}, w.sets);
      bool named = false;
      for (const KnobReading& k : readings.knobs) named = named || k.knob == w.knob;
      EXPECT_TRUE(named) << table << ' ' << w.knob << ": " << *w.record;
    }
  }
  EXPECT_EQ(knobs, 37);
  EXPECT_GE(records * 5, knobs * 4) << records << " of " << knobs;
}

}  // namespace
}  // namespace arbiter::solver
