// The self-checks `arbiter verify` runs on a table with protocol conditional (verify.cpp runs
// the sequential ones): recorded perft counts through conditional_perft, extended-FEN round
// trips, and the conditional-move notation round trip on the rule text's examples.
#pragma once

#include "cli/core/verify.hpp"
#include "rules/core/variant.hpp"

namespace arbiter::cli {

/// [[perft]] counts of a conditional table (extended FENs), up to `max_nodes` per depth.
void check_conditional_perft(const VariantPtr& vp, unsigned long long max_nodes,
                             TableVerdict& verdict);

/// Every [[perft]] FEN prints back unchanged (the setup re-reads to the same position), and
/// sample conditional moves print in their canonical form and re-read to it.
void check_conditional_notation(const VariantPtr& vp, TableVerdict& verdict);

}  // namespace arbiter::cli
