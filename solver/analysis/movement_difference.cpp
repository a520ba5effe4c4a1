#include "solver/analysis/movement_difference.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "solver/core/attack_encoding.hpp"
#include "solver/core/board_encoding.hpp"
#include "solver/core/z3_setup.hpp"

namespace arbiter::solver {

std::string movement_comparable(const Variant& a, const Variant& b) {
  if (a.piece_count() != b.piece_count())
    return fmt::format("the tables have {} and {} piece types", a.piece_count(), b.piece_count());
  for (PieceType t = 0; t < a.piece_count(); ++t)
    if (b.type_of_letter(a.piece(t).letter) == kNoPiece)
      return fmt::format("piece {} is only in the first table", a.piece(t).letter);
  for (Color c : {kWhite, kBlack}) {
    const auto& ca = a.table().castling;
    const auto& cb = b.table().castling;
    if (ca.size() != cb.size() || a.castling(c).size() != b.castling(c).size())
      return "the tables castle differently";
    for (std::size_t i = 0; i < ca.size(); ++i)
      if (ca[i].name != cb[i].name) return "the tables castle differently";
  }
  return "";
}

z3::expr movement_differs(const ScenarioContext& ctx, const VariantPtr& b) {
  const BoardEncoding& board_a = ctx.board;
  const Variant& a = board_a.variant();
  z3::context& z = board_a.ctx();
  // Table b's board: the same squares, each code of a mapped to b's code of the same piece
  // (the cells themselves when both tables list their pieces in one order, so that formulas
  // built the same way are the same term and their difference simplifies away).
  const BoardEncoding base_b(z, b, "diff_b_");
  bool same_order = true;
  for (PieceType t = 0; t < a.piece_count(); ++t)
    same_order = same_order && b->type_of_letter(a.piece(t).letter) == t;
  std::vector<z3::expr> cells;
  for (Square s = 0; s < kSquares; ++s) {
    if (same_order) {
      cells.push_back(board_a.cell(s));
      continue;
    }
    z3::expr cell = base_b.code_val(0);
    for (Color c : {kWhite, kBlack})
      for (PieceType t = 0; t < a.piece_count(); ++t)
        cell = z3::ite(board_a.cell(s) == board_a.code_val(board_a.code(c, t)),
                       base_b.code_val(base_b.code(c, b->type_of_letter(a.piece(t).letter))), cell);
    cells.push_back(cell);
  }
  std::vector<z3::expr> rights[2] = {board_a.rights(kWhite), board_a.rights(kBlack)};
  const BoardEncoding board_b =
      board_a.en_passant()
          ? BoardEncoding(base_b, cells, rights[kWhite], rights[kBlack], *board_a.en_passant())
          : BoardEncoding(base_b, cells, rights[kWhite], rights[kBlack]);
  const AttackEncoding& att_a = ctx.attacks;
  const AttackEncoding att_b(board_b);
  // Each difference on its own, simplified: the ones built the same way under both tables
  // vanish, which leaves Z3 only the terms where the tables really are written differently.
  z3::expr_vector differs(z);
  const auto add = [&](const z3::expr& x, const z3::expr& y) {
    const z3::expr d = (x != y).simplify();
    if (!d.is_false()) differs.push_back(d);
  };
  for (Color c : {kWhite, kBlack}) {
    add(att_a.in_check(c), att_b.in_check(c));
    for (Square s = 0; s < kSquares; ++s) {
      add(att_a.attacked(s, c), att_b.attacked(s, c));
      add(att_a.threatened(s, c), att_b.threatened(s, c));
    }
  }
  for (Square from = 0; from < kSquares; ++from)
    for (Square to = 0; to < kSquares; ++to)
      if (from != to) add(att_a.move_exists(from, to), att_b.move_exists(from, to));
  return differs.empty() ? z.bool_val(false) : z3::mk_or(differs);
}

}  // namespace arbiter::solver
