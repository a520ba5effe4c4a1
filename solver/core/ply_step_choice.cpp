// ChosenPly: the symbolic ply of solver/core/ply_step.hpp with the move itself a Z3 choice (from
// and to squares as variables), so one formula covers every ordinary move of a side.
#include <cstdlib>

#include "solver/core/ply_step.hpp"
#include "solver/core/z3_setup.hpp"

namespace arbiter::solver {

ChosenPly::ChosenPly(const AttackEncoding& before_attacks, Color mover, const std::string& prefix)
    : effect_(ply_step_effect(before_attacks.board().variant())),
      before_(&before_attacks.board()),
      before_attacks_(&before_attacks),
      mover_(mover),
      from_(before_->ctx().bv_const((prefix + "from").c_str(), 6)),
      to_(before_->ctx().bv_const((prefix + "to").c_str(), 6)),
      promo_(before_->ctx().bv_const((prefix + "promo").c_str(), before_->bits())),
      pseudo_(before_->ctx()),
      legal_(before_->ctx()),
      promotes_(before_->ctx()),
      mover_code_(before_->ctx()) {
  build();
}

ChosenPly::ChosenPly(const AttackEncoding& before_attacks, Color mover, const ChosenPly& same)
    : effect_(ply_step_effect(before_attacks.board().variant())),
      before_(&before_attacks.board()),
      before_attacks_(&before_attacks),
      mover_(mover),
      from_(same.from_),
      to_(same.to_),
      promo_(same.promo_),
      pseudo_(before_->ctx()),
      legal_(before_->ctx()),
      promotes_(before_->ctx()),
      mover_code_(before_->ctx()) {
  build();
}

void ChosenPly::build() {
  const BoardEncoding& b = *before_;
  const Variant& v = b.variant();
  z3::context& ctx = b.ctx();
  const Color us = mover_, them = ~us;
  const auto at = [&](const z3::expr& var, Square s) { return var == ctx.bv_val(s, 6); };

  // The piece on the from square, and whether the move promotes (movegen.cpp emit).
  mover_code_ = b.cell(kSquares - 1);
  for (Square s = kSquares - 2; s >= 0; --s)
    mover_code_ = z3::ite(at(from_, s), b.cell(s), mover_code_);
  z3::expr_vector promotes(ctx);
  std::vector<z3::expr> is_type;
  for (int t = 0; t < v.piece_count(); ++t) {
    const PieceType pt = static_cast<PieceType>(t);
    is_type.push_back(mover_code_ == b.code_val(b.code(us, pt)));
    z3::expr_vector lands(ctx);
    for (Bitboard p = v.piece(pt).promotion_squares[us]; p;) lands.push_back(at(to_, pop_lsb(p)));
    if (!lands.empty()) promotes.push_back(is_type[t] && z3::mk_or(lands));
  }
  promotes_ = any_of(ctx, promotes);

  // Pseudo-legal: some piece of ours on `from` reaches `to`; a promotion names a choice.
  z3::expr_vector pairs(ctx);
  for (Square f = 0; f < kSquares; ++f) {
    for (Square l = 0; l < kSquares; ++l) {
      if (f == l) continue;
      z3::expr_vector terms(ctx);
      for (int t = 0; t < v.piece_count(); ++t) {
        const PieceType pt = static_cast<PieceType>(t);
        const z3::expr r = before_attacks_->reaches(us, pt, f, l);
        if (r.is_false()) continue;
        z3::expr term = b.is(f, us, pt) && r;
        if (has(v.piece(pt).promotion_squares[us], l)) {
          z3::expr_vector choices(ctx);
          for (PieceType p : v.piece(pt).promotion_choices)
            choices.push_back(promo_ == b.code_val(b.code(us, p)));
          term = term && any_of(ctx, choices);
        }
        terms.push_back(term);
      }
      if (!terms.empty()) pairs.push_back(at(from_, f) && at(to_, l) && z3::mk_or(terms));
    }
  }
  pseudo_ = any_of(ctx, pairs);

  std::vector<z3::expr> cells;
  const z3::expr landed = z3::ite(promotes_, promo_, mover_code_);
  for (Square s = 0; s < kSquares; ++s)
    cells.push_back(z3::ite(at(from_, s), b.code_val(0), z3::ite(at(to_, s), landed, b.cell(s))));
  converts_.assign(kSquares, ctx.bool_val(false));
  by_twin_ = converts_;
  if (effect_)
    converts_ = effect_->after_chosen_move(b, us, to_, promotes_, is_type, cells, by_twin_);

  // Rights: Position::make's keep masks of the from and to squares, and pieces the effect
  // changes (PlyStepEffect::changed_piece_loses_rights).
  const bool changed_lose = effect_ && effect_->changed_piece_loses_rights(v);
  std::vector<z3::expr> rights[2];
  for (Color c : {kWhite, kBlack}) {
    const std::vector<CastlingMove>& moves = v.castling(c);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      z3::expr_vector keep(ctx);
      keep.push_back(b.castling_right(c, static_cast<int>(i)));
      for (Square s = 0; s < kSquares; ++s) {
        if (v.castling_keep_mask(s) & moves[i].right) continue;
        keep.push_back(!at(from_, s) && !at(to_, s));
        if (changed_lose && !converts_[s].is_false()) keep.push_back(!converts_[s]);
      }
      rights[c].push_back(z3::mk_and(keep));
    }
  }
  after_ = std::make_unique<BoardEncoding>(b, std::move(cells), std::move(rights[kWhite]),
                                           std::move(rights[kBlack]));
  after_attacks_ = std::make_unique<AttackEncoding>(*after_);
  const z3::expr forbidden = effect_ ? effect_->forbids(b, converts_, them) : ctx.bool_val(false);
  legal_ = pseudo_ && !forbidden && !royal_threatened(*after_attacks_, us);
}

z3::expr ChosenPly::is(Move m) const {
  const BoardEncoding& b = *before_;
  z3::context& ctx = b.ctx();
  z3::expr out = from_ == ctx.bv_val(m.from(), 6) && to_ == ctx.bv_val(m.to(), 6);
  if (m.kind() == MoveKind::kPromotion)
    out = out && promo_ == b.code_val(b.code(mover_, static_cast<PieceType>(m.arg())));
  return out;
}

Move ChosenPly::extract(const z3::model& model) const {
  const BoardEncoding& b = *before_;
  const Variant& v = b.variant();
  const Square from = static_cast<Square>(model.eval(from_, true).get_numeral_uint());
  const Square to = static_cast<Square>(model.eval(to_, true).get_numeral_uint());
  if (model.eval(promotes_, true).is_true()) {
    const int code = static_cast<int>(model.eval(promo_, true).get_numeral_uint());
    return Move(from, to, MoveKind::kPromotion, (code - 1) % v.piece_count());
  }
  const int code = static_cast<int>(model.eval(mover_code_, true).get_numeral_uint());
  const bool pawn = code > 0 && v.piece(static_cast<PieceType>((code - 1) % v.piece_count())).pawn;
  if (pawn && std::abs(to - from) == 16) return Move(from, to, MoveKind::kDoubleStep);
  return Move(from, to);
}

}  // namespace arbiter::solver
