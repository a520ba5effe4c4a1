#include "rules/simultaneous/move_neutral/move_neutral_perft.hpp"

namespace arbiter {

std::uint64_t move_neutral_perft(const SimState& s, int depth, bool bulk) {
  return sim_perft(*move_neutral_rules(), s, depth, bulk);
}

}  // namespace arbiter
