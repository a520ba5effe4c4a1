// The decisions of one Move-Neutral turn, written once over sets of squares for both
// interpreters: the engine's resolver (move_neutral.cpp) takes Bitboards of the two submitted
// moves; the Z3 step (solver/simultaneous/move_neutral/move_neutral_step.cpp) takes one formula
// per square over symbolic choices of moves. Each interpreter reads its moves into the inputs
// and writes the outcome onto its own board (pieces and types are its business); which pieces
// are taken, stay, arrive and share a square, and which squares cost castling rights, is
// decided here. Rule text: shared/rules-text/move-neutral-chess.txt; docs/move-neutral.md.
#pragma once

#include "rules/core/geometry.hpp"

namespace arbiter {

/// What the two moves do, per colour c, read off the board before the turn.
template <typename Sets>
struct MoveNeutralTurnInputs {
  Sets occupied[2];  ///< c's pieces before the turn
  Sets shared;       ///< squares shared before the turn (none on the Z3 step's board)
  Sets leaves[2];    ///< the squares c's move leaves (castling: the king's and the rook's)
  Sets lands[2];     ///< the squares c's move lands on
  Sets aims[2];      ///< the square of the piece c's move means to take: its destination, or
                     ///< the pawn an en-passant capture takes
  Sets ep_lands[2];  ///< the landing square of c's en-passant capture (none in the Z3 step)
  bool ep_landing_captures = false;  ///< ep-landing-entered=capture
  Sets none;                         ///< the empty set
};

template <typename Sets>
struct MoveNeutralTurnOutcome {
  Sets captured[2];        ///< [c]: c's pieces taken where they stood
  Sets missed[2];          ///< [c]: squares c's move aimed at whose piece moved away: nothing
                           ///< is taken there (trade places, or the target left)
  Sets taken_arriving[2];  ///< [c]: c's arriving pieces taken on an en-passant landing square
  Sets stays[2];           ///< [c]: c's pieces that stand where they stood
  Sets after[2];           ///< [c]: c's pieces after the turn
  Sets shared;             ///< squares both moves land on: the two pieces share them
  Sets touched;            ///< squares taken on, left or landed on: castling rights there go
};

/// Set algebra the decisions need: `&`, `|` and `~` (complement), as Bitboard has them.
template <typename Sets>
MoveNeutralTurnOutcome<Sets> decide_move_neutral_turn(const MoveNeutralTurnInputs<Sets>& in) {
  MoveNeutralTurnOutcome<Sets> out;
  for (Color c : {kWhite, kBlack}) {
    const Color them = ~c;
    // Both moves stand: a capture takes its target only if the target's own move did not
    // take it away first (mutual captures trade places; a departed target is missed). A piece
    // sharing its square cannot be taken until one of the two moves away (the rule text's
    // paragraph after the examples); submissions never aim there, and this keeps it so.
    out.captured[them] = in.occupied[them] & in.aims[c] & ~in.leaves[them] & ~in.shared;
    out.missed[c] = in.aims[c] & in.occupied[them] & in.leaves[them];
  }
  for (Color c : {kWhite, kBlack}) {
    const Color them = ~c;
    // An en-passant capture lands on a square that was empty; an enemy piece arriving there
    // too shares it (co-occupy) or is taken (ep-landing-entered=capture).
    out.taken_arriving[them] = in.ep_landing_captures ? in.ep_lands[c] & in.lands[them] : in.none;
  }
  for (Color c : {kWhite, kBlack}) {
    out.stays[c] = in.occupied[c] & ~in.leaves[c] & ~out.captured[c];
    out.after[c] = (out.stays[c] | in.lands[c]) & ~out.taken_arriving[c];
  }
  out.shared = in.lands[kWhite] & in.lands[kBlack] & out.after[kWhite] & out.after[kBlack];
  out.touched = out.captured[kWhite] | out.captured[kBlack] | in.leaves[kWhite] |
                in.leaves[kBlack] | in.lands[kWhite] | in.lands[kBlack];
  return out;
}

}  // namespace arbiter
