// Every command, for the solver program (solver_program.hpp) and the tests: the engine's
// (engine_registrars.cpp, each taken from there) and the solver's, in the order of
// `arbiter --help`.
#include <array>
#include <iostream>

#include "cli/core/run.hpp"
#include "cli/core/solver_program.hpp"
#include "present/core/exit_status.hpp"
#include "solver/core/cannot_encode.hpp"
#include "solver/core/engine_disagreement.hpp"

namespace arbiter::cli {
namespace {

/// The engine program's registrar of the subcommand `name`.
CommandRegistrar engine(std::string_view name) {
  return *find_registrar(engine_command_registrars(), name);
}

/// The exit status of an error of the solver's, printed; -1 for any other error.
int solver_error_status(const std::exception& error) {
  if (const auto* e = dynamic_cast<const solver::EngineDisagreement*>(&error)) {
    // An exact formula's witness the engine rejects (find, coverage, diff): a bug, not bad input.
    std::cerr << "arbiter: error: the solver and the engine disagree on " << e->fen() << '\n'
              << "  solver: " << e->solver_view() << '\n'
              << "  engine: " << e->engine_view() << '\n';
    return kInternal;
  }
  if (dynamic_cast<const solver::CannotEncode*>(&error) != nullptr) {
    // A valid table, knob or move the Z3 encoding does not cover (find, coverage, ambiguities,
    // diff): not bad input, and no search limit would help.
    std::cerr << "arbiter: error: the solver cannot encode this (the engine reads it): "
              << error.what() << '\n';
    return kCannotEncode;
  }
  return -1;
}

}  // namespace

std::span<const CommandRegistrar> command_registrars() {
  static const std::array<CommandRegistrar, 14> kRegistrars = {
      engine("variants"),
      engine("perft"),
      CommandRegistrar{{"verify"}, register_verify_command},
      engine("moves"),
      engine("replay"),
      engine("resolve"),
      CommandRegistrar{{"find"}, register_find_command},
      CommandRegistrar{{"coverage"}, register_coverage_command},
      CommandRegistrar{{"corpus"}, register_corpus_command},
      CommandRegistrar{{"diff"}, register_diff_command},
      CommandRegistrar{{"ambiguities"}, register_ambiguities_command},
      engine("puzzle"),
      CommandRegistrar{{"report"}, register_report_command},
      engine("serve"),
  };
  return kRegistrars;
}

int run_solver_program(int argc, char** argv) {
  return run(argc, argv, command_registrars(), solver_error_status);
}

}  // namespace arbiter::cli
