// Conversion Chess's bulk count (perft's last ply), with what siblings share (SiblingCache).
#include "rules/conversion/conversion_filter.hpp"
#include "rules/conversion/conversion_knobs.hpp"
#include "rules/conversion/conversion_movegen.hpp"
#include "rules/core/movegen_parts.hpp"

namespace arbiter {
namespace {

/// Conversion Chess's bulk count: the quick destinations of each piece (ConversionFilter::quick,
/// legal without a test) are counted; the other moves are listed and judged one by one by the
/// same filter that generate_legal uses.
// Kept out of count_legal, whose orthodox count measured 1 to 3% slower with it inlined.
// `step`: see ConversionFilter.
[[gnu::noinline]] std::uint64_t count_conversion(const Position& pos, const SiblingStep& step) {
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us);
  // The enemy's twins first: the filter needs them too.
  const bool enemy_pairs = pos.has_co_pair(~us);
  if (judged_by_ordinary_attacks(pos, ksq, enemy_pairs)) {
    MoveList castling;
    generate_conversion_castling(pos, castling, nullptr);
    std::uint64_t n = movegen::count_ordinary_moves<false>(pos, ksq);
    if (castling.size() > 0) {
      ConversionFilter filter(pos, enemy_pairs);
      for (Move m : castling) n += filter.keep(m) ? 1 : 0;
    }
    return n;
  }
  ConversionFilter filter(pos, enemy_pairs, step);
  const Variant& v = pos.variant();
  const SliderTables& sl = v.sliders();
  const Bitboard occ = pos.occupied(), ours = pos.pieces(us);
  const movegen::PseudoTargets pt(pos);
  std::uint64_t n = 0;
  MoveList slow;
  movegen::for_each_own_type(pos, [&](const PieceInfo& info, Bitboard mine) {
    const PieceMoves& pm = info.moves;
    if (movegen::targets_are_attacks(info, us)) {
      // Targets are attacks off its own squares, as in count_ordinary_moves (no initial-only
      // moves for a '~' piece to lose, no en passant).
      while (mine) {
        const Square from = pop_lsb(mine);
        const Bitboard att = shared_mask_targets(pm, sl, us, from, occ) & ~ours;
        const Bitboard quick = filter.quick(from);
        n += static_cast<std::uint64_t>(std::popcount(att & quick));
        if (from == ksq) {  // king steps: judged here, not listed
          for (Bitboard b = att & ~quick; b;)
            n += filter.king_step_legal(Move(from, pop_lsb(b))) ? 1 : 0;
        } else if (att & ~quick) {
          for (Bitboard b = att & ~quick & ~filter.refuted(from); b;)
            slow.push(Move(from, pop_lsb(b)));
        }
      }
      return;
    }
    while (mine) {
      const Square from = pop_lsb(mine);
      Bitboard quiet, captures;
      pt.targets(pm, from, quiet, captures);
      const Bitboard quick = filter.quick(from);
      n += movegen::moves_to(info, us, (quiet | captures) & quick);
      if ((quiet | captures) & ~quick) {
        const Bitboard listed = ~quick & ~filter.refuted(from);
        movegen::emit(slow, info, us, from, quiet & listed, captures & listed);
      }
      if (pt.en_passant(pm, from)) slow.push(pt.en_passant_move(from));
    }
  });
  generate_conversion_castling(pos, slow, &filter);
  for (Move m : slow) n += filter.keep(m) ? 1 : 0;
  return n;
}

}  // namespace

std::uint64_t count_conversion(const Position& pos) {
  return count_conversion(pos, SiblingStep{});
}

SiblingCache::SiblingCache(const Position& parent) {
  // The watch of the side to move on the other side's royal piece: what each child's filter
  // builds, unless the move between touched what it reads.
  const Color by = parent.side_to_move();
  king = parent.king_square(~by);
  const Variant& v = parent.variant();
  valid = king != kNoSquare && parent.has_co_pair(by);
  if (valid) watch_conversion_threats(parent, king, by, watch);
  partners_by_type(parent, ~by, twins);
  danger = castling_danger(parent, by);
  castling_types = castling_danger_types(v, by);
  paired = paired_pieces(parent, by);
  if (valid && conversion_knobs(v).threat_by_pinned_piece == ThreatByPinnedPiece::kCounts &&
      !v.any_riders()) {
    const Bitboard occ = parent.occupied();
    const SquareMoves& sm = v.piece(v.royal()).moves.at[~by][king];
    int n = 0;
    for (Bitboard b = (sm.leap_move | sm.leap_capture) & ~occ; b && n < kMaxSteps;) {
      const Square s = pop_lsb(b);
      if (!paired_on_lines(paired, s) || parent.attackers(s, by, occ & ~bb(king))) continue;
      watch_step_threats(parent, king, s, by, steps.w[n++]);
      step_squares |= bb(s);
    }
  }
}

std::uint64_t count_legal_after(const Position& pos, Move last, const Undo& undo,
                                const SiblingCache& cache) {
  SiblingStep step;
  step.cache = &cache;
  step.touched = bb(last.from()) | bb(last.to()) |
                 (undo.captured_square != kNoSquare ? bb(undo.captured_square) : 0);
  step.moved = undo.moved;
  step.moved_paired = (pos.variant().conversion().paired >> undo.moved & 1U) != 0;
  step.captured = undo.captured != kNoPiece || undo.converted;
  step.plain =
      !undo.converted && last.kind() != MoveKind::kPromotion && last.kind() != MoveKind::kCastling;
  step.rights_kept = undo.castling == pos.castling_rights();
  return count_conversion(pos, step);
}

std::uint64_t count_conversion_children(Position& pos, const MoveList& moves) {
  // Siblings share what the last ply may keep (see SiblingCache).
  const SiblingCache cache(pos);
  Undo undo;
  std::uint64_t nodes = 0;
  for (Move m : moves) {
    pos.make(m, undo);
    nodes += count_legal_after(pos, m, undo, cache);
    pos.unmake(m, undo);
  }
  return nodes;
}

}  // namespace arbiter
