// A simultaneous resolver's trace as JSON (`resolve --json`, `replay --json` of Diplomacy
// records, `arbiter serve`): "trace": [{"clause", "square" (null for none), "tick", "text"}, ...],
// and the turn of two sets of moves played progressively.
#pragma once

#include <vector>

#include "present/core/json_writer.hpp"
#include "rules/simultaneous/diplomacy/diplomacy.hpp"  // TraceEntry
#include "rules/simultaneous/diplomacy/diplomacy_progressive.hpp"

namespace arbiter::inline present {

void write_trace(JsonWriter& w, const std::vector<TraceEntry>& trace);

/// The fields of a turn of two sets (`resolve --sets --json`, the history of `arbiter serve`),
/// into an open object: "moves" (each side's entries with their outcome), "pairs" (each pair's
/// trace), "pairs_resolved" and "fen_after". The status is the caller's.
void write_progressive_fields(JsonWriter& w, const ProgressiveResult& r);

}  // namespace arbiter::inline present
