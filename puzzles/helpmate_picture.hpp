// Helpmate pruning by mate pictures: is some checkmate picture within the moves left, the move
// counts of all the pieces it uses added up (after Popeye's intelligent mode).
//
// HelpmateBound bounds each square of a picture on its own (and counts the mating side's movers
// only with one or two moves left); this test couples the pieces. A picture is the mated king
// on a square s, a checker (a mating piece that can give check) on a square attacking s, and
// for each flight of s a mating piece on a square attacking it or a man of the mated side on
// it, one square per piece (a piece may serve several roles from its square). The picture is
// within reach when the mating pieces' fewest moves to their squares add up to at most the
// mating side's moves left, and the king's to s with the blockers' to their flights to at most
// the mated side's.
//
// Every count is a relaxation, so a cut never loses a solution: the counts are HelpmateBound's
// (empty board, castling's king and rook steps and promotion included) and an attack is an
// empty-board attack. Every real mate is such a picture: take each piece's square in the mate
// and, for each need, one piece that meets it; its pieces made at least their fewest moves.
// Castling moves two pieces in one move, so a side that may still castle has one move more.
// A piece that may promote in the moves left attacks, at a cost c, every square it can attack
// within c moves in any shape (a lower bound of the cost of attacking them all together).
//
// The test depends only on the position and the moves left, so a node it cuts truly has no
// mate, and the transposition table's stored answers stay true whatever path reached them.
#pragma once

#include "puzzles/helpmate_bound.hpp"

namespace arbiter::puzzles {

class HelpmatePictures {
 public:
  /// The tables are `bound`'s (it must outlive this); nothing is cut when it is not enabled().
  explicit HelpmatePictures(const HelpmateBound& bound) : bound_(bound) {}

  /// False when no mate picture of `mated` is within `mated_moves` of its moves and
  /// `mating_moves` (>= 1) of the other side's. True when the test does not apply (the bound
  /// not enabled, not one mated royal piece) or its search runs past its step limit.
  bool reachable(const Position& pos, Color mated, int mated_moves, int mating_moves) const;

  /// The mated side's moves (it is to move, `mated_moves` >= 1 left) that may lead to a
  /// picture: a step of the royal piece to one of `king_to` (a square from which the king
  /// still reaches the square of some picture within reach), another man's move when the
  /// king need not move every time (`men`), castling always (it is judged after it is made).
  struct MatedMoves {
    bool possible = true;
    Bitboard king_to = ~Bitboard{0};
    bool men = true;
    bool allows(Move m, Square king) const {
      if (m.kind() == MoveKind::kCastling) return true;
      return m.from() == king ? has(king_to, m.to()) : men;
    }
  };
  MatedMoves mated_moves(const Position& pos, Color mated, int mated_moves, int mating_moves) const;

 private:
  struct Search;
  /// Sets up `ps`; false when the test does not apply.
  bool prepare(const Position& pos, Color mated, int mated_moves, int mating_moves,
               Search& ps) const;
  /// The first square of the mated king (among `squares`) with a picture within reach, or 0.
  /// `tried`, when given, gains each square whose picture was searched.
  Bitboard king_square(Search& ps, Bitboard squares, Bitboard* tried = nullptr) const;
  const HelpmateBound& bound_;
};

}  // namespace arbiter::puzzles
