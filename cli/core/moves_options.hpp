// The options of `arbiter moves`, shared by the sequential listing (cmd_position.cpp) and the
// Conditional Chess one (moves_conditional.cpp).
#pragma once

#include <string>
#include <vector>

#include "rules/core/variant.hpp"

namespace arbiter::cli {

struct MovesOptions {
  std::string variant = "orthodox";
  std::string fen;
  std::vector<std::string> play;
  bool json = false;
  std::vector<std::string> knobs;
};

/// `moves` on a table with protocol conditional (`v`, loaded with the knobs): plays --play
/// ply by ply through the turn machine, then lists what the current phase allows.
int run_conditional_moves(const MovesOptions& o, const VariantPtr& v);

}  // namespace arbiter::cli
