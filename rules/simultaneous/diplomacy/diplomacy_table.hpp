// The `ranks` key of [protocol]: Diplomacy's piece ranks (see rules/core/table_reading.hpp).
#pragma once

#include "rules/core/table_reading.hpp"

namespace arbiter {

/// Reads `ranks = "K>Q>R>B=N>P"` of [protocol] (`s`; `node`: its value) into
/// c.out.table.rank_order.
void apply_ranks_section(table_io::Context& c, const table_io::Scope& s, const toml::node& node);
/// The ranks name every piece once, and resolver "diplomacy" has them; fills PieceDef::rank.
void check_ranks_section(table_io::Context& c);

}  // namespace arbiter
