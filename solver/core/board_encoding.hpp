// The symbolic board: 64 cells, each a small bit-vector holding "empty" or a colour and a piece
// type of the rule table; castling rights as Booleans. Validity constraints come from the
// compiled Variant (royal type, forbidden squares, the setup's piece counts), so no chess
// constant is written here a second time. See docs/solver.md.
#pragma once

#include <z3++.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/core/position.hpp"

namespace arbiter::solver {

struct BoardLimits {
  int max_pieces = 32;  ///< pieces on the board, both sides together
};

/// A square a double step of the side not to move passes over, as the engine sees it:
/// `victim` = en_passant_victim_of(target, side to move), `origin` the square the pawn left,
/// `pawn_types` (bit t = type t) the pawn types of that colour with that double step.
struct EnPassantTarget {
  Square target = kNoSquare;
  Square origin = kNoSquare;
  Square victim = kNoSquare;
  std::uint32_t pawn_types = 0;
};

class BoardEncoding {
 public:
  /// Declares the cells (named `<prefix>a1` ...), castling rights and en-passant target
  /// (`<prefix>ep`) of `variant`.
  BoardEncoding(z3::context& ctx, VariantPtr variant, const std::string& prefix = "");

  /// A board given by expressions rather than fresh constants: the board after a symbolic
  /// protocol step (cells as functions of an earlier board and the moves), or a concrete
  /// position (cells are numerals) for evaluating formulas by simplification. `cells` has 64
  /// entries of the base's sort; `rights` one per castling move of each colour.
  /// Such a board has no en-passant information: no target, and equals()/extract() ignore it.
  BoardEncoding(const BoardEncoding& base, std::vector<z3::expr> cells,
                std::vector<z3::expr> white_rights, std::vector<z3::expr> black_rights);
  /// The same with an en-passant target: an expression of en_passant()'s sort (a square
  /// number, or kSquares for none; see ep_val()).
  BoardEncoding(const BoardEncoding& base, std::vector<z3::expr> cells,
                std::vector<z3::expr> white_rights, std::vector<z3::expr> black_rights,
                z3::expr en_passant);

  /// The concrete board of `pos` (numeral cells, castling rights as true/false): formulas over
  /// it simplify to true or false, which is how the engine and the encoding are compared.
  static BoardEncoding of_position(const BoardEncoding& base, const Position& pos);

  /// The cell sort (a bit-vector of `bits()` bits) and the numeral of a code.
  unsigned bits() const { return cells_[0].get_sort().bv_size(); }
  z3::expr code_val(int code) const { return ctx_->bv_val(code, bits()); }
  const std::vector<z3::expr>& cells() const { return cells_; }
  const std::vector<z3::expr>& rights(Color c) const { return rights_[c]; }

  z3::context& ctx() const { return *ctx_; }
  const Variant& variant() const { return *variant_; }
  const VariantPtr& variant_ptr() const { return variant_; }

  /// The cell's value: 0 = empty, 1 + colour * piece_count + type otherwise.
  const z3::expr& cell(Square s) const { return cells_[s]; }
  int code(Color c, PieceType t) const { return 1 + c * variant_->piece_count() + t; }
  /// On a board of given cells (a derived or concrete board), is(), empty() and occupied_by()
  /// are simplified, once each: formulas built on them need no simplification of their own
  /// (a simplification walks the whole cell formula again at every call).
  const z3::expr& is(Square s, Color c, PieceType t) const { return indicator(s, code(c, t)); }
  const z3::expr& empty(Square s) const { return indicator(s, 0); }
  const z3::expr& occupied_by(Square s, Color c) const;
  /// The cells are expressions given to the constructor, not fresh constants.
  bool derived() const { return derived_; }
  /// All squares of `squares` empty (true for none; false when one is false).
  z3::expr all_empty(Bitboard squares) const;
  /// A piece of colour `c` whose type is in `types` (bit t = type t) stands on `s`.
  z3::expr is_any(Square s, Color c, std::uint32_t types) const;
  /// The right of castling move `index` of `c` (Variant::castling(c)[index]).
  const z3::expr& castling_right(Color c, int index) const { return rights_[c][index]; }

  /// The en-passant target (a bit-vector: a square, or kSquares for none); nullopt on a board
  /// built without one. ep_val(s) is the numeral of `s` (kNoSquare: none).
  const std::optional<z3::expr>& en_passant() const { return ep_; }
  z3::expr ep_val(Square s) const;
  /// The en-passant target is `s` (false on a board without en-passant information).
  z3::expr en_passant_is(Square s) const;
  /// The targets a double step of ~side can leave with `side` to move, from the pawns'
  /// compiled quiet moves (a pawn's two-rank quiet step, as movegen marks double steps).
  std::vector<EnPassantTarget> en_passant_targets(Color side) const;
  /// The en-passant target is none, or one of en_passant_targets(side) with its victim (a pawn
  /// of ~side that has that double step) in place and the target and origin squares empty:
  /// what the FEN reader accepts (rules/core/fen.cpp).
  z3::expr ep_validity(Color side) const;

  /// Static legality: cell domain, one royal piece per side, no piece on a square its table
  /// forbids, castling rights only with king and rook at home, piece counts within the setup's
  /// (per side: all pieces, pawns) and `limits`, and no en-passant target. Check rules live in
  /// AttackEncoding.
  z3::expr validity(const BoardLimits& limits) const;
  /// The same with `side` to move, allowing an en-passant target (ep_validity(side)).
  z3::expr validity(const BoardLimits& limits, Color side) const;

  /// The cells, castling rights and en-passant target equal those of `pos` (tests, and
  /// blocking a board).
  z3::expr equals(const Position& pos) const;

  /// The position a model describes (its en-passant target included), with `side` to move.
  Position extract(const z3::model& model, Color side) const;

 private:
  void index_cells();
  const z3::expr& indicator(Square s, int code) const;
  z3::expr static_validity(const BoardLimits& limits) const;

  z3::context* ctx_;
  VariantPtr variant_;
  std::vector<z3::expr> cells_;
  bool derived_ = false;
  /// Filled on first use: [square][code] and [colour][square].
  mutable std::vector<std::vector<std::optional<z3::expr>>> is_;
  mutable std::vector<std::optional<z3::expr>> colour_[2];
  std::vector<z3::expr> rights_[2];  ///< [colour][castling index]
  std::optional<z3::expr> ep_;       ///< en-passant target; kSquares = none
  int codes_ = 0;
};

}  // namespace arbiter::solver
