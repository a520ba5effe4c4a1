// The engine's protocol steps written as text (solver/analysis/step_cases.hpp): every step of a
// position replays to the outcome it was enumerated with, refused steps say so, malformed
// steps are errors, and a step's outcome can differ between knob settings of one table.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "rules/core/load_variant.hpp"
#include "rules/core/rule_table.hpp"
#include "solver/analysis/step_cases.hpp"
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
    const std::vector<std::string> fens = sweep_positions(v, 6, 6, 7);
    EXPECT_EQ(fens.size(), 6u) << name;
    for (const std::string& fen : fens) EXPECT_GT(expect_replays(v, fen), 0) << name << ' ' << fen;
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

/// The knob and alternative of a knob-dependent clause ("knob=alternative"); the first is
/// empty when the text has no '='.
std::pair<std::string, std::string> knob_setting(const ClauseSpec& c) {
  const std::size_t eq = c.knob.find('=');
  if (eq == std::string::npos) return {"", c.knob};
  return {c.knob.substr(0, eq), c.knob.substr(eq + 1)};
}

/// "name" or "name@knob=alternative" for each clause, in order.
std::vector<std::string> clause_texts(const std::vector<ClauseSpec>& clauses) {
  std::vector<std::string> out;
  for (const ClauseSpec& c : clauses)
    out.push_back(c.knob.empty() ? c.name : c.name + "@" + c.knob);
  return out;
}

TEST(StepCases, ClauseListsAreFixedAndNamed) {
  // solver/analysis/step_cases.hpp: "The clauses of a table, in a fixed order (what coverage must
  // find)". Each bundled table's list is pinned exactly; a clause that fires only under a knob
  // alternative names that alternative, which the table has.
  const std::vector<std::string> sequential = {"capture",   "en-passant",  "castling",
                                               "promotion", "double-step", "check",
                                               "checkmate", "stalemate"};
  std::vector<std::string> conversion = sequential;
  for (const char* c : {"conversion", "multiple-conversion", "conversion-by-castling",
                        "check-by-conversion-threat"})
    conversion.push_back(c);
  const std::vector<std::pair<std::string, std::vector<std::string>>> expected = {
      {"orthodox", sequential},
      {"conversion", conversion},
      {"conditional",
       {"a-move", "a-move-refused", "a-move-mate", "b-move", "b-move-check", "c-move-executes",
        "c-move-skipped", "c-move-skipped-in-check", "checkmate", "stalemate",
        "a-move-check@a-move-mate=end-of-turn",
        "c-move-replaced-by-opponent@illegal-c-move=opponent-moves",
        "c-move-replaced-by-stater@b-move-check=replace-c-move"}},
      {"diplomacy",
       {"executed", "not-executed", "capture", "same-destination", "meet-in-transit", "obstacle",
        "capture-of-departed", "king-safety", "checkmate", "stalemate",
        "head-on@head-on-swap=conflict", "king-capture@king-capture=illegal"}},
      {"move-neutral",
       {"executed", "capture", "trade-places", "target-left", "shared-square", "checkmate",
        "stalemate"}},
  };
  for (const auto& [name, texts] : expected) {
    SCOPED_TRACE(name);
    const VariantPtr& v = test::bundled_variant(name);
    const std::vector<ClauseSpec> clauses = clause_names(*v);
    EXPECT_EQ(clause_texts(clauses), texts);
    std::set<std::string> names;
    for (const ClauseSpec& c : clauses) {
      EXPECT_TRUE(names.insert(c.name).second) << "duplicate clause " << c.name;
      if (c.knob.empty()) continue;
      const auto [knob_name, alternative] = knob_setting(c);
      ASSERT_FALSE(knob_name.empty()) << c.knob;
      const KnobDef* knob = v->table().knob(knob_name);
      ASSERT_NE(knob, nullptr) << c.knob;
      EXPECT_NE(std::find(knob->alternatives.begin(), knob->alternatives.end(), alternative),
                knob->alternatives.end())
          << c.knob;
      EXPECT_NE(knob->default_value, alternative) << c.knob << " is the default";
    }
    // Fixed: the same list on every call and under every knob alternative of the table (the
    // knob-dependent clauses are listed whether or not their alternative is in force).
    EXPECT_EQ(clause_texts(clause_names(*v)), texts);
    for (const KnobDef& knob : v->table().knobs)
      for (const std::string& alternative : knob.alternatives)
        EXPECT_EQ(
            clause_texts(clause_names(*test::bundled_variant(name, {{knob.name, alternative}}))),
            texts)
            << knob.name << "=" << alternative;
  }
}

TEST(StepCases, EveryClauseAStepReportsIsNamed) {
  // The clauses the steps of the sweep positions report are all in the table's list, under
  // the defaults and under each alternative a knob-dependent clause names.
  for (const char* name : {"orthodox", "conversion", "conditional", "diplomacy", "move-neutral"}) {
    std::vector<KnobSettings> settings = {{}};
    for (const ClauseSpec& c : clause_names(*test::bundled_variant(name)))
      if (!c.knob.empty()) {
        const auto [knob_name, alternative] = knob_setting(c);
        settings.push_back({{knob_name, alternative}});
      }
    for (const KnobSettings& knobs : settings) {
      const VariantPtr& v = test::bundled_variant(name, knobs);
      std::set<std::string> listed;
      for (const ClauseSpec& c : clause_names(*v)) listed.insert(c.name);
      std::set<std::string> reported;
      for (const std::string& fen : sweep_positions(v, 6, 6, 7))
        for_each_step(v, fen, [&](const StepCase& c) {
          for (const std::string& cl : c.clauses) {
            reported.insert(cl);
            EXPECT_EQ(listed.count(cl), 1u)
                << name << ": " << cl << " in " << c.fen << ' ' << c.moves;
          }
          return true;
        });
      EXPECT_GE(reported.size(), 3u) << name;
    }
  }
}

}  // namespace
}  // namespace arbiter::solver
