// Conversion Chess, slow part (ctest label "slow"): the engine against the independent
// reference (tests/support/conversion_reference.hpp) deeper than the unit tests go, the
// engine's perft regression counts of tests/data/conversion/positions.txt to their full depth,
// and long random games under every knob combination the reference agrees with.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/perft.hpp"
#include "tests/support/conversion_reference.hpp"
#include "tests/support/random_play.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::ConvBoard;
using test::ConversionReference;

using test::conversion;

void expect_reference_perft(const std::string& name, int depth) {
  const test::ConversionPosition& p = test::conversion_position(name);
  Position pos = parse_fen(conversion(), p.fen);
  const ConvBoard board = ConversionReference::from_position(pos);
  EXPECT_EQ(perft(pos, depth), ConversionReference().perft(board, depth))
      << name << " depth " << depth;
}

TEST(ConversionSlow, StartPositionMatchesTheReferenceToDepth4) {
  expect_reference_perft("start", 4);
}

// Depth 4 from "castling" holds pawns converted away and back, never moved, that double-step
// (tests/data/conversion/positions.txt).
TEST(ConversionSlow, CastlingMatchesTheReferenceToDepth4) {
  expect_reference_perft("castling", 4);
}

TEST(ConversionSlow, KiwipeteMatchesTheReferenceToDepth3) {
  expect_reference_perft("kiwipete", 3);
}

TEST(ConversionSlow, EnginePerftMatchesTheRegressionCounts) {
  for (const test::ConversionPosition& p : test::conversion_positions()) {
    Position pos = parse_fen(conversion(), p.fen);
    for (std::size_t d = 1; d <= p.nodes.size(); ++d)
      EXPECT_EQ(perft(pos, static_cast<int>(d)), p.nodes[d - 1]) << p.name << " depth " << d;
  }
}

TEST(ConversionSlow, LongRandomGamesMatchTheReferenceUnderEveryKnobCombination) {
  static const char* const knobs[6][3] = {
      {"threat-by-pinned-piece", "ignored", "counts"},
      {"castling-threatens", "ignored", "counts"},
      {"castle-through-cleared-square", "forbidden", "allowed"},
      {"castle-out-of-check-by-conversion", "forbidden", "allowed"},
      {"converted-rook-castling", "lost", "kept"},
      {"converted-pawn-double-step", "forbidden", "allowed"},
  };
  std::vector<std::string> fens;
  for (const test::ConversionPosition& p : test::conversion_positions()) fens.push_back(p.fen);
  for (const std::string& fen : test::orthodox_start_fens())
    if (std::find(fens.begin(), fens.end(), fen) == fens.end()) fens.push_back(fen);
  std::mt19937 rng(20240613);
  int positions = 0;
  for (int game = 0; game < 640; ++game) {
    KnobSettings settings;
    for (int k = 0; k < 6; ++k) settings[knobs[k][0]] = knobs[k][1 + (game >> k & 1)];
    const ConversionReference ref(test::ConversionKnobSet::from(settings));
    const std::string& fen = fens[static_cast<std::size_t>(game) % fens.size()];
    Position pos = parse_fen(conversion(settings), fen);
    ConvBoard board = ConversionReference::from_position(pos);
    std::string line;
    for (int ply = 0; ply < 100; ++ply, ++positions) {
      // The rules say nothing of a game after a king was converted (possible only with some
      // knobs): stop there.
      const PieceType k = pos.variant().royal();
      if (popcount(pos.pieces(kWhite, k)) != 1 || popcount(pos.pieces(kBlack, k)) != 1) break;
      const std::vector<test::ConvMove> ref_moves = ref.legal(board);
      std::vector<test::MoveTriple> reference;
      for (const test::ConvMove& m : ref_moves) reference.push_back(m.triple());
      const auto engine = test::engine_legal_moves(pos);
      ASSERT_EQ(engine, reference) << "game " << game << " from " << fen << " after '" << line
                                   << "': " << ConversionReference::to_fen(board) << ": "
                                   << test::describe_difference(engine, reference);
      if (ref_moves.empty()) break;
      const test::ConvMove& m = ref_moves[rng() % ref_moves.size()];
      const std::string text =
          square_name(m.from) + square_name(m.to) +
          (m.promotion ? std::string(1, static_cast<char>(m.promotion + 32)) : std::string());
      if (!line.empty()) line += ' ';
      line += text;
      MoveList list;
      generate_legal(pos, list);
      Move chosen{};
      for (Move x : list)
        if (test::move_text(pos.variant(), x) == test::to_string(m.triple())) chosen = x;
      ASSERT_FALSE(chosen.is_null());
      Undo undo;
      pos.make(chosen, undo);
      board = ref.make(board, m);
      ASSERT_EQ(ConversionReference::to_fen(ConversionReference::from_position(pos)),
                ConversionReference::to_fen(board))
          << "game " << game << " from " << fen << " after '" << line << "'";
    }
  }
  EXPECT_GT(positions, 20000);
}

}  // namespace
}  // namespace arbiter
