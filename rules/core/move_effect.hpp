// A rule that changes what a move does beyond moving pieces (Conversion Chess's co-effect):
// the hooks the engine calls where a table has one. A compiled table holds at most one
// (Variant::effect(), chosen once by rules/registry/ from the table's [effects.*]); the engine
// tests a null pointer where it has none, so the orthodox paths make no virtual call.
#pragma once

#include <cstdint>

#include "rules/core/geometry.hpp"
#include "rules/core/move.hpp"

namespace arbiter {

class Position;
struct Undo;

class MoveEffect {
 public:
  virtual ~MoveEffect() = default;

  // Legality: what rules/core/movegen.cpp hands over whole.
  /// Keeps the legal moves among out[first..], the pseudo-legal moves of `pos`.
  virtual void filter_legal(const Position& pos, MoveList& out, int first) const = 0;
  /// count_legal: the number of legal moves of `pos`.
  virtual std::uint64_t count_legal(const Position& pos) const = 0;
  /// perft's last two plies: the sum of count_legal over the positions `moves` (the legal moves
  /// of `pos`) lead to. `pos` is made and unmade; it is as it was on return.
  virtual std::uint64_t count_children(Position& pos, const MoveList& moves) const = 0;
  /// leaves_king_safe: the mover's royal piece is safe after the pseudo-legal `m`.
  virtual bool leaves_king_safe(const Position& pos, Move m) const = 0;
  /// Appends the side to move's castling moves as generate_pseudo_legal lists them.
  virtual void generate_castling(const Position& pos, MoveList& out) const = 0;

  // Position: what make/unmake do besides moving the pieces, and the effect's threats.
  /// After Position::make moved the pieces of `m` (the side to move already switched):
  /// applies the effect, recording what unmade() needs in `undo`.
  virtual void made(Position& pos, Move m, Undo& undo) const = 0;
  /// At the start of Position::unmake: takes back what made() did to the pieces (Position
  /// restores the flags and pairing it saved in `undo`).
  virtual void unmade(Position& pos, Move m, const Undo& undo) const = 0;
  /// Besides ordinary attacks: `by` has a move that would take the piece on `s` by the effect.
  virtual bool threatens(const Position& pos, Square s, Color by) const = 0;
  /// What Position::has_co_pair(c) keeps: whether a move of `c` may apply the effect at all,
  /// from `c`'s pieces (recomputed when the material changes).
  virtual bool pairs(const Position& pos, Color c) const = 0;
};

}  // namespace arbiter
