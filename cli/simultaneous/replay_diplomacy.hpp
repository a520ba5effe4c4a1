// `arbiter replay` for tables with the diplomacy resolver (Diplomacy Chess).
#pragma once

#include <memory>

#include "cli/core/replay_io.hpp"
#include "rules/core/game_record.hpp"
#include "rules/simultaneous/sim_record.hpp"

namespace arbiter::cli {

/// Records of a simultaneous table (Diplomacy Chess, Move-Neutral Chess) as `replay` prints
/// them: each turn with the fates of both moves (of each entry of both sets), then the end as
/// for a sequential one (or one JSON object with the turns, their fates and traces). Throws
/// std::invalid_argument for `sets` other than kOne on a table without the Diplomacy resolver.
std::unique_ptr<GameReplay> diplomacy_replay(const VariantPtr& v, const ReplayOptions& options,
                                             TurnSets sets);

}  // namespace arbiter::cli
