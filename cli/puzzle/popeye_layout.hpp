// Two pieces of Popeye's plain-text layout that both its reader (the head of a block of twins,
// cli/puzzle/popeye_input.cpp) and its output (cli/puzzle/popeye_output.hpp) write. They need
// no position and no solver, so the reader, and the fuzz target that compiles it, stay free of
// the puzzles library.
#pragma once

#include <string>
#include <string_view>

namespace arbiter::cli {

/// Popeye's stipulation line from the stipulation as written ("h#2") and the men of each side:
/// "  h#2" and the piece counts right-aligned to column 35 ("  h#2                         2 + 2").
std::string popeye_stipulation_line(const std::string& stip, int white, int black);

/// `word` and a newline centred as Popeye centres its option lines under the diagram
/// ("               Duplex").
std::string popeye_centred(std::string_view word);

}  // namespace arbiter::cli
