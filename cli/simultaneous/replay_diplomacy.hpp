// `arbiter replay` for tables with the diplomacy resolver (Diplomacy Chess).
#pragma once

#include <string>

#include "rules/core/game_record.hpp"

namespace arbiter::cli {

/// Replays a Diplomacy Chess record and prints each turn with the fates of both moves, then
/// the end as `replay` prints a sequential one (or one JSON object with the turns, their fates
/// and traces); returns the exit status.
int run_diplomacy_replay(const VariantPtr& v, const std::string& record,
                         const ReplayOptions& options, bool json);

}  // namespace arbiter::cli
