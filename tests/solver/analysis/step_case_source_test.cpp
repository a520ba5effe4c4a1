// Each table's steps come from the source of its protocol or effect
// (solver/analysis/step_case_source.hpp), and each source lists the steps the single
// step_cases.cpp listed before the split: pinned by count, kind and first steps.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "solver/analysis/step_case_source.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

/// The steps' texts from `fen` (the table's setup when empty).
std::vector<std::string> step_texts(const VariantPtr& v, std::string fen = "") {
  std::vector<std::string> out;
  for_each_step(v, fen.empty() ? v->table().setup_fen : fen, [&](const StepCase& c) {
    out.push_back(c.moves);
    return true;
  });
  return out;
}

/// How many steps of each kind: "-", a Diplomacy "P", "S" or "C" step, or "move" (any other).
std::map<std::string, int> kinds(const std::vector<std::string>& texts) {
  std::map<std::string, int> out;
  for (const std::string& t : texts) {
    const std::string head = t.substr(0, t.find(' '));
    ++out[head == "-" || head == "P" || head == "S" || head == "C" ? head : "move"];
  }
  return out;
}

TEST(StepCaseSource, EachTableIsServedByTheSourceOfItsProtocolOrEffect) {
  for (const char* name : {"orthodox", "conversion", "conditional", "diplomacy", "move-neutral"})
    EXPECT_EQ(step_case_source(*test::bundled_variant(name)).name(), name);
  // A knob setting changes the rules, not the source.
  EXPECT_EQ(
      step_case_source(*test::bundled_variant("diplomacy", {{"head-on-swap", "conflict"}})).name(),
      "diplomacy");
}

TEST(StepCaseSource, SequentialSourcesListTheStandingStepThenEachLegalMove) {
  for (const char* name : {"orthodox", "conversion"}) {
    const std::vector<std::string> t = step_texts(test::bundled_variant(name));
    ASSERT_EQ(t.size(), 21u) << name;
    EXPECT_EQ((std::vector<std::string>(t.begin(), t.begin() + 3)),
              (std::vector<std::string>{"-", "b1a3", "b1c3"}))
        << name;
    EXPECT_EQ(t.back(), "h2h4") << name;
  }
}

TEST(StepCaseSource, ConditionalSourceListsTheAMovesInPhaseA) {
  const std::vector<std::string> t = step_texts(test::bundled_variant("conditional"));
  ASSERT_EQ(t.size(), 21u);
  EXPECT_EQ(t[1], "A b1a3");
  EXPECT_EQ(t.back(), "A h2h4");
}

TEST(StepCaseSource, MoveNeutralSourceListsEveryPairOfSubmissions) {
  const std::vector<std::string> t = step_texts(test::bundled_variant("move-neutral"));
  EXPECT_EQ(kinds(t), (std::map<std::string, int>{{"-", 1}, {"move", 400}}));
  EXPECT_EQ(t[1], "b1a3 b8a6");
  EXPECT_EQ(t.back(), "h2h4 h7h6");
}

TEST(StepCaseSource, DiplomacySourceAddsSetsAndConditionalMovesAfterThePairs) {
  const VariantPtr& v = test::bundled_variant("diplomacy");
  const std::vector<std::string> start = step_texts(v);
  EXPECT_EQ(kinds(start),
            (std::map<std::string, int>{{"-", 1}, {"move", 400}, {"S", 1}, {"C", 1}}));
  EXPECT_EQ(start[1], "b1a3 b8a6");
  EXPECT_EQ(start.back(), "C 1K?b1a3:b1c3 b8a6");
  // Where Black can take a white piece, progressive sets put progressive-illegal to work.
  const std::string kKiwipete =
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  const std::vector<std::string> kiwipete = step_texts(v, kKiwipete);
  EXPECT_EQ(kinds(kiwipete),
            (std::map<std::string, int>{{"-", 1}, {"move", 2244}, {"P", 7}, {"S", 1}, {"C", 1}}));
  EXPECT_EQ(kiwipete[2245], "P e1d1,e2d1,f3d3 a6e2");
  // Each kind of step replays from its own text.
  EXPECT_EQ(replay_step(v, v->table().setup_fen, start[401]).moves, start[401]);
  EXPECT_EQ(replay_step(v, v->table().setup_fen, start[402]).moves, start[402]);
  EXPECT_EQ(replay_step(v, kKiwipete, kiwipete[2245]).moves, kiwipete[2245]);
}

}  // namespace
}  // namespace arbiter::solver
