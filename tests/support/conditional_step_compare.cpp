#include "tests/support/conditional_step_compare.hpp"

#include <random>
#include <string>

#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "tests/support/random_play.hpp"

namespace arbiter::test {

std::vector<Position> phase_b_positions(const VariantPtr& v, int count, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<Position> out;
  const std::vector<std::string>& fens = orthodox_start_fens();
  for (int i = 0; i < count; ++i) {
    Position pos = parse_fen(v, fens[static_cast<std::size_t>(i) % fens.size()]);
    const int plies = 1 + static_cast<int>(rng() % 50U);
    for (int p = 0; p < plies; ++p) {
      MoveList moves;
      generate_legal(pos, moves);
      if (moves.empty()) break;
      Undo undo;
      pos.make(moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))], undo);
    }
    out.push_back(pos);
  }
  return out;
}

std::vector<Move> ordinary_moves(const Position& pos, Color c) {
  Position view = pos;
  view.set_side_to_move(c);
  MoveList list;
  generate_legal(view, list);
  std::vector<Move> out;
  for (Move m : list)
    if (m.kind() != MoveKind::kCastling && m.kind() != MoveKind::kEnPassant) out.push_back(m);
  return out;
}

void bind_ply(const solver::ChosenPly& ply, Move m, z3::expr_vector& src, z3::expr_vector& dst) {
  const solver::BoardEncoding& b = ply.before();
  src.push_back(ply.from());
  dst.push_back(b.ctx().bv_val(m.from(), 6));
  src.push_back(ply.to());
  dst.push_back(b.ctx().bv_val(m.to(), 6));
  src.push_back(ply.promo());
  dst.push_back(b.code_val(
      m.kind() == MoveKind::kPromotion ? b.code(ply.mover(), static_cast<PieceType>(m.arg())) : 0));
}

z3::expr_vector substituted(const z3::expr_vector& terms, const z3::expr_vector& src,
                            const z3::expr_vector& dst) {
  z3::context& ctx = terms.ctx();
  z3::sort_vector sorts(ctx);
  for (const z3::expr& t : terms) sorts.push_back(t.get_sort());
  const z3::expr all = ctx.function("substituted_terms", sorts, ctx.bool_sort())(terms)
                           .substitute(src, dst)
                           .simplify();
  z3::expr_vector out(ctx);
  for (unsigned i = 0; i < all.num_args(); ++i) out.push_back(all.arg(i));
  return out;
}

z3::expr_vector simplified(const z3::expr_vector& terms) {
  const z3::expr_vector none(terms.ctx());
  return substituted(terms, none, none);
}

}  // namespace arbiter::test
