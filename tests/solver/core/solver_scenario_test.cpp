// Scenario searches with a deterministic Z3 budget (rlimit): witnesses are found, replayed by
// the engine, distinct, and the same seed gives the same witness.
#include <gtest/gtest.h>

#include <set>

#include "rules/core/fen.hpp"
#include "solver/core/scenarios.hpp"
#include "solver/core/witness_search.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

SearchOptions small(int pieces, int count = 1, unsigned seed = 0) {
  SearchOptions o;
  o.max_pieces = pieces;
  o.count = count;
  o.limits = SolverLimits{seed, 0, 50'000'000};
  o.max_rounds = 300;
  return o;
}

SearchResult search(const std::string& variant, const std::string& name, const SearchOptions& o) {
  const Scenario* s = find_scenario(variant, name);
  EXPECT_NE(s, nullptr) << name;
  return find_witnesses(*s, test::bundled_variant(variant), o);
}

TEST(SolverScenario, CatalogHasFivePerVariantWithUniqueNames) {
  int orthodox = 0, conversion = 0;
  std::set<std::string> names;
  for (const Scenario& s : scenario_catalog()) {
    EXPECT_TRUE(names.insert(s.name).second) << s.name;
    EXPECT_EQ(s.name.rfind(s.variant + "/", 0), 0U) << s.name;
    EXPECT_FALSE(s.description.empty());
    orthodox += s.variant == "orthodox";
    conversion += s.variant == "conversion";
  }
  EXPECT_GE(orthodox, 5);
  EXPECT_GE(conversion, 5);
}

TEST(SolverScenario, DoubleCheckWitnessesAreDistinctAndReplayed) {
  const SearchResult r = search("orthodox", "double-check", small(6, 3));
  ASSERT_EQ(r.status, "sat");
  ASSERT_EQ(r.witnesses.size(), 3U);
  std::set<std::string> fens;
  for (const Witness& w : r.witnesses) {
    const Position pos = parse_fen(test::orthodox(), to_fen(w.position));
    EXPECT_GE(popcount(pos.attackers(pos.king_square(kWhite), kBlack, pos.occupied())), 2);
    EXPECT_LE(popcount(pos.occupied()), 6);
    fens.insert(to_fen(w.position));
  }
  EXPECT_EQ(fens.size(), 3U);
}

TEST(SolverScenario, SameSeedSameWitness) {
  const SearchResult a = search("orthodox", "check", small(5, 1, 11));
  const SearchResult b = search("orthodox", "check", small(5, 1, 11));
  ASSERT_EQ(a.witnesses.size(), 1U);
  ASSERT_EQ(b.witnesses.size(), 1U);
  EXPECT_EQ(to_fen(a.witnesses[0].position), to_fen(b.witnesses[0].position));
}

TEST(SolverScenario, EveryPipelineFindsWitnessesTheEngineConfirms) {
  // The search builds its solver with the scenario's pipeline: each of them, on a copy of one
  // scenario, finds distinct witnesses (blocking each board found between checks).
  const Scenario* declared = find_scenario("orthodox", "double-check");
  ASSERT_NE(declared, nullptr);
  for (const SolverPipeline pipeline :
       {SolverPipeline::kIncremental, SolverPipeline::kIncrementalLateInprocessing,
        SolverPipeline::kLean}) {
    Scenario s = *declared;
    s.pipeline = pipeline;
    const SearchResult r = find_witnesses(s, test::orthodox(), small(6, 2));
    ASSERT_EQ(r.status, "sat") << static_cast<int>(pipeline);
    ASSERT_EQ(r.witnesses.size(), 2U);
    EXPECT_NE(to_fen(r.witnesses[0].position), to_fen(r.witnesses[1].position));
    for (const Witness& w : r.witnesses)
      EXPECT_TRUE(s.engine(parse_fen(test::orthodox(), to_fen(w.position))).holds);
  }
}

TEST(SolverScenario, CegisSearchesKeepAnIncrementalSolver) {
  // The lean pipeline preprocesses every assertion again at each check: a search that learns
  // lemmas round after round keeps an incremental solver (docs/solver.md, "Speed").
  for (const Scenario& s : scenario_catalog())
    if (s.kind == FormulaKind::kNecessary) {
      EXPECT_NE(s.pipeline, SolverPipeline::kLean) << s.name;
    }
}

TEST(SolverScenario, BlackToMoveIsRespected) {
  SearchOptions o = small(4);
  o.side = kBlack;
  const SearchResult r = search("orthodox", "check", o);
  ASSERT_EQ(r.witnesses.size(), 1U);
  EXPECT_EQ(r.witnesses[0].position.side_to_move(), kBlack);
  EXPECT_TRUE(r.witnesses[0].position.in_check());
}

TEST(SolverScenario, StalemateByCegis) {
  const SearchResult r = search("orthodox", "stalemate", small(4));
  ASSERT_EQ(r.status, "sat") << r.rounds;
  EXPECT_FALSE(r.witnesses[0].position.in_check());
}

TEST(SolverScenario, CheckmateByCegis) {
  const SearchResult r = search("orthodox", "checkmate", small(4));
  ASSERT_EQ(r.status, "sat") << r.rounds;
  EXPECT_TRUE(r.witnesses[0].position.in_check());
}

TEST(SolverScenario, TwoBareKingsCannotGiveCheck) {
  const SearchResult r = search("orthodox", "check", small(2));
  EXPECT_EQ(r.status, "unsat");
  EXPECT_TRUE(r.witnesses.empty());
}

TEST(SolverScenario, ExhaustedBudgetIsUnknownNotUnsat) {
  SearchOptions o = small(8);
  o.limits.rlimit = 1;
  const SearchResult r = search("orthodox", "double-check", o);
  EXPECT_EQ(r.status.rfind("unknown", 0), 0U) << r.status;
}

TEST(SolverScenario, CastlingThroughAttack) {
  const SearchResult r = search("orthodox", "castling-through-attack", small(5));
  ASSERT_EQ(r.status, "sat");
}

TEST(SolverScenario, ConversionCheckWithoutAttack) {
  const SearchResult r = search("conversion", "conversion-check", small(6));
  ASSERT_EQ(r.status, "sat");
  const Position& pos = r.witnesses[0].position;
  EXPECT_TRUE(pos.in_check());
  EXPECT_FALSE(pos.attacked(pos.king_square(kWhite), kBlack));
}

TEST(SolverScenario, ConversionCastlingThreatCheck) {
  const SearchResult r = search("conversion", "castling-threat-check", small(6));
  ASSERT_EQ(r.status, "sat");
}

TEST(SolverScenario, ConversionGivesCheck) {
  const SearchResult r = search("conversion", "conversion-gives-check", small(6));
  ASSERT_EQ(r.status, "sat") << r.rounds;
  ASSERT_EQ(r.witnesses[0].moves.size(), 1U);
}

TEST(SolverScenario, CastleIntoCheckSavedByConversion) {
  const SearchResult r = search("conversion", "castle-into-check-saved-by-conversion", small(7));
  ASSERT_EQ(r.status, "sat") << r.rounds;
}

}  // namespace
}  // namespace arbiter::solver
