// Deeper Conditional Chess perft cross-checks (label "slow"): every [[perft]] count recorded
// in rules/tables/conditional.toml recomputed by the naive reference
// (tests/support/conditional_reference.cpp), and depth 5 from the setup under each knob
// alternative that changes counts, engine against reference.
#include <gtest/gtest.h>

#include <string>

#include "rules/conditional/conditional_perft.hpp"
#include "tests/support/conditional_positions.hpp"
#include "tests/support/conditional_reference.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

TEST(ConditionalPerftSlow, RecordedTableCountsMatchTheReference) {
  const VariantPtr& v = test::bundled_variant("conditional");
  ASSERT_FALSE(v->table().perft_checks.empty());
  for (const PerftCheck& c : v->table().perft_checks) {
    const test::RefConditionalNode n = test::ref_conditional_node(v, c.fen);
    for (std::size_t d = 1; d <= c.nodes.size(); ++d)
      EXPECT_EQ(test::ref_conditional_perft(n, static_cast<int>(d)), c.nodes[d - 1])
          << c.name << " depth " << d;
  }
}

TEST(ConditionalPerftSlow, StartDepth5UnderEachKnob) {
  const KnobSettings knob_sets[] = {
      {},
      {{"a-move-mate", "end-of-turn"}},
      {{"b-move-check", "replace-c-move"}},
      {{"illegal-c-move", "opponent-moves"}},
      {{"no-legal-c-move", "stalemate"}},
  };
  for (const KnobSettings& knobs : knob_sets) {
    const VariantPtr& v = test::bundled_variant("conditional", knobs);
    const std::string label = knobs.empty() ? "defaults" : knobs.begin()->second;
    const std::uint64_t engine = conditional_perft(conditional_start(v), 5);
    EXPECT_EQ(engine,
              test::ref_conditional_perft(test::ref_conditional_node(v, v->table().setup_fen), 5))
        << label;
    if (knobs.empty()) {
      EXPECT_EQ(engine, 5'060'851u);
    }
  }
}

// The hand-built positions of conditional_perft_test.cpp one ply deeper (depth 5), under every
// knob set, where the count stays small enough for the reference.
TEST(ConditionalPerftSlow, HandBuiltPositionsDepth5UnderEveryKnob) {
  constexpr std::uint64_t kBudget = 3'000'000;
  for (const KnobSettings& knobs : test::kConditionalKnobSets) {
    const VariantPtr& v = test::bundled_variant("conditional", knobs);
    const bool end_of_turn = knobs.contains("a-move-mate");
    for (const test::ConditionalCase& c : test::kConditionalCases) {
      if (std::string(c.fen).find('+') != std::string::npos && !end_of_turn) continue;
      const ConditionalState s = parse_conditional_fen(v, c.fen);
      if (conditional_perft(s, 4) * 40 > kBudget) continue;  // depth 5 would be too many
      EXPECT_EQ(conditional_perft(s, 5),
                test::ref_conditional_perft(test::ref_conditional_node(v, c.fen), 5))
          << c.name << " " << (knobs.empty() ? "defaults" : knobs.begin()->second);
    }
  }
}

}  // namespace
}  // namespace arbiter
