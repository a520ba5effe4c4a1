#include "solver/analysis/knob_relevance.hpp"

#include "rules/conversion/conversion.hpp"
#include "rules/registry/rule_knobs.hpp"

#include <cstdlib>

#include "solver/registry/solver_modules.hpp"

namespace arbiter::solver {
namespace {

using TypeSet = std::uint32_t;  // bit t = piece type t

/// Types that `pred(info, colour, square)` picks anywhere, plus the types that can promote
/// into one of them (a step may create a piece by promotion).
template <typename Pred>
TypeSet types_where(const Variant& v, Pred pred) {
  TypeSet picked = 0;
  for (int t = 0; t < v.piece_count(); ++t)
    for (Color c : {kWhite, kBlack})
      for (Square s = 0; s < kSquares; ++s)
        if (pred(v.piece(static_cast<PieceType>(t)), c, s)) picked |= TypeSet{1} << t;
  TypeSet promoting = 0;
  for (int t = 0; t < v.piece_count(); ++t)
    for (PieceType to : v.piece(static_cast<PieceType>(t)).promotion_choices)
      if ((picked >> to) & 1U) promoting |= TypeSet{1} << t;
  return picked | promoting;
}

/// Some piece of a type in `types`, of either colour, stands on the board.
z3::expr any_piece_of(const BoardEncoding& b, TypeSet types) {
  z3::expr_vector t(b.ctx());
  if (types != 0)
    for (Square s = 0; s < kSquares; ++s)
      for (Color c : {kWhite, kBlack}) t.push_back(b.is_any(s, c, types));
  return any_of(b.ctx(), t);
}

/// Some castling right is held, by either side.
z3::expr any_castling_right(const BoardEncoding& b) {
  z3::expr_vector t(b.ctx());
  for (Color c : {kWhite, kBlack})
    for (const z3::expr& r : b.rights(c)) t.push_back(r);
  return any_of(b.ctx(), t);
}

/// Whether the piece, standing on `s` as colour `c`, has a move off the lines through `s`.
bool leaves_lines(const PieceInfo& p, Color c, Square s) {
  const SquareMoves& m = p.moves.at[c][s];
  for (Bitboard b = m.leap_move | m.leap_capture | m.en_passant | m.initial_only; b;)
    if (!on_one_line(s, pop_lsb(b))) return true;  // the test travel() makes
  for (const RiderStep& r : p.moves.riders[c])
    if (r.df != 0 && r.dr != 0 && std::abs(r.df) != std::abs(r.dr) && has(r.from_mask, s))
      return true;
  return false;
}

}  // namespace

// Each condition below says where the engine reads the knob; that it holds whenever the
// alternatives part is argued in its comment.

/// Conversion castling knobs: read only while generating or judging a castling move, or when
/// a conversion removes a castling right. Every such read needs a right held; a step never
/// grants one (rights are only cleared), so the right is held on the board it starts from.
KnobRelevance castling_right_held() {
  return {"a castling right held by either side", any_castling_right};
}

/// converted-pawn-double-step: movegen drops the 'i' targets of a converted piece that counts
/// as moved ('~'; a '^' pawn keeps them under both alternatives). The piece has a type with
/// 'i' targets, and stood on the board where the step starts (a step moves pieces and converts
/// them but creates no piece, except by promotion: counted in the set).
KnobRelevance converted_initial_move(const Variant& v) {
  const TypeSet types = types_where(
      v, [](const PieceInfo& p, Color c, Square s) { return p.moves.at[c][s].initial_only != 0; });
  return {"a piece of a type with an initial-only move ('i' in its Betza) on the board",
          [types](const BoardEncoding& b) { return any_piece_of(b, types); }};
}

/// Diplomacy knight-timing: read by the path of a move whose squares are not on one rank, file
/// or diagonal. A progressive set may move a piece twice, so the type decides, not the square.
KnobRelevance off_line_mover(const Variant& v) {
  const TypeSet types = types_where(v, leaves_lines);
  return {"a piece of a type with a move off the lines through its square (a knight's leap)",
          [types](const BoardEncoding& b) { return any_piece_of(b, types); }};
}

/// Diplomacy pawn-capture-of-departed: read for a diagonal move of a piece whose type is a
/// pawn (rules/simultaneous/diplomacy/diplomacy_simulation.hpp, pawn_diagonal); the mover stood
/// on the board already. promotion-rank: read for a promotion of a piece whose type is a pawn
/// (add_unit); likewise.
KnobRelevance pawn_mover(const Variant& v) {
  const TypeSet types = types_where(v, [](const PieceInfo& p, Color, Square) { return p.pawn; });
  return {"a pawn (a piece of a type marked pawn = true) on the board",
          [types](const BoardEncoding& b) { return any_piece_of(b, types); }};
}

/// En-passant knobs (Move-Neutral's, and Conditional's ep-after-skipped-c-move): read only when
/// an en-passant capture is possible. The capturer stands on the board with the target among
/// its en-passant squares, and the enemy piece it would take stands one step beyond the target
/// (rules/simultaneous/simultaneous.cpp read_target).
KnobRelevance en_passant_capture_possible() {
  return {
      "a piece with an en-passant capture whose victim square holds an enemy piece",
      [](const BoardEncoding& b) {
        const Variant& v = b.variant();
        z3::expr_vector t(b.ctx());
        for (int pt = 0; pt < v.piece_count(); ++pt)
          for (Color c : {kWhite, kBlack})
            for (Square s = 0; s < kSquares; ++s)
              for (Bitboard e = v.piece(static_cast<PieceType>(pt)).moves.at[c][s].en_passant; e;) {
                const Square victim = en_passant_victim_of(pop_lsb(e), c);
                if (victim < 0 || victim >= kSquares) continue;
                t.push_back(b.is(s, c, static_cast<PieceType>(pt)) && b.occupied_by(victim, ~c));
              }
        return any_of(b.ctx(), t);
      }};
}

std::optional<KnobRelevance> knob_relevance(const Variant& v, const std::string& knob) {
  if (const SolverModule* effect = solver_effect(v))
    if (std::optional<KnobRelevance> r = effect->knob_relevance(v, knob)) return r;
  return solver_module(v).knob_relevance(v, knob);
}

RelevanceProof prove_knob_irrelevant(const VariantPtr& v, const std::string& knob, int max_pieces,
                                     const SolverLimits& limits) {
  const std::optional<KnobRelevance> rel = knob_relevance(*v, knob);
  if (!rel) return {"none", ""};
  z3::context ctx;
  const BoardEncoding board(ctx, v);
  z3::solver solver = make_solver(ctx, limits);
  solver.add(board.validity(BoardLimits{max_pieces}));
  solver.add(rel->holds(board));
  return {describe(solver, solver.check()), rel->needs};
}

}  // namespace arbiter::solver
