#include "solver/conversion/conversion_threats.hpp"

#include "rules/conversion/conversion.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "solver/core/z3_setup.hpp"

namespace arbiter::solver {

// A mover of type t landing on L off the target's square forms a co-square on the target when a
// twin (a partner of t, not the mover itself) stands on the target's file and L is on the
// target's rank, or the twin on the target's rank and L on its file (conversion.cpp).
z3::expr conversion_threat(const AttackEncoding& attacks, Square s, Color by) {
  const Variant& v = attacks.board().variant();
  const ConversionRules& cr = v.conversion();
  const ConversionKnobs& ck = v.knobs().conversion;
  z3::expr out = move_conversion_threat(attacks, s, by);
  if (!cr.enabled || ck.castling_threatens == CastlingThreatens::kIgnored) return out;
  z3::expr_vector terms(attacks.board().ctx());
  terms.push_back(out);
  for (std::size_t i = 0; i < v.castling(by).size(); ++i)
    terms.push_back(castling_forms(attacks, static_cast<int>(i), s, by));
  return z3::mk_or(terms);
}

// Rewritten for sharing, with the same meaning: the twin on the target's line is either of a
// partner type other than the mover's (it cannot be the mover) or of the mover's own type on a
// square w, and then the mover comes from elsewhere (lands(c, t, L, w)). lands() is cached and
// shared by every target and every board formula built on this encoding.
z3::expr move_conversion_threat(const AttackEncoding& attacks, Square s, Color by) {
  const BoardEncoding& b = attacks.board();
  const Variant& v = b.variant();
  const ConversionRules& cr = v.conversion();
  z3::context& ctx = b.ctx();
  if (!cr.enabled) return ctx.bool_val(false);
  const Bitboard on_file = file_bb(s) & ~rank_bb(s);
  const Bitboard on_rank = rank_bb(s) & ~file_bb(s);
  z3::expr_vector terms(ctx);
  for (int t = 0; t < v.piece_count(); ++t) {
    const PieceType pt = static_cast<PieceType>(t);
    const PieceTypeMask partners = cr.partners[t];
    if (!partners) continue;
    const PieceTypeMask others = partners & ~static_cast<PieceTypeMask>(1U << t);
    const bool same_type = partners >> t & 1U;
    const Bitboard no_landing = v.piece(pt).promotion_squares[by];
    // Landings on `landing_line` with a twin on `twin_line`.
    const auto add = [&](Bitboard landing_line, Bitboard twin_line) {
      z3::expr_vector other_twin(ctx);
      if (others)
        for (Bitboard sq = twin_line; sq;) other_twin.push_back(b.is_any(pop_lsb(sq), by, others));
      const z3::expr other = any_of(ctx, other_twin);
      z3::expr_vector landed(ctx);
      for (Bitboard sq = landing_line & ~no_landing; sq;) {
        const Square to = pop_lsb(sq);
        const z3::expr all = attacks.lands(by, pt, to, kNoSquare);
        if (all.is_false()) continue;
        if (others) landed.push_back(all);
        if (!same_type) continue;
        for (Bitboard w = twin_line; w;) {
          const Square tw = pop_lsb(w);
          const z3::expr rest = attacks.lands(by, pt, to, tw);
          if (!rest.is_false()) terms.push_back(b.is(tw, by, pt) && rest);
        }
      }
      if (others && !landed.empty()) terms.push_back(other && z3::mk_or(landed));
    };
    add(on_rank, on_file);
    add(on_file, on_rank);
  }
  return any_of(ctx, terms);
}

// castling_threat in conversion.cpp: a castling of `by` with its right, its squares empty and
// its pieces at home, whose king or rook forms a co-square on `s` on the board after castling.
z3::expr castling_forms(const AttackEncoding& attacks, int index, Square s, Color by) {
  const BoardEncoding& b = attacks.board();
  const Variant& v = b.variant();
  const ConversionRules& cr = v.conversion();
  z3::context& ctx = b.ctx();
  const CastlingMove& cm = v.castling(by)[static_cast<std::size_t>(index)];
  const Bitboard moved = bb(cm.king_from) | bb(cm.rook_from);
  z3::expr_vector formed(ctx);
  // The twins of a mover of type `mover` that landed on `landed`, square by square.
  const auto forms = [&](PieceType mover, Square landed) {
    for (Square tw = 0; tw < kSquares; ++tw) {
      if (!has(co_squares(landed, tw), s)) continue;
      if (tw == cm.king_to && landed != cm.king_to && (cr.partners[mover] >> v.royal() & 1U))
        formed.push_back(ctx.bool_val(true));
      else if (tw == cm.rook_to && landed != cm.rook_to &&
               (cr.partners[mover] >> cm.rook_type & 1U))
        formed.push_back(ctx.bool_val(true));
      else if (!has(moved, tw) && tw != landed)
        formed.push_back(b.is_any(tw, by, cr.partners[mover]));
    }
  };
  if (!cr.enabled) return ctx.bool_val(false);
  forms(v.royal(), cm.king_to);
  forms(cm.rook_type, cm.rook_to);
  if (formed.empty()) return ctx.bool_val(false);
  return b.castling_right(by, index) && b.all_empty(cm.must_be_empty) &&
         b.is(cm.king_from, by, v.royal()) && b.is(cm.rook_from, by, cm.rook_type) &&
         z3::mk_or(formed);
}

}  // namespace arbiter::solver
