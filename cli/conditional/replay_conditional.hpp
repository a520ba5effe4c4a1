// `arbiter replay` for tables with the conditional protocol (Conditional Chess).
#pragma once

#include <memory>

#include "cli/core/replay_io.hpp"
#include "rules/core/game_record.hpp"

namespace arbiter::cli {

/// Conditional Chess records as `replay` prints them: as a sequential one (text, or one JSON
/// object with the phases of the plies).
std::unique_ptr<GameReplay> conditional_replay(const VariantPtr& v, const ReplayOptions& options);

}  // namespace arbiter::cli
