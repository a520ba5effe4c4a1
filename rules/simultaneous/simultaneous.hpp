// The state shared by the simultaneous protocols (Diplomacy Chess, Move-Neutral Chess): both
// players submit a move at once and a resolver named by the table turns the pair into the next
// position. There is no side to move, and each side may hold an en-passant right at once.
#pragma once

#include <string>
#include <string_view>

#include "rules/core/fen.hpp"
#include "rules/core/position.hpp"

namespace arbiter {

struct SimState {
  /// The board, castling rights and clocks. Its side to move is always White and its own
  /// en-passant square always empty: both live in `ep_target` instead.
  Position pos;
  /// ep_target[c]: the square a pawn of colour c passed over with a double step last turn,
  /// so that a pawn of the other colour may capture it en passant now (kNoSquare: none).
  Square ep_target[2] = {kNoSquare, kNoSquare};

  friend bool operator==(const SimState& a, const SimState& b) {
    return a.pos == b.pos && a.ep_target[0] == b.ep_target[0] && a.ep_target[1] == b.ep_target[1];
  }
};

/// The board as colour `c` sees it when choosing its move: `c` to move, with the en-passant
/// right against the other colour's pawn.
Position view_for(const SimState& s, Color c);

/// FEN for simultaneous protocols: the orthodox fields, where the side to move is always 'w'
/// (both sides move) and the en-passant field holds '-', one square or two squares written
/// together ("e3d6": White's pawn passed e3, Black's passed d6). Either side may stand in
/// check or have lost its king; under the move-neutral resolver a square may be shared,
/// written "(Qp)". Throws FenError with the column.
SimState parse_sim_fen(const VariantPtr& v, std::string_view fen);
std::string to_sim_fen(const SimState& s);

/// The start position of a simultaneous table.
SimState sim_start(const VariantPtr& v);

}  // namespace arbiter
