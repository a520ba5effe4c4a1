// Conflict rule 1 of Diplomacy Chess (rule text: shared/rules-text/diplomacy-chess.txt,
// "Conflict Moves"): two pieces of opposite sides bound for one square are decided by their
// ranks (the table's [pieces] rank). Written once: the resolution template
// (diplomacy_simulation.hpp, run by the engine and by the Z3 step) and the scenarios'
// pre-filters (solver/simultaneous/diplomacy/scenarios_diplomacy.cpp) decide through it.
#pragma once

#include <cstdint>

#include "rules/core/variant.hpp"

namespace arbiter {

/// The rank a piece type has in conflicts: its table entry's rank (0 when the table has none).
inline int conflict_rank(const Variant& v, PieceType t) {
  const PieceDef* def = v.table().piece(v.piece(t).letter);
  return def != nullptr ? def->rank : 0;
}

enum class ContestWinner : std::uint8_t {
  kFirst,    ///< the first piece stays on the square and takes the second
  kSecond,   ///< the second takes the first
  kNeither,  ///< equal ranks: neither move executes
};

/// The rank contest of two pieces of opposite sides bound for one square: the higher rank
/// takes the lower; equal ranks conflict, and neither piece gets there.
constexpr ContestWinner contest(int first_rank, int second_rank) {
  if (first_rank > second_rank) return ContestWinner::kFirst;
  if (first_rank < second_rank) return ContestWinner::kSecond;
  return ContestWinner::kNeither;
}

}  // namespace arbiter
