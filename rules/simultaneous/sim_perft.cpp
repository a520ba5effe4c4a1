#include "rules/simultaneous/sim_perft.hpp"

#include <unordered_map>

#include "rules/core/splitmix.hpp"

namespace arbiter {
namespace {

std::uint64_t count(const SimRules& rules, const SimState& s, int depth, bool bulk) {
  if (depth == 0) return 1;
  if (rules.status(s).over) return 0;
  MoveList white, black;
  rules.submissions(s, kWhite, white);
  rules.submissions(s, kBlack, black);
  if (depth == 1 && bulk)
    return static_cast<std::uint64_t>(white.size()) * static_cast<std::uint64_t>(black.size());
  std::uint64_t nodes = 0;
  for (Move w : white)
    for (Move b : black) nodes += count(rules, rules.resolve_fast(s, w, b), depth - 1, bulk);
  return nodes;
}

}  // namespace

std::uint64_t sim_perft(const SimRules& rules, const SimState& s, int depth, bool bulk) {
  return count(rules, s, depth, bulk);
}

std::vector<SimDivideEntry> sim_perft_divide(const SimRules& rules, const SimState& s, int depth) {
  std::vector<SimDivideEntry> out;
  if (depth < 1 || rules.status(s).over) return out;
  MoveList white, black;
  rules.submissions(s, kWhite, white);
  rules.submissions(s, kBlack, black);
  for (Move w : white) {
    SimDivideEntry e;
    e.white = w;
    e.black_submissions = black.size();
    for (Move b : black) e.nodes += count(rules, rules.resolve_fast(s, w, b), depth - 1, true);
    out.push_back(e);
  }
  return out;
}

std::uint64_t sim_key(const SimState& s) {
  return s.pos.key() ^ splitmix64(static_cast<std::uint64_t>(s.ep_target[kWhite]) << 8 |
                                  static_cast<std::uint64_t>(s.ep_target[kBlack]));
}

std::vector<SimLevel> sim_perft_levels(const SimRules& rules, const SimState& s, int depth) {
  struct Entry {
    SimState state;
    std::uint64_t paths = 0;  ///< the pair sequences that reach it
  };
  std::unordered_map<std::uint64_t, Entry> level{{sim_key(s), Entry{s, 1}}};
  std::vector<SimLevel> out;
  for (int d = 1; d <= depth; ++d) {
    std::unordered_map<std::uint64_t, Entry> next;
    SimLevel l;
    MoveList white, black;
    for (const auto& [key, e] : level) {
      if (rules.status(e.state).over) continue;
      white.clear();
      black.clear();
      rules.submissions(e.state, kWhite, white);
      rules.submissions(e.state, kBlack, black);
      for (Move w : white)
        for (Move b : black) {
          SimState after = rules.resolve_fast(e.state, w, b);
          l.nodes += e.paths;
          auto [it, fresh] = next.try_emplace(sim_key(after), Entry{std::move(after), 0});
          it->second.paths += e.paths;
        }
    }
    l.distinct = next.size();
    out.push_back(l);
    level = std::move(next);
  }
  return out;
}

}  // namespace arbiter
