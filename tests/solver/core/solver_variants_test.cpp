// Scenarios of the variants with their own protocol (Conditional, Diplomacy, Move-Neutral):
// each search, with a deterministic Z3 budget, finds a witness that the variant's engine
// confirmed, written in the variant's own FEN with the moves and the engine's account.
#include <gtest/gtest.h>

#include "rules/conditional/conditional_game.hpp"
#include "rules/simultaneous/move_neutral/move_neutral.hpp"
#include "rules/simultaneous/simultaneous.hpp"
#include "solver/core/scenarios.hpp"
#include "solver/core/witness_search.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

SearchOptions variants_small(int pieces) {
  SearchOptions o;
  o.max_pieces = pieces;
  o.limits = SolverLimits{0, 0, 200'000'000};
  o.max_rounds = 300;
  return o;
}

Witness witness_of(const std::string& variant, const std::string& name, int pieces = 6) {
  const Scenario* s = find_scenario(variant, name);
  EXPECT_NE(s, nullptr) << name;
  const Witness none(Position(test::bundled_variant(variant)), {}, "");
  if (s == nullptr) return none;
  const SearchResult r = find_witnesses(*s, test::bundled_variant(variant), variants_small(pieces));
  EXPECT_EQ(r.status, "sat") << name << " after " << r.rounds << " proposals";
  if (r.witnesses.empty()) return none;
  return r.witnesses[0];
}

/// The witness's FEN reads back in the simultaneous format, the moves are named, the trace
/// has the clause.
void expect_sim_witness(const std::string& variant, const Witness& w, const std::string& clause) {
  ASSERT_FALSE(w.fen.empty());
  EXPECT_NO_THROW(parse_sim_fen(test::bundled_variant(variant), w.fen)) << w.fen;
  EXPECT_EQ(w.moves.size(), 2U);
  EXPECT_NE(w.moves_text.find("white "), std::string::npos) << w.moves_text;
  bool found = clause.empty();
  for (const std::string& line : w.trace) found = found || line.rfind(clause + " ", 0) == 0;
  EXPECT_TRUE(found) << clause << " not in the trace of " << w.fen;
}

void expect_conditional_witness(const Witness& w) {
  ASSERT_FALSE(w.fen.empty());
  EXPECT_NO_THROW(parse_conditional_fen(test::bundled_variant("conditional"), w.fen)) << w.fen;
  EXPECT_FALSE(w.trace.empty());
  EXPECT_FALSE(w.moves_text.empty());
}

TEST(SolverVariants, CatalogHasFivePerProtocolVariant) {
  int conditional = 0, diplomacy = 0, move_neutral = 0;
  for (const Scenario& s : scenario_catalog()) {
    conditional += s.variant == "conditional";
    diplomacy += s.variant == "diplomacy";
    move_neutral += s.variant == "move-neutral";
  }
  EXPECT_GE(conditional, 5);
  EXPECT_GE(diplomacy, 5);
  EXPECT_GE(move_neutral, 5);
}

TEST(SolverVariants, DiplomacyEqualRankBounce) {
  const Witness w = witness_of("diplomacy", "equal-rank-bounce");
  expect_sim_witness("diplomacy", w, "same-destination");
  EXPECT_NE(w.what.find("not executed/not executed"), std::string::npos) << w.what;
}

TEST(SolverVariants, DiplomacyHigherRankCaptures) {
  const Witness w = witness_of("diplomacy", "higher-rank-captures");
  expect_sim_witness("diplomacy", w, "same-destination");
  EXPECT_NE(w.what.find("captured"), std::string::npos) << w.what;
}

TEST(SolverVariants, DiplomacyMeetInTransit) {
  expect_sim_witness("diplomacy", witness_of("diplomacy", "meet-in-transit"), "meet-in-transit");
}

TEST(SolverVariants, DiplomacyObstacleArrivesFirst) {
  expect_sim_witness("diplomacy", witness_of("diplomacy", "obstacle-arrives-first"), "obstacle");
}

TEST(SolverVariants, DiplomacyKingSquareBecomesAttacked) {
  expect_sim_witness("diplomacy", witness_of("diplomacy", "king-square-becomes-attacked"),
                     "king-safety");
}

TEST(SolverVariants, MoveNeutralTradePlaces) {
  expect_sim_witness("move-neutral", witness_of("move-neutral", "trade-places"), "trade-places");
}

