// `arbiter replay` for tables with the conditional protocol (Conditional Chess).
#pragma once

#include <string>

#include "rules/core/game_record.hpp"

namespace arbiter::cli {

/// Replays a Conditional Chess record and prints it as `replay` prints a sequential one (text,
/// or one JSON object with the phases of the plies); returns the exit status.
int run_conditional_replay(const VariantPtr& v, const std::string& record,
                           const ReplayOptions& options, bool json);

}  // namespace arbiter::cli
