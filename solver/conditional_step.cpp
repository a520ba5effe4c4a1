// ConditionalStep: two ChosenPly steps composed, the C-move sharing its variables between the
// board where it was stated and the board after the B-move.
#include "solver/conditional_step.hpp"

namespace arbiter::solver {

ConditionalStep::ConditionalStep(const AttackEncoding& before, Color b_mover,
                                 const std::string& prefix)
    : b_(before, b_mover, prefix + "b_"),
      c_stated_(before, ~b_mover, prefix + "c_"),
      c_after_b_(b_.after_attacks(), ~b_mover, c_stated_) {
  const BoardEncoding& b = b_.after();
  const BoardEncoding& c = c_after_b_.after();
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

z3::expr ConditionalStep::same_piece_named() const {
  const BoardEncoding& b = c_stated_.before();
  const Variant& v = b.variant();
  const Color stater = c_stated_.mover();
  z3::context& ctx = b.ctx();
  z3::expr_vector alone(ctx);
  for (int t = 0; t < v.piece_count(); ++t) {
    const PieceType pt = static_cast<PieceType>(t);
    z3::expr_vector mine(ctx);
    for (Square s = 0; s < kSquares; ++s) mine.push_back(b.is(s, stater, pt));
    alone.push_back(
        z3::implies(c_stated_.mover_code() == b.code_val(b.code(stater, pt)), z3::atmost(mine, 1)));
  }
  return z3::mk_and(alone);
}

}  // namespace arbiter::solver
