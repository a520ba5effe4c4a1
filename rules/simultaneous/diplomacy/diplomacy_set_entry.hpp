// One entry of a progressive set, checked for shape before play and read against the board of
// its turn. Shared by progressive and simultaneously progressive play.
#pragma once

#include <optional>
#include <string>

#include "rules/simultaneous/diplomacy/diplomacy_conditional.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_progressive.hpp"

namespace arbiter {

struct PreparedEntry {
  ProgressiveEntry entry;
  int index = 0;  ///< from 1
  Color color = kWhite;
  std::optional<DiplomacyConditional> conditional;
};

/// Checks the shape of an entry (a conditional is parsed; a plain move's shape is read).
/// Throws ProgressiveError with the column of the problem.
PreparedEntry prepare_entry(const Variant& v, Color c, int index, const ProgressiveEntry& e);

/// The entry as written (coordinates of the ply on `s` for a Move entry).
std::string written_text(const SimState& s, const PreparedEntry& e);

/// The entry read against `s`: the branch chosen (empty when not a conditional) and the move.
/// `out.branch` is set before the move is read, so that it is known when reading throws
/// NotationError (the move is not a submission of its colour on `s`; a
/// DiplomacyConditionalError when the condition cannot be evaluated).
struct ReadEntry {
  std::string branch;
  Move move{};
};
void read_entry(const SimState& s, const PreparedEntry& e, const ExecutedHistory* history,
                ReadEntry& out);

/// A ProgressiveError for entry `e` with the message of a notation error.
ProgressiveError entry_error(const PreparedEntry& e, const std::string& expected,
                             const std::string& why, int column = 0);

}  // namespace arbiter
