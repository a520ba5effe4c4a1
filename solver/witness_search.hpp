// The search loop of a scenario: Z3 proposes a valid position satisfying the scenario's
// formula, the engine judges it (replaying it from its FEN), refutations become constraints,
// until the wanted number of witnesses is found, Z3 says unsat, or a limit is reached.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "solver/scenario.hpp"
#include "solver/z3_setup.hpp"

namespace arbiter::solver {

struct SearchOptions {
  int max_pieces = 8;
  Color side = kWhite;
  int count = 1;          ///< distinct witnesses wanted
  SolverLimits limits;    ///< seed, timeout (whole search), rlimit (per check)
  int max_rounds = 2000;  ///< engine refutations before giving up ("unknown")
};

struct SearchResult {
  std::vector<Witness> witnesses;
  /// "sat" (all wanted witnesses found), "unsat" (no further witness within the bounds),
  /// "unsat (...)" for a filter, or "unknown (<reason>)": never "unsat" for a timeout.
  std::string status;
  int rounds = 0;  ///< positions proposed by Z3
};

/// Z3 found a position for an exact scenario that the engine rejects (or cannot read).
class EngineDisagreement : public std::runtime_error {
 public:
  EngineDisagreement(const std::string& fen, const std::string& solver_view,
                     const std::string& engine_view);
  const std::string& fen() const { return fen_; }
  const std::string& solver_view() const { return solver_view_; }
  const std::string& engine_view() const { return engine_view_; }

 private:
  std::string fen_, solver_view_, engine_view_;
};

/// Throws std::invalid_argument when the scenario is for another table than `variant`.
SearchResult find_witnesses(const Scenario& scenario, const VariantPtr& variant,
                            const SearchOptions& options);

}  // namespace arbiter::solver
