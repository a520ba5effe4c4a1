// What the simultaneous resolvers (Diplomacy Chess, Move-Neutral Chess) say about a turn: the
// trace that explains it, clause by clause, and the game's status read from the resolved board.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/move.hpp"

namespace arbiter {

/// One line of the explanation: which clause decided what, where and when.
struct TraceEntry {
  std::string clause;  ///< clause_name() of a DiplomacyClause or MoveNeutralClause
  Square square = kNoSquare;
  int tick = 0;      ///< the time step (0: before or after the travel)
  std::string text;  ///< "c6: same destination, Q outranks N: queen takes knight"
};

/// How much of its explanation a resolution writes: nothing, each entry without its text (the
/// step-case sweeps read the clauses only, and writing the texts was a large part of their work),
/// or every entry with its text. A bool reads as it did before the middle level: true is the
/// whole trace, false none.
class TraceDetail {
 public:
  enum Level : std::uint8_t { kNone, kClauses, kFull };
  constexpr TraceDetail(bool on)
      : level_(on ? kFull : kNone) {}                    // NOLINT(google-explicit-constructor)
  constexpr TraceDetail(Level level) : level_(level) {}  // NOLINT(google-explicit-constructor)

  constexpr bool entries() const { return level_ != kNone; }
  constexpr bool texts() const { return level_ == kFull; }

  /// Appends the entry of `clause` on `sq` at `tick` to `trace`, its text from `text()`, which
  /// is called only when texts are asked for.
  template <typename TextFn>
  void add(std::vector<TraceEntry>& trace, std::string_view clause, Square sq, int tick,
           TextFn&& text) const {
    if (level_ == kNone) return;
    trace.push_back({std::string(clause), sq, tick, level_ == kFull ? text() : std::string()});
  }

 private:
  Level level_;
};

struct SimStatus {
  bool over = false;
  std::optional<Color> winner;  ///< none: a draw (or the game goes on)
  std::string reason;           ///< "king captured", "checkmate", "both mated", "stalemate"
  std::string result() const;   ///< "1-0", "0-1", "1/2-1/2", "" while the game goes on
};

}  // namespace arbiter
