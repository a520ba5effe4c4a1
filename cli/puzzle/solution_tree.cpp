// The verdict as a solution tree in the problemists' convention (`puzzle solve --format tree`).
#include <fmt/format.h>

#include "cli/puzzle/cmd_puzzle.hpp"

namespace arbiter::cli {
namespace {

/// "2.Qxb4#, 2.Qb6#": the moves of the attacker's move `number`.
std::string numbered(int number, const std::vector<std::string>& moves) {
  std::string out;
  for (const auto& m : moves) out += fmt::format("{}{}.{}", out.empty() ? "" : ", ", number, m);
  return out;
}

std::string attacker_tree(const puzzles::Verdict& v, bool no_threat) {
  std::string out;
  for (const auto& t : v.tries) out += fmt::format("1.{}? {}!\n", t.move, t.refutation);
  for (const auto& k : v.keys) {
    out += fmt::format("1.{}!", k.move);
    if (!k.threats.empty())
      out += " threat: " + numbered(2, k.threats);
    else if (!k.checks && !no_threat && v.stipulation.moves >= 2 && !k.variations.empty())
      out += " zugzwang";
    out += '\n';
    for (const auto& d : k.variations) {
      out += fmt::format("  1...{}", d.defence);
      if (!d.continuations.empty()) out += ' ' + numbered(2, d.continuations);
      out += '\n';
    }
  }
  return out;
}

std::string help_tree(const puzzles::Verdict& v) {
  std::string out;
  for (const auto& line : v.solutions) {
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (i % 2 == 0) out += fmt::format("{}{}.", i ? " " : "", i / 2 + 1);
      out += (i % 2 ? " " : "") + line[i];
    }
    out += '\n';
  }
  return out;
}

}  // namespace

std::string verdict_tree(const puzzles::Verdict& v, bool no_threat) {
  std::string out = fmt::format("{}: {}\n", v.stipulation.str(), to_string(v.soundness));
  return out + (v.stipulation.kind == puzzles::StipulationKind::kHelpMate
                    ? help_tree(v)
                    : attacker_tree(v, no_threat));
}

}  // namespace arbiter::cli
