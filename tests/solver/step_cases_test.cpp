// The engine's protocol steps written as text (solver/step_cases.hpp): every step of a
// position replays to the outcome it was enumerated with, refused steps say so, malformed
// steps are errors, and a step's outcome can differ between knob settings of one table.
#include <gtest/gtest.h>

#include <string>

#include "rules/load_variant.hpp"
#include "solver/step_cases.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

/// Every step from `fen` under `v` replays to its own outcome and clauses.
int expect_replays(const VariantPtr& v, const std::string& fen) {
  int n = 0;
  for_each_step(v, fen, [&](const StepCase& c) {
    ++n;
    const StepCase again = replay_step(v, c.fen, c.moves);
    EXPECT_EQ(again.outcome, c.outcome) << v->name() << ' ' << fen << ' ' << c.moves;
    EXPECT_EQ(again.clauses, c.clauses) << v->name() << ' ' << fen << ' ' << c.moves;
    EXPECT_EQ(again.after_fen, c.after_fen) << v->name() << ' ' << fen << ' ' << c.moves;
    return true;
  });
  return n;
}

TEST(StepCases, EveryStepOfEveryTableReplaysToItsOutcome) {
  for (const char* name : {"orthodox", "conversion", "conditional", "diplomacy", "move-neutral"}) {
    const VariantPtr& v = test::bundled_variant(name);
    for (const std::string& fen : sweep_positions(v, 6, 6, 7)) EXPECT_GT(expect_replays(v, fen), 0);
  }
}

TEST(StepCases, OrthodoxStartHasTheStandingStepAndTwentyMoves) {
  const VariantPtr& v = test::orthodox();
  std::vector<StepCase> cases;
  for_each_step(v, v->table().setup_fen, [&](const StepCase& c) {
    cases.push_back(c);
    return true;
  });
  ASSERT_EQ(cases.size(), 21u);
  EXPECT_EQ(cases[0].moves, "-");
  EXPECT_EQ(cases[0].outcome, "in play");
  int double_steps = 0;
  for (const StepCase& c : cases)
    for (const std::string& cl : c.clauses) double_steps += cl == "double-step" ? 1 : 0;
  EXPECT_EQ(double_steps, 8);
}

TEST(StepCases, SimultaneousStartHasEveryPair) {
  const VariantPtr& v = test::bundled_variant("move-neutral");
  int pairs = 0;
  for_each_step(v, v->table().setup_fen, [&](const StepCase& c) {
    pairs += c.moves == "-" ? 0 : 1;
    return true;
  });
  EXPECT_EQ(pairs, 400);
}

TEST(StepCases, RefusedAndMalformedSteps) {
  const VariantPtr& o = test::orthodox();
  const std::string start = o->table().setup_fen;
  EXPECT_EQ(replay_step(o, start, "e2e5").outcome.rfind("refused:", 0), 0u);
  const VariantPtr& d = test::bundled_variant("diplomacy");
  EXPECT_THROW(replay_step(d, d->table().setup_fen, "e2e4"), std::invalid_argument);
  EXPECT_EQ(replay_step(d, d->table().setup_fen, "e2e5 e7e5").outcome.rfind("refused:", 0), 0u);
  const VariantPtr& c = test::bundled_variant("conditional");
  EXPECT_THROW(replay_step(c, c->table().setup_fen, "e2e4"), std::invalid_argument);
  EXPECT_EQ(replay_step(c, c->table().setup_fen, "A e2e4").clauses,
            std::vector<std::string>{"a-move"});
}

TEST(StepCases, ConditionalTurnTailStatesMovesAndDecides) {
  const VariantPtr& v = test::bundled_variant("conditional");
  // Black states !Nf6; White's B-move e4-e5 leaves f6 empty, so the C-move executes.
  const std::string fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 B -";
  const StepCase c = replay_step(v, fen, "!Nf6 e4e5");
  EXPECT_NE(std::find(c.clauses.begin(), c.clauses.end(), "c-move-executes"), c.clauses.end())
      << c.outcome;
  // Black states !e5 and White's B-move e4-e5 occupies e5: the C-move is illegal and skipped.
  const StepCase s = replay_step(v, fen, "!e5 e4e5");
  EXPECT_NE(std::find(s.clauses.begin(), s.clauses.end(), "c-move-skipped"), s.clauses.end())
      << s.outcome;
}

TEST(StepCases, KnobAlternativesGiveDifferentOutcomesOnOneStep) {
  // Diplomacy: two rooks cross between e1 and e8. Under head-on-swap=pass they swap places;
  // under conflict neither move executes.
  const std::string fen = "4r2k/8/8/8/8/8/8/K3R3 w - - 0 1";
  const VariantPtr pass = load_variant("diplomacy", {{"head-on-swap", "pass"}});
  const VariantPtr conflict = load_variant("diplomacy", {{"head-on-swap", "conflict"}});
  const StepCase a = replay_step(pass, fen, "e1e8 e8e1");
  const StepCase b = replay_step(conflict, fen, "e1e8 e8e1");
  EXPECT_NE(a.outcome, b.outcome);
  EXPECT_NE(std::find(b.clauses.begin(), b.clauses.end(), "head-on"), b.clauses.end()) << b.outcome;
}

TEST(StepCases, ClauseListsAreFixedAndNamed) {
  for (const char* name : {"orthodox", "conversion", "conditional", "diplomacy", "move-neutral"}) {
    const std::vector<ClauseSpec> clauses = clause_names(*test::bundled_variant(name));
    EXPECT_GE(clauses.size(), 7u) << name;
    for (const ClauseSpec& c : clauses) EXPECT_FALSE(c.name.empty());
  }
}

}  // namespace
}  // namespace arbiter::solver
