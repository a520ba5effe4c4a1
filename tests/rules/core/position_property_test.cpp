// RapidCheck properties of positions of the orthodox table reached by random legal play from
// the perft positions: FEN round trip, make/unmake, the incremental Zobrist key, colour
// symmetry, and the legality filter.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/perft.hpp"
#include "tests/support/random_play.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

/// A position reached by 0-80 random plies from one of the orthodox perft positions.
Position random_orthodox_position() {
  const auto game = *test::gen_random_game(test::orthodox_start_fens().size(), 80);
  return test::play_random_game(test::orthodox(), test::orthodox_start_fens(), game);
}

std::vector<Move> legal_moves(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  return {list.begin(), list.end()};
}

std::vector<std::uint32_t> sorted_raw(const std::vector<Move>& moves) {
  std::vector<std::uint32_t> raw;
  for (Move m : moves) raw.push_back(m.raw());
  std::sort(raw.begin(), raw.end());
  return raw;
}

RC_GTEST_PROP(PositionProperty, FenRoundTripAndKey, ()) {
  const Position pos = random_orthodox_position();
  const std::string fen = to_fen(pos);
  RC_LOG() << fen << "\n";
  RC_ASSERT(pos.key() == pos.compute_key());
  const Position again = parse_fen(pos.variant_ptr(), fen);
  RC_ASSERT(again == pos);
  RC_ASSERT(to_fen(again) == fen);
}

RC_GTEST_PROP(PositionProperty, MakeUnmakeRestoresExactly, ()) {
  Position pos = random_orthodox_position();
  const Position before = pos;
  RC_LOG() << to_fen(pos) << "\n";
  for (Move m : legal_moves(pos)) {
    Undo undo;
    pos.make(m, undo);
    RC_ASSERT(pos.key() == pos.compute_key());
    RC_ASSERT(pos.side_to_move() == ~before.side_to_move());
    pos.unmake(m, undo);
    RC_ASSERT(pos == before);
    RC_ASSERT(pos.key() == before.key());
  }
}

RC_GTEST_PROP(PositionProperty, ColourMirrorHasTheSamePerft, ()) {
  Position pos = random_orthodox_position();
  const std::string fen = to_fen(pos);
  const std::string mirrored = test::mirror_fen(fen);
  RC_LOG() << fen << "\nmirror: " << mirrored << "\n";
  RC_ASSERT(test::mirror_fen(mirrored) == fen);
  Position flipped = test::mirror(pos);
  RC_ASSERT(to_fen(flipped) == mirrored);
  RC_ASSERT(flipped.key() == flipped.compute_key());
  RC_ASSERT(flipped.in_check() == pos.in_check());
  RC_ASSERT(perft(flipped, 1) == perft(pos, 1));
  RC_ASSERT(perft(flipped, 3) == perft(pos, 3));
}

RC_GTEST_PROP(PositionProperty, LegalMovesNeverLeaveTheKingAttacked, ()) {
  Position pos = random_orthodox_position();
  RC_LOG() << to_fen(pos) << "\n";
  const Color us = pos.side_to_move();
  const std::vector<Move> legal = legal_moves(pos);
  for (Move m : legal) {
    Undo undo;
    pos.make(m, undo);
    RC_ASSERT(!pos.attacked(pos.king_square(us), ~us));
    pos.unmake(m, undo);
  }
  // Legal = the pseudo-legal moves that leave the king safe; and leaves_king_safe agrees with
  // making the move and looking at the king.
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  std::vector<Move> safe;
  for (Move m : pseudo) {
    Undo undo;
    pos.make(m, undo);
    const bool king_safe = !pos.attacked(pos.king_square(us), ~us);
    pos.unmake(m, undo);
    RC_ASSERT(leaves_king_safe(pos, m) == king_safe);
    if (king_safe) safe.push_back(m);
  }
  RC_ASSERT(sorted_raw(safe) == sorted_raw(legal));
  // No move is generated twice.
  const std::vector<std::uint32_t> raw = sorted_raw(legal);
  RC_ASSERT(std::adjacent_find(raw.begin(), raw.end()) == raw.end());
}

TEST(PositionProperty, MirrorFenOfAKnownPosition) {
  EXPECT_EQ(test::mirror_fen("rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b Kq d3 0 3"),
            "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w Qk d6 0 3");
  EXPECT_EQ(test::mirror_fen("8/8/8/8/8/8/8/K6k w - -"), "k6K/8/8/8/8/8/8/8 b - -");
}

}  // namespace
}  // namespace arbiter
