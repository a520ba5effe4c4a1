// Issue 37, "minimal witnesses": every knob witness `arbiter ambiguities` prints (coverage's knob
// items) is 1-minimal. Checked here from the outside: with any one man but the kings taken off
// the witness (with the castling or en-passant right he takes along), the knob's alternatives
// no longer part on the witness's step - their outcomes agree (an en-passant square no pawn can
// use aside), or some alternative cannot read the position, or none plays the step.
#include <gtest/gtest.h>

#include "rules/core/knob_spec.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/table_loader.hpp"
#include "solver/analysis/coverage.hpp"
#include "solver/analysis/step_cases.hpp"
#include "solver/core/witness_minimize.hpp"

namespace arbiter::solver {
namespace {

/// Whether the alternatives of `knob` part on `moves` from `fen`.
bool parts(const std::string& table, const KnobDef& knob, const std::string& fen,
           const std::string& moves) {
  std::vector<std::string> outcomes;
  bool played = false;
  try {
    for (const std::string& alt : knob.alternatives) {
      const VariantPtr v = load_variant(table, {{knob.name, alt}});
      const StepCase c = replay_step(v, fen, moves);
      played = played || c.outcome.rfind("refused", 0) != 0;
      // The position after, without an en-passant square no pawn can use.
      outcomes.push_back(c.after_fen.empty() ? c.outcome
                                             : without_idle_en_passant(*v, c.after_fen) + " " +
                                                   c.outcome.substr(c.outcome.find(c.after_fen) +
                                                                    c.after_fen.size()));
    }
  } catch (const std::exception&) {
    return false;
  }
  for (const std::string& out : outcomes)
    if (out != outcomes.front()) return played;
  return false;
}

class CoverageMinimalSlow : public ::testing::TestWithParam<std::string> {};

TEST_P(CoverageMinimalSlow, EveryKnobWitnessLosesItsDivergenceWithAnyOneManTakenOff) {
  const std::string table = GetParam();
  const VariantPtr v = load_variant(table);
  CoverageOptions o;
  o.clauses = false;  // the knob items, as `arbiter ambiguities` runs them
  const CoverageReport r = coverage(table, o);
  int witnesses = 0;
  for (const CoverageItem& i : r.items) {
    if (i.kind != "knob" || !i.witness) continue;
    const CoverageWitness& w = *i.witness;
    const KnobDef& knob = *v->table().knob(split_knob_setting(i.name).value().first);
    EXPECT_GE(w.men_removed, 0) << i.name;
    ASSERT_TRUE(parts(table, knob, w.fen, w.moves)) << i.name << " " << w.fen;
    for (const std::vector<std::string>& tries : fens_without_one_man(*v, w.fen))
      for (const std::string& smaller : tries)
        EXPECT_FALSE(parts(table, knob, smaller, w.moves)) << i.name << ": " << smaller;
    ++witnesses;
  }
  EXPECT_GT(witnesses, 0);
}

INSTANTIATE_TEST_SUITE_P(Tables, CoverageMinimalSlow,
                         ::testing::Values("conversion", "conditional", "diplomacy",
                                           "move-neutral"));

}  // namespace
}  // namespace arbiter::solver
