// FEN: Forsyth-Edwards Notation for positions of a sequential variant, read with the piece
// letters of the position's rule table. Every malformed FEN gets its own precise message.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/position.hpp"

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

/// The FenError for a problem found at `column` (1-based): "FEN column 12: <message>".
[[noreturn]] void throw_fen_error(int column, const std::string& message);

/// One field of a FEN and where it starts.
struct FenField {
  std::size_t begin = 0;  ///< 0-based offset in the FEN
  std::string_view text;
  int column() const { return static_cast<int>(begin) + 1; }  ///< 1-based, as in FenError
};

/// What separates the fields of a FEN: parse_fen takes any whitespace; the extended FENs of
/// the conditional and simultaneous protocols, which hand their orthodox part to parse_fen,
/// are split at spaces and tabs only.
inline constexpr std::string_view kFenWhitespace = " \t\n\v\f\r";
inline constexpr std::string_view kFenBlanks = " \t";

/// The fields of `fen`: its runs of characters other than `separators`, in order.
std::vector<FenField> split_fen_fields(std::string_view fen, std::string_view separators);

/// Parses a FEN (the two clock fields may be omitted). Throws FenError.
Position parse_fen(const VariantPtr& variant, std::string_view fen, const FenOptions& options = {});

/// The canonical FEN of a position; a square holding a white and a black piece is written
/// "(Qp)" (only Move-Neutral positions have such squares).
std::string to_fen(const Position& pos);

}  // namespace arbiter
