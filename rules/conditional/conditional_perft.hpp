// Perft for Conditional Chess: the number of distinct sequences of executed plies to a depth.
// An A- or B-ply is one of phase_moves; a C-ply is one of c_outcomes (each legal move of the
// C-mover, or a skip), whatever conditional move was stated. Definition: docs/conditional-perft.md.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rules/conditional/conditional_game.hpp"

namespace arbiter {

std::uint64_t conditional_perft(const ConditionalState& s, int depth);

struct ConditionalDivideEntry {
  std::string ply;  ///< UCI of the move, or "skip"
  Move move{};      ///< the null move for a skip
  std::uint64_t nodes = 0;
};

/// Per-root-ply counts (their sum is conditional_perft(s, depth)), in generation order.
std::vector<ConditionalDivideEntry> conditional_perft_divide(const ConditionalState& s, int depth);

}  // namespace arbiter
