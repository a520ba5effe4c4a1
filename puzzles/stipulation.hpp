// Stipulations of composed problems: direct mate (#n), helpmate (h#n), selfmate (s#n).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace arbiter::puzzles {

enum class StipulationKind { kDirectMate, kHelpMate, kSelfMate };

struct Stipulation {
  StipulationKind kind = StipulationKind::kDirectMate;
  int moves = 1;  ///< full moves of the side that starts
  std::string str() const;
  friend bool operator==(const Stipulation&, const Stipulation&) = default;
};

/// Parses "#2", "h#3", "s#2" (case-insensitive prefix, 1 to 30 moves). Throws
/// std::invalid_argument naming what was expected.
Stipulation parse_stipulation(std::string_view text);

}  // namespace arbiter::puzzles
