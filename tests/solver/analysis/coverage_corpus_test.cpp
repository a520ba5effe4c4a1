// The bundled tables' coverage witnesses (tests/data/coverage/<table>.toml, written by
// `arbiter coverage --save`, docs/coverage.md) replayed through the engine: every case must
// give the recorded outcome under its knob setting, and every table has its corpus.
#include <gtest/gtest.h>

#include <filesystem>

#include "rules/core/table_loader.hpp"
#include "solver/analysis/corpus.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

TEST(CoverageCorpus, EveryBundledTableHasACorpusThatReplaysAsRecorded) {
  for (const std::string& table : bundled_table_names()) {
    const std::string path = test::data_path("coverage/" + table + ".toml");
    ASSERT_TRUE(std::filesystem::exists(path)) << path;
    const std::vector<CorpusResult> results = replay_corpus(path);
    EXPECT_GE(results.size(), 10u) << table;
    for (const CorpusResult& r : results)
      EXPECT_EQ(r.problem, "") << table << ": " << r.item << " [" << r.setting << "]";
  }
}

}  // namespace
}  // namespace arbiter::solver
