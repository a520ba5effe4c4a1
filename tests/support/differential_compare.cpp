// See differential_compare.hpp.
#include "tests/support/differential_compare.hpp"

#include <algorithm>
#include <optional>

#include "rules/conversion/conversion.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "solver/core/attack_encoding.hpp"
#include "solver/core/ply_step.hpp"

namespace arbiter::test {

using solver::AttackEncoding;
using solver::BoardEncoding;
using solver::PlyStep;

namespace {

/// The Boolean a term simplifies to; nullopt when it does not reduce to a constant.
std::optional<bool> constant(const z3::expr& e) {
  const z3::expr s = e.simplify();
  if (s.is_true()) return true;
  if (s.is_false()) return false;
  return std::nullopt;
}

/// "" when `term` simplifies to `engine`, else a description.
std::string verdict(const z3::expr& term, bool engine, const std::string& what) {
  const std::optional<bool> c = constant(term);
  if (!c) return what + ": the term does not simplify to a constant";
  if (*c != engine)
    return what + ": engine " + (engine ? "true" : "false") + ", encoding " +
           (*c ? "true" : "false");
  return "";
}

unsigned code_of(const BoardEncoding& b, const Position& pos, Square s) {
  for (Color c : {kWhite, kBlack})
    if (pos.piece_on(c, s) != kNoPiece) return static_cast<unsigned>(b.code(c, pos.piece_on(c, s)));
  return 0;
}

std::string move_name(Move m) {
  return square_name(m.from()) + square_name(m.to()) + "/" +
         std::to_string(static_cast<int>(m.kind()));
}

std::string compare_step(const AttackEncoding& at, const Position& pos, Move m, bool legal) {
  const BoardEncoding& board = at.board();
  const Variant& v = board.variant();
  const std::string where = "move " + move_name(m);
  const PlyStep step(at, pos.side_to_move(), m, pos.converted());
  std::string d = verdict(step.pseudo_legal(), true, where + " pseudo-legal");
  if (d.empty()) d = verdict(step.legal(), legal, where + " legal");
  if (!d.empty()) return d;
  Position after = pos;
  Undo undo;
  after.make(m, undo);
  for (Square s = 0; s < kSquares; ++s) {
    const z3::expr cell = step.after().cell(s).simplify();
    if (!cell.is_numeral() || cell.get_numeral_uint() != code_of(board, after, s))
      return where + ": cell " + square_name(s) + " after is " + cell.to_string() + ", engine " +
             std::to_string(code_of(board, after, s));
  }
  for (Color c : {kWhite, kBlack})
    for (std::size_t i = 0; i < v.castling(c).size(); ++i) {
      d = verdict(step.after().castling_right(c, static_cast<int>(i)),
                  (after.castling_rights() & v.castling(c)[i].right) != 0,
                  where + " castling right " + std::string(1, v.castling(c)[i].fen) + " after");
      if (!d.empty()) return d;
    }
  return "";
}

}  // namespace

std::string first_difference(const BoardEncoding& symbolic, const Position& pos, bool steps,
                             DiffTally& tally) {
  const BoardEncoding board = BoardEncoding::of_position(symbolic, pos);
  const AttackEncoding at(board);
  const std::string fen = to_fen(pos) + ": ";
  const bool conversion = pos.variant().conversion().enabled;
  ++tally.positions;
  for (Color c : {kWhite, kBlack}) {
    const std::string by = c == kWhite ? " by White" : " by Black";
    for (Square s = 0; s < kSquares; ++s) {
      std::string d =
          verdict(at.attacked(s, c), pos.attacked(s, c), "attacked " + square_name(s) + by);
      // Without conversion, threatened() is attacked() (conversion_threat is false).
      if (d.empty() && conversion)
        d = verdict(at.threatened(s, c), pos.threatened(s, c), "threatened " + square_name(s) + by);
      if (!d.empty()) return fen + d;
      ++tally.squares;
    }
    const std::string d = verdict(at.in_check(c), pos.king_in_check(c), "in check" + by);
    if (!d.empty()) return fen + d;
  }
  MoveList pseudo, legal;
  generate_pseudo_legal(pos, pseudo);
  generate_legal(pos, legal);
  Bitboard engine[kSquares] = {};
  for (Move m : pseudo)
    if (m.kind() != MoveKind::kCastling) engine[m.from()] |= bb(m.to());
  for (Bitboard from = pos.pieces(pos.side_to_move()) & ~pos.converted(); from;) {
    const Square f = pop_lsb(from);
    for (Square t = 0; t < kSquares; ++t) {
      const std::string d = verdict(at.move_exists(f, t), has(engine[f], t),
                                    "move " + square_name(f) + square_name(t));
      if (!d.empty()) return fen + d;
      ++tally.moves;
    }
  }
  if (!steps) return "";
  for (Move m : pseudo) {
    if (m.kind() == MoveKind::kEnPassant) continue;
    const bool is_legal = std::find(legal.begin(), legal.end(), m) != legal.end();
    const std::string d = compare_step(at, pos, m, is_legal);
    if (!d.empty()) return fen + d;
    ++tally.steps;
  }
  return "";
}

}  // namespace arbiter::test
