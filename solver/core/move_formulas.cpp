#include "solver/core/move_formulas.hpp"

#include <algorithm>
#include <cstdlib>

namespace arbiter::solver {

int travel_ticks(const Variant& v, Square from, Square to) {
  const int df = std::abs(file_of(from) - file_of(to)), dr = std::abs(rank_of(from) - rank_of(to));
  const bool line = df == 0 || dr == 0 || df == dr;
  if (!line && v.between(from, to) == 0) return 1;
  return std::max(df, dr);
}

z3::expr moves_to(const ScenarioContext& sc, Color c, Square from, Square to) {
  return sc.board.occupied_by(from, c) && sc.attacks.move_exists(from, to);
}

std::vector<z3::expr> reach_by_type(const ScenarioContext& sc, Color c, bool skip_royal) {
  const Variant& v = sc.board.variant();
  std::vector<z3::expr> out;
  for (int t = 0; t < v.piece_count(); ++t) {
    const PieceType pt = static_cast<PieceType>(t);
    for (Square z = 0; z < kSquares; ++z) {
      z3::expr_vector terms(sc.board.ctx());
      if (!(skip_royal && pt == v.royal()))
        for (Square x = 0; x < kSquares; ++x) {
          const z3::expr r = sc.attacks.reaches(c, pt, x, z);
          if (!r.is_false()) terms.push_back(sc.board.is(x, c, pt) && r);
        }
      out.push_back(terms.empty() ? sc.board.ctx().bool_val(false) : z3::mk_or(terms));
    }
  }
  return out;
}

z3::expr attacks_after_move(const ScenarioContext& sc, Color c, const std::vector<z3::expr>& reach,
                            Square s) {
  const Variant& v = sc.board.variant();
  z3::expr_vector terms(sc.board.ctx());
  for (int t = 0; t < v.piece_count(); ++t)
    for (Square z = 0; z < kSquares; ++z) {
      const z3::expr& r = reach[static_cast<std::size_t>(t * kSquares + z)];
      if (r.is_false() || z == s) continue;
      const z3::expr a = sc.attacks.would_attack(c, static_cast<PieceType>(t), z, s);
      if (!a.is_false()) terms.push_back(r && a);
    }
  return terms.empty() ? sc.board.ctx().bool_val(false) : z3::mk_or(terms);
}

z3::expr passes(const ScenarioContext& sc, Color c, Square m, int tick) {
  const Variant& v = sc.board.variant();
  z3::expr_vector terms(sc.board.ctx());
  for (Square x = 0; x < kSquares; ++x) {
    if (x == m || travel_ticks(v, x, m) != tick) continue;
    for (Square d = 0; d < kSquares; ++d)
      if (has(v.between(x, d), m)) terms.push_back(moves_to(sc, c, x, d));
  }
  return terms.empty() ? sc.board.ctx().bool_val(false) : sc.board.empty(m) && z3::mk_or(terms);
}

z3::expr arrives(const ScenarioContext& sc, Color c, Square m, int tick) {
  const Variant& v = sc.board.variant();
  z3::expr_vector terms(sc.board.ctx());
  for (Square x = 0; x < kSquares; ++x)
    if (x != m && travel_ticks(v, x, m) == tick) terms.push_back(moves_to(sc, c, x, m));
  return terms.empty() ? sc.board.ctx().bool_val(false) : sc.board.empty(m) && z3::mk_or(terms);
}

}  // namespace arbiter::solver
