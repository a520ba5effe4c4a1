// See ply_step_compare.hpp.
#include "tests/support/ply_step_compare.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>

#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "solver/core/ply_step.hpp"
#include "solver/core/z3_setup.hpp"
#include "tests/support/conditional_step_compare.hpp"
#include "tests/support/conversion_reference.hpp"
#include "tests/support/random_play.hpp"

namespace arbiter::test {

using solver::AttackEncoding;
using solver::BoardEncoding;
using solver::ChosenPly;
using solver::PlyStep;
using solver::SolverLimits;

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

std::vector<std::string> conversion_fens() {
  std::vector<std::string> out;
  for (const test::ConversionPosition& p : test::conversion_positions()) out.push_back(p.fen);
  return out;
}

namespace {

bool contains(const MoveList& list, Move m) {
  return std::find(list.begin(), list.end(), m) != list.end();
}

/// The cell code of square `s` in `pos`, as BoardEncoding numbers them.
unsigned code_of(const BoardEncoding& b, const Position& pos, Square s) {
  for (Color c : {kWhite, kBlack})
    if (pos.piece_on(c, s) != kNoPiece) return static_cast<unsigned>(b.code(c, pos.piece_on(c, s)));
  return 0;
}

/// True or false, asserting that the (simplified) formula is a constant.
bool truth(const z3::expr& s) {
  EXPECT_TRUE(s.is_true() || s.is_false()) << s;
  return s.is_true();
}

/// True or false, asserting that the formula simplified to a constant.
bool value(const z3::expr& e) {
  return truth(e.simplify());
}

/// One engine move against its symbolic step. Every term it reads (the verdicts, the 64 cells
/// and conversions after, the castling rights) is simplified in one call (test::simplified),
/// where one call per term rewrote the step they share each time.
void compare_move(const AttackEncoding& at, const Position& pos, Move m, bool legal, PlyCounts& n) {
  const BoardEncoding& board = at.board();
  const Variant& v = board.variant();
  const std::string where = to_fen(pos) + " " + test::move_text(v, m);
  const PlyStep step(at, pos.side_to_move(), m, pos.converted());
  const bool royal = pos.piece_on(pos.side_to_move(), m.from()) == v.royal();
  z3::expr_vector terms(step.legal().ctx());
  terms.push_back(step.pseudo_legal());
  terms.push_back(step.legal());
  if (royal) terms.push_back(step.legal_if_royal_moves());
  for (Square s = 0; s < kSquares; ++s) {
    terms.push_back(step.after().cell(s));
    terms.push_back(step.converts(s));
  }
  for (Color c : {kWhite, kBlack})
    for (std::size_t i = 0; i < v.castling(c).size(); ++i)
      terms.push_back(step.after().castling_right(c, static_cast<int>(i)));
  const z3::expr_vector simple = test::simplified(terms);
  int next = 0;  // the index in `simple` of the next term, in the order they were pushed
  EXPECT_TRUE(truth(simple[next++])) << where;
  EXPECT_EQ(truth(simple[next++]), legal) << where;
  if (royal) {
    EXPECT_EQ(truth(simple[next++]), legal) << where;
    ++n.royal;
  }
  Position after = pos;
  Undo undo;
  after.make(m, undo);
  for (Square s = 0; s < kSquares; ++s) {
    const z3::expr cell = simple[next++];
    ASSERT_TRUE(cell.is_numeral()) << where << ' ' << cell;
    EXPECT_EQ(cell.get_numeral_uint(), code_of(board, after, s)) << where << ' ' << square_name(s);
    EXPECT_EQ(truth(simple[next++]), has(undo.converted, s)) << where << ' ' << square_name(s);
  }
  for (Color c : {kWhite, kBlack})
    for (std::size_t i = 0; i < v.castling(c).size(); ++i)
      EXPECT_EQ(truth(simple[next++]), (after.castling_rights() & v.castling(c)[i].right) != 0)
          << where;
  ++n.moves;
  n.legal += legal;
  n.converting += undo.converted != 0;
  n.castling += m.kind() == MoveKind::kCastling;
  n.promotions += m.kind() == MoveKind::kPromotion;
}

/// Moves of the side to move's pieces the engine does not generate: never pseudo-legal.
void compare_non_moves(const AttackEncoding& at, const Position& pos, const MoveList& pseudo,
                       std::mt19937& rng, PlyCounts& n) {
  const Variant& v = at.board().variant();
  const Color us = pos.side_to_move();
  Bitboard mine = pos.pieces(us);
  for (int tries = 0; tries < 12 && mine; ++tries) {
    std::vector<Square> from;
    for (Bitboard b = mine; b;) from.push_back(pop_lsb(b));
    const Square f = from[rng() % from.size()];
    const Square t = static_cast<Square>(rng() % kSquares);
    const PieceType pt = pos.piece_on(us, f);
    Move m(f, t);
    if (rng() % 3 == 0) m = Move(f, t, MoveKind::kDoubleStep);
    if (!v.piece(pt).promotion_choices.empty() && rng() % 2 == 0)
      m = Move(f, t, MoveKind::kPromotion, v.piece(pt).promotion_choices[0]);
    if (rng() % 8 == 0 && !v.castling(us).empty())
      m = Move(f, t, MoveKind::kCastling, static_cast<int>(rng() % v.castling(us).size()));
    if (contains(pseudo, m)) continue;
    const PlyStep step(at, us, m, pos.converted());
    EXPECT_FALSE(value(step.pseudo_legal())) << to_fen(pos) << ' ' << test::move_text(v, m);
    EXPECT_FALSE(value(step.legal())) << to_fen(pos) << ' ' << test::move_text(v, m);
    ++n.rejected;
  }
}

}  // namespace

PlyCounts compare_steps(const VariantPtr& v, const std::vector<Position>& positions,
                        unsigned seed) {
  z3::context ctx;
  const BoardEncoding symbolic(ctx, v);
  std::mt19937 rng(seed);
  PlyCounts n;
  for (const Position& pos : positions) {
    const BoardEncoding board = BoardEncoding::of_position(symbolic, pos);
    const AttackEncoding at(board);
    MoveList pseudo, legal;
    generate_pseudo_legal(pos, pseudo);
    generate_legal(pos, legal);
    for (Move m : pseudo)
      if (m.kind() != MoveKind::kEnPassant) compare_move(at, pos, m, contains(legal, m), n);
    compare_non_moves(at, pos, pseudo, rng, n);
    ++n.positions;
    if (::testing::Test::HasFailure()) break;
  }
  return n;
}

void report(const char* what, const PlyCounts& n) {
  std::printf(
      "%s: %d positions, %d moves (%d legal, %d converting, %d castling, %d promotions, "
      "%d of the royal piece), %d non-moves rejected\n",
      what, n.positions, n.moves, n.legal, n.converting, n.castling, n.promotions, n.royal,
      n.rejected);
}

/// ChosenPly against the engine: each ordinary pseudo-legal move substituted for the choice.
PlyCounts compare_chosen(const VariantPtr& v, const std::vector<Position>& positions) {
  z3::context ctx;
  const BoardEncoding symbolic(ctx, v);
  PlyCounts n;
  for (const Position& pos : positions) {
    const BoardEncoding board = BoardEncoding::of_position(symbolic, pos);
    const AttackEncoding at(board);
    const ChosenPly ply(at, pos.side_to_move(), "m_");
    MoveList pseudo, legal;
    generate_pseudo_legal(pos, pseudo);
    generate_legal(pos, legal);
    for (Move m : pseudo) {
      if (m.kind() == MoveKind::kEnPassant || m.kind() == MoveKind::kCastling) continue;
      const std::string where = to_fen(pos) + " " + test::move_text(*v, m);
      Position after = pos;
      Undo undo;
      after.make(m, undo);
      // Every term checked, substituted and simplified in one call (test::substituted).
      z3::expr_vector terms(ctx), src(ctx), dst(ctx);
      terms.push_back(ply.pseudo_legal());
      terms.push_back(ply.legal());
      for (Square s = 0; s < kSquares; ++s) terms.push_back(ply.after().cell(s));
      for (Color c : {kWhite, kBlack})
        for (std::size_t i = 0; i < v->castling(c).size(); ++i)
          terms.push_back(ply.after().castling_right(c, static_cast<int>(i)));
      bind_ply(ply, m, src, dst);
      const z3::expr_vector all = substituted(terms, src, dst);
      EXPECT_TRUE(all[0].is_true()) << where;
      EXPECT_EQ(all[1].is_true(), contains(legal, m)) << where;
      for (Square s = 0; s < kSquares; ++s) {
        const z3::expr cell = all[2 + static_cast<unsigned>(s)];
        EXPECT_TRUE(cell.is_numeral()) << where << ' ' << cell;
        if (cell.is_numeral()) {
          EXPECT_EQ(cell.get_numeral_uint(), code_of(board, after, s))
              << where << ' ' << square_name(s);
        }
      }
      unsigned next = 2 + kSquares;
      for (Color c : {kWhite, kBlack})
        for (std::size_t i = 0; i < v->castling(c).size(); ++i)
          EXPECT_EQ(all[next++].is_true(), (after.castling_rights() & v->castling(c)[i].right) != 0)
              << where;
      ++n.moves;
      n.legal += contains(legal, m);
      n.converting += undo.converted != 0;
    }
    ++n.positions;
    if (::testing::Test::HasFailure()) break;
  }
  return n;
}

/// Z3 enumerates the legal ordinary moves of the chosen ply: exactly the engine's.
PlyCounts enumerate_chosen(const VariantPtr& v, const std::vector<Position>& positions) {
  z3::context ctx;
  const BoardEncoding symbolic(ctx, v);
  PlyCounts n;
  for (const Position& pos : positions) {
    if (pos.converted()) continue;  // the encoding has no conversion flags
    const BoardEncoding board = BoardEncoding::of_position(symbolic, pos);
    const AttackEncoding at(board);
    const ChosenPly ply(at, pos.side_to_move(), "m_");
    z3::solver solver = make_solver(ctx, SolverLimits{0, 0, 50'000'000});
    solver.add(ply.legal());
    std::vector<Move> found;
    z3::check_result r = solver.check();
    for (; r == z3::sat && found.size() < 300; r = solver.check()) {
      const Move m = ply.extract(solver.get_model());
      found.push_back(m);
      solver.add(!ply.is(m));
    }
    EXPECT_EQ(r, z3::unsat) << to_fen(pos);
    std::vector<Move> expected;
    MoveList legal;
    generate_legal(pos, legal);
    for (Move m : legal)
      if (m.kind() != MoveKind::kEnPassant && m.kind() != MoveKind::kCastling)
        expected.push_back(m);
    const auto by_raw = [](Move a, Move b) { return a.raw() < b.raw(); };
    std::sort(found.begin(), found.end(), by_raw);
    std::sort(expected.begin(), expected.end(), by_raw);
    EXPECT_EQ(found, expected) << to_fen(pos);
    ++n.positions;
    n.legal += static_cast<int>(found.size());
  }
  return n;
}

}  // namespace arbiter::test
