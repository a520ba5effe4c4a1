#include "rules/diplomacy_perft.hpp"

#include <unordered_map>

namespace arbiter {
namespace {

/// The options of every resolution in a count: no trace, no validation (the moves come from
/// diplomacy_submissions), the knobs read once by the caller.
ResolveOptions fast(const DiplomacyKnobs& knobs) {
  ResolveOptions o;
  o.trace = false;
  o.validate = false;
  o.knobs = &knobs;
  return o;
}

std::uint64_t count(const SimState& s, int depth, const ResolveOptions& o, bool bulk) {
  if (depth == 0) return 1;
  if (diplomacy_status(s).over) return 0;
  MoveList white, black;
  diplomacy_submissions(s, kWhite, white);
  diplomacy_submissions(s, kBlack, black);
  if (depth == 1 && bulk)
    return static_cast<std::uint64_t>(white.size()) * static_cast<std::uint64_t>(black.size());
  std::uint64_t nodes = 0;
  for (Move w : white)
    for (Move b : black) nodes += count(resolve_diplomacy(s, w, b, o).after, depth - 1, o, bulk);
  return nodes;
}

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

std::uint64_t diplomacy_perft(const SimState& s, int depth, const DiplomacyKnobs& knobs,
                              bool bulk) {
  return count(s, depth, fast(knobs), bulk);
}

std::uint64_t diplomacy_perft(const SimState& s, int depth) {
  return diplomacy_perft(s, depth, DiplomacyKnobs::of(s.pos.variant()));
}

std::vector<DiplomacyDivideEntry> diplomacy_perft_divide(const SimState& s, int depth,
                                                         const DiplomacyKnobs& knobs) {
  std::vector<DiplomacyDivideEntry> out;
  if (depth < 1 || diplomacy_status(s).over) return out;
  const ResolveOptions o = fast(knobs);
  MoveList white, black;
  diplomacy_submissions(s, kWhite, white);
  diplomacy_submissions(s, kBlack, black);
  for (Move w : white) {
    DiplomacyDivideEntry e;
    e.white = w;
    e.black_submissions = black.size();
    for (Move b : black) e.nodes += count(resolve_diplomacy(s, w, b, o).after, depth - 1, o, true);
    out.push_back(e);
  }
  return out;
}

std::uint64_t sim_key(const SimState& s) {
  return s.pos.key() ^ mix(static_cast<std::uint64_t>(s.ep_target[kWhite]) << 8 |
                           static_cast<std::uint64_t>(s.ep_target[kBlack]));
}

std::vector<DiplomacyLevel> diplomacy_perft_levels(const SimState& s, int depth,
                                                   const DiplomacyKnobs& knobs) {
  const ResolveOptions o = fast(knobs);
  struct Entry {
    SimState state;
    std::uint64_t paths = 0;  ///< the pair sequences that reach it
  };
  std::unordered_map<std::uint64_t, Entry> level{{sim_key(s), Entry{s, 1}}};
  std::vector<DiplomacyLevel> out;
  for (int d = 1; d <= depth; ++d) {
    std::unordered_map<std::uint64_t, Entry> next;
    DiplomacyLevel l;
    MoveList white, black;
    for (const auto& [key, e] : level) {
      if (diplomacy_status(e.state).over) continue;
      white.clear();
      black.clear();
      diplomacy_submissions(e.state, kWhite, white);
      diplomacy_submissions(e.state, kBlack, black);
      for (Move w : white)
        for (Move b : black) {
          SimState after = resolve_diplomacy(e.state, w, b, o).after;
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
