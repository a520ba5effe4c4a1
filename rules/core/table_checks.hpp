// The checks on a rule table once all its files are read (see table_checks.cpp).
#pragma once

#include "rules/core/table_reading.hpp"

namespace arbiter::table_io {

/// Reports the problems of the final table c.out.table (error_in_final); fills PieceDef::rank.
void check_final(Context& c);

}  // namespace arbiter::table_io
