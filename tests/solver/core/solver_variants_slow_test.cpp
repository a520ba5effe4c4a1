// The slower scenario searches of the protocol variants (seconds each): an engine-confirmed
// witness within a deterministic Z3 budget.
#include <gtest/gtest.h>

#include "rules/simultaneous/move_neutral/move_neutral.hpp"
#include "solver/core/scenarios.hpp"
#include "solver/core/witness_search.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

TEST(SolverVariantsSlow, MoveNeutralBothMated) {
  const Scenario* s = find_scenario("move-neutral", "both-mated");
  ASSERT_NE(s, nullptr);
  SearchOptions o;
  o.max_pieces = 6;
  o.limits = SolverLimits{0, 0, 200'000'000};
  o.max_rounds = 300;
  const SearchResult r = find_witnesses(*s, test::bundled_variant("move-neutral"), o);
  ASSERT_EQ(r.status, "sat") << r.rounds;
  const Witness& w = r.witnesses[0];
  ASSERT_EQ(w.moves.size(), 2U);
  const VariantPtr& v = test::bundled_variant("move-neutral");
  const SimState before = parse_sim_fen(v, w.fen);
  const MoveNeutralResolution res = resolve_move_neutral(before, w.moves[0], w.moves[1]);
  EXPECT_EQ(move_neutral_status(res.after).reason, "both mated");
}

}  // namespace
}  // namespace arbiter::solver
