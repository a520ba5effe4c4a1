// `arbiter variants`: every bundled table with each knob's default and alternatives, in text and
// JSON, as the knob declarations (rules/*/..._knobs.cpp) spell them.
#include <gtest/gtest.h>

#include "rules/registry/rule_knobs.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::run_arbiter;

TEST(VariantsCli, ListsEachKnobWithItsDefaultThenTheOtherAlternatives) {
  const test::CommandResult r = run_arbiter("variants");
  EXPECT_EQ(r.status, 0) << r.err;
  for (const KnobGroup& group : knob_groups())
    for (const KnobSpec& spec : group.specs) {
      std::string line = std::string(spec.name) + " = " + std::string(spec.default_spelling());
      for (std::size_t i = 0; i < spec.alternatives.size(); ++i)
        if (i != spec.default_alternative) line += " | " + std::string(spec.alternatives[i]);
      EXPECT_NE(r.out.find(line + "\n"), std::string::npos) << line << "\n" << r.out;
    }
  EXPECT_NE(r.out.find("knobs:  (none)"), std::string::npos) << r.out;  // orthodox
}

TEST(VariantsCli, JsonGivesEachKnobsDefaultAlternativesAndClause) {
  const test::CommandResult r = run_arbiter("variants --json");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find(R"({"name":"same-destination","default":"rank","alternatives":["rank",)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(R"("clause":"diplomacy-chess.txt)"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace arbiter
