// The self-checks `arbiter verify` runs on a simultaneous table (diplomacy or move-neutral
// resolver; verify.cpp runs the sequential ones): recorded perft counts through sim_perft,
// simultaneous-FEN round trips (shared squares included), and every knob alternative compiled
// and resolving the table's positions.
#pragma once

#include <string>

#include "cli/core/verify.hpp"
#include "rules/core/variant.hpp"

namespace arbiter::cli {

/// [[perft]] counts (simultaneous FENs), up to `max_nodes` per depth.
void check_sim_perft(const VariantPtr& vp, unsigned long long max_nodes, TableVerdict& verdict);

/// The setup and every [[perft]] FEN read and print back unchanged.
void check_sim_fens(const VariantPtr& vp, TableVerdict& verdict);

/// For each knob, each alternative: the table (`name`, as verify loaded it) compiles with it,
/// and every pair of submissions on the setup and the [[perft]] positions resolves, traced and
/// validated, without an error.
void check_sim_knobs(const std::string& name, const VariantPtr& vp, TableVerdict& verdict);

}  // namespace arbiter::cli
