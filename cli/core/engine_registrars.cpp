// The commands the arbiter program holds (solver_program.hpp): those that need no Z3.
#include "cli/core/solver_program.hpp"

namespace arbiter::cli {

std::span<const CommandRegistrar> engine_command_registrars() {
  static constexpr CommandRegistrar kRegistrars[] = {
      {{"variants", "check-table"}, register_table_commands},
      {{"perft"}, register_perft_command},
      {{"moves"}, register_position_commands},
      {{"replay"}, register_replay_command},
      {{"resolve"}, register_resolve_command},
      {{"puzzle"}, register_puzzle_command},
      {{"serve"}, register_serve_command},
  };
  return kRegistrars;
}

}  // namespace arbiter::cli
