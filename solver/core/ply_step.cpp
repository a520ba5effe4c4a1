// The symbolic ply: Position::make (rules/core/position.cpp) with the move effect's made(), and
// the legality test of rules/core/movegen.cpp, as expressions over a BoardEncoding.
#include "solver/core/ply_step.hpp"

#include <cstdlib>
#include <stdexcept>

#include "solver/core/cannot_encode.hpp"
#include "solver/core/z3_setup.hpp"

namespace arbiter::solver {

namespace {

bool offers(const PieceInfo& info, int type) {
  for (PieceType p : info.promotion_choices)
    if (p == type) return true;
  return false;
}

}  // namespace

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

PlyStep::PlyStep(const AttackEncoding& before_attacks, Color mover, Move m, Bitboard converted)
    : effect_(ply_step_effect(before_attacks.board().variant())),
      before_(&before_attacks.board()),
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
    if (has(converted, from) && !v.converted_keep_initial_moves() &&
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
  if (effect_) converts_ = effect_->after_move(b, us, move_, cells, by_twin_);
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
  const AttackEncoding& at = *before_attacks_;
  // generate_castling: right, empty squares, both pieces at home, then the path conditions.
  z3::expr_vector gen(ctx);
  gen.push_back(b.castling_right(us, static_cast<int>(index)));
  gen.push_back(b.all_empty(cm.must_be_empty));
  gen.push_back(b.is(cm.king_from, us, v.royal()));
  gen.push_back(b.is(cm.rook_from, us, cm.rook_type));
  const z3::expr in_check = royal_threatened(at, us);
  if (effect_) {
    effect_->castling_conditions(at, us, cm, in_check, gen);
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
  if (effect_) converts_ = effect_->after_castling(b, us, cm, cells);
  finish(std::move(cells));
  if (effect_) extra_ = effect_->castling_legal_after(*after_attacks_, us, cm, in_check);
}

void PlyStep::finish(std::vector<z3::expr> cells) {
  const BoardEncoding& b = *before_;
  const Variant& v = b.variant();
  z3::context& ctx = b.ctx();
  for (z3::expr& c : cells) c = c.simplify();
  // Position::make: rights kept by the from and to squares; the effect may take the rights of
  // the squares whose pieces it changes (Conversion: a converted rook's).
  const bool changed_lose = effect_ && effect_->changed_piece_loses_rights(v);
  const std::uint8_t keep = v.castling_keep_mask(move_.from()) & v.castling_keep_mask(move_.to());
  std::vector<z3::expr> rights[2];
  for (Color c : {kWhite, kBlack}) {
    const std::vector<CastlingMove>& moves = v.castling(c);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      z3::expr r =
          (keep & moves[i].right) ? b.castling_right(c, static_cast<int>(i)) : ctx.bool_val(false);
      if (changed_lose)
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

z3::expr PlyStep::forbidden_by_effect() const {
  return effect_ ? effect_->forbids(*before_, converts_, ~mover_) : before_->ctx().bool_val(false);
}

const z3::expr& PlyStep::legal() const {
  if (!legal_) {
    legal_ = pseudo_ && !forbidden_by_effect() && !royal_threatened(*after_attacks_, mover_);
    if (!extra_.is_true()) legal_ = *legal_ && extra_;
  }
  return *legal_;
}

// The royal piece that moved is the side's only one after the move, unless the effect changed
// the enemy's, which the effect forbids (Conversion: converting the enemy's royal piece).
z3::expr PlyStep::legal_if_royal_moves() const {
  const Variant& v = before_->variant();
  const Square landing = move_.kind() == MoveKind::kCastling
                             ? v.castling(mover_)[static_cast<std::size_t>(move_.arg())].king_to
                             : move_.to();
  z3::expr out = pseudo_ && !forbidden_by_effect() && !after_attacks_->threatened(landing, ~mover_);
  return extra_.is_true() ? out : out && extra_;
}

}  // namespace arbiter::solver
