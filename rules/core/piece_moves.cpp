#include "rules/core/piece_moves.hpp"

#include <cstdlib>

namespace arbiter {
namespace {

Bitboard initial_mask(Color c, const std::vector<int>& ranks) {
  Bitboard m = 0;
  for (int r : ranks) {
    const int rr = c == kWhite ? r : 7 - r;
    if (rr >= 0 && rr < kRanks) m |= rank_bb_of(rr);
  }
  return m;
}

bool is_unit_line(Offset o) {
  return std::abs(o.df) <= 1 && std::abs(o.dr) <= 1;
}

void add_targets(SquareMoves& sm, Bitboard targets, bool rook_line, bool bishop_line,
                 const BetzaAtom& atom) {
  Bitboard* move = rook_line ? &sm.rook_move : bishop_line ? &sm.bishop_move : &sm.leap_move;
  Bitboard* cap = rook_line     ? &sm.rook_capture
                  : bishop_line ? &sm.bishop_capture
                                : &sm.leap_capture;
  if (atom.can_move) *move |= targets;
  if (atom.can_capture) *cap |= targets;
  if (atom.en_passant) sm.en_passant |= targets;
}

}  // namespace

namespace {

Bitboard all_targets(const SquareMoves& sm) {
  return sm.leap_move | sm.leap_capture | sm.rook_move | sm.rook_capture | sm.bishop_move |
         sm.bishop_capture | sm.en_passant;
}

PieceMoves compile_masks(const std::vector<BetzaAtom>& atoms,
                         const std::vector<int>& initial_ranks);

}  // namespace

PieceMoves compile_piece_moves(const std::vector<BetzaAtom>& atoms,
                               const std::vector<int>& initial_ranks) {
  PieceMoves pm = compile_masks(atoms, initial_ranks);
  std::vector<BetzaAtom> initial, other;
  for (const BetzaAtom& a : atoms) (a.initial_only ? initial : other).push_back(a);
  pm.same_move_and_capture = initial.empty() && !pm.has_riders;
  for (Color c : {kWhite, kBlack})
    for (const SquareMoves& sm : pm.at[c])
      pm.same_move_and_capture = pm.same_move_and_capture && sm.leap_move == sm.leap_capture &&
                                 sm.rook_move == sm.rook_capture &&
                                 sm.bishop_move == sm.bishop_capture && sm.en_passant == 0;
  if (initial.empty()) return pm;
  const PieceMoves only_initial = compile_masks(initial, initial_ranks);
  const PieceMoves without = compile_masks(other, initial_ranks);
  for (Color c : {kWhite, kBlack})
    for (Square s = 0; s < kSquares; ++s)
      pm.at[c][s].initial_only =
          all_targets(only_initial.at[c][s]) & ~all_targets(without.at[c][s]);
  return pm;
}

namespace {

PieceMoves compile_masks(const std::vector<BetzaAtom>& atoms,
                         const std::vector<int>& initial_ranks) {
  PieceMoves pm;
  for (Color c : {kWhite, kBlack}) {
    const Bitboard initial = initial_mask(c, initial_ranks);
    for (const BetzaAtom& atom : atoms) {
      for (Offset dir : atom.directions) {
        const Offset d{dir.df, c == kWhite ? dir.dr : -dir.dr};
        const bool straight = d.df == 0 || d.dr == 0 || std::abs(d.df) == std::abs(d.dr);
        // Lame straight leaps and riders with unit steps use the slider masks.
        const bool masked_line = (atom.lame && straight) || (atom.is_rider() && is_unit_line(d));
        if (atom.is_rider() && !masked_line) {
          RiderStep step{d.df,
                         d.dr,
                         atom.range,
                         atom.can_move,
                         atom.can_capture,
                         atom.initial_only ? initial : ~Bitboard{0}};
          pm.riders[c].push_back(step);
          pm.has_riders = true;
          continue;
        }
        const bool rook_line = masked_line && (d.df == 0 || d.dr == 0);
        const bool bishop_line = masked_line && !rook_line;
        pm.uses_rook |= rook_line;
        pm.uses_bishop |= bishop_line;
        pm.can_capture_en_passant |= atom.en_passant;
        const Offset unit{d.df == 0 ? 0 : d.df / std::abs(d.df),
                          d.dr == 0 ? 0 : d.dr / std::abs(d.dr)};
        for (Square s = 0; s < kSquares; ++s) {
          if (atom.initial_only && !has(initial, s)) continue;
          Bitboard targets = 0;
          if (masked_line && atom.lame) {
            const int f = file_of(s) + d.df, r = rank_of(s) + d.dr;
            if (on_board(f, r)) targets = bb(make_square(f, r));
          } else if (masked_line) {
            const int steps = atom.range == 0 ? 7 : atom.range;
            int f = file_of(s), r = rank_of(s);
            for (int k = 0; k < steps; ++k) {
              f += unit.df;
              r += unit.dr;
              if (!on_board(f, r)) break;
              targets |= bb(make_square(f, r));
            }
          } else {
            const int f = file_of(s) + d.df, r = rank_of(s) + d.dr;
            if (on_board(f, r)) targets = bb(make_square(f, r));
          }
          add_targets(pm.at[c][s], targets, rook_line, bishop_line, atom);
        }
      }
    }
    // Attack sources are the transpose of the capture masks.
    for (Square from = 0; from < kSquares; ++from) {
      const SquareMoves& sm = pm.at[c][from];
      for (Bitboard t = sm.leap_capture; t;) pm.attackers[c][pop_lsb(t)].leap |= bb(from);
      for (Bitboard t = sm.rook_capture; t;) pm.attackers[c][pop_lsb(t)].rook |= bb(from);
      for (Bitboard t = sm.bishop_capture; t;) pm.attackers[c][pop_lsb(t)].bishop |= bb(from);
    }
  }
  return pm;
}

}  // namespace

void rider_targets(const std::vector<RiderStep>& riders, Square from, Bitboard occupied,
                   Bitboard& quiet, Bitboard& capture_candidates) {
  for (const RiderStep& st : riders) {
    if (!has(st.from_mask, from)) continue;
    int f = file_of(from), r = rank_of(from);
    for (int k = 0; st.range == 0 || k < st.range; ++k) {
      f += st.df;
      r += st.dr;
      if (!on_board(f, r)) break;
      const Square t = make_square(f, r);
      if (has(occupied, t)) {
        if (st.capture) capture_candidates |= bb(t);
        break;
      }
      if (st.move) quiet |= bb(t);
    }
  }
}

bool rider_attacks(const std::vector<RiderStep>& riders, Square target, Bitboard pieces,
                   Bitboard occupied) {
  for (const RiderStep& st : riders) {
    if (!st.capture) continue;
    int f = file_of(target), r = rank_of(target);
    for (int k = 0; st.range == 0 || k < st.range; ++k) {
      f -= st.df;
      r -= st.dr;
      if (!on_board(f, r)) break;
      const Square s = make_square(f, r);
      if (has(occupied, s)) {
        if (has(pieces, s) && has(st.from_mask, s)) return true;
        break;
      }
    }
  }
  return false;
}

}  // namespace arbiter
