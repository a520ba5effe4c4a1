// The symbolic ply: Position::make (rules/core/position.cpp) with apply_conversions, and the
// legality test of rules/core/movegen.cpp, as expressions over a BoardEncoding.
#include "solver/core/ply_step.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "solver/core/z3_setup.hpp"

#include <cstdlib>
#include <stdexcept>

#include "rules/conversion/conversion.hpp"
#include "solver/core/cannot_encode.hpp"

namespace arbiter::solver {

namespace {

bool offers(const PieceInfo& info, int type) {
  for (PieceType p : info.promotion_choices)
    if (p == type) return true;
  return false;
}

}  // namespace

z3::expr converts_royal(const BoardEncoding& before, const std::vector<z3::expr>& converts,
                        Color them) {
  const Variant& v = before.variant();
  z3::expr_vector royal_converted(before.ctx());
  if (v.royal() != kNoPiece)
    for (Square s = 0; s < kSquares; ++s)
      if (!converts[s].is_false())
        royal_converted.push_back(converts[s] && before.is(s, them, v.royal()));
  return any_of(before.ctx(), royal_converted);
}

z3::expr royal_threatened(const AttackEncoding& attacks, Color c) {
  const BoardEncoding& b = attacks.board();
  const PieceType royal = b.variant().royal();
  z3::expr_vector terms(b.ctx());
  if (royal == kNoPiece) return b.ctx().bool_val(false);
  for (Square k = 0; k < kSquares; ++k) {
    const z3::expr& here = b.is(k, c, royal);  // simplified on a derived board
    if (!here.is_false()) terms.push_back(here && attacks.threatened(k, ~c));
  }
  return any_of(b.ctx(), terms);
}

std::vector<z3::expr> co_squares_formed(const BoardEncoding& moved, Color us,
                                        const std::function<z3::expr(Square)>& landed,
                                        const std::vector<z3::expr>& is_type,
                                        std::vector<z3::expr>* by_twin) {
  const Variant& v = moved.variant();
  const ConversionRules& cr = v.conversion();
  z3::context& ctx = moved.ctx();
  std::vector<z3::expr> land, twin;
  for (Square l = 0; l < kSquares; ++l) land.push_back(landed(l).simplify());
  // The possible landing squares, once: a concrete move has one, and the loops below would
  // otherwise ask Z3 64 x 64 x 64 times whether a landing is false.
  std::vector<Square> landings;
  for (Square l = 0; l < kSquares; ++l)
    if (!land[l].is_false()) landings.push_back(l);
  for (Square tw = 0; tw < kSquares; ++tw) {
    z3::expr_vector terms(ctx);
    for (int t = 0; t < v.piece_count(); ++t)
      if (cr.partners[t] && !is_type[t].is_false())
        terms.push_back(is_type[t] && moved.is_any(tw, us, cr.partners[t]));
    twin.push_back(any_of(ctx, terms).simplify());
  }
  std::vector<z3::expr> formed;
  std::vector<z3::expr_vector> twin_hits;  // per twin: landings that put a co-square on an enemy
  for (Square tw = 0; tw < kSquares; ++tw) twin_hits.emplace_back(ctx);
  for (Square s = 0; s < kSquares; ++s) {
    z3::expr_vector terms(ctx);
    for (Square tw = 0; tw < kSquares; ++tw) {
      if (twin[tw].is_false() || (file_of(tw) != file_of(s) && rank_of(tw) != rank_of(s))) continue;
      z3::expr_vector lands(ctx);
      for (Square l : landings)
        if (has(co_squares(l, tw), s)) lands.push_back(land[l]);
      if (lands.empty()) continue;
      terms.push_back(twin[tw] && z3::mk_or(lands));
      if (by_twin) twin_hits[tw].push_back(z3::mk_or(lands) && moved.occupied_by(s, ~us));
    }
    formed.push_back(any_of(ctx, terms));
  }
  if (by_twin)
    for (Square tw = 0; tw < kSquares; ++tw)
      (*by_twin)[tw] = twin_hits[tw].empty() ? ctx.bool_val(false)
                                             : (twin[tw] && z3::mk_or(twin_hits[tw])).simplify();
  return formed;
}

std::vector<z3::expr> apply_co_effect(const BoardEncoding& moved, Color us,
                                      const std::vector<z3::expr>& formed,
                                      std::vector<z3::expr>& cells) {
  std::vector<z3::expr> converts;
  // A converted piece keeps its type and changes colour: code(them, t) -> code(us, t).
  const z3::expr shift = moved.code_val(moved.variant().piece_count());
  for (Square s = 0; s < kSquares; ++s) {
    converts.push_back(formed[s].is_false() ? formed[s]
                                            : (formed[s] && moved.occupied_by(s, ~us)).simplify());
    if (converts[s].is_false()) continue;
    const z3::expr flipped = us == kWhite ? cells[s] - shift : cells[s] + shift;
    cells[s] = z3::ite(converts[s], flipped, cells[s]);
  }
  return converts;
}

PlyStep::PlyStep(const AttackEncoding& before_attacks, Color mover, Move m, Bitboard converted)
    : before_(&before_attacks.board()),
      before_attacks_(&before_attacks),
      mover_(mover),
      move_(m),
      pseudo_(before_->ctx().bool_val(false)),
      extra_(before_->ctx().bool_val(true)) {
  for (Square s = 0; s < kSquares; ++s) converts_.push_back(before_->ctx().bool_val(false));
  by_twin_ = converts_;
  if (m.kind() == MoveKind::kEnPassant)
    throw CannotEncode("solver: en passant is not encoded in the symbolic ply");
  if (m.kind() == MoveKind::kCastling)
    build_castling();
  else
    build_ordinary(converted);
}

z3::expr PlyStep::converts_any() const {
  z3::expr_vector terms(before_->ctx());
  for (const z3::expr& c : converts_)
    if (!c.is_false()) terms.push_back(c);
  return any_of(before_->ctx(), terms);
}

void PlyStep::build_ordinary(Bitboard converted) {
  const BoardEncoding& b = *before_;
  const Variant& v = b.variant();
  z3::context& ctx = b.ctx();
  const Color us = mover_;
  const Square from = move_.from(), to = move_.to();
  const bool promotion = move_.kind() == MoveKind::kPromotion;
  // Which of the engine's move kinds (movegen.cpp emit) the piece's step from -> to is.
  z3::expr_vector pseudo(ctx);
  for (int t = 0; t < v.piece_count() && from != to; ++t) {
    const PieceType pt = static_cast<PieceType>(t);
    const PieceInfo& info = v.piece(pt);
    z3::expr reach = before_attacks_->reaches(us, pt, from, to);
    if (has(converted, from) &&
        v.knobs().conversion.converted_pawn_double_step == ConvertedPawnDoubleStep::kForbidden &&
        has(info.moves.at[us][from].initial_only, to))
      reach = ctx.bool_val(false);
    const bool double_shape = info.pawn && std::abs(to - from) == 16;
    z3::expr ok = ctx.bool_val(false);
    if (has(info.promotion_squares[us], to))
      ok = promotion && offers(info, move_.arg()) ? reach : ctx.bool_val(false);
    else if (move_.kind() == MoveKind::kNormal)
      ok = double_shape ? reach && !b.empty(to) : reach;
    else if (move_.kind() == MoveKind::kDoubleStep && double_shape)
      ok = reach && b.empty(to);
    if (!ok.is_false()) pseudo.push_back(b.is(from, us, pt) && ok);
  }
  pseudo_ = any_of(ctx, pseudo);

  std::vector<z3::expr> cells = b.cells();
  cells[from] = b.code_val(0);
  cells[to] =
      promotion ? b.code_val(b.code(us, static_cast<PieceType>(move_.arg()))) : b.cell(from);
  if (v.converts() && !promotion) {  // promotion forms no co-squares
    std::vector<z3::expr> is_type;
    for (int t = 0; t < v.piece_count(); ++t)
      is_type.push_back(b.is(from, us, static_cast<PieceType>(t)));
    const BoardEncoding moved(b, cells, b.rights(kWhite), b.rights(kBlack));
    const std::vector<z3::expr> formed = co_squares_formed(
        moved, us, [&](Square l) { return ctx.bool_val(l == to); }, is_type, &by_twin_);
    converts_ = apply_co_effect(moved, us, formed, cells);
  }
  finish(std::move(cells));
}

void PlyStep::build_castling() {
  const BoardEncoding& b = *before_;
  const Variant& v = b.variant();
  z3::context& ctx = b.ctx();
  const Color us = mover_, them = ~us;
  const std::size_t index = static_cast<std::size_t>(move_.arg());
  if (index >= v.castling(us).size()) throw std::invalid_argument("solver: no such castling move");
  const CastlingMove& cm = v.castling(us)[index];
  const ConversionRules& cr = v.conversion();
  const ConversionKnobs& ck = v.knobs().conversion;
  const AttackEncoding& at = *before_attacks_;
  // generate_castling: right, empty squares, both pieces at home, then the path conditions.
  z3::expr_vector gen(ctx);
  gen.push_back(b.castling_right(us, static_cast<int>(index)));
  gen.push_back(b.all_empty(cm.must_be_empty));
  gen.push_back(b.is(cm.king_from, us, v.royal()));
  gen.push_back(b.is(cm.rook_from, us, cm.rook_type));
  const Bitboard passed = cm.king_path & ~bb(cm.king_to) & ~bb(cm.king_from);
  const z3::expr in_check = royal_threatened(at, us);
  if (cr.enabled) {
    if (ck.castle_out_of_check_by_conversion == CastleOutOfCheckByConversion::kForbidden)
      gen.push_back(!in_check);
    if (ck.castle_through_cleared_square == CastleThroughClearedSquare::kForbidden)
      for (Bitboard p = passed; p;) gen.push_back(!at.threatened(pop_lsb(p), them));
  } else {
    for (Bitboard p = cm.king_path & ~bb(cm.king_to); p;)
      gen.push_back(!at.attacked(pop_lsb(p), them));
  }
  pseudo_ = move_.from() == cm.king_from && move_.to() == cm.king_to ? z3::mk_and(gen)
                                                                     : ctx.bool_val(false);

  std::vector<z3::expr> cells = b.cells();
  cells[cm.king_from] = b.code_val(0);
  cells[cm.rook_from] = b.code_val(0);
  cells[cm.king_to] = b.cell(cm.king_from);
  cells[cm.rook_to] = b.cell(cm.rook_from);
  if (cr.enabled) {
    // Both pieces form co-squares, as the types castling moves (apply_conversions).
    std::vector<z3::expr> king_type, rook_type;
    for (int t = 0; t < v.piece_count(); ++t) {
      king_type.push_back(ctx.bool_val(t == v.royal()));
      rook_type.push_back(ctx.bool_val(t == cm.rook_type));
    }
    co_effect(cells, {cm.king_to, cm.rook_to}, {king_type, rook_type});
  }
  finish(std::move(cells));
  if (cr.enabled) {
    // movegen filter_conversion: the start square when castling out of check, and the passed
    // squares when the co-effect may clear them, judged on the board after castling.
    const AttackEncoding& after = *after_attacks_;
    z3::expr_vector extra(ctx);
    extra.push_back(z3::implies(in_check, !after.threatened(cm.king_from, them)));
    if (ck.castle_through_cleared_square == CastleThroughClearedSquare::kAllowed)
      for (Bitboard p = passed; p;) extra.push_back(!after.threatened(pop_lsb(p), them));
    extra_ = z3::mk_and(extra);
  }
}

void PlyStep::co_effect(std::vector<z3::expr>& cells, const std::vector<Square>& landed,
                        const std::vector<std::vector<z3::expr>>& is_type) {
  const BoardEncoding& b = *before_;
  z3::context& ctx = b.ctx();
  // The board after the move, before its co-effect: twins and victims are read there.
  const BoardEncoding moved(b, cells, b.rights(kWhite), b.rights(kBlack));
  std::vector<z3::expr> formed(kSquares, ctx.bool_val(false));
  for (std::size_t i = 0; i < landed.size(); ++i) {
    const Square at = landed[i];
    const std::vector<z3::expr> f = co_squares_formed(
        moved, mover_, [&](Square l) { return ctx.bool_val(l == at); }, is_type[i]);
    for (Square s = 0; s < kSquares; ++s)
      if (!f[s].is_false()) formed[s] = formed[s].is_false() ? f[s] : formed[s] || f[s];
  }
  converts_ = apply_co_effect(moved, mover_, formed, cells);
}

void PlyStep::finish(std::vector<z3::expr> cells) {
  const BoardEncoding& b = *before_;
  const Variant& v = b.variant();
  const ConversionRules& cr = v.conversion();
  const ConversionKnobs& ck = v.knobs().conversion;
  z3::context& ctx = b.ctx();
  for (z3::expr& c : cells) c = c.simplify();
  // Position::make: rights kept by the from and to squares; apply_conversions: a converted
  // piece (a rook) loses its side's rights on its square unless the knob keeps them.
  const std::uint8_t keep = v.castling_keep_mask(move_.from()) & v.castling_keep_mask(move_.to());
  std::vector<z3::expr> rights[2];
  for (Color c : {kWhite, kBlack}) {
    const std::vector<CastlingMove>& moves = v.castling(c);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      z3::expr r =
          (keep & moves[i].right) ? b.castling_right(c, static_cast<int>(i)) : ctx.bool_val(false);
      if (cr.enabled && ck.converted_rook_castling == ConvertedRookCastling::kLost)
        for (Square s = 0; s < kSquares; ++s)
          if (!(v.castling_keep_mask(s) & moves[i].right) && !converts_[s].is_false())
            r = r && !converts_[s];
      rights[c].push_back(r.simplify());
    }
  }
  after_ = std::make_unique<BoardEncoding>(b, std::move(cells), std::move(rights[kWhite]),
                                           std::move(rights[kBlack]));
  after_attacks_ = std::make_unique<AttackEncoding>(*after_);
}

const z3::expr& PlyStep::legal() const {
  if (!legal_) {
    legal_ = pseudo_ && !converts_royal(*before_, converts_, ~mover_) &&
             !royal_threatened(*after_attacks_, mover_);
    if (!extra_.is_true()) legal_ = *legal_ && extra_;
  }
  return *legal_;
}

// The royal piece that moved is the side's only one after the move, unless the co-effect
// converted the enemy's, which converts_royal already makes illegal.
z3::expr PlyStep::legal_if_royal_moves() const {
  const Variant& v = before_->variant();
  const Square landing = move_.kind() == MoveKind::kCastling
                             ? v.castling(mover_)[static_cast<std::size_t>(move_.arg())].king_to
                             : move_.to();
  z3::expr out = pseudo_ && !converts_royal(*before_, converts_, ~mover_) &&
                 !after_attacks_->threatened(landing, ~mover_);
  return extra_.is_true() ? out : out && extra_;
}

}  // namespace arbiter::solver
