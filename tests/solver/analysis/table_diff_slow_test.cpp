// Every knob of every bundled table flipped, diffed with no positions given: the diff's own tiers
// (random sweep, the knob's coverage witnesses, with the catalog's when needed) must catch each
// one, and the witness must replay under both tables. The fast suite's version
// (table_diff_test.cpp) seeds the diff with the bundled corpora instead.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "rules/core/load_variant.hpp"
#include "rules/core/table_loader.hpp"
#include "solver/analysis/step_cases.hpp"
#include "solver/analysis/table_diff.hpp"

namespace arbiter::solver {
namespace {

std::string replayed(const std::string& table, const DiffWitness& w) {
  try {
    return replay_step(load_variant(table), w.fen, w.moves).outcome;
  } catch (const std::exception& e) {
    return std::string("cannot be played: ") + e.what();
  }
}

TEST(TableDiffSlow, EveryKnobFlippedIsCaughtWithoutGivenPositions) {
  int flips = 0;
  for (const std::string& table : bundled_table_names()) {
    for (const KnobDef& k : load_bundled_table(table).knobs)
      for (const std::string& alt : k.alternatives) {
        if (alt == k.default_value) continue;
        const auto path = (std::filesystem::temp_directory_path() /
                           ("arbiter-diff-slow-" + table + "-" + k.name + ".toml"))
                              .string();
        std::ofstream(path) << "[table]\nname = \"flipped\"\nextends = \"" << table << "\"\n[knobs."
                            << k.name << "]\ndefault = \"" << alt << "\"\n";
        DiffOptions o;
        o.limits.rlimit = 2000000000;
        const DiffReport r = diff_tables(table, path, o);
        ASSERT_EQ(r.groups.size(), 1u) << table << " " << k.name;
        const DiffGroup& g = r.groups[0];
        EXPECT_EQ(g.change.key, "knobs." + k.name + ".default");
        ASSERT_EQ(g.status, DiffStatus::kWitness) << table << " " << k.name << ": " << g.detail;
        const DiffWitness& w = g.witnesses.front();
        EXPECT_EQ(replayed(table, w), w.old_outcome) << table << " " << k.name;
        EXPECT_EQ(replayed(path, w), w.new_outcome) << table << " " << k.name;
        ++flips;
      }
  }
  EXPECT_GE(flips, 20);
}

}  // namespace
}  // namespace arbiter::solver
