// The canonical form of a problem for de-duplication: the smaller of the position's FEN and
// its left-right mirror's FEN (when the variant's pieces move symmetrically and no castling
// right, which is not mirror-symmetric, is held), with the stipulation.
#pragma once

#include <string>

#include "puzzles/stipulation.hpp"
#include "rules/core/position.hpp"

namespace arbiter::puzzles {

/// True when every piece of the variant moves, captures and is confined the same way after
/// swapping the a-file side with the h-file side (orthodox and Conversion Chess pieces do).
bool file_mirror_symmetric(const Variant& v);

/// The position with files a..h swapped to h..a (castling rights dropped).
Position mirror_files(const Position& pos);

/// "stipulation FEN-without-clocks" of the smaller of the position and its mirror image.
std::string canonical_problem(const Position& pos, const Stipulation& stip);

}  // namespace arbiter::puzzles
