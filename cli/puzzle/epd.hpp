// EPD lines of composed problems, read and written in one place (docs/puzzles.md, EPD): the
// four FEN fields, then operations `opcode operand...;`. The stipulation is the standard
// opcode `dm N` (direct mate in N) for #N and arbiter's opcode `stip "h#2";` for the kinds
// the standard has none for; `c0 "#2"`, what an older arbiter's `puzzle export` wrote, is
// read too.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "puzzles/stipulation.hpp"

namespace arbiter::cli {

/// A malformed EPD line: the message names the opcode and what was expected.
class EpdError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// What one EPD line holds of a problem.
struct EpdProblem {
  std::string fen;   ///< the four FEN fields, and the line's clocks when it has them
  std::string stip;  ///< "#2", "h#2.5", ...; empty when the line names none
  std::string id;    ///< the `id` operand, empty when none
};

/// Reads one EPD line. Opcodes other than dm, stip, c0 and id are checked for their syntax
/// only. Throws EpdError for a malformed opcode or operand, an opcode given twice, or `dm`
/// and `stip` naming different stipulations.
EpdProblem parse_epd_line(const std::string& line);

/// The line `puzzle export` writes: the four FEN fields of `fen`, `bm KEY;` (when `key` is not
/// empty), the stipulation (`dm N;` for #N, `stip "h#2";` otherwise) and `id "ID";`.
std::string epd_line(const std::string& fen, const puzzles::Stipulation& stip,
                     const std::string& key, const std::string& id);

}  // namespace arbiter::cli
