// A position of a sequential variant: per-colour, per-type bitboards plus a mailbox with one
// slot per colour (so the colour boards may overlap, as Move-Neutral Chess needs), side to
// move, castling rights, en-passant target, clocks and a Zobrist key kept incrementally.
#pragma once

#include <bit>
#include <cstdint>
#include <string>

#include "rules/core/move.hpp"
#include "rules/core/move_effect.hpp"
#include "rules/core/variant.hpp"

namespace arbiter {

/// The square of the pawn an en-passant capture onto `target` by `mover` removes: the square
/// the double-stepped pawn passed over is `target`, the pawn stands one step beyond it.
constexpr Square en_passant_victim_of(Square target, Color mover) {
  return mover == kWhite ? target - 8 : target + 8;
}

/// What make() needs to restore in unmake().
struct Undo {
  std::uint64_t key = 0;
  Square en_passant = kNoSquare;
  Square captured_square = kNoSquare;
  int halfmove = 0;
  PieceType captured = kNoPiece;
  PieceType moved = kNoPiece;
  std::uint8_t castling = 0;
  Bitboard converted = 0;  ///< squares whose pieces this move converted
  // Tables with a move effect only (Position::make leaves them alone elsewhere):
  Bitboard converted_before = 0;          ///< Position::converted() before the move
  Bitboard converted_unmoved_before = 0;  ///< Position::converted_unmoved() before the move
  std::uint8_t co_pairs_before = 0;       ///< Position's co-pair bits before the move
};

class Position {
 public:
  explicit Position(VariantPtr variant);  ///< an empty board, White to move

  const Variant& variant() const { return *variant_; }
  const VariantPtr& variant_ptr() const { return variant_; }

  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(Color c, PieceType t) const { return by_type_[c][t]; }
  Bitboard occupied() const { return by_color_[0] | by_color_[1]; }
  PieceType piece_on(Color c, Square s) const { return board_[c][s]; }
  Color side_to_move() const { return stm_; }
  std::uint8_t castling_rights() const { return castling_; }
  Square en_passant() const { return ep_; }
  int halfmove_clock() const { return halfmove_; }
  int fullmove_number() const { return fullmove_; }
  std::uint64_t key() const { return key_; }
  /// Squares holding a piece that changed colour by conversion and counts as moved (written
  /// '~' in FEN): under converted-pawn-double-step = forbidden such a pawn has no double step.
  Bitboard converted() const { return converted_; }
  void set_converted(Bitboard squares);
  /// Squares holding a pawn that changed colour by conversion but never made a move of its own
  /// (written '^' in FEN): it keeps its double step under both alternatives of that knob. A
  /// conversion is not a move, so one bit more than converted() is needed: a black pawn on e2
  /// may be White's e2-pawn converted where it stood, or one that went e2-e4 and came back down.
  /// Disjoint from converted().
  Bitboard converted_unmoved() const { return converted_unmoved_; }
  void set_converted_unmoved(Bitboard squares);
  Square king_square(Color c) const;  ///< kNoSquare when that side has no royal piece
  /// Tables with a move effect (Conversion's): MoveEffect::pairs for `c` (some piece of colour
  /// `c` has a twin, so a move of `c` may convert). Pairing depends on the material alone: it
  /// is recomputed only when the material changes. False in other tables.
  bool has_co_pair(Color c) const { return (co_pairs_ >> c & 1U) != 0; }

  // Editing (used by FEN parsing and tests); each keeps the key consistent.
  void put(Color c, PieceType t, Square s);
  void remove(Color c, Square s);
  void set_side_to_move(Color c);
  void set_castling_rights(std::uint8_t rights);
  void set_en_passant(Square s);
  void set_clocks(int halfmove, int fullmove) {
    halfmove_ = halfmove;
    fullmove_ = fullmove;
  }

  void make(Move m, Undo& undo);
  void unmake(Move m, const Undo& undo);

  // For a move effect (MoveEffect::made / unmade): edits that keep the key, no other state.
  /// The piece on `s` changes colour to `to` (it was the other colour's).
  void recolor(Square s, Color to);
  /// has_co_pair(c) asked again of the move effect (after `c`'s material changed).
  void refresh_co_pairs(Color c);

  /// Pieces of colour `by` that capture onto `s` if the board were occupied as `occupied`.
  Bitboard attackers(Square s, Color by, Bitboard occupied) const;
  bool attacked(Square s, Color by) const { return attackers(s, by, occupied()) != 0; }
  /// The side to move's royal piece is attacked, or (a move effect's threat: Conversion
  /// Chess) threatened with conversion.
  bool in_check() const;
  /// `c`'s royal piece is attacked or threatened with conversion by the other side.
  bool king_in_check(Color c) const;
  /// `by` attacks `s`, or (MoveEffect::threatens: Conversion Chess) has a move that would
  /// convert a piece there.
  bool threatened(Square s, Color by) const;
  /// The square a piece captured en passant stands on, for the current target.
  Square en_passant_victim() const;

  /// Key recomputed from scratch (tests compare it with the incremental key).
  std::uint64_t compute_key() const;
  friend bool operator==(const Position& a, const Position& b);

 private:
  VariantPtr variant_;
  const ZobristKeys* zobrist_;  // variant_->zobrist(), one load fewer in make()
  Bitboard by_color_[2] = {0, 0};
  Bitboard by_type_[2][kMaxPieceTypes] = {};
  PieceType board_[2][kSquares];
  Color stm_ = kWhite;
  std::uint8_t castling_ = 0;
  Square ep_ = kNoSquare;
  int halfmove_ = 0;
  int fullmove_ = 1;
  std::uint64_t key_ = 0;
  Bitboard converted_ = 0;
  Bitboard converted_unmoved_ = 0;
  std::uint8_t co_pairs_ = 0;  // bit c: has_co_pair(c)

  void move_piece(Color c, PieceType t, Square from, Square to);
  // The boards alone, key untouched: unmake() restores the key from the Undo.
  void place(Color c, PieceType t, Square s);
  void lift(Color c, Square s);
  void shift(Color c, PieceType t, Square from, Square to);
};

}  // namespace arbiter
