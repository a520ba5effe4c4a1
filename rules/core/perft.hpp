// Perft: the number of leaf nodes of the legal-move tree to a fixed depth.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rules/core/position.hpp"

namespace arbiter {

/// Counts leaves at `depth`; the last ply is counted in bulk (moves generated, not made).
std::uint64_t perft(Position& pos, int depth);

/// Counts leaves making and unmaking every move, the last ply included.
std::uint64_t perft_full(Position& pos, int depth);

struct DivideEntry {
  Move move{};
  std::uint64_t nodes = 0;
};

/// Per-root-move counts (their sum is perft(depth)).
std::vector<DivideEntry> perft_divide(Position& pos, int depth);

}  // namespace arbiter
