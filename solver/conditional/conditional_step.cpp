// ConditionalStep: two ChosenPly steps composed, the C-move sharing its variables between the
// board where it was stated and the board after the B-move; and small sufficient conditions
// for the C-move executing or being skipped that avoid rebuilding the C ply after the B-move.
#include "solver/conditional/conditional_step.hpp"

#include "rules/conversion/conversion.hpp"

namespace arbiter::solver {

ConditionalStep::ConditionalStep(const AttackEncoding& before, Color b_mover,
                                 const std::string& prefix, bool full)
    : b_(before, b_mover, prefix + "b_"),
      c_stated_(before, ~b_mover, prefix + "c_"),
      attacked_after_both_(before.board().ctx()) {
  const BoardEncoding& b = b_.after();
  z3::context& ctx = b.ctx();
  // The C-move's squares applied to the board after the B-move: the true board after both
  // whenever the C-move is still pseudo-legal there (no conversion: no co-effect).
  const z3::expr landed = z3::ite(c_stated_.promotes(), c_stated_.promo(), c_stated_.mover_code());
  std::vector<z3::expr> both;
  for (Square s = 0; s < kSquares; ++s) {
    const z3::expr sq = ctx.bv_val(s, 6);
    both.push_back(z3::ite(c_stated_.from() == sq, b.code_val(0),
                           z3::ite(c_stated_.to() == sq, landed, b.cell(s))));
  }
  after_both_ =
      std::make_unique<BoardEncoding>(b, std::move(both), b.rights(kWhite), b.rights(kBlack));
  after_both_attacks_ = std::make_unique<AttackEncoding>(*after_both_);
  attacked_after_both_ = royal_threatened(*after_both_attacks_, ~b_mover);
  if (!full) return;

  c_after_b_ = std::make_unique<ChosenPly>(b_.after_attacks(), ~b_mover, c_stated_);
  const BoardEncoding& c = c_after_b_->after();
  const z3::expr& run = c_executes();
  std::vector<z3::expr> cells;
  for (Square s = 0; s < kSquares; ++s) cells.push_back(z3::ite(run, c.cell(s), b.cell(s)));
  std::vector<z3::expr> rights[2];
  for (Color col : {kWhite, kBlack})
    for (std::size_t i = 0; i < b.rights(col).size(); ++i)
      rights[col].push_back(z3::ite(run, c.rights(col)[i], b.rights(col)[i]));
  after_ = std::make_unique<BoardEncoding>(b, std::move(cells), std::move(rights[kWhite]),
                                           std::move(rights[kBlack]));
}

namespace {

/// The C-mover (its cell code on the board where it was stated) is a pawn.
z3::expr mover_is_pawn(const ChosenPly& c) {
  const BoardEncoding& b = c.before();
  const Variant& v = b.variant();
  z3::expr_vector pawn(b.ctx());
  for (int t = 0; t < v.piece_count(); ++t) {
    const PieceType pt = static_cast<PieceType>(t);
    if (v.piece(pt).pawn) pawn.push_back(c.mover_code() == b.code_val(b.code(c.mover(), pt)));
  }
  return pawn.empty() ? b.ctx().bool_val(false) : z3::mk_or(pawn);
}

/// The B-move lands strictly between the C-move's squares.
z3::expr lands_between(const ChosenPly& b, const ChosenPly& c) {
  const Variant& v = b.before().variant();
  z3::context& ctx = b.before().ctx();
  z3::expr_vector blocks(ctx);
  for (Square f = 0; f < kSquares; ++f) {
    for (Square l = 0; l < kSquares; ++l) {
      Bitboard between = v.between(f, l);
      if (!between) continue;
      z3::expr_vector on(ctx);
      while (between) on.push_back(b.to() == ctx.bv_val(pop_lsb(between), 6));
      blocks.push_back(c.from() == ctx.bv_val(f, 6) && c.to() == ctx.bv_val(l, 6) && z3::mk_or(on));
    }
  }
  return blocks.empty() ? ctx.bool_val(false) : z3::mk_or(blocks);
}

}  // namespace

z3::expr ConditionalStep::b_leaves_c_pseudo_legal() const {
  const ChosenPly& c = c_stated_;
  const z3::expr pawn = mover_is_pawn(c);
  return b_.to() != c.from() && !lands_between(b_, c) && (b_.to() != c.to() || !pawn) &&
         (b_.from() != c.to() || !pawn);
}

z3::expr ConditionalStep::c_surely_executes() const {
  if (b_.before().variant().effect()) return b_.before().ctx().bool_val(false);
  return b_leaves_c_pseudo_legal() && !attacked_after_both_;
}

z3::expr ConditionalStep::c_surely_skipped() const {
  if (b_.before().variant().effect()) return b_.before().ctx().bool_val(false);
  const ChosenPly& c = c_stated_;
  const z3::expr pawn = mover_is_pawn(c);
  return b_.to() == c.from() || lands_between(b_, c) ||
         (pawn && (b_.to() == c.to() || b_.from() == c.to())) || attacked_after_both_;
}

z3::expr ConditionalStep::same_piece_named() const {
  // Every square holding the C-mover's piece code is its from square (64 implications, cheaper
  // for Z3 than an at-most-one per type).
  const BoardEncoding& b = c_stated_.before();
  z3::context& ctx = b.ctx();
  z3::expr_vector alone(ctx);
  for (Square s = 0; s < kSquares; ++s)
    alone.push_back(
        z3::implies(b.cell(s) == c_stated_.mover_code(), c_stated_.from() == ctx.bv_val(s, 6)));
  return z3::mk_and(alone);
}

}  // namespace arbiter::solver
