// Conditional Chess perft (rules/conditional_perft.hpp) against the independent reference of
// tests/support/conditional_reference.cpp, depths 1-4, on hand-built positions under the
// default knobs and under every knob alternative; plus hand-counted values and the end-of-game
// statuses that the counts cannot show. Deeper cross-checks: conditional_perft_slow_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/conditional_perft.hpp"
#include "tests/support/conditional_reference.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

struct Case {
  const char* name;
  const char* fen;  ///< extended FEN; '+' phases parse only under a-move-mate=end-of-turn
};

// Each position, and why it is here.
const Case kCases[] = {
    // The setup: White's A-move (six fields mean phase A).
    {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    // Kiwipete, Black to move in phase B (White just made its A-move and stated a C-move
    // that is not known here): every legal move of Black is a B-move.
    {"kiwipete_b", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1 B -"},
    // Kiwipete, White's C-move due with a stated conditional in the FEN (perft ignores it and
    // counts every legal move plus a skip). White can castle and capture, Black has a pawn on
    // h3 that attacks g2: many move kinds in the C ply.
    {"kiwipete_c",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 C Pb4?Na4/Nb1"},
    // Black's B-move ...Bb4+ checks White (c3 and d2 empty). White's C-move executes only if it
    // is legal (then it cancels the check: c3, d2 blocks or a king move); else it is skipped
    // and White plays an A-move (restart-turn) or any move in its place (replace-c-move).
    {"c_after_b_check", "r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 1 C -"},
    // Italian game, White's A-move: Bxf7+ is a check that does not mate (the king takes), so
    // it is no A-move under a-move-mate=immediate; under end-of-turn it is, owing mate.
    {"a_with_checks", "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 1"},
    // White's only legal move d7+ checks without mating (Ka1 is boxed in by Rb8 and its own
    // a2 pawn, blocked by a3): a forced non-mating A-move check, the game ends (rule 2.1);
    // under end-of-turn d7+ is played and the C-move would have to mate.
    {"forced_a_check", "1r2k3/8/3P4/8/8/p7/P7/K7 w - - 0 1"},
    // White's C-move is due and White has no legal move and is not in check (Qb3 covers a2,
    // b1, b2): skipped (no-legal-c-move=skip, Black's A-move follows) or stalemate.
    {"stalemate_at_c", "4k3/8/8/8/8/1q6/8/K7 w - - 0 1 C -"},
    // Black's B-move ...d5 checks Ke4 with a double step: White's C-move exd6 (en passant)
    // cancels the check; after a skip White's A-move may still take en passant.
    {"b_check_by_double_step", "4k3/3p4/8/4P3/4K3/8/8/8 b - - 0 1 B -"},
    // Black's C-move is due under the check of White's B-move Rd8+: Kxd8, Nxd8 and Ke7 cancel
    // it; any other statement is skipped and Black plays its own A-move (restart-turn).
    {"black_c_under_check", "3Rk3/ppp2ppp/2n5/8/8/8/PPP2PPP/6K1 b - - 0 1 C -"},
    // Phase B+, knob end-of-turn: White's A-move Rd8+ owes mate by the end of the turn. Black's
    // only B-move is Rxd8 and White's C-move Rxd8 mates: one line of three plies.
    {"b_plus_owed_mate", "r2R2k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1 B+ -"},
    // Phase C+, knob end-of-turn: White's C-move must mate; of the rook's moves only Ra8 does.
    {"c_plus_owed_mate", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 C+ -"},
};

/// Each knob alternative that can change a count or a status, one at a time.
const KnobSettings kKnobSets[] = {
    {},
    {{"a-move-mate", "end-of-turn"}},
    {{"b-move-check", "replace-c-move"}},
    {{"illegal-c-move", "opponent-moves"}},
    {{"no-legal-c-move", "stalemate"}},
    {{"forced-a-move-check", "loss"}},
    {{"c-move-resolution", "statement"}},
    {{"illegal-c-move", "opponent-moves"}, {"b-move-check", "replace-c-move"}},
};

std::string knob_label(const KnobSettings& k) {
  std::string out;
  for (const auto& [name, alt] : k) out += (out.empty() ? "" : ",") + name + "=" + alt;
  return out.empty() ? "defaults" : out;
}

bool owes_mate(const char* fen) {
  return std::string(fen).find('+') != std::string::npos;
}

/// Where the two divides differ, for a failure message.
std::string divide_difference(const ConditionalState& s, const test::RefConditionalNode& n,
                              int depth) {
  auto mine = conditional_perft_divide(s, depth);
  std::vector<std::pair<std::string, std::uint64_t>> engine;
  for (const auto& e : mine) engine.emplace_back(e.ply, e.nodes);
  std::sort(engine.begin(), engine.end());
  const auto ref = test::ref_conditional_divide(n, depth);
  std::string out;
  for (const auto& e : engine)
    if (std::find(ref.begin(), ref.end(), e) == ref.end())
      out += " engine " + e.first + ":" + std::to_string(e.second);
  for (const auto& r : ref)
    if (std::find(engine.begin(), engine.end(), r) == engine.end())
      out += " reference " + r.first + ":" + std::to_string(r.second);
  return out;
}

TEST(ConditionalPerft, MatchesReferenceDepths1To4UnderEveryKnob) {
  constexpr std::uint64_t kBudget = 150'000;  // keeps the naive reference fast
  int compared = 0;
  for (const KnobSettings& knobs : kKnobSets) {
    const VariantPtr& v = test::bundled_variant("conditional", knobs);
    const bool end_of_turn = knobs.contains("a-move-mate");
    for (const Case& c : kCases) {
      if (owes_mate(c.fen) && !end_of_turn) continue;
      const ConditionalState s = parse_conditional_fen(v, c.fen);
      const test::RefConditionalNode n = test::ref_conditional_node(v, c.fen);
      for (int d = 1; d <= 4; ++d) {
        const std::uint64_t got = conditional_perft(s, d);
        if (got > kBudget) break;
        const std::uint64_t want = test::ref_conditional_perft(n, d);
        ++compared;
        EXPECT_EQ(got, want) << c.name << " depth " << d << " " << knob_label(knobs) << ":"
                             << divide_difference(s, n, d);
        if (got != want) break;
      }
    }
  }
  EXPECT_GT(compared, 150);
}

std::uint64_t count(const KnobSettings& knobs, const char* fen, int depth) {
  return conditional_perft(parse_conditional_fen(test::bundled_variant("conditional", knobs), fen),
                           depth);
}

std::uint64_t reference(const KnobSettings& knobs, const char* fen, int depth) {
  return test::ref_conditional_perft(
      test::ref_conditional_node(test::bundled_variant("conditional", knobs), fen), depth);
}

// Counts small enough to check by hand, each with both implementations.
TEST(ConditionalPerft, HandCountedValues) {
  const KnobSettings none, end_of_turn{{"a-move-mate", "end-of-turn"}};
  const KnobSettings replace{{"b-move-check", "replace-c-move"}};
  const KnobSettings stalemate{{"no-legal-c-move", "stalemate"}};
  const KnobSettings opponent{{"illegal-c-move", "opponent-moves"}};
  struct Expect {
    const KnobSettings& knobs;
    const char* fen;
    int depth;
    std::uint64_t nodes;
  };
  const char* const start = kCases[0].fen;
  const Expect expectations[] = {
      // 20 A-moves, each answered by 20 B-moves.
      {none, start, 1, 20},
      {none, start, 2, 400},
      // After 1.e4 (A) e5 (B), White's C-move: 29 legal moves plus a skip; with
      // illegal-c-move=opponent-moves an illegal statement gives Black the choice among the
      // same 29 moves, so no skip.
      {none, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 C -", 1, 30},
      {opponent, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 C -", 1, 29},
      // Under the check of ...Bb4+: c3 (pawn or knight), Bd2, Nbd2, Nfd2, Qd2, Ke2, Kf1 = 8
      // legal C-moves, plus the skip under restart-turn.
      {none, kCases[3].fen, 1, 9},
      {replace, kCases[3].fen, 1, 8},
      // The forced check: no A-move (the game is over) unless end-of-turn, where d7+ is
      // played and no C-move of White (king and pawns only) can mate after any B-move.
      {none, kCases[5].fen, 1, 0},
      {end_of_turn, kCases[5].fen, 1, 1},
      {end_of_turn, kCases[5].fen, 3, 0},
      // Stalemate at C time: one skip, then Black's A-moves; or the game is drawn.
      {none, kCases[6].fen, 1, 1},
      {stalemate, kCases[6].fen, 1, 0},
      // The owed mate: Rxd8 (B), Rxd8# (C), then Black is mated.
      {end_of_turn, kCases[9].fen, 1, 1},
      {end_of_turn, kCases[9].fen, 2, 1},
      {end_of_turn, kCases[9].fen, 3, 0},
      {end_of_turn, kCases[10].fen, 1, 1},
  };
  for (const Expect& e : expectations) {
    EXPECT_EQ(count(e.knobs, e.fen, e.depth), e.nodes) << e.fen << " depth " << e.depth;
    EXPECT_EQ(reference(e.knobs, e.fen, e.depth), e.nodes) << e.fen << " depth " << e.depth;
  }
}

TEST(ConditionalPerft, DivideSumsToPerftAndNamesSkips) {
  const VariantPtr& v = test::bundled_variant("conditional");
  const ConditionalState s = parse_conditional_fen(v, kCases[3].fen);
  std::uint64_t sum = 0;
  bool skip = false;
  for (const auto& e : conditional_perft_divide(s, 3)) {
    sum += e.nodes;
    skip = skip || e.ply == "skip";
  }
  EXPECT_EQ(sum, conditional_perft(s, 3));
  EXPECT_TRUE(skip);
  EXPECT_TRUE(conditional_perft_divide(s, 0).empty());
}

// forced-a-move-check changes no count (the game ends either way) but who wins.
TEST(ConditionalPerft, ForcedCheckStatusFollowsTheKnob) {
  const char* fen = kCases[5].fen;
  for (const bool loss : {false, true}) {
    const KnobSettings knobs{{"forced-a-move-check", loss ? "loss" : "draw"}};
    const VariantPtr& v = test::bundled_variant("conditional", knobs);
    const ConditionalStatus st = conditional_status(parse_conditional_fen(v, fen));
    EXPECT_EQ(st.end, ConditionalEnd::kForcedCheck);
    EXPECT_EQ(st.result(), loss ? "0-1" : "1/2-1/2");
    EXPECT_EQ(test::ref_conditional_end(test::ref_conditional_node(v, fen)),
              test::RefEnd::kForcedCheck);
    EXPECT_EQ(conditional_perft(parse_conditional_fen(v, fen), 2), 0u);
  }
  const VariantPtr& v = test::bundled_variant("conditional", {{"a-move-mate", "end-of-turn"}});
  EXPECT_FALSE(conditional_status(parse_conditional_fen(v, fen)).over());
}

TEST(ConditionalPerft, StalemateAtCTimeStatusFollowsTheKnob) {
  const char* fen = kCases[6].fen;
  const VariantPtr& skip = test::bundled_variant("conditional");
  EXPECT_FALSE(conditional_status(parse_conditional_fen(skip, fen)).over());
  const VariantPtr& v = test::bundled_variant("conditional", {{"no-legal-c-move", "stalemate"}});
  const ConditionalStatus st = conditional_status(parse_conditional_fen(v, fen));
  EXPECT_EQ(st.end, ConditionalEnd::kStalemate);
  EXPECT_EQ(st.result(), "1/2-1/2");
  EXPECT_EQ(test::ref_conditional_end(test::ref_conditional_node(v, fen)),
            test::RefEnd::kStalemate);
}

}  // namespace
}  // namespace arbiter
