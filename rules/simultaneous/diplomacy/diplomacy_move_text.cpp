#include "rules/simultaneous/diplomacy/diplomacy_move_text.hpp"

namespace arbiter {

Move read_diplomacy_move(const SimState& s, Color c, std::string_view text, SimMoveText* shape) {
  MoveList subs;
  diplomacy_submissions(s, c, subs);
  return read_sim_move(s, c, text, subs, shape);
}

std::string diplomacy_san(const SimState& s, Color c, Move m) {
  MoveList subs;  // needed only to disambiguate a piece's move
  if (m.kind() != MoveKind::kCastling && !s.pos.variant().piece(s.pos.piece_on(c, m.from())).pawn)
    diplomacy_submissions(s, c, subs);
  return sim_san(s, c, m, subs);
}

}  // namespace arbiter
