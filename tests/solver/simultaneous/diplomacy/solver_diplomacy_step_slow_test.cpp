// The exact Diplomacy scenarios (solver/simultaneous/diplomacy/scenarios_diplomacy.cpp, through
// solver/simultaneous/diplomacy/diplomacy_step.*) on concrete boards: the formula, built over
// BoardEncoding::of_position and simplified, holds exactly when the engine's judge finds a pair of
// the scenario's family showing the clause.
#include <gtest/gtest.h>

#include <random>

#include "rules/simultaneous/diplomacy/diplomacy.hpp"
#include "solver/core/attack_encoding.hpp"
#include "solver/core/scenarios.hpp"
#include "tests/support/diplomacy_play.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

/// Positions of seeded random Diplomacy play from a few open starts.
std::vector<SimState> positions(const VariantPtr& v, unsigned seed, int games, int turns) {
  std::mt19937 rng(seed);
  const std::vector<std::string> starts = {
      "r1bqkb1r/8/2n2n2/8/8/2N2N2/8/R1BQKB1R w KQkq - 0 1",
      "4k3/2p3b1/R2n4/8/b7/3P1Q2/R7/7K w - - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"};
  ResolveOptions quick;
  quick.trace = false;
  std::vector<SimState> out;
  for (int g = 0; g < games; ++g) {
    SimState s = parse_sim_fen(v, starts[static_cast<std::size_t>(g) % starts.size()]);
    for (int t = 0; t < turns; ++t) {
      out.push_back(s);
      const std::vector<Move> w = test::submissions(s, kWhite), b = test::submissions(s, kBlack);
      if (w.empty() || b.empty()) break;
      // Black's pick first, then White's: as two arguments of one call the picks were unsequenced,
      // and g++ (whose order the counts below were tuned to) made Black's first, clang White's.
      const Move bm = b[rng() % b.size()];
      const Move wm = w[rng() % w.size()];
      SimState next = resolve_diplomacy(s, wm, bm, quick).after;
      if (diplomacy_status(next).over) break;
      s = std::move(next);
    }
  }
  return out;
}

TEST(SolverDiplomacyStepSlow, ExactScenarioFormulasAgreeWithTheJudgeOnConcreteBoards) {
  const VariantPtr& v = test::bundled_variant("diplomacy");
  z3::context ctx;
  const BoardEncoding symbolic(ctx, v);
  int held[3] = {0, 0, 0}, checked = 0;
  const char* names[3] = {"equal-rank-bounce", "higher-rank-captures", "meet-in-transit"};
  for (const SimState& s : positions(v, 5, 6, 6)) {
    SimState plain{s.pos};  // the judge reads a position: no en-passant rights
    const BoardEncoding board = BoardEncoding::of_position(symbolic, plain.pos);
    const AttackEncoding attacks(board);
    const ScenarioContext sc{board, attacks, kWhite};
    for (int i = 0; i < 3; ++i) {
      const Scenario* scenario = find_scenario("diplomacy", names[i]);
      ASSERT_NE(scenario, nullptr);
      const z3::expr f = scenario->formula(sc).simplify();
      ASSERT_TRUE(f.is_true() || f.is_false()) << names[i];
      const bool engine = scenario->engine(plain.pos).holds;
      EXPECT_EQ(f.is_true(), engine) << names[i] << ' ' << to_sim_fen(plain);
      held[i] += engine;
      ++checked;
    }
  }
  EXPECT_GE(checked, 90);
  for (int i = 0; i < 3; ++i) EXPECT_GT(held[i], 0) << names[i] << " never holds in the sample";
}

}  // namespace
}  // namespace arbiter::solver
