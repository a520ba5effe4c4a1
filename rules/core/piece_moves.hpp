// A piece's movement compiled from its Betza atoms into per-square bitboard masks.
// Leaps are target masks; steps along ranks, files and diagonals are masks applied to the
// magic slider attacks (a lame leap or a ranged slider is just a shorter mask); any other
// rider (nightrider, dabbaba-rider, ...) is walked step by step.
#pragma once

#include <vector>

#include "rules/core/betza.hpp"
#include "rules/core/geometry.hpp"
#include "rules/core/sliders.hpp"

namespace arbiter {

/// What a piece standing on one square may do.
struct SquareMoves {
  Bitboard leap_move = 0;     ///< leap targets usable when empty
  Bitboard leap_capture = 0;  ///< leap targets usable to capture
  Bitboard rook_move = 0;     ///< masks on rook_attacks(from, occupied)
  Bitboard rook_capture = 0;
  Bitboard bishop_move = 0;  ///< masks on bishop_attacks(from, occupied)
  Bitboard bishop_capture = 0;
  Bitboard en_passant = 0;    ///< leap targets where an en-passant capture may land
  Bitboard initial_only = 0;  ///< targets only 'i' atoms reach (a pawn's double step)
};

/// The squares from which this piece would capture on a given square (for attack tests).
struct AttackSources {
  Bitboard leap = 0;
  Bitboard rook = 0;
  Bitboard bishop = 0;
};

/// A rider the masks cannot express: walked one step at a time.
struct RiderStep {
  int df = 0;
  int dr = 0;
  int range = 0;  ///< 0 = unlimited
  bool move = true;
  bool capture = true;
  Bitboard from_mask = ~Bitboard{0};  ///< squares it may start from ('i' restricts this)
};

struct PieceMoves {
  SquareMoves at[2][kSquares];
  AttackSources attackers[2][kSquares];
  std::vector<RiderStep> riders[2];
  bool uses_rook = false;
  bool uses_bishop = false;
  bool has_riders = false;
  bool can_capture_en_passant = false;
  /// Moves and captures onto the same squares from every square, with no initial-only or
  /// en-passant targets and no riders: its legal targets are its attacks minus its own side's
  /// squares (move counting reads this).
  bool same_move_and_capture = false;
};

/// Compiles atoms; `initial_ranks` are 0-based ranks from White's side for 'i' atoms.
PieceMoves compile_piece_moves(const std::vector<BetzaAtom>& atoms,
                               const std::vector<int>& initial_ranks);

/// Targets of the step-by-step riders from `from` (quiet moves and captures).
void rider_targets(const std::vector<RiderStep>& riders, Square from, Bitboard occupied,
                   Bitboard& quiet, Bitboard& capture_candidates);

/// True when one of the step-by-step riders, standing on a square in `pieces`, captures
/// onto `target` with the board occupied as `occupied`.
bool rider_attacks(const std::vector<RiderStep>& riders, Square target, Bitboard pieces,
                   Bitboard occupied);

}  // namespace arbiter

namespace arbiter {

/// The squares a piece of colour `c` on `from` could go to with the board occupied as
/// `occupied`: `quiet` before masking with the empty squares, `captures` before masking with
/// the enemy pieces. The one place that turns masks into targets.
inline void piece_targets(const PieceMoves& pm, const SliderTables& sl, Color c, Square from,
                          Bitboard occupied, Bitboard& quiet, Bitboard& captures) {
  const SquareMoves& sm = pm.at[c][from];
  quiet = sm.leap_move;
  captures = sm.leap_capture;
  if (pm.uses_rook) {
    const Bitboard r = rook_attacks(sl, from, occupied);
    quiet |= r & sm.rook_move;
    captures |= r & sm.rook_capture;
  }
  if (pm.uses_bishop) {
    const Bitboard b = bishop_attacks(sl, from, occupied);
    quiet |= b & sm.bishop_move;
    captures |= b & sm.bishop_capture;
  }
  if (pm.has_riders) rider_targets(pm.riders[c], from, occupied, quiet, captures);
}

/// For a piece whose moves and captures share their masks (`same_move_and_capture`: no
/// riders, no initial-only moves), piece_targets' two sets in one: the squares it reaches,
/// before masking with the squares it may land on.
inline Bitboard shared_mask_targets(const PieceMoves& pm, const SliderTables& sl, Color c,
                                    Square from, Bitboard occupied) {
  const SquareMoves& sm = pm.at[c][from];
  Bitboard targets = sm.leap_move;
  if (pm.uses_rook) targets |= rook_attacks(sl, from, occupied) & sm.rook_move;
  if (pm.uses_bishop) targets |= bishop_attacks(sl, from, occupied) & sm.bishop_move;
  return targets;
}

}  // namespace arbiter
