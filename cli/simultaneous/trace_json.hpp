// A simultaneous resolver's trace as JSON (`resolve --json`, `replay --json` of Diplomacy
// records): "trace": [{"clause", "square" (null for none), "tick", "text"}, ...].
#pragma once

#include <vector>

#include "cli/core/json_writer.hpp"
#include "rules/simultaneous/diplomacy/diplomacy.hpp"  // TraceEntry

namespace arbiter::cli {

void write_trace(JsonWriter& w, const std::vector<TraceEntry>& trace);

}  // namespace arbiter::cli
