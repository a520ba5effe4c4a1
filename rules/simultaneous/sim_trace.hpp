// What the simultaneous resolvers (Diplomacy Chess, Move-Neutral Chess) say about a turn: the
// trace that explains it, clause by clause, and the game's status read from the resolved board.
#pragma once

#include <optional>
#include <string>

#include "rules/core/move.hpp"

namespace arbiter {

/// One line of the explanation: which clause decided what, where and when.
struct TraceEntry {
  std::string clause;  ///< clause_name() of a DiplomacyClause or MoveNeutralClause
  Square square = kNoSquare;
  int tick = 0;      ///< the time step (0: before or after the travel)
  std::string text;  ///< "c6: same destination, Q outranks N: queen takes knight"
};

struct SimStatus {
  bool over = false;
  std::optional<Color> winner;  ///< none: a draw (or the game goes on)
  std::string reason;           ///< "king captured", "checkmate", "both mated", "stalemate"
  std::string result() const;   ///< "1-0", "0-1", "1/2-1/2", "" while the game goes on
};

}  // namespace arbiter
