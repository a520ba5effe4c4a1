// `puzzle generate --source solver` (cmd_puzzle.hpp, solver_proposer): the solver program's.
#include "cli/puzzle/cmd_puzzle.hpp"
#include "solver/analysis/puzzle_candidates.hpp"

namespace arbiter::cli {

puzzles::CandidateProposer solver_proposer(const VariantPtr& v, bool help, bool self) {
  return [v, help, self](std::uint64_t seed, std::uint64_t index) {
    // #n: White mates Black; h#n: Black moves first and is mated; s#n: White forces Black to
    // mate White.
    const Color attacker = self ? kBlack : kWhite;
    return solver::mating_net_candidate(v, attacker, help ? kBlack : kWhite, seed, index);
  };
}

}  // namespace arbiter::cli
