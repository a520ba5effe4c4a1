// The knob relevance conditions (solver/analysis/knob_relevance.hpp) are necessary: on random valid
// positions where a knob's condition is false, every step (under each alternative, replayed under
// the others) has the same outcome under every alternative. That is what lets an unsat answer
// stand for "no difference up to N pieces". Checked on the bundled tables (where the condition is
// false only on some positions) and on tables that lack what the knobs read
// (tests/data/tables/quiet_knobs, where it is always false). The seed is fixed by ctest.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <map>
#include <string>
#include <vector>

#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/simultaneous/simultaneous.hpp"
#include "solver/analysis/corpus.hpp"
#include "solver/analysis/coverage_probes.hpp"
#include "solver/analysis/knob_relevance.hpp"
#include "solver/analysis/step_cases.hpp"
#include "tests/support/rc_generators.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::test {
namespace {

struct KnobUnderTest {
  std::string name;
  solver::KnobRelevance relevance;
  std::vector<std::pair<std::string, VariantPtr>> settings;  ///< (alternative, table under it)
};

/// The first step from `fen` whose outcome differs between two alternatives, described; empty
/// when every step agrees.
std::string first_difference(const KnobUnderTest& k, const std::string& fen) {
  std::string found;
  for (const auto& setting : k.settings) {
    // Named, not a structured binding: clang 14 cannot capture bindings in a lambda.
    const std::string& alt = setting.first;
    try {
      solver::for_each_step(setting.second, fen, [&](const solver::StepCase& c) {
        for (const auto& [other, vb] : k.settings) {
          if (other == alt) continue;
          const std::string out = solver::replay_step(vb, c.fen, c.moves).outcome;
          if (out != c.outcome) {
            found = fmt::format("{} {}: {}={} gives '{}', {}={} gives '{}'", c.fen, c.moves, k.name,
                                alt, c.outcome, k.name, other, out);
            return false;
          }
        }
        return true;
      });
    } catch (const FenError&) {
      continue;  // a position this setting's FEN reader refuses (as the coverage sweep does)
    }
    if (!found.empty()) break;
  }
  return found;
}

/// The knobs of `table` that have a relevance condition, each with its alternatives compiled.
std::vector<KnobUnderTest> knobs_under_test(const VariantPtr& v, const std::string& table) {
  std::vector<KnobUnderTest> knobs;
  for (const KnobDef& k : v->table().knobs) {
    std::optional<solver::KnobRelevance> rel = solver::knob_relevance(*v, k.name);
    if (!rel) continue;
    KnobUnderTest u{k.name, std::move(*rel), {}};
    for (const std::string& alt : k.alternatives)
      u.settings.emplace_back(alt, load_variant(table, {{k.name, alt}}));
    knobs.push_back(std::move(u));
  }
  EXPECT_FALSE(knobs.empty()) << table;
  return knobs;
}

/// The condition of `k` on the board of `pos`, evaluated by simplification.
bool condition_holds(const KnobUnderTest& k, const solver::BoardEncoding& symbolic,
                     const Position& pos) {
  const solver::BoardEncoding board = solver::BoardEncoding::of_position(symbolic, pos);
  const z3::expr holds = k.relevance.holds(board).simplify();
  EXPECT_TRUE(holds.is_true() || holds.is_false()) << to_fen(pos);
  return holds.is_true();
}

/// Checks the knobs of `table` that have a relevance condition; returns how many (position,
/// knob) cases had the condition false (and so were compared step by step).
int relevance_check_table(const std::string& table) {
  const VariantPtr v = load_variant(table);
  const std::vector<KnobUnderTest> knobs = knobs_under_test(v, table);
  int compared = 0;
  const bool ok = rc::check(table + ": where a knob's condition is false, it decides nothing", [&] {
    const Position pos = *gen_position(v, {}, 30);
    // The board encoding holds one piece per square: Move-Neutral's shared squares lie outside
    // the domain the proof speaks of.
    RC_PRE((pos.pieces(kWhite) & pos.pieces(kBlack)) == 0);
    const std::string fen = solver::probe_fen(pos);
    z3::context ctx;
    const solver::BoardEncoding symbolic(ctx, v);
    for (const KnobUnderTest& k : knobs) {
      if (condition_holds(k, symbolic, pos)) continue;
      ++compared;
      RC_TAG(k.name);
      const std::string diff = first_difference(k, fen);
      if (!diff.empty()) RC_FAIL("the condition '" + k.relevance.needs + "' is false, yet " + diff);
    }
  });
  EXPECT_TRUE(ok) << table;
  return compared;
}

std::string quiet_table(const std::string& file) {
  return data_path("tables/quiet_knobs/" + file + ".toml");
}

/// The position a table's own FEN stands for (the board the conditions read).
Position position_of(const VariantPtr& v, const std::string& fen) {
  return v->table().protocol == Protocol::kSimultaneous ? parse_sim_fen(v, fen).pos
                                                        : parse_fen(v, fen);
}

// Random positions seldom make a knob decide. The bundled coverage corpora hold a witness for
// every knob alternative, and the sweep positions many near misses: where a condition is
// false on one of them, the knob must decide nothing there either.
TEST(KnobRelevanceSlow, ConditionsHoldWhereverTheKnobsDecide) {
  for (const std::string table : {"conversion", "diplomacy", "move-neutral"}) {
    const VariantPtr v = load_variant(table);
    const std::vector<KnobUnderTest> knobs = knobs_under_test(v, table);
    std::vector<std::string> fens =
        solver::corpus_positions(data_path("coverage/" + table + ".toml"));
    for (std::string& f : solver::sweep_positions(v, 60, 16, 0)) fens.push_back(std::move(f));
    z3::context ctx;
    const solver::BoardEncoding symbolic(ctx, v);
    int decided = 0;
    for (const std::string& fen : fens) {
      const Position pos = position_of(v, fen);
      if (pos.pieces(kWhite) & pos.pieces(kBlack)) continue;  // a shared square: outside the domain
      for (const KnobUnderTest& k : knobs) {
        const bool holds = condition_holds(k, symbolic, pos);
        const std::string diff = first_difference(k, fen);
        if (!diff.empty()) ++decided;
        EXPECT_TRUE(holds || diff.empty())
            << "the condition '" << k.relevance.needs << "' is false, yet " << diff;
      }
    }
    EXPECT_GE(decided, static_cast<int>(knobs.size())) << table << ": too few deciding positions";
  }
}

TEST(KnobRelevanceSlow, ConversionConditionsAreNecessary) {
  EXPECT_GT(relevance_check_table("conversion"), 0);
}

TEST(KnobRelevanceSlow, DiplomacyConditionIsNecessary) {
  EXPECT_GT(relevance_check_table("diplomacy"), 0);
}

TEST(KnobRelevanceSlow, MoveNeutralConditionsAreNecessary) {
  EXPECT_GT(relevance_check_table("move-neutral"), 0);
}

TEST(KnobRelevanceSlow, QuietTablesDecideNothingByTheirQuietKnobs) {
  for (const std::string file : {"conversion_no_castling", "conversion_single_step",
                                 "diplomacy_no_knights_no_pawns", "move_neutral_plain"})
    EXPECT_GT(relevance_check_table(quiet_table(file)), 0) << file;
}

}  // namespace
}  // namespace arbiter::test
