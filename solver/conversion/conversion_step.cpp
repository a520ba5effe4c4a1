// Conversion Chess in the symbolic step (solver/core/ply_step_effect.hpp): the co-effect of a
// move (apply_conversions: enemy pieces on the co-squares the move forms change colour), the
// conversion threats, and the legality rules of movegen's conversion filter, as expressions
// over a BoardEncoding. Registered once, in solver/registry/ply_step_effects.cpp.
#include <functional>

#include "rules/conversion/conversion.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "solver/conversion/conversion_step.hpp"
#include "solver/conversion/conversion_threats.hpp"
#include "solver/core/cannot_encode.hpp"
#include "solver/core/ply_step_effect.hpp"
#include "solver/core/z3_setup.hpp"

namespace arbiter::solver {
namespace {

/// The co-squares a move forms: per square, whether a piece of colour `us` that landed on some
/// square L (`landed(L)` says it did) and whose type is t (`is_type[t]`) makes a co-square there
/// with a twin standing on `moved` (the board after the move, before its co-effect; the mover
/// itself is no twin). `by_twin`, when given, receives per square tw whether the pair with the
/// twin on tw forms a co-square holding an enemy piece.
std::vector<z3::expr> co_squares_formed(const BoardEncoding& moved, Color us,
                                        const std::function<z3::expr(Square)>& landed,
                                        const std::vector<z3::expr>& is_type,
                                        std::vector<z3::expr>* by_twin = nullptr) {
  const Variant& v = moved.variant();
  const ConversionRules& cr = v.conversion();
  z3::context& ctx = moved.ctx();
  std::vector<z3::expr> land, twin;
  for (Square l = 0; l < kSquares; ++l) land.push_back(landed(l).simplify());
  // The possible landing squares, once: a concrete move has one, and the loops below would
  // otherwise ask Z3 64 x 64 x 64 times whether a landing is false.
  std::vector<Square> landings;
  for (Square l = 0; l < kSquares; ++l)
    if (!land[l].is_false()) landings.push_back(l);
  for (Square tw = 0; tw < kSquares; ++tw) {
    z3::expr_vector terms(ctx);
    for (int t = 0; t < v.piece_count(); ++t)
      if (cr.partners[t] && !is_type[t].is_false())
        terms.push_back(is_type[t] && moved.is_any(tw, us, cr.partners[t]));
    twin.push_back(any_of(ctx, terms).simplify());
  }
  std::vector<z3::expr> formed;
  std::vector<z3::expr_vector> twin_hits;  // per twin: landings that put a co-square on an enemy
  for (Square tw = 0; tw < kSquares; ++tw) twin_hits.emplace_back(ctx);
  for (Square s = 0; s < kSquares; ++s) {
    z3::expr_vector terms(ctx);
    for (Square tw = 0; tw < kSquares; ++tw) {
      if (twin[tw].is_false() || (file_of(tw) != file_of(s) && rank_of(tw) != rank_of(s))) continue;
      z3::expr_vector lands(ctx);
      for (Square l : landings)
        if (has(co_squares(l, tw), s)) lands.push_back(land[l]);
      if (lands.empty()) continue;
      terms.push_back(twin[tw] && z3::mk_or(lands));
      if (by_twin) twin_hits[tw].push_back(z3::mk_or(lands) && moved.occupied_by(s, ~us));
    }
    formed.push_back(any_of(ctx, terms));
  }
  if (by_twin)
    for (Square tw = 0; tw < kSquares; ++tw)
      (*by_twin)[tw] = twin_hits[tw].empty() ? ctx.bool_val(false)
                                             : (twin[tw] && z3::mk_or(twin_hits[tw])).simplify();
  return formed;
}

/// Converts the enemy pieces standing on `formed` squares of `moved` into pieces of `us` (same
/// type) in `cells`; returns per square whether its piece was converted.
std::vector<z3::expr> apply_co_effect(const BoardEncoding& moved, Color us,
                                      const std::vector<z3::expr>& formed,
                                      std::vector<z3::expr>& cells) {
  std::vector<z3::expr> converts;
  // A converted piece keeps its type and changes colour: code(them, t) -> code(us, t).
  const z3::expr shift = moved.code_val(moved.variant().piece_count());
  for (Square s = 0; s < kSquares; ++s) {
    converts.push_back(formed[s].is_false() ? formed[s]
                                            : (formed[s] && moved.occupied_by(s, ~us)).simplify());
    if (converts[s].is_false()) continue;
    const z3::expr flipped = us == kWhite ? cells[s] - shift : cells[s] + shift;
    cells[s] = z3::ite(converts[s], flipped, cells[s]);
  }
  return converts;
}

/// The squares a castling king passes, its start and landing squares left out.
Bitboard passed_squares(const CastlingMove& cm) {
  return cm.king_path & ~bb(cm.king_to) & ~bb(cm.king_from);
}

class ConversionStep final : public PlyStepEffect {
 public:
  void check_encodable(const Variant& v) const override {
    if (v.knobs().conversion.threat_by_pinned_piece == ThreatByPinnedPiece::kIgnored)
      throw CannotEncode(
          "solver: " +
          knob_setting_of<&ConversionKnobs::threat_by_pinned_piece>(ThreatByPinnedPiece::kIgnored) +
          " is not encoded yet (needs the board after the threatening move)");
  }

  z3::expr threat(const AttackEncoding& attacks, Square s, Color by) const override {
    return conversion_threat(attacks, s, by);
  }

