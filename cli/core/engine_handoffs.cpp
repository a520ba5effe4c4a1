// The arbiter program's side of the commands it holds in part (cli/core/solver_program.hpp):
// where such a command reaches the solver, the command line goes to the solver program, which
// runs it from the start. Both are reached before the command prints or writes anything.
#include "cli/core/replay_readings.hpp"
#include "cli/core/solver_program.hpp"
#include "cli/puzzle/cmd_puzzle.hpp"

namespace arbiter::cli {

int run_readings(const ReadingsRequest& /*r*/) {  // replay --readings
  run_in_solver_program();
}

puzzles::CandidateProposer solver_proposer(const VariantPtr& /*v*/, bool /*help*/,
                                           bool /*self*/) {  // puzzle generate --source solver
  run_in_solver_program();
}

}  // namespace arbiter::cli
