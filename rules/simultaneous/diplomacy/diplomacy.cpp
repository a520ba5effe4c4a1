#include "rules/simultaneous/diplomacy/diplomacy.hpp"

#include <algorithm>

#include "rules/core/movegen.hpp"
#include "rules/registry/rule_knobs.hpp"

namespace arbiter {

std::string to_string(Fate f) {
  switch (f) {
    case Fate::kExecuted:
      return "executed";
    case Fate::kFailed:
      return "not executed";
    case Fate::kCaptured:
      return "captured";  // where (its destination, or home again) is the trace's to say
  }
  return "?";
}

namespace {

bool contains(const MoveList& list, Move m) {
  return std::find(list.begin(), list.end(), m) != list.end();
}

/// vacated-square=passable: moves whose path crosses enemy pieces, which may have left by the
/// time the mover passes. Generated on the board without the enemy pieces; a pawn keeps only
/// its straight moves to empty squares, the others may end on an enemy piece (a capture).
void add_passing_moves(const Position& view, bool exposing, MoveList& out) {
  const Color us = view.side_to_move(), them = ~us;
  Position bare = view;
  bare.set_en_passant(kNoSquare);
  for (Bitboard b = view.pieces(them); b;) bare.remove(them, pop_lsb(b));
  MoveList moves;
  generate_pseudo_legal(bare, moves);
  const Variant& v = view.variant();
  for (Move m : moves) {
    if (m.kind() == MoveKind::kCastling || contains(out, m)) continue;
    const PieceType t = view.piece_on(us, m.from());
    if (t == v.royal()) continue;  // a king step passes no square
    if (v.piece(t).pawn && (file_of(m.from()) != file_of(m.to()) || has(view.occupied(), m.to())))
      continue;
    if (!exposing && !leaves_king_safe(view, m)) continue;
    out.push(m);
  }
}

}  // namespace

void diplomacy_submissions(const SimState& s, Color c, MoveList& out) {
  const Position view = view_for(s, c);
  if (view.king_square(c) == kNoSquare) return;  // the game is over
  const DiplomacyKnobs& k = view.variant().knobs().diplomacy;
  MoveList pseudo;
  generate_pseudo_legal(view, pseudo);
  const PieceType royal = view.variant().royal();
  // A move that leaves its own king attacked now is refused as in chess, unless
  // exposing-move=allowed or after-resolution (castling is generated only when chess allows
  // it).
  const bool exposing = k.exposing_move != ExposingMove::kRefused;
  for (Move m : pseudo) {
    // A king step is judged after resolution, unless king-safety=current-position.
    const bool king = view.piece_on(c, m.from()) == royal && m.kind() != MoveKind::kCastling;
    if (king ? k.king_safety == KingSafety::kAfterResolution || leaves_king_safe(view, m)
             : exposing || leaves_king_safe(view, m))
      out.push(m);
  }
  if (k.vacated_square == VacatedSquare::kPassable) add_passing_moves(view, exposing, out);
}

bool is_diplomacy_submission(const SimState& s, Color c, Move m) {
  MoveList moves;
  diplomacy_submissions(s, c, moves);
  return contains(moves, m);
}

SimStatus diplomacy_status(const SimState& s) {
  SimStatus st;
  const PieceType royal = s.pos.variant().royal();
  const bool king[2] = {s.pos.pieces(kWhite, royal) != 0, s.pos.pieces(kBlack, royal) != 0};
  if (!king[kWhite] || !king[kBlack]) {
    st.over = true;
    st.reason = "king captured";
    if (king[kWhite]) st.winner = kWhite;
    if (king[kBlack]) st.winner = kBlack;
    return st;
  }
  // Mate and stalemate: no orthodox legal move (a king step into an attacked square may be
  // submitted, but it executes only if the attack goes), or under
  // game-end-moves=submissions no Diplomacy submission at all.
  const bool by_submissions =
      s.pos.variant().knobs().diplomacy.game_end_moves == GameEndMoves::kSubmissions;
  bool mated[2] = {false, false}, stalemated[2] = {false, false};
  for (Color c : {kWhite, kBlack}) {
    const Position view = view_for(s, c);
    bool none = false;
    if (by_submissions) {
      MoveList moves;
      diplomacy_submissions(s, c, moves);
      none = moves.empty();
    } else {
      // Counted, not listed: the status is read after every resolved pair of the step-case
      // sweeps, and the count is perft's bulk count.
      none = count_legal(view) == 0;
    }
    (view.in_check() ? mated : stalemated)[c] = none;
  }
  if (mated[kWhite] || mated[kBlack]) {
    st.over = true;
    if (mated[kWhite] && mated[kBlack]) {
      st.reason = "both mated";
    } else {
      st.reason = "checkmate";
      st.winner = mated[kWhite] ? kBlack : kWhite;
    }
    return st;
  }
  if (stalemated[kWhite] || stalemated[kBlack]) {
    st.over = true;
    st.reason = "stalemate";
  }
  return st;
}

}  // namespace arbiter
