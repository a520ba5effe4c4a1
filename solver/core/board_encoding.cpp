#include "solver/core/board_encoding.hpp"

#include <bit>
#include <stdexcept>

#include "rules/core/fen.hpp"

namespace arbiter::solver {

namespace {

unsigned bits_for(int values) {
  unsigned bits = 1;
  while ((1 << bits) < values) ++bits;
  return bits;
}

/// Per side: all pieces and pawns of the table's setup position (the count bounds).
struct SetupCounts {
  int pieces[2] = {0, 0};
  int pawns[2] = {0, 0};
};

SetupCounts setup_counts(const VariantPtr& v) {
  SetupCounts out;
  const Position setup = parse_fen(v, v->table().setup_fen);
  for (Color c : {kWhite, kBlack}) {
    out.pieces[c] = popcount(setup.pieces(c));
    for (int t = 0; t < v->piece_count(); ++t)
      if (v->piece(static_cast<PieceType>(t)).pawn)
        out.pawns[c] += popcount(setup.pieces(c, static_cast<PieceType>(t)));
  }
  return out;
}

/// The en-passant target's sort: a square number, or kSquares for none.
constexpr unsigned kEpBits = 7;
static_assert((1 << kEpBits) > kSquares);

z3::expr count_at_most(z3::context& ctx, const z3::expr_vector& terms, int k) {
  if (terms.empty()) return ctx.bool_val(true);
  return z3::atmost(terms, static_cast<unsigned>(k));
}

}  // namespace

BoardEncoding::BoardEncoding(z3::context& ctx, VariantPtr variant, const std::string& prefix)
    : ctx_(&ctx), variant_(std::move(variant)) {
  codes_ = 1 + 2 * variant_->piece_count();
  const unsigned bits = bits_for(codes_);
  for (Square s = 0; s < kSquares; ++s)
    cells_.push_back(ctx.bv_const((prefix + square_name(s)).c_str(), bits));
  for (Color c : {kWhite, kBlack})
    for (const CastlingMove& cm : variant_->castling(c))
      rights_[c].push_back(ctx.bool_const(
          (prefix + (c == kWhite ? "castle_w_" : "castle_b_") + std::string(1, cm.fen)).c_str()));
  ep_ = ctx.bv_const((prefix + "ep").c_str(), kEpBits);
  index_cells();
}

BoardEncoding::BoardEncoding(const BoardEncoding& base, std::vector<z3::expr> cells,
                             std::vector<z3::expr> white_rights, std::vector<z3::expr> black_rights)
    : ctx_(base.ctx_),
      variant_(base.variant_),
      cells_(std::move(cells)),
      derived_(true),
      codes_(base.codes_) {
  if (cells_.size() != static_cast<std::size_t>(kSquares))
    throw std::invalid_argument("solver: a derived board needs 64 cells");
  rights_[kWhite] = std::move(white_rights);
  rights_[kBlack] = std::move(black_rights);
  for (Color c : {kWhite, kBlack})
    if (rights_[c].size() != variant_->castling(c).size())
      throw std::invalid_argument("solver: a derived board needs one right per castling move");
  index_cells();
}

BoardEncoding::BoardEncoding(const BoardEncoding& base, std::vector<z3::expr> cells,
                             std::vector<z3::expr> white_rights, std::vector<z3::expr> black_rights,
                             z3::expr en_passant)
    : BoardEncoding(base, std::move(cells), std::move(white_rights), std::move(black_rights)) {
  if (!en_passant.is_bv() || en_passant.get_sort().bv_size() != kEpBits)
    throw std::invalid_argument("solver: an en-passant target needs the sort of ep_val()");
  ep_ = std::move(en_passant);
}

BoardEncoding BoardEncoding::of_position(const BoardEncoding& base, const Position& pos) {
  std::vector<z3::expr> cells;
  for (Square s = 0; s < kSquares; ++s) {
    int code = 0;
    for (Color c : {kWhite, kBlack})
      if (pos.piece_on(c, s) != kNoPiece) code = base.code(c, pos.piece_on(c, s));
    cells.push_back(base.code_val(code));
  }
  std::vector<z3::expr> rights[2];
  for (Color c : {kWhite, kBlack})
    for (const CastlingMove& cm : base.variant().castling(c))
      rights[c].push_back(base.ctx().bool_val((pos.castling_rights() & cm.right) != 0));
  return BoardEncoding(base, std::move(cells), std::move(rights[kWhite]), std::move(rights[kBlack]),
                       base.ep_val(pos.en_passant()));
}

void BoardEncoding::index_cells() {
  is_.assign(kSquares, std::vector<std::optional<z3::expr>>(static_cast<std::size_t>(codes_)));
  for (Color c : {kWhite, kBlack}) colour_[c].assign(kSquares, std::nullopt);
  if (derived_) return;
  // Fresh cells: every indicator now, in a fixed order (Z3 numbers terms as they are made).
  for (Square s = 0; s < kSquares; ++s)
    for (int code = 0; code < codes_; ++code) indicator(s, code);
  for (Color c : {kWhite, kBlack})
    for (Square s = 0; s < kSquares; ++s) occupied_by(s, c);
}

const z3::expr& BoardEncoding::indicator(Square s, int code) const {
  std::optional<z3::expr>& slot = is_[s][static_cast<std::size_t>(code)];
  if (!slot) {
    const z3::expr e = cells_[s] == ctx_->bv_val(code, bits());
    slot = derived_ ? e.simplify() : e;
  }
  return *slot;
}

const z3::expr& BoardEncoding::occupied_by(Square s, Color c) const {
  std::optional<z3::expr>& slot = colour_[c][s];
  if (!slot) {
    // Codes of one colour are contiguous: 1 + c*n .. c*n + n.
    const int n = variant_->piece_count();
    const z3::expr lo = ctx_->bv_val(1 + c * n, bits()), hi = ctx_->bv_val(c * n + n, bits());
    const z3::expr e = z3::uge(cells_[s], lo) && z3::ule(cells_[s], hi);
    slot = derived_ ? e.simplify() : e;
  }
  return *slot;
}

z3::expr BoardEncoding::all_empty(Bitboard squares) const {
  z3::expr_vector terms(*ctx_);
  while (squares) {
    const z3::expr& e = empty(pop_lsb(squares));
    if (e.is_false()) return ctx_->bool_val(false);
    if (!e.is_true()) terms.push_back(e);
  }
  return terms.empty() ? ctx_->bool_val(true) : z3::mk_and(terms);
}

z3::expr BoardEncoding::is_any(Square s, Color c, std::uint32_t types) const {
  z3::expr_vector terms(*ctx_);
  while (types) {
    const int t = std::countr_zero(types);
    types &= types - 1;
    terms.push_back(is(s, c, static_cast<PieceType>(t)));
  }
  return terms.empty() ? ctx_->bool_val(false) : z3::mk_or(terms);
}

z3::expr BoardEncoding::ep_val(Square s) const {
  return ctx_->bv_val(s == kNoSquare ? kSquares : s, kEpBits);
}

z3::expr BoardEncoding::en_passant_is(Square s) const {
  return ep_ ? *ep_ == ep_val(s) : ctx_->bool_val(false);
}

std::vector<EnPassantTarget> BoardEncoding::en_passant_targets(Color side) const {
  const Variant& v = *variant_;
  const Color them = ~side;
  std::vector<EnPassantTarget> out;
  for (Square target = 0; target < kSquares; ++target) {
    // The victim as the engine's capture removes it, the origin as the FEN reader finds it.
    const Square victim = en_passant_victim_of(target, side);
    const Square origin = 2 * target - victim;
    if (victim < 0 || victim >= kSquares || origin < 0 || origin >= kSquares) continue;
    EnPassantTarget e{target, origin, victim, 0};
    for (int t = 0; t < v.piece_count(); ++t) {
      const PieceInfo& info = v.piece(static_cast<PieceType>(t));
      const SquareMoves& sm = info.moves.at[them][origin];
      // A pawn's quiet move from the origin over the target onto the victim's square.
      if (info.pawn && has(sm.leap_move | sm.rook_move | sm.bishop_move, victim) &&
          v.between(origin, victim) == bb(target))
        e.pawn_types |= 1U << t;
    }
    if (e.pawn_types) out.push_back(e);
  }
  return out;
}

z3::expr BoardEncoding::ep_validity(Color side) const {
  if (!ep_) return ctx_->bool_val(true);
  z3::expr_vector options(*ctx_);
  options.push_back(*ep_ == ep_val(kNoSquare));
  for (const EnPassantTarget& e : en_passant_targets(side))
    options.push_back(*ep_ == ep_val(e.target) && is_any(e.victim, ~side, e.pawn_types) &&
                      empty(e.target) && empty(e.origin));
  return z3::mk_or(options);
}

z3::expr BoardEncoding::validity(const BoardLimits& limits) const {
  const z3::expr base = static_validity(limits);
  return ep_ ? base && *ep_ == ep_val(kNoSquare) : base;
}

z3::expr BoardEncoding::validity(const BoardLimits& limits, Color side) const {
  return static_validity(limits) && ep_validity(side);
}

z3::expr BoardEncoding::static_validity(const BoardLimits& limits) const {
  const Variant& v = *variant_;
  const int n = v.piece_count();
  const SetupCounts setup = setup_counts(variant_);
  z3::expr_vector all(*ctx_);
  const unsigned bits = cells_[0].get_sort().bv_size();
  for (Square s = 0; s < kSquares; ++s)
    all.push_back(z3::ule(cells_[s], ctx_->bv_val(codes_ - 1, bits)));
  z3::expr_vector occupied(*ctx_);
  for (Square s = 0; s < kSquares; ++s) occupied.push_back(!empty(s));
  all.push_back(count_at_most(*ctx_, occupied, limits.max_pieces));
  for (Color c : {kWhite, kBlack}) {
    z3::expr_vector royals(*ctx_), side(*ctx_), pawns(*ctx_);
    for (Square s = 0; s < kSquares; ++s) {
      side.push_back(occupied_by(s, c));
      for (int t = 0; t < n; ++t) {
        const PieceInfo& info = v.piece(static_cast<PieceType>(t));
        const z3::expr& here = is(s, c, static_cast<PieceType>(t));
        if (info.royal) royals.push_back(here);
        if (info.pawn) pawns.push_back(here);
        if (has(info.forbidden[c], s)) all.push_back(!here);
      }
    }
    if (v.royal() != kNoPiece) all.push_back(z3::atmost(royals, 1) && z3::atleast(royals, 1));
    all.push_back(count_at_most(*ctx_, side, setup.pieces[c]));
    all.push_back(count_at_most(*ctx_, pawns, setup.pawns[c]));
    const std::vector<CastlingMove>& moves = v.castling(c);
    for (std::size_t i = 0; i < moves.size(); ++i)
      all.push_back(z3::implies(rights_[c][i], is(moves[i].king_from, c, v.royal()) &&
                                                   is(moves[i].rook_from, c, moves[i].rook_type)));
  }
  return z3::mk_and(all);
}

z3::expr BoardEncoding::equals(const Position& pos) const {
  z3::expr_vector terms(*ctx_);
  for (Square s = 0; s < kSquares; ++s) {
    int code = 0;
    for (Color c : {kWhite, kBlack})
      if (pos.piece_on(c, s) != kNoPiece) code = this->code(c, pos.piece_on(c, s));
    terms.push_back(indicator(s, code));
  }
  for (Color c : {kWhite, kBlack}) {
    const std::vector<CastlingMove>& moves = variant_->castling(c);
    for (std::size_t i = 0; i < moves.size(); ++i)
      terms.push_back((pos.castling_rights() & moves[i].right) ? rights_[c][i] : !rights_[c][i]);
  }
  if (ep_) terms.push_back(*ep_ == ep_val(pos.en_passant()));
  return z3::mk_and(terms);
}

Position BoardEncoding::extract(const z3::model& model, Color side) const {
  Position pos(variant_);
  const int n = variant_->piece_count();
  for (Square s = 0; s < kSquares; ++s) {
    const int code = static_cast<int>(model.eval(cells_[s], true).get_numeral_uint());
    if (code == 0) continue;
    if (code >= codes_) throw std::logic_error("solver: a cell value outside the domain");
    const Color c = code - 1 < n ? kWhite : kBlack;
    pos.put(c, static_cast<PieceType>((code - 1) % n), s);
  }
  std::uint8_t rights = 0;
  for (Color c : {kWhite, kBlack}) {
    const std::vector<CastlingMove>& moves = variant_->castling(c);
    for (std::size_t i = 0; i < moves.size(); ++i)
      if (model.eval(rights_[c][i], true).is_true()) rights |= moves[i].right;
  }
  pos.set_castling_rights(rights);
  pos.set_side_to_move(side);
  if (ep_) {
    const int ep = static_cast<int>(model.eval(*ep_, true).get_numeral_uint());
    if (ep > kSquares) throw std::logic_error("solver: an en-passant value outside the domain");
    if (ep < kSquares) pos.set_en_passant(static_cast<Square>(ep));
  }
  return pos;
}

}  // namespace arbiter::solver