  std::vector<z3::expr> after_move(const BoardEncoding& before, Color us, Move m,
                                   std::vector<z3::expr>& cells,
                                   std::vector<z3::expr>& by_twin) const override {
    z3::context& ctx = before.ctx();
    // A promotion forms no co-squares.
    if (m.kind() == MoveKind::kPromotion)
      return std::vector<z3::expr>(kSquares, ctx.bool_val(false));
    const Variant& v = before.variant();
    std::vector<z3::expr> is_type;
    for (int t = 0; t < v.piece_count(); ++t)
      is_type.push_back(before.is(m.from(), us, static_cast<PieceType>(t)));
    const BoardEncoding moved(before, cells, before.rights(kWhite), before.rights(kBlack));
    const std::vector<z3::expr> formed = co_squares_formed(
        moved, us, [&](Square l) { return ctx.bool_val(l == m.to()); }, is_type, &by_twin);
    return apply_co_effect(moved, us, formed, cells);
  }

  std::vector<z3::expr> after_chosen_move(const BoardEncoding& before, Color us, const z3::expr& to,
                                          const z3::expr& promotes,
                                          const std::vector<z3::expr>& is_type,
                                          std::vector<z3::expr>& cells,
                                          std::vector<z3::expr>& by_twin) const override {
    z3::context& ctx = before.ctx();
    const BoardEncoding moved(before, cells, before.rights(kWhite), before.rights(kBlack));
    // A promotion forms no co-squares.
    std::vector<z3::expr> formed = co_squares_formed(
        moved, us, [&](Square l) { return to == ctx.bv_val(l, 6) && !promotes; }, is_type,
        &by_twin);
    return apply_co_effect(moved, us, formed, cells);
  }

  // Both pieces form co-squares, as the types castling moves (apply_conversions).
  std::vector<z3::expr> after_castling(const BoardEncoding& before, Color us,
                                       const CastlingMove& cm,
                                       std::vector<z3::expr>& cells) const override {
    const Variant& v = before.variant();
    z3::context& ctx = before.ctx();
    std::vector<z3::expr> king_type, rook_type;
    for (int t = 0; t < v.piece_count(); ++t) {
      king_type.push_back(ctx.bool_val(t == v.royal()));
      rook_type.push_back(ctx.bool_val(t == cm.rook_type));
    }
    const std::vector<Square> landed = {cm.king_to, cm.rook_to};
    const std::vector<std::vector<z3::expr>> is_type = {king_type, rook_type};
    // The board after the move, before its co-effect: twins and victims are read there.
    const BoardEncoding moved(before, cells, before.rights(kWhite), before.rights(kBlack));
    std::vector<z3::expr> formed(kSquares, ctx.bool_val(false));
    for (std::size_t i = 0; i < landed.size(); ++i) {
      const Square at = landed[i];
      const std::vector<z3::expr> f = co_squares_formed(
          moved, us, [&](Square l) { return ctx.bool_val(l == at); }, is_type[i]);
      for (Square s = 0; s < kSquares; ++s)
        if (!f[s].is_false()) formed[s] = formed[s].is_false() ? f[s] : formed[s] || f[s];
    }
    return apply_co_effect(moved, us, formed, cells);
  }

  // apply_conversions: a converted piece (a rook) loses its side's rights on its square unless
  // the knob keeps them.
  bool changed_piece_loses_rights(const Variant& v) const override {
    return v.knobs().conversion.converted_rook_castling == ConvertedRookCastling::kLost;
  }

  // Converting the enemy royal piece is never legal (movegen.cpp safe_after).
  z3::expr forbids(const BoardEncoding& before, const std::vector<z3::expr>& changed,
                   Color them) const override {
    const Variant& v = before.variant();
    z3::expr_vector royal_converted(before.ctx());
    if (v.royal() != kNoPiece)
      for (Square s = 0; s < kSquares; ++s)
        if (!changed[s].is_false())
          royal_converted.push_back(changed[s] && before.is(s, them, v.royal()));
    return any_of(before.ctx(), royal_converted);
  }

  void castling_conditions(const AttackEncoding& at, Color us, const CastlingMove& cm,
                           const z3::expr& in_check, z3::expr_vector& out) const override {
    const ConversionKnobs& ck = at.board().variant().knobs().conversion;
    if (ck.castle_out_of_check_by_conversion == CastleOutOfCheckByConversion::kForbidden)
      out.push_back(!in_check);
    if (ck.castle_through_cleared_square == CastleThroughClearedSquare::kForbidden)
      for (Bitboard p = passed_squares(cm); p;) out.push_back(!at.threatened(pop_lsb(p), ~us));
  }

  // movegen filter_conversion: the start square when castling out of check, and the passed
  // squares when the co-effect may clear them, judged on the board after castling.
  z3::expr castling_legal_after(const AttackEncoding& after, Color us, const CastlingMove& cm,
                                const z3::expr& in_check) const override {
    const ConversionKnobs& ck = after.board().variant().knobs().conversion;
    z3::expr_vector extra(after.board().ctx());
    extra.push_back(z3::implies(in_check, !after.threatened(cm.king_from, ~us)));
    if (ck.castle_through_cleared_square == CastleThroughClearedSquare::kAllowed)
      for (Bitboard p = passed_squares(cm); p;) extra.push_back(!after.threatened(pop_lsb(p), ~us));
    return z3::mk_and(extra);
  }
};

}  // namespace

const PlyStepEffect& conversion_step_effect() {
  static const ConversionStep effect;
  return effect;
}

}  // namespace arbiter::solver
