#include "solver/analysis/puzzle_candidates.hpp"

#include <random>
#include <vector>

#include "rules/core/splitmix.hpp"
#include "solver/core/attack_encoding.hpp"
#include "solver/core/board_encoding.hpp"
#include "solver/core/z3_setup.hpp"

namespace arbiter::solver {
std::optional<Position> mating_net_candidate(const VariantPtr& v, Color attacker, Color to_move,
                                             std::uint64_t seed, std::uint64_t index,
                                             int max_pieces) {
  const PieceType royal = v->royal();
  if (royal == kNoPiece || max_pieces < 3) return std::nullopt;
  std::mt19937_64 rng(splitmix64(seed ^ splitmix64(index ^ 0x5eedULL)));
  const Color defender = ~attacker;
  // The drawn shape: where the king stands, how many pieces, how many flights, which piece the
  // attacker must have.
  const Square king = static_cast<Square>(rng() % kSquares);
  const int pieces = 3 + static_cast<int>(rng() % static_cast<std::uint64_t>(max_pieces - 2));
  const unsigned flights_allowed = static_cast<unsigned>(rng() % 2);
  std::vector<PieceType> officers;
  for (PieceType t = 0; t < v->piece_count(); ++t)
    if (t != royal && !v->piece(t).pawn) officers.push_back(t);
  if (officers.empty()) return std::nullopt;
  const PieceType officer = officers[rng() % officers.size()];

  z3::context ctx;
  const BoardEncoding board(ctx, v);
  const AttackEncoding attacks(board);
  SolverLimits limits;
  limits.seed = static_cast<unsigned>(rng() & 0x7fffffffU);
  limits.rlimit = 20000000;  // a candidate is cheap or skipped
  z3::solver s = make_solver(ctx, limits);
  s.add(board.validity(BoardLimits{pieces}, to_move));
  s.add(!attacks.in_check(kWhite) && !attacks.in_check(kBlack));
  s.add(board.is(king, defender, royal));
  z3::expr_vector flights(ctx);
  for (int df = -1; df <= 1; ++df)
    for (int dr = -1; dr <= 1; ++dr) {
      const int f = file_of(king) + df, r = rank_of(king) + dr;
      if ((df == 0 && dr == 0) || f < 0 || f > 7 || r < 0 || r > 7) continue;
      const Square t = make_square(f, r);
      flights.push_back((board.empty(t) || board.occupied_by(t, attacker)) &&
                        !attacks.attacked(t, attacker, BoardChange{king, kNoSquare}));
    }
  s.add(z3::atmost(flights, flights_allowed));
  z3::expr_vector has_officer(ctx);
  for (Square sq = 0; sq < kSquares; ++sq) has_officer.push_back(board.is(sq, attacker, officer));
  s.add(z3::mk_or(has_officer));
  if (s.check() != z3::sat) return std::nullopt;
  return board.extract(s.get_model(), to_move);
}

}  // namespace arbiter::solver
