// The [effects.conversion] section of a rule table (see rules/core/table_reading.hpp).
#pragma once

#include "rules/core/table_reading.hpp"

namespace arbiter {

/// Reads [effects.conversion] into c.out.table.conversion.
void apply_conversion_section(table_io::Context& c, const table_io::Scope& parent,
                              const toml::node& node);
/// The letters of [effects.conversion] are declared pieces.
void check_conversion_section(table_io::Context& c);

}  // namespace arbiter
