// Stipulations of composed problems: direct play (#n, =n), helpmate (h#n, h=n, and .5),
// selfmate and self-stalemate (s#n, s=n), reflexmate (r#n) and the series-movers (ser-#n,
// ser-=n, ser-h#n, ser-s#n), spelt as Popeye spells them.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace arbiter::puzzles {

/// Who plays and how: the attacker against a defender (direct, self, reflex), both sides
/// together (help), or one side alone for n moves (series: direct, help, self).
enum class StipulationKind {
  kDirectMate,
  kHelpMate,
  kSelfMate,
  kReflexMate,
  kSeriesDirect,
  kSeriesHelp,
  kSeriesSelf
};

/// What ends the play: checkmate (`#`) or stalemate (`=`) of the side that is to be mated.
enum class Goal { kMate, kStalemate };

struct Stipulation {
  StipulationKind kind = StipulationKind::kDirectMate;
  int moves = 1;  ///< full moves of the side that starts (h#n.5: full moves after the half move)
  /// h#n.5: the mating side starts with one half move, then n full helpmate moves follow
  /// (Popeye's h#n.5; moves may then be 0: h#0.5, a mate in one half move).
  bool half = false;
  Goal goal = Goal::kMate;
  std::string str() const;
  friend bool operator==(const Stipulation&, const Stipulation&) = default;
};

/// True for ser-#n, ser-=n, ser-h#n, ser-s#n.
bool is_series(StipulationKind kind);
/// True where the answer is whole lines rather than a key and its variations: helpmates and
/// the series.
bool is_line_play(StipulationKind kind);
/// `s` one move shorter (the same play and goal): the test for a solution in fewer moves.
Stipulation shorter(const Stipulation& s);

/// Parses "#2", "=3", "h#3", "h=2.5", "s#2", "s=3", "r#2", "ser-#5", "ser-=4", "ser-h#4",
/// "ser-s#3" (case-insensitive, 1 to 30 moves; h#0.5 to h#29.5). Throws
/// std::invalid_argument naming what was expected.
Stipulation parse_stipulation(std::string_view text);

}  // namespace arbiter::puzzles
