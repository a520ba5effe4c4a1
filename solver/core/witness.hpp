// A witness of a catalog scenario: the engine-confirmed position, the moves that show the
// property and the engine's account. Part of the solver's facade (no Z3 types).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "rules/core/position.hpp"

namespace arbiter::solver {

/// What a witness shows: the position, the moves that show it (may be none) and in words.
/// Variants with their own protocol (Conditional, Diplomacy, Move-Neutral) also give the FEN in
/// their own format, the moves as text and what the engine's resolver or turn machine did.
struct Witness {
  Witness(Position p, std::vector<Move> m, std::string w)
      : position(std::move(p)), moves(std::move(m)), what(std::move(w)) {}

  Position position;
  std::vector<Move> moves;
  std::string what;
  std::string fen;                 ///< the variant's own FEN; empty: to_fen(position)
  std::string moves_text;          ///< empty: the SAN of `moves` on `position`
  std::vector<std::string> trace;  ///< the engine's account, line by line (may be empty)
  /// 1-minimal (solver/core/witness_minimize.hpp) when >= 0: the men taken off the position
  /// Z3 proposed; `men` is then how many stand (kings included). -1: not minimized.
  int men_removed = -1;
  int men = 0;
};

}  // namespace arbiter::solver
