// A text diagram of a board for terminal output.
#pragma once

#include <string>

#include "rules/core/position.hpp"

namespace arbiter::cli {

/// Eight lines from rank 8 down, each starting with the rank number, squares separated by
/// spaces ('.' empty, White's pieces upper case, Black's lower case), then the file letters.
/// A board with a shared square (Move-Neutral Chess) has cells two characters wide: the shared
/// square shows both letters, White's first ("Qp"), every other cell is right-aligned (" Q").
std::string board_diagram(const Position& pos);

}  // namespace arbiter::cli
