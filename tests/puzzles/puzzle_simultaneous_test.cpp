// The simultaneous tables' problem tasks (Diplomacy Chess, Move-Neutral Chess): "a move that
// wins material whatever the opponent submits" and "both kings mated in the same turn".
// Material witnesses are searched among random placements with fixed seeds, the double mate
// is a composed position; every answer is re-checked through the resolver's validated,
// traced path (resolve_traced) and status.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "puzzles/random_placement.hpp"
#include "puzzles/simultaneous_tasks.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

/// True when every reply of the opponent leaves it with more pieces lost than `side`, by the
/// traced resolution.
bool wins_against_every_reply(const SimRules& rules, const SimState& s, Color side, Move m) {
  MoveList replies;
  rules.submissions(s, ~side, replies);
  for (Move r : replies) {
    const SimTurnOutcome o =
        side == kWhite ? rules.resolve_traced(s, m, r) : rules.resolve_traced(s, r, m);
    const int own = piece_count(s, side) - piece_count(o.after, side);
    const int other = piece_count(s, ~side) - piece_count(o.after, ~side);
    if (other <= own) return false;
  }
  return !replies.empty();
}

void check_material_task(const std::string& table, std::uint64_t seed) {
  const VariantPtr& v = test::bundled_variant(table);
  const auto rules = sim_rules_for(v);
  std::mt19937_64 rng(seed);
  int witnesses = 0, checked = 0;
  for (int i = 0; i < 400 && witnesses < 3; ++i) {
    const std::optional<Position> pos = random_placement(v, rng, {4, 3, kWhite});
    if (!pos) continue;
    const SimState s{*pos};
    ++checked;
    const std::vector<Move> wins = material_winning_moves(*rules, s, kWhite);
    MoveList all;
    rules->submissions(s, kWhite, all);
    for (Move m : all) {
      const bool listed = std::find(wins.begin(), wins.end(), m) != wins.end();
      EXPECT_EQ(listed, wins_against_every_reply(*rules, s, kWhite, m)) << to_sim_fen(s);
    }
    if (!wins.empty()) ++witnesses;
  }
  EXPECT_GT(witnesses, 0) << table << ": no witness among " << checked << " positions";
}

TEST(PuzzleSimultaneous, MaterialWinningMovesOfDiplomacyAgreeWithTheTracedResolver) {
  check_material_task("diplomacy", 101);
}

TEST(PuzzleSimultaneous, MaterialWinningMovesOfMoveNeutralAgreeWithTheTracedResolver) {
  check_material_task("move-neutral", 102);
}

/// Both queens mate at once: 1.Qg8 (guarded by the knight on e7) and 1...Qg1 (guarded by
/// the knight on e2); neither move disturbs the other.
constexpr const char* kBothMated = "7k/q3N1pp/8/8/8/8/Q3n1PP/7K w - - 0 1";

void check_both_mated(const std::string& table) {
  const VariantPtr& v = test::bundled_variant(table);
  const auto rules = sim_rules_for(v);
  const SimState s = parse_sim_fen(v, kBothMated);
  ASSERT_FALSE(rules->status(s).over);
  const auto pairs = both_mated_pairs(*rules, s);
  bool queens = false;
  for (const auto& [w, b] : pairs) {
    const SimTurnOutcome o = rules->resolve_traced(s, w, b);
    EXPECT_EQ(rules->status(o.after).reason, "both mated");
    queens |= w == test::submission(s, kWhite, "a2g8") && b == test::submission(s, kBlack, "a7g1");
  }
  EXPECT_TRUE(queens) << table;
  // Every pair not listed does not mate both (checked for all pairs, by the traced path).
  MoveList white, black;
  rules->submissions(s, kWhite, white);
  rules->submissions(s, kBlack, black);
  std::size_t both = 0;
  for (Move w : white)
    for (Move b : black)
      if (rules->status(rules->resolve_traced(s, w, b).after).reason == "both mated") ++both;
  EXPECT_EQ(both, pairs.size());
}

TEST(PuzzleSimultaneous, BothKingsMatedInOneTurnDiplomacy) {
  check_both_mated("diplomacy");
}

TEST(PuzzleSimultaneous, BothKingsMatedInOneTurnMoveNeutral) {
  check_both_mated("move-neutral");
}

}  // namespace
}  // namespace arbiter::puzzles
