// Why a move text is no submission of a side of a simultaneous table: the reason a refused
// move carries, whether it is a single turn's move (arbiter resolve, serve) or an entry of a
// progressive set, so that both say the same.
#pragma once

#include <string>
#include <string_view>

#include "rules/simultaneous/simultaneous.hpp"

namespace arbiter {

/// Why no submission of `c` on `s` matches `text`: what the table's resolver or orthodox
/// notation says of it ("it would leave White's king attacked now (exposing-move=refused)",
/// "'Ke3' is illegal: no white king can go to e3", "f1 is shared, and castling needs ...").
/// A simultaneous table has no side to move, so orthodox messages name the side.
std::string why_not_submission(const SimState& s, Color c, std::string_view text);

}  // namespace arbiter
