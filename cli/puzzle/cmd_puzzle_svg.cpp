// The boards of `arbiter puzzle`: a problem with its keys drawn (solve --svg, export --format
// svg, the report's sample puzzles), the pieces a key converts marked, and its caption.
#include <fmt/format.h>

#include "cli/puzzle/cmd_puzzle.hpp"
#include "present/board/report_boards.hpp"
#include "rules/core/notation.hpp"

namespace arbiter::cli {
namespace {

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

}  // namespace

std::string verdict_caption(const puzzles::Verdict& v) {
  std::string text = v.stipulation.str() + " " + puzzles::to_string(v.soundness);
  if (v.stipulation.kind == puzzles::StipulationKind::kHelpMate) {
    if (!v.solutions.empty()) text += ": " + join(v.solutions.front(), " ");
    if (v.solutions.size() > 1) text += fmt::format(" (+{} more)", v.solutions.size() - 1);
    return text;
  }
  std::vector<std::string> keys;
  for (const puzzles::KeyMove& k : v.keys) keys.push_back(k.move);
  if (!keys.empty()) text += (keys.size() == 1 ? ": key " : ": keys ") + join(keys, ", ");
  return text;
}

SvgBoard problem_board(const Position& pos, const puzzles::Verdict& v, std::string caption) {
  SvgBoard b{pos};
  b.caption = std::move(caption);
  for (const puzzles::KeyMove& k : v.keys) {
    try {
      const Move m = parse_san(pos, k.move);
      b.arrows.push_back({m.from(), m.to(), pos.side_to_move(), false});
      b.marked |= converted_by(pos, m);  // Conversion Chess: what the key converts
    } catch (const std::exception&) {    // best effort: an unreadable key is left undrawn
    }
  }
  return b;
}

}  // namespace arbiter::cli
