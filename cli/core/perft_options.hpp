// The options of `arbiter perft` (cmd_perft.cpp), which its front-end (perft_front_end.hpp) and
// the protocols' counts read.
#pragma once

#include <string>
#include <vector>

#include "rules/core/variant.hpp"

namespace arbiter::cli {

struct PerftOptions {
  std::string variant = "orthodox";
  std::string fen;
  int depth = 0;
  bool divide = false;
  bool json = false;
  std::vector<std::string> knobs;
  bool full = false;
  bool distinct = false;  ///< simultaneous tables: also count the distinct positions per depth
  bool bench = false;
  unsigned long long bench_nodes = 60'000'000;
  std::string compare;
};

}  // namespace arbiter::cli
