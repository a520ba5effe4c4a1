// The verdict as a solution tree in the problemists' convention (`puzzle solve --format tree`).
#include <fmt/format.h>

#include <optional>

#include "cli/puzzle/cmd_puzzle.hpp"
#include "puzzles/mate_tree.hpp"

namespace arbiter::cli {
namespace {

/// "2.Qxb4#, 2.Qb6#": the moves of the attacker's move `number`.
std::string numbered(int number, const std::vector<std::string>& moves) {
  std::string out;
  for (const auto& m : moves) out += fmt::format("{}{}.{}", out.empty() ? "" : ", ", number, m);
  return out;
}

/// The set play of #n and s#n, before the key as problemists print it: "1...Ka6 2.Qa2#".
std::string attacker_set_play(const puzzles::Verdict& v) {
  std::string out;
  for (const auto& d : v.set_play) {
    out += fmt::format("1...{}", d.defence);
    if (!d.continuations.empty()) out += ' ' + numbered(2, d.continuations);
    out += '\n';
  }
  return out;
}

/// A defence of puzzles::mate_tree and what follows it, a line per answer that is no mate:
/// "  1...Kb2 2.Kd1" then "    2...Kb1 3.Rb3#"; the mates on the defence's own line.
void print_defence(const puzzles::Verdict& v, const puzzles::MateTreeDefence& d, int number,
                   int indent, std::string& out) {
  const std::string head = fmt::format("{:{}}{}...{}", "", indent, number - 1, d.defence);
  std::vector<std::string> mates;
  for (const auto& a : d.answers)
    if (a.defences.empty()) mates.push_back(goal_move(v, a.move));
  if (!mates.empty() || d.answers.empty())
    out += head + (mates.empty() ? "" : ' ' + numbered(number, mates)) + '\n';
  for (const auto& a : d.answers) {
    if (a.defences.empty()) continue;
    out += fmt::format("{} {}.{}\n", head, number, a.move);
    for (const auto& next : a.defences) print_defence(v, next, number + 1, indent + 2, out);
  }
}

std::string attacker_tree(const Position& pos, const puzzles::Verdict& v, bool no_threat) {
  std::string out = attacker_set_play(v);
  for (const auto& t : v.tries) {
    out += fmt::format("1.{}? {}!", t.move, t.refutation);
    for (const auto& r : t.other_refutations) out += fmt::format(" {}!", r);
    out += '\n';
  }
  const auto kind = v.stipulation.kind;
  const bool direct = kind == puzzles::StipulationKind::kDirectMate;
  // One table for the trees below every defence (their solves share a goal).
  std::optional<puzzles::TranspositionTable> trees_table;
  for (const auto& k : v.keys) {
    out += fmt::format("1.{}!", direct && v.stipulation.moves == 1 ? goal_move(v, k.move) : k.move);
    if (!k.threats.empty())
      out += " threat: " + numbered(2, k.threats);
    else if (!k.checks && !no_threat && v.stipulation.moves >= 2 && !k.variations.empty())
      out += " zugzwang";
    out += '\n';
    // Not after a timeout: the levels below the key are solved again, without a limit.
    const bool deep = direct && v.stipulation.moves >= 3 && !v.timed_out;
    for (const auto& d : k.variations) {
      if (deep) {
        if (!trees_table) trees_table.emplace(puzzles::mate_tree_table(v.stipulation.moves - 1));
        print_defence(
            v,
            puzzles::mate_tree(puzzles::after_moves(pos, {k.move, d.defence}), d.defence,
                               v.stipulation.moves - 1, v.stipulation.goal, &*trees_table),
            2, 2, out);
        continue;
      }
      // The goal reached by the defence itself (s#n, s=n, r#n) or by the continuation (#2, =2).
      out += fmt::format("  1...{}",
                         d.continuations.empty() && !direct ? goal_move(v, d.defence) : d.defence);
      std::vector<std::string> answers = d.continuations;
      if (direct && v.stipulation.moves == 2)
        for (auto& a : answers) a = goal_move(v, a);
      if (!answers.empty()) out += ' ' + numbered(2, answers);
      out += '\n';
    }
  }
  return out;
}

/// One helpmate line as Popeye numbers it: "1.Kd5 Qd4#" when the side to be mated starts,
/// "1...Sc3 2.Kd5 Qd4#" when the mating side does (h#n.5, the set play of h#n), "1... ...
/// 2.Kd5 Qd4#" for the set play of h#n.5 (the mating side's first move passed).
std::string help_line(const puzzles::Verdict& v, std::vector<std::string> line,
                      std::size_t skipped_plies) {
  if (!line.empty()) line.back() = goal_move(v, line.back());
  std::string out = skipped_plies == 2 ? "1... ..." : "";
  for (std::size_t i = 0; i < line.size(); ++i) {
    const std::size_t ply = i + skipped_plies;  // even: the side to be mated moves
    if (i == 0 && ply == 1)
      out += "1..." + line[i];
    else if (ply % 2 == 0)
      out += fmt::format("{}{}.{}", out.empty() ? "" : " ", ply / 2 + 1, line[i]);
    else
      out += ' ' + line[i];
  }
  return out + '\n';
}

std::string help_tree(const puzzles::Verdict& v) {
  // The set play first: h#n's is h#(n-1).5, h#n.5's is h#n after a pass.
  const bool half = v.stipulation.half;
  std::string out;
  for (const auto& line : v.set_solutions) out += help_line(v, line, half ? 2 : 1);
  for (const auto& line : v.solutions) out += help_line(v, line, half ? 1 : 0);
  return out;
}

/// A series line as Popeye numbers it, every move of the series side numbered:
/// "1.Nd4 2.Nxe2 3.O-O"; ser-h#n and ser-s#n end with the other side's mate on the last
/// number: "1.Rg4 2.Qc3+ Ka2#".
std::string series_tree(const puzzles::Verdict& v) {
  const bool help = v.stipulation.kind != puzzles::StipulationKind::kSeriesDirect;
  std::string out;
  for (auto line : v.solutions) {
    if (line.empty()) continue;
    line.back() = goal_move(v, line.back());
    const std::size_t numbered_moves = help ? line.size() - 1 : line.size();
    std::string text;
    for (std::size_t i = 0; i < numbered_moves; ++i)
      text += fmt::format("{}{}.{}", i ? " " : "", i + 1, line[i]);
    if (help) text += ' ' + line.back();
    out += text + '\n';
  }
  return out;
}

}  // namespace

std::string verdict_tree(const Position& pos, const puzzles::Verdict& v, bool no_threat) {
  std::string out = fmt::format("{}: {}\n", v.stipulation.str(), verdict_word(v));
  if (is_series(v.stipulation.kind))
    out += series_tree(v);
  else if (v.stipulation.kind == puzzles::StipulationKind::kHelpMate)
    out += help_tree(v);
  else
    return out + attacker_tree(pos, v, no_threat);
  return out + capped_listing_note(v);
}

}  // namespace arbiter::cli
