// The symbolic attack, conversion-threat and check formulas of the solver against the engine:
// for positions reached by seeded random play, the concrete board is asserted into the
// symbolic one and every formula is evaluated in the model, square by square and colour by
// colour, next to Position::attacked, Position::threatened and Position::king_in_check.
// Pseudo-legal moves are compared with generate_pseudo_legal.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "solver/attack_encoding.hpp"
#include "solver/z3_setup.hpp"
#include "tests/support/conversion_reference.hpp"
#include "tests/support/random_play.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

/// Positions from each start FEN after 0..max_plies random legal plies (fixed seed).
std::vector<Position> sample_positions(const VariantPtr& v, const std::vector<std::string>& fens,
                                       int per_fen, int max_plies, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<Position> out;
  for (const std::string& fen : fens) {
    for (int i = 0; i < per_fen; ++i) {
      Position pos = parse_fen(v, fen);
      const int plies = static_cast<int>(rng() % static_cast<unsigned>(max_plies + 1));
      for (int p = 0; p < plies; ++p) {
        MoveList moves;
        generate_legal(pos, moves);
        if (moves.empty()) break;
        Undo undo;
        pos.make(moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))], undo);
      }
      out.push_back(pos);
    }
  }
  return out;
}

/// The piece placement of a FEN without conversion flags ('~'), which the encoding lacks.
std::string placement(const std::string& fen) {
  std::string out = fen.substr(0, fen.find(' '));
  std::erase(out, '~');
  return out;
}

bool eval_true(const z3::model& m, const z3::expr& e) {
  return m.eval(e, true).is_true();
}

/// Compares every square's attacked/threatened status and both check flags.
void compare_attacks(const VariantPtr& v, const std::vector<Position>& positions) {
  z3::context ctx;
  const BoardEncoding board(ctx, v);
  const AttackEncoding attacks(board);
  std::vector<z3::expr> attacked[2], threatened[2];
  for (Color c : {kWhite, kBlack})
    for (Square s = 0; s < kSquares; ++s) {
      attacked[c].push_back(attacks.attacked(s, c));
      threatened[c].push_back(attacks.threatened(s, c));
    }
  const z3::expr check[2] = {attacks.in_check(kWhite), attacks.in_check(kBlack)};
  z3::solver solver = make_solver(ctx, SolverLimits{});
  for (const Position& pos : positions) {
    solver.push();
    solver.add(board.equals(pos));
    ASSERT_EQ(solver.check(), z3::sat);
    const z3::model m = solver.get_model();
    const std::string fen = to_fen(pos);
    EXPECT_EQ(placement(to_fen(board.extract(m, pos.side_to_move()))), placement(fen));
    for (Color c : {kWhite, kBlack}) {
      for (Square s = 0; s < kSquares; ++s) {
        EXPECT_EQ(eval_true(m, attacked[c][s]), pos.attacked(s, c))
            << fen << " attacked " << square_name(s) << " by " << int(c);
        EXPECT_EQ(eval_true(m, threatened[c][s]), pos.threatened(s, c))
            << fen << " threatened " << square_name(s) << " by " << int(c);
      }
      EXPECT_EQ(eval_true(m, check[c]), pos.king_in_check(c)) << fen << " check " << int(c);
    }
    solver.pop();
  }
}

/// move_exists(from, to) for the side to move's pieces against generate_pseudo_legal (en
/// passant, castling and converted pawns' steps left out: the encoding has none of them).
void compare_moves(const VariantPtr& v, const std::vector<Position>& positions) {
  z3::context ctx;
  const BoardEncoding board(ctx, v);
  const AttackEncoding attacks(board);
  z3::solver solver = make_solver(ctx, SolverLimits{});
  for (const Position& pos : positions) {
    MoveList moves;
    generate_pseudo_legal(pos, moves);
    Bitboard engine[kSquares] = {};
    for (Move mv : moves)
      if (mv.kind() != MoveKind::kCastling && mv.kind() != MoveKind::kEnPassant)
        engine[mv.from()] |= bb(mv.to());
    solver.push();
    solver.add(board.equals(pos));
    ASSERT_EQ(solver.check(), z3::sat);
    const z3::model m = solver.get_model();
    for (Bitboard from = pos.pieces(pos.side_to_move()) & ~pos.converted(); from;) {
      const Square f = pop_lsb(from);
      for (Square t = 0; t < kSquares; ++t)
        EXPECT_EQ(eval_true(m, attacks.move_exists(f, t)), has(engine[f], t))
            << to_fen(pos) << ' ' << square_name(f) << square_name(t);
    }
    solver.pop();
  }
}

std::vector<std::string> conversion_fens() {
  std::vector<std::string> out;
  for (const test::ConversionPosition& p : test::conversion_positions()) out.push_back(p.fen);
  return out;
}

TEST(SolverAttack, OrthodoxAttacksAndCheckMatchTheEngine) {
  const VariantPtr& v = test::orthodox();
  compare_attacks(v, sample_positions(v, test::orthodox_start_fens(), 6, 60, 1));
}

TEST(SolverAttack, ConversionThreatsAndCheckMatchTheEngine) {
  const VariantPtr& v = test::bundled_variant("conversion");
  compare_attacks(v, sample_positions(v, conversion_fens(), 3, 40, 2));
}

TEST(SolverAttack, ConversionWithoutCastlingThreatsMatchesTheEngine) {
  const VariantPtr& v = test::bundled_variant("conversion", {{"castling-threatens", "ignored"}});
  compare_attacks(v, sample_positions(v, conversion_fens(), 1, 30, 3));
}

TEST(SolverAttack, PseudoLegalMovesMatchTheEngine) {
  const VariantPtr& o = test::orthodox();
  compare_moves(o, sample_positions(o, test::orthodox_start_fens(), 3, 40, 4));
  const VariantPtr& c = test::bundled_variant("conversion");
  compare_moves(c, sample_positions(c, conversion_fens(), 1, 30, 5));
}

TEST(SolverAttack, ConcreteBoardFormulasSimplifyToTheEnginesAnswer) {
  // The same formulas built over numeral cells reduce to true/false without a solver call:
  // the cheap engine-vs-encoder comparison the differential properties rely on.
  const VariantPtr& v = test::orthodox();
  z3::context ctx;
  const BoardEncoding symbolic(ctx, v);
  for (const Position& pos : sample_positions(v, test::orthodox_start_fens(), 2, 40, 6)) {
    const BoardEncoding board = BoardEncoding::of_position(symbolic, pos);
    const AttackEncoding attacks(board);
    for (Color c : {kWhite, kBlack}) {
      for (Square s = 0; s < kSquares; ++s) {
        const z3::expr a = attacks.attacked(s, c).simplify();
        ASSERT_TRUE(a.is_true() || a.is_false()) << a;
        EXPECT_EQ(a.is_true(), pos.attacked(s, c)) << to_fen(pos) << ' ' << square_name(s);
      }
      EXPECT_EQ(attacks.in_check(c).simplify().is_true(), pos.king_in_check(c)) << to_fen(pos);
    }
  }
}

TEST(SolverAttack, PinnedThreatsIgnoredIsRefusedNotMisencoded) {
  const VariantPtr& v =
      test::bundled_variant("conversion", {{"threat-by-pinned-piece", "ignored"}});
  z3::context ctx;
  const BoardEncoding board(ctx, v);
  EXPECT_THROW(AttackEncoding{board}, std::invalid_argument);
}

}  // namespace
}  // namespace arbiter::solver
