// FEN: Forsyth-Edwards Notation for positions of a sequential variant, read with the piece
// letters of the position's rule table. Every malformed FEN gets its own precise message.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "rules/position.hpp"

namespace arbiter {

/// A malformed FEN. `column` is the 1-based character position the problem was found at.
class FenError : public std::runtime_error {
 public:
  FenError(const std::string& message, int column) : std::runtime_error(message), column_(column) {}
  int column() const { return column_; }

 private:
  int column_;
};

struct FenOptions {
  /// Simultaneous protocols: both sides may stand in check (no side has "just moved").
  bool allow_both_in_check = false;
  /// Simultaneous protocols: a side may have lost its king (Diplomacy Chess, a finished game).
  bool allow_missing_king = false;
  /// Move-Neutral Chess: a square may hold one white and one black piece, written "(Qp)".
  bool allow_shared_squares = false;
};

/// Parses a FEN (the two clock fields may be omitted). Throws FenError.
Position parse_fen(const VariantPtr& variant, std::string_view fen, const FenOptions& options = {});

/// The canonical FEN of a position; a square holding a white and a black piece is written
/// "(Qp)" (only Move-Neutral positions have such squares).
std::string to_fen(const Position& pos);

}  // namespace arbiter
