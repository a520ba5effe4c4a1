// The symbolic attack, conversion-threat and check formulas of the solver against the engine:
// for positions reached by seeded random play, the concrete board is asserted into the
// symbolic one and every formula is evaluated in the model, square by square and colour by
// colour, next to Position::attacked, Position::threatened and Position::king_in_check.
// Pseudo-legal moves (en passant included) are compared with generate_pseudo_legal, and the
// en-passant target's validity with what the FEN reader accepts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "solver/core/attack_encoding.hpp"
#include "solver/core/z3_setup.hpp"
#include "tests/support/conversion_reference.hpp"
#include "tests/support/ply_step_compare.hpp"
#include "tests/support/random_play.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

/// Every position right after a double step (an en-passant target set) in `games` random games
/// of up to `max_plies` plies from each start FEN (fixed seed).
std::vector<Position> ep_positions(const VariantPtr& v, const std::vector<std::string>& fens,
                                   int games, int max_plies, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<Position> out;
  for (const std::string& fen : fens)
    for (int g = 0; g < games; ++g) {
      Position pos = parse_fen(v, fen);
      for (int p = 0; p < max_plies; ++p) {
        MoveList moves;
        generate_legal(pos, moves);
        if (moves.empty()) break;
        Undo undo;
        pos.make(moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))], undo);
        if (pos.en_passant() != kNoSquare) out.push_back(pos);
      }
    }
  return out;
}

/// Start positions where a double step has just been played next to an enemy pawn, both
/// colours, with and without a pin (pseudo-legal en passant either way).
const std::vector<std::string>& ep_start_fens() {
  static const std::vector<std::string> fens = {
      "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
      "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
      "rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 3",
      "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
      "4k3/8/8/8/1pP5/8/8/4K3 b - c3 0 1",
      "rnbqkbnr/1ppppppp/8/8/pP6/8/P1PPPPPP/RNBQKBNR b KQkq b3 0 2",
      // Pawns waiting beside every file's double step, for random play.
      "4k3/p1p1p1p1/8/1P1P1P1P/1p1p1p1p/8/P1P1P1P1/4K3 w - - 0 1",
      "4k3/1p1p1p1p/8/P1P1P1P1/p1p1p1p1/8/1P1P1P1P/4K3 b - - 0 1",
  };
  return fens;
}

/// The FEN of `pos` with its en-passant field replaced by `field`.
std::string with_ep_field(const Position& pos, const std::string& field) {
  std::string fen = to_fen(pos);
  std::size_t at = 0;
  for (int i = 0; i < 3; ++i) at = fen.find(' ', at) + 1;
  return fen.substr(0, at) + field + fen.substr(fen.find(' ', at));
}

/// The first four FEN fields (placement, side, castling, en passant).
std::string four_fields(const Position& pos) {
  const std::string fen = to_fen(pos);
  std::size_t at = 0;
  for (int i = 0; i < 4; ++i) at = fen.find(' ', at) + 1;
  return fen.substr(0, at - 1);
}

/// The piece placement of a FEN without conversion flags ('~', '^'), which the encoding lacks.
std::string placement(const std::string& fen) {
  std::string out = fen.substr(0, fen.find(' '));
  std::erase(out, '~');
  std::erase(out, '^');
  return out;
}

bool eval_true(const z3::model& m, const z3::expr& e) {
  return m.eval(e, true).is_true();
}

/// Compares every square's attacked/threatened status and both check flags; returns the
/// number of positions compared.
int compare_attacks(const VariantPtr& v, const std::vector<Position>& positions) {
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
  int compared = 0;
  for (const Position& pos : positions) {
    solver.push();
    solver.add(board.equals(pos));
    EXPECT_EQ(solver.check(), z3::sat) << to_fen(pos);
    if (::testing::Test::HasFailure()) return compared;
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
    ++compared;
  }
  return compared;
}

/// What compare_moves compared.
struct MoveCounts {
  int positions = 0;   ///< positions whose every (from, to) pair was compared
  int moves = 0;       ///< (from, to) pairs the engine generates among them
  int en_passant = 0;  ///< en-passant moves among them
};

