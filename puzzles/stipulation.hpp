// Stipulations of composed problems: direct mate (#n), helpmate (h#n, h#n.5), selfmate (s#n).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace arbiter::puzzles {

enum class StipulationKind { kDirectMate, kHelpMate, kSelfMate };

struct Stipulation {
  StipulationKind kind = StipulationKind::kDirectMate;
  int moves = 1;  ///< full moves of the side that starts (h#n.5: full moves after the half move)
  /// h#n.5: the mating side starts with one half move, then n full helpmate moves follow
  /// (Popeye's h#n.5; moves may then be 0: h#0.5, a mate in one half move).
  bool half = false;
  std::string str() const;
  friend bool operator==(const Stipulation&, const Stipulation&) = default;
};

/// Parses "#2", "h#3", "s#2", "h#2.5" (case-insensitive prefix, 1 to 30 moves; h#0.5 to
/// h#29.5). Throws
/// std::invalid_argument naming what was expected.
Stipulation parse_stipulation(std::string_view text);

}  // namespace arbiter::puzzles
