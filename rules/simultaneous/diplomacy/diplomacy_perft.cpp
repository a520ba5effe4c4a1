#include "rules/simultaneous/diplomacy/diplomacy_perft.hpp"

#include "rules/registry/rule_knobs.hpp"

namespace arbiter {

std::uint64_t diplomacy_perft(const SimState& s, int depth, const DiplomacyKnobs& knobs,
                              bool bulk) {
  return sim_perft(*diplomacy_rules(knobs), s, depth, bulk);
}

std::uint64_t diplomacy_perft(const SimState& s, int depth) {
  return diplomacy_perft(s, depth, s.pos.variant().knobs().diplomacy);
}

std::vector<DiplomacyDivideEntry> diplomacy_perft_divide(const SimState& s, int depth,
                                                         const DiplomacyKnobs& knobs) {
  return sim_perft_divide(*diplomacy_rules(knobs), s, depth);
}

std::vector<DiplomacyLevel> diplomacy_perft_levels(const SimState& s, int depth,
                                                   const DiplomacyKnobs& knobs) {
  return sim_perft_levels(*diplomacy_rules(knobs), s, depth);
}

}  // namespace arbiter