/// move_exists(from, to) for the side to move's pieces against generate_pseudo_legal (castling
/// and converted pawns' steps left out: the encoding has none of them).
MoveCounts compare_moves(const VariantPtr& v, const std::vector<Position>& positions) {
  z3::context ctx;
  const BoardEncoding board(ctx, v);
  const AttackEncoding attacks(board);
  z3::solver solver = make_solver(ctx, SolverLimits{});
  MoveCounts n;
  for (const Position& pos : positions) {
    MoveList moves;
    generate_pseudo_legal(pos, moves);
    Bitboard engine[kSquares] = {};
    for (Move mv : moves) {
      if (mv.kind() == MoveKind::kCastling) continue;
      engine[mv.from()] |= bb(mv.to());
      if (mv.kind() == MoveKind::kEnPassant && !has(pos.converted(), mv.from())) ++n.en_passant;
    }
    solver.push();
    solver.add(board.equals(pos));
    EXPECT_EQ(solver.check(), z3::sat);
    if (::testing::Test::HasFailure()) return n;
    const z3::model m = solver.get_model();
    for (Bitboard from = pos.pieces(pos.side_to_move()) & ~pos.converted(); from;) {
      const Square f = pop_lsb(from);
      n.moves += popcount(engine[f]);
      for (Square t = 0; t < kSquares; ++t)
        EXPECT_EQ(eval_true(m, attacks.move_exists(f, t)), has(engine[f], t))
            << to_fen(pos) << ' ' << square_name(f) << square_name(t);
    }
    solver.pop();
    ++n.positions;
  }
  return n;
}

/// The same comparison over concrete boards (BoardEncoding::of_position): every move_exists
/// formula must simplify to the engine's answer, no solver call. Returns the en-passant moves.
int compare_moves_concrete(const VariantPtr& v, const std::vector<Position>& positions) {
  z3::context ctx;
  const BoardEncoding symbolic(ctx, v);
  int en_passant = 0;
  for (const Position& pos : positions) {
    MoveList moves;
    generate_pseudo_legal(pos, moves);
    Bitboard engine[kSquares] = {};
    for (Move mv : moves) {
      if (mv.kind() == MoveKind::kCastling) continue;
      engine[mv.from()] |= bb(mv.to());
      if (mv.kind() == MoveKind::kEnPassant && !has(pos.converted(), mv.from())) ++en_passant;
    }
    const BoardEncoding board = BoardEncoding::of_position(symbolic, pos);
    const AttackEncoding attacks(board);
    for (Bitboard from = pos.pieces(pos.side_to_move()) & ~pos.converted(); from;) {
      const Square f = pop_lsb(from);
      for (Square t = 0; t < kSquares; ++t) {
        const z3::expr e = attacks.move_exists(f, t).simplify();
        EXPECT_TRUE(e.is_true() || e.is_false()) << e;
        EXPECT_EQ(e.is_true(), has(engine[f], t))
            << to_fen(pos) << ' ' << square_name(f) << square_name(t);
      }
    }
  }
  return en_passant;
}

TEST(SolverAttack, OrthodoxAttacksAndCheckMatchTheEngine) {
  const VariantPtr& v = test::orthodox();
  const std::vector<Position> positions =
      test::sample_positions(v, test::orthodox_start_fens(), 6, 60, 1);
  EXPECT_GE(positions.size(), 36U);
  EXPECT_EQ(compare_attacks(v, positions), static_cast<int>(positions.size()));
}

TEST(SolverAttack, ConversionThreatsAndCheckMatchTheEngine) {
  const VariantPtr& v = test::bundled_variant("conversion");
  const std::vector<Position> positions =
      test::sample_positions(v, test::conversion_fens(), 3, 40, 2);
  EXPECT_GE(positions.size(), 21U);
  EXPECT_EQ(compare_attacks(v, positions), static_cast<int>(positions.size()));
}

