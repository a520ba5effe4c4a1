// The symbolic board: 64 cells, each a small bit-vector holding "empty" or a colour and a piece
// type of the rule table; castling rights as Booleans. Validity constraints come from the
// compiled Variant (royal type, forbidden squares, the setup's piece counts), so no chess
// constant is written here a second time. See docs/solver.md.
#pragma once

#include <z3++.h>

#include <string>
#include <vector>

#include "rules/position.hpp"

namespace arbiter::solver {

struct BoardLimits {
  int max_pieces = 32;  ///< pieces on the board, both sides together
};

class BoardEncoding {
 public:
  /// Declares the cells (named `<prefix>a1` ...) and castling rights of `variant`.
  BoardEncoding(z3::context& ctx, VariantPtr variant, const std::string& prefix = "");

  /// A board given by expressions rather than fresh constants: the board after a symbolic
  /// protocol step (cells as functions of an earlier board and the moves), or a concrete
  /// position (cells are numerals) for evaluating formulas by simplification. `cells` has 64
  /// entries of the base's sort; `rights` one per castling move of each colour.
  BoardEncoding(const BoardEncoding& base, std::vector<z3::expr> cells,
                std::vector<z3::expr> white_rights, std::vector<z3::expr> black_rights);

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
  const z3::expr& is(Square s, Color c, PieceType t) const { return is_[s][code(c, t)]; }
  const z3::expr& empty(Square s) const { return is_[s][0]; }
  const z3::expr& occupied_by(Square s, Color c) const { return colour_[c][s]; }
  /// All squares of `squares` empty (true for none).
  z3::expr all_empty(Bitboard squares) const;
  /// A piece of colour `c` whose type is in `types` (bit t = type t) stands on `s`.
  z3::expr is_any(Square s, Color c, std::uint32_t types) const;
  /// The right of castling move `index` of `c` (Variant::castling(c)[index]).
  const z3::expr& castling_right(Color c, int index) const { return rights_[c][index]; }

  /// Static legality: cell domain, one royal piece per side, no piece on a square its table
  /// forbids, castling rights only with king and rook at home, piece counts within the setup's
  /// (per side: all pieces, pawns) and `limits`. Check rules live in AttackEncoding.
  z3::expr validity(const BoardLimits& limits) const;

  /// The cells and castling rights equal those of `pos` (tests, and blocking a board).
  z3::expr equals(const Position& pos) const;

  /// The position a model describes, with `side` to move and no en-passant target.
  Position extract(const z3::model& model, Color side) const;

 private:
  void index_cells();

  z3::context* ctx_;
  VariantPtr variant_;
  std::vector<z3::expr> cells_;
  std::vector<std::vector<z3::expr>> is_;  ///< [square][code]
  std::vector<z3::expr> colour_[2];        ///< [colour][square]
  std::vector<z3::expr> rights_[2];        ///< [colour][castling index]
  int codes_ = 0;
};

}  // namespace arbiter::solver
