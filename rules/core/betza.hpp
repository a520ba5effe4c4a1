// Betza notation: parse a piece's movement text (for example "WF", "fmWfceFifmnD", "NN", "W3")
// into movement atoms. Semantics are documented in docs/rule-tables.md ("Betza notation").
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

/// A step on the board from White's point of view: +dr is forward (towards rank 8), +df is
/// towards the h-file. Black's steps are the vertical mirror image (dr negated).
struct Offset {
  int df = 0;
  int dr = 0;
  friend bool operator==(const Offset&, const Offset&) = default;
};

/// One atom of a Betza text with its modifiers resolved into concrete directions.
struct BetzaAtom {
  char letter = 0;                 ///< base atom after shortcut expansion: W F D N A H C Z G
  std::vector<Offset> directions;  ///< the selected leaps (a subset of the atom's 4 or 8)
  int range = 1;                   ///< 1: a single leap; 0: unlimited rider; n > 1: up to n leaps
  bool can_move = true;            ///< may go to an empty square ('m' or no modality)
  bool can_capture = true;         ///< may capture on the target ('c' or no modality)
  bool en_passant = false;         ///< may capture en passant ('e')
  bool initial_only = false;       ///< only from the piece's initial ranks ('i')
  bool lame = false;               ///< a straight leap blocked by the squares it passes ('n')
  std::string text;                ///< the part of the Betza text this atom came from

  bool is_rider() const { return range != 1; }
};

/// Thrown for a malformed Betza text. `offset` is the 0-based character position.
class BetzaError : public std::runtime_error {
 public:
  BetzaError(const std::string& message, std::size_t offset)
      : std::runtime_error(message), offset_(offset) {}
  std::size_t offset() const { return offset_; }

 private:
  std::size_t offset_;
};

/// Parses a Betza text. Throws BetzaError naming what is wrong, where, and what was expected.
std::vector<BetzaAtom> parse_betza(std::string_view text);

}  // namespace arbiter