TEST(SolverAttack, ConversionWithoutCastlingThreatsMatchesTheEngine) {
  const VariantPtr& v = test::bundled_variant("conversion", {{"castling-threatens", "ignored"}});
  const std::vector<Position> positions =
      test::sample_positions(v, test::conversion_fens(), 1, 30, 3);
  EXPECT_GE(positions.size(), 7U);
  EXPECT_EQ(compare_attacks(v, positions), static_cast<int>(positions.size()));
}

TEST(SolverAttack, PseudoLegalMovesMatchTheEngine) {
  // Every position is compared square pair by square pair; the samples hold enough moves.
  const VariantPtr& o = test::orthodox();
  const std::vector<Position> orthodox =
      test::sample_positions(o, test::orthodox_start_fens(), 3, 40, 4);
  const MoveCounts on = compare_moves(o, orthodox);
  std::printf("[ compared ] orthodox: %d positions, %d moves, %d en passant\n", on.positions,
              on.moves, on.en_passant);
  EXPECT_EQ(on.positions, static_cast<int>(orthodox.size()));
  EXPECT_GE(on.positions, 18);
  EXPECT_GE(on.moves, 600);
  const VariantPtr& c = test::bundled_variant("conversion");
  const std::vector<Position> conversion =
      test::sample_positions(c, test::conversion_fens(), 1, 30, 5);
  const MoveCounts cn = compare_moves(c, conversion);
  std::printf("[ compared ] conversion: %d positions, %d moves, %d en passant\n", cn.positions,
              cn.moves, cn.en_passant);
  EXPECT_EQ(cn.positions, static_cast<int>(conversion.size()));
  EXPECT_GE(cn.positions, 7);
  EXPECT_GE(cn.moves, 200);
}

TEST(SolverAttack, EnPassantCapturesMatchTheEngine) {
  const VariantPtr& o = test::orthodox();
  std::vector<Position> positions = ep_positions(o, test::orthodox_start_fens(), 4, 30, 7);
  for (const std::string& fen : ep_start_fens()) positions.push_back(parse_fen(o, fen));
  const std::vector<Position> more = ep_positions(o, ep_start_fens(), 6, 16, 8);
  positions.insert(positions.end(), more.begin(), more.end());
  ASSERT_GE(positions.size(), 60U);
  const MoveCounts on = compare_moves(o, positions);
  EXPECT_EQ(on.positions, static_cast<int>(positions.size()));
  EXPECT_GE(on.en_passant, 40);
  const VariantPtr& c = test::bundled_variant("conversion");
  std::vector<Position> conversion = ep_positions(c, test::conversion_fens(), 1, 20, 9);
  for (const std::string& fen : ep_start_fens()) conversion.push_back(parse_fen(c, fen));
  const std::vector<Position> more_conversion = ep_positions(c, ep_start_fens(), 1, 12, 12);
  conversion.insert(conversion.end(), more_conversion.begin(), more_conversion.end());
  ASSERT_GE(conversion.size(), 30U);
  const MoveCounts cn = compare_moves(c, conversion);
  EXPECT_EQ(cn.positions, static_cast<int>(conversion.size()));
  EXPECT_GE(cn.en_passant, 10);
}

TEST(SolverAttack, EnPassantCapturesOnConcreteBoardsSimplifyToTheEnginesAnswer) {
  const VariantPtr& o = test::orthodox();
  std::vector<Position> positions = ep_positions(o, ep_start_fens(), 3, 16, 13);
  for (const std::string& fen : ep_start_fens()) positions.push_back(parse_fen(o, fen));
  ASSERT_GE(positions.size(), 40U);
  EXPECT_GE(compare_moves_concrete(o, positions), 20);
}

