// `arbiter replay --readings`: a record (or each game of a file) replayed under every alternative
// of every knob of its table, and the knobs whose readings change it (solver/analysis/readings).
#pragma once

#include <string>

#include "rules/core/game_record.hpp"
#include "rules/core/knob_settings.hpp"
#include "rules/simultaneous/sim_record.hpp"

namespace arbiter::cli {

struct ReadingsRequest {
  std::string table;         ///< -v (bundled name or .toml path)
  bool table_given = false;  ///< else a game's [Variant] tag names it, else orthodox
  KnobSettings knobs;        ///< --knob: the reading called default
  ReplayOptions options;
  TurnSets sets = TurnSets::kOne;
  bool json = false;
  std::string file;  ///< "-": standard input
};

/// Prints the readings; returns 1 when a game is refused under the default reading (or its
/// [Variant] tag names no table), else 0. Throws for bad input (unreadable file, table).
int run_readings(const ReadingsRequest& r);

}  // namespace arbiter::cli