TEST(SolverVariants, MoveNeutralSharedSquare) {
  expect_sim_witness("move-neutral", witness_of("move-neutral", "shared-square"), "shared-square");
}

TEST(SolverVariants, MoveNeutralCaptureOfDeparted) {
  expect_sim_witness("move-neutral", witness_of("move-neutral", "target-left"), "target-left");
}

TEST(SolverVariants, MoveNeutralBothKingsInCheck) {
  const Witness w = witness_of("move-neutral", "both-kings-in-check");
  expect_sim_witness("move-neutral", w, "");
  EXPECT_NE(w.what.find("both kings are in check"), std::string::npos) << w.what;
  // Replayed through the resolver: both moves stand and each king is in check after them.
  ASSERT_EQ(w.moves.size(), 2U);
  const SimState s = parse_sim_fen(test::bundled_variant("move-neutral"), w.fen);
  const MoveNeutralResolution r = resolve_move_neutral(s, w.moves[0], w.moves[1]);
  EXPECT_TRUE(r.executed[kWhite] && r.executed[kBlack]) << w.fen << ' ' << w.moves_text;
  EXPECT_TRUE(r.after.pos.king_in_check(kWhite)) << to_sim_fen(r.after);
  EXPECT_TRUE(r.after.pos.king_in_check(kBlack)) << to_sim_fen(r.after);
}

TEST(SolverVariants, ConditionalCMoveIllegalAfterB) {
  const Witness w = witness_of("conditional", "c-move-illegal-after-b");
  expect_conditional_witness(w);
  EXPECT_NE(w.trace.back().find("phase"), std::string::npos);
}

/// The witness's turn tail replayed by the turn machine: its FEN (phase B, the C-move stated),
/// the B-move (which must give check), and the decision on the C-move.
CDecision replay_b_check(const Witness& w, ConditionalState& after_b) {
  EXPECT_EQ(w.moves.size(), 1U);
  if (w.moves.size() != 1) return {};
  after_b = parse_conditional_fen(test::bundled_variant("conditional"), w.fen);
  EXPECT_EQ(after_b.phase, Phase::kB) << w.fen;
  EXPECT_TRUE(after_b.pending.has_value()) << w.fen;
  if (!after_b.pending) return {};
  const ConditionalMove stated = *after_b.pending;
  play(after_b, w.moves[0]);
  EXPECT_TRUE(after_b.pos.in_check()) << w.fen << ": the B-move gives no check";
  return decide_c(after_b, stated);
}

TEST(SolverVariants, ConditionalBCheckCancelledByC) {
  const Witness w = witness_of("conditional", "b-check-cancelled-by-c");
  expect_conditional_witness(w);
  EXPECT_NE(w.what.find("cancelled by the C-move"), std::string::npos) << w.what;
  ConditionalState s = conditional_start(test::bundled_variant("conditional"));
  const CDecision d = replay_b_check(w, s);
  ASSERT_EQ(d.kind, CDecision::Kind::kExecute) << w.fen << ": " << d.reason;
  const Color stater = s.pos.side_to_move();
  apply_c(s, CStep{false, d.move});
  EXPECT_FALSE(s.pos.king_in_check(stater)) << to_conditional_fen(s);
}

TEST(SolverVariants, ConditionalBCheckNotCancelled) {
  const Witness w = witness_of("conditional", "b-check-not-cancelled");
  expect_conditional_witness(w);
  EXPECT_NE(w.what.find("the C-move does not execute"), std::string::npos) << w.what;
  ConditionalState s = conditional_start(test::bundled_variant("conditional"));
  const CDecision d = replay_b_check(w, s);
  EXPECT_NE(d.kind, CDecision::Kind::kExecute) << w.fen;
}

TEST(SolverVariants, ConditionalAMoveCheckMustMate) {
  const Witness w = witness_of("conditional", "a-move-check-must-mate");
  expect_conditional_witness(w);
  ASSERT_EQ(w.moves.size(), 2U);
}

TEST(SolverVariants, ConditionalForcedNonMatingCheck) {
  const Witness w = witness_of("conditional", "forced-non-mating-check");
  expect_conditional_witness(w);
  EXPECT_FALSE(w.moves.empty());
  EXPECT_NE(w.what.find("1/2-1/2"), std::string::npos) << w.what;
}

}  // namespace
}  // namespace arbiter::solver
