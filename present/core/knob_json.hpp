// A table's knobs as JSON, as `arbiter variants --json` and the server's GET /api/variants
// list them.
#pragma once

#include <vector>

#include "present/core/json_writer.hpp"
#include "rules/core/rule_table.hpp"

namespace arbiter::inline present {

/// "knobs": [{"name", "default", "alternatives": [...], "clause"}, ...] into an object `w` has
/// open.
void write_knobs(JsonWriter& w, const std::vector<KnobDef>& knobs);

}  // namespace arbiter::inline present
