// The scenario catalog and its search as code outside solver/ sees them (the solver's facade):
// each scenario's name and description, the search's options and its engine-confirmed
// witnesses. The formulas, Z3 terms over the symbolic board, stay inside solver/
// (solver/core/scenario.hpp, solver/core/witness_search.hpp).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "rules/core/variant.hpp"
#include "solver/core/engine_disagreement.hpp"
#include "solver/core/solver_limits.hpp"
#include "solver/core/witness.hpp"

namespace arbiter::solver {

/// A catalog scenario by name, as `arbiter find --list` shows it.
struct ScenarioInfo {
  std::string name;     ///< "<variant>/<scenario>"
  std::string variant;  ///< the table's name
  std::string description;
};

/// Every scenario, variant by variant, in the catalog's order (built once, read-only).
const std::vector<ScenarioInfo>& scenario_infos();

/// The scenario named `name` ("stalemate" or "orthodox/stalemate") for table `variant`, or
/// nullptr.
const ScenarioInfo* find_scenario_info(const std::string& variant, const std::string& name);
/// The scenario `name` ("stalemate" or "diplomacy/stalemate") of the family that serves `v`'s
/// rules module (and effect): a user's table is served by the scenarios of its protocol and
/// effects, whatever its name. Null when the family has none of that name.
const ScenarioInfo* find_scenario_info(const Variant& v, const std::string& name);
/// The family of catalog scenarios that serves `v` ("orthodox", "conversion", "diplomacy"...).
std::string scenario_family_of(const Variant& v);
/// Whether `scenario` serves `v` as a proposal filter: written for another table of its module
/// (the bundled one), its unsat proves nothing here; the engine judges every proposal.
bool served_as_filter(const ScenarioInfo& scenario, const Variant& v);

struct SearchOptions {
  int max_pieces = 8;
  Color side = kWhite;
  int count = 1;          ///< distinct witnesses wanted
  SolverLimits limits;    ///< seed, timeout (whole search), rlimit (per check)
  int max_rounds = 2000;  ///< engine refutations before giving up ("unknown")
  /// Called after each proposal the engine has judged, with the proposals so far and the
  /// witnesses found among them (progress lines); may be null.
  std::function<void(int rounds, int witnesses)> on_round;
  /// Each witness made 1-minimal (solver/core/witness_minimize.hpp): men taken off while the
  /// engine still confirms the scenario. Off for searches whose engine judge records what it
  /// sees (coverage's probes minimize their own witnesses afterwards).
  bool minimize = true;
};

struct SearchResult {
  std::vector<Witness> witnesses;
  /// "sat" (all wanted witnesses found), "unsat" (no further witness within the bounds),
  /// "unsat (...)" for a filter, or "unknown (<reason>)": never "unsat" for a timeout.
  std::string status;
  int rounds = 0;  ///< positions proposed by Z3
};

/// The search of solver/core/witness_search.hpp for the catalog scenario `scenario`. Throws
/// std::invalid_argument when the scenario is for another table than `variant` (or is not in
/// the catalog), EngineDisagreement when the engine rejects a witness of an exact formula.
SearchResult find_witnesses(const ScenarioInfo& scenario, const VariantPtr& variant,
                            const SearchOptions& options);

}  // namespace arbiter::solver
