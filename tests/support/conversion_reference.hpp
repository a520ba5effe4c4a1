// A slow, literal reference for Conversion Chess, written from the rule text
// (shared/rules-text/conversion-chess.txt) and the knob descriptions of
// rules/tables/conversion.toml, for the tests to compare the engine with. It shares no code
// with rules/conversion/conversion.cpp nor with the engine's move generator: orthodox pieces on a
// mailbox of FEN letters, every move made on a copy, and every "threat to convert" found by
// playing each of the opponent's pseudo-legal moves and looking at the co-squares it forms.
//
// The readings it implements (each a sentence of the rule text or a knob description):
//  - co-pairs: two identical non-pawn pieces of one colour; the king pairs with each queen;
//    a piece with several twins forms several pairs;
//  - only the moving piece forms co-squares, with each twin it lands off the rank and file
//    of; castling moves the king and the rook, both form co-squares on the board after both
//    moved; a promotion forms none;
//  - enemy pieces on a co-square change colour (type kept), friendly ones are unaffected; the
//    converted pieces form nothing this move;
//  - check: the king is attacked, or the opponent has a pseudo-legal move forming a co-square
//    on the king: also one that would leave the opponent's own king attacked (with
//    threat-by-pinned-piece = ignored not such a move, judged after the move and its
//    co-effect, castling included), and castling with its right, pieces and empty squares
//    (unless castling-threatens = ignored); a move is legal when after it and its conversions
//    the mover's king (the one it had: a king the move converted does not count) is not in
//    check;
//  - castling needs its right, the king and rook in place and the squares between them and
//    their destinations empty; not out of check (castle-out-of-check-by-conversion), not
//    through a checked square judged before the move (castle-through-cleared-square); the
//    landing square is judged after the move (into check is fine if the co-effect removes it);
//  - every piece carries two facts of its history that follow it: it has changed colour by
//    conversion, and it has made a move of its own (a conversion is not a move); a pawn with
//    both makes no two-step (converted-pawn-double-step = forbidden), one converted without
//    ever moving makes it under both alternatives; converting a piece on a square its side
//    castles from removes that right (converted-rook-castling = lost);
//  - FEN shows the history of converted pieces only: '^' after a pawn that changed colour and
//    never moved, '~' after any other converted piece. An unmarked pawn counts as never moved
//    on its own second rank (orthodox pawns never come back there), as moved anywhere else.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/conversion/conversion.hpp"
#include "rules/core/position.hpp"
#include "rules/core/variant.hpp"
#include "tests/support/reference_movegen.hpp"

namespace arbiter::test {

/// The six knobs of the conversion table, as the reference reads them (defaults = the table's).
struct ConversionKnobSet {
  bool pinned_piece_threatens = true;        ///< threat-by-pinned-piece = counts
  bool castling_threatens = true;            ///< castling-threatens = counts
  bool castle_through_cleared = false;       ///< castle-through-cleared-square = allowed
  bool castle_out_of_check = false;          ///< castle-out-of-check-by-conversion = allowed
  bool converted_rook_keeps_rights = false;  ///< converted-rook-castling = kept
  bool converted_pawn_double_step = false;   ///< converted-pawn-double-step = allowed

  /// Reads knob settings as given to Variant::compile. Throws std::invalid_argument for a
  /// name or alternative the table does not have.
  static ConversionKnobSet from(const KnobSettings& knobs);
};

/// A mailbox board: FEN letters (upper case White), '.' for empty, and each piece's history
/// (false on empty squares).
struct ConvBoard {
  std::array<char, kSquares> piece{};
  std::array<bool, kSquares> converted{};  ///< the piece has changed colour by conversion
  std::array<bool, kSquares> moved{};      ///< the piece has made a move of its own
  Color side_to_move = kWhite;
  std::string castling;  ///< some of "KQkq"
  Square en_passant = kNoSquare;
  friend bool operator==(const ConvBoard&, const ConvBoard&) = default;
};

/// A move of the reference. `castling` is the right's FEN letter ('K', 'q', ...) or 0.
struct ConvMove {
  Square from = kNoSquare;
  Square to = kNoSquare;
  char promotion = 0;  ///< upper case
  char castling = 0;
  bool en_passant = false;
  MoveTriple triple() const { return {from, to, promotion}; }
};

class ConversionReference {
 public:
  explicit ConversionReference(ConversionKnobSet knobs = {}) : knobs_(knobs) {}

  /// Reads the first four FEN fields; '~' after a piece letter marks it converted (and moved),
  /// '^' after a pawn converted and never moved. Throws std::invalid_argument.
  static ConvBoard parse_fen(std::string_view fen);
  /// The FEN of a board, '~' or '^' after converted pieces, clocks "0 1".
  static std::string to_fen(const ConvBoard& board);
  /// The engine position's pieces, flags, rights, en-passant square and side to move.
  static ConvBoard from_position(const Position& pos);

  /// Legal moves, sorted by (from, to, promotion).
  std::vector<ConvMove> legal(const ConvBoard& board) const;
  std::vector<MoveTriple> legal_moves(const ConvBoard& board) const;
  std::uint64_t perft(const ConvBoard& board, int depth) const;

  /// The board after a (legal) move and its conversions.
  ConvBoard make(const ConvBoard& board, const ConvMove& m) const;
  /// The legal move written "e2e4" / "e7e8Q" / "e1g1" (castling); throws when it is not one.
  ConvMove find(const ConvBoard& board, std::string_view text) const;
  ConvBoard play(const ConvBoard& board, std::string_view moves) const;  ///< space-separated
  /// The squares whose pieces the move converts, sorted.
  std::vector<Square> conversions(const ConvBoard& board, const ConvMove& m) const;

  /// `c`'s king is attacked or threatened with conversion (false when it has no king).
  bool in_check(const ConvBoard& board, Color c) const;
  /// A piece of `by` captures onto `s`.
  bool attacked(const ConvBoard& board, Square s, Color by) const;
  /// `by` has a move (per the knobs) that forms a co-square on `s`.
  bool threatened(const ConvBoard& board, Square s, Color by) const;

 private:
  void pseudo_moves(const ConvBoard& board, Color c, bool threats_only,
                    std::vector<ConvMove>& out) const;
  void castling_moves(const ConvBoard& board, Color c, std::vector<ConvMove>& out) const;
  ConvBoard move_pieces(const ConvBoard& board, const ConvMove& m) const;
  std::vector<Square> co_squares(const ConvBoard& moved, const ConvMove& m, Color c) const;
  void convert(ConvBoard& board, const std::vector<Square>& squares, Color to) const;

  ConversionKnobSet knobs_;
};

/// A test position of tests/data/conversion/positions.txt.
struct ConversionPosition {
  std::string name;
  std::string fen;
  std::vector<std::uint64_t> nodes;  ///< engine perft counts from depth 1
};
const std::vector<ConversionPosition>& conversion_positions();
const ConversionPosition& conversion_position(const std::string& name);

/// An engine position with the same pieces, flags, rights, en-passant square and side to
/// move as `board` (for boards FEN cannot write: rights kept by a knob).
Position engine_position(const VariantPtr& variant, const ConvBoard& board);

/// The colour-flipped mirror: ranks reversed, colours swapped, flags and rights carried.
ConvBoard mirror(const ConvBoard& board);

}  // namespace arbiter::test
