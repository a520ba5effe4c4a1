// The colour-flipped mirror of a simultaneous-protocol FEN (Diplomacy Chess).
#pragma once

#include <string>
#include <string_view>

namespace arbiter::test {

/// Ranks in reverse order (square s becomes s ^ 56), piece colours swapped, castling letters
/// swapped and both en-passant squares mirrored (White's written first, as to_sim_fen does);
/// the side field stays 'w' and the clocks are kept. Throws std::invalid_argument for a FEN
/// without the four first fields.
std::string mirror_sim_fen(std::string_view fen);

}  // namespace arbiter::test