TEST(SolverAttack, EnPassantValidityIsWhatTheFenReaderAccepts) {
  // Every square (and none) as the en-passant field of positions from play: the concrete
  // board's ep_validity simplifies to true exactly when parse_fen accepts the FEN.
  const VariantPtr& v = test::orthodox();
  z3::context ctx;
  const BoardEncoding symbolic(ctx, v);
  std::vector<Position> positions = ep_positions(v, ep_start_fens(), 1, 16, 10);
  for (const std::string& fen : ep_start_fens()) positions.push_back(parse_fen(v, fen));
  ASSERT_GE(positions.size(), 20U);
  int accepted = 0, cases = 0;
  for (const Position& pos : positions) {
    for (Square s = 0; s <= kSquares; ++s) {
      const std::string field = s == kSquares ? "-" : square_name(s);
      bool reader = true;
      Position p = pos;
      try {
        p = parse_fen(v, with_ep_field(pos, field));
      } catch (const std::exception&) {
        reader = false;
        p.set_en_passant(s);
      }
      const BoardEncoding board = BoardEncoding::of_position(symbolic, p);
      const z3::expr valid = board.ep_validity(p.side_to_move()).simplify();
      ASSERT_TRUE(valid.is_true() || valid.is_false()) << valid;
      EXPECT_EQ(valid.is_true(), reader) << with_ep_field(pos, field);
      accepted += reader;
      ++cases;
    }
  }
  EXPECT_GT(accepted, static_cast<int>(positions.size()));  // more than "-" alone
  EXPECT_EQ(cases, static_cast<int>(positions.size()) * (kSquares + 1));
}

TEST(SolverAttack, EnPassantTargetRoundTripsThroughEqualsAndExtract) {
  const VariantPtr& v = test::orthodox();
  z3::context ctx;
  const BoardEncoding board(ctx, v);
  z3::solver solver = make_solver(ctx, SolverLimits{0, 0, 50'000'000});
  // Positions from play: equals then extract gives the same four FEN fields back.
  std::vector<Position> positions = ep_positions(v, test::orthodox_start_fens(), 1, 20, 11);
  for (const std::string& fen : ep_start_fens()) positions.push_back(parse_fen(v, fen));
  for (const Position& pos : positions) {
    solver.push();
    solver.add(board.validity(BoardLimits{}, pos.side_to_move()) && board.equals(pos));
    ASSERT_EQ(solver.check(), z3::sat) << to_fen(pos);
    EXPECT_EQ(four_fields(board.extract(solver.get_model(), pos.side_to_move())), four_fields(pos));
    solver.pop();
  }
  // Boards the solver invents with a target (the side not to move not in check, as the search
  // asks): the FEN reader accepts them, equals() holds in their model, and blocking them gives
  // distinct ones.
  const AttackEncoding attacks(board);
  for (Color side : {kWhite, kBlack}) {
    solver.push();
    solver.add(board.validity(BoardLimits{8}, side) && !attacks.in_check(~side) &&
               !board.en_passant_is(kNoSquare));
    std::vector<std::string> seen;
    for (int i = 0; i < 10; ++i) {
      ASSERT_EQ(solver.check(), z3::sat);
      const z3::model m = solver.get_model();
      const Position found = board.extract(m, side);
      ASSERT_NE(found.en_passant(), kNoSquare);
      EXPECT_TRUE(eval_true(m, board.equals(found)));
      EXPECT_NO_THROW(parse_fen(v, to_fen(found))) << to_fen(found);
      EXPECT_EQ(std::count(seen.begin(), seen.end(), to_fen(found)), 0);
      seen.push_back(to_fen(found));
      solver.add(!board.equals(found));
    }
    solver.pop();
  }
  // The one-argument validity keeps its meaning: no en-passant target.
  solver.add(board.validity(BoardLimits{}) && !board.en_passant_is(kNoSquare));
  EXPECT_EQ(solver.check(), z3::unsat);
}

TEST(SolverAttack, ConcreteBoardFormulasSimplifyToTheEnginesAnswer) {
  // The same formulas built over numeral cells reduce to true/false without a solver call:
  // the cheap engine-vs-encoder comparison the differential properties rely on.
  const VariantPtr& v = test::orthodox();
  z3::context ctx;
  const BoardEncoding symbolic(ctx, v);
  const std::vector<Position> positions =
      test::sample_positions(v, test::orthodox_start_fens(), 2, 40, 6);
  EXPECT_GE(positions.size(), 12U);
  for (const Position& pos : positions) {
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
