// The search loop of a scenario: Z3 proposes a valid position satisfying the scenario's
// formula, the engine judges it (replaying it from its FEN), refutations become constraints,
// until the wanted number of witnesses is found, Z3 says unsat, or a limit is reached.
// Solver-internal (it takes a Scenario with its formula); the options, the result and the
// facade's entry point by catalog name are in solver/core/scenario_search.hpp.
#pragma once

#include "solver/core/scenario.hpp"
#include "solver/core/scenario_search.hpp"

namespace arbiter::solver {

/// Throws std::invalid_argument when the scenario is for another table than `variant`.
SearchResult find_witnesses(const Scenario& scenario, const VariantPtr& variant,
                            const SearchOptions& options);

}  // namespace arbiter::solver
