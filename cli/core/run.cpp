#include <fmt/format.h>

#include <iostream>

#include "cli/core/commands.hpp"
#include "cli/core/mistyped_words.hpp"
#include "present/core/exit_status.hpp"
#include "rules/core/diagnostic.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/notation.hpp"
#include "solver/core/cannot_encode.hpp"
#include "solver/core/engine_disagreement.hpp"

namespace arbiter::cli {

std::span<const CommandRegistrar> command_registrars() {
  static constexpr CommandRegistrar kRegistrars[] = {
      {{"variants", "check-table"}, register_table_commands},
      {{"perft"}, register_perft_command},
      {{"verify"}, register_verify_command},
      {{"moves"}, register_position_commands},
      {{"replay"}, register_replay_command},
      {{"resolve"}, register_resolve_command},
      {{"find"}, register_find_command},
      {{"coverage"}, register_coverage_command},
      {{"corpus"}, register_corpus_command},
      {{"diff"}, register_diff_command},
      {{"ambiguities"}, register_ambiguities_command},
      {{"puzzle"}, register_puzzle_command},
      {{"report"}, register_report_command},
      {{"serve"}, register_serve_command},
  };
  return kRegistrars;
}

int run(int argc, char** argv) {
  CLI::App app{
      "arbiter: exact rules for hard chess variants. One rule table drives the engine\n"
      "(play, replay, perft) and the solver. Bundled tables: arbiter variants."};
  app.name("arbiter");
  app.require_subcommand(1);
  app.set_version_flag("--version", "arbiter 0.1.0");
  int status = kHolds;
  // Only the command named by the first word, when it names one; every command for the top
  // level's help, --version and a word to correct.
  const CommandRegistrar* named = nullptr;
  if (argc > 1)
    for (const CommandRegistrar& r : command_registrars())
      for (std::string_view name : r.names)
        if (!name.empty() && name == argv[1]) named = &r;
  if (named != nullptr)
    named->add(app, status);
  else
    for (const CommandRegistrar& r : command_registrars()) r.add(app, status);
  // CLI11 reports an unknown first word only as "A subcommand is required": name it.
  if (argc > 1 && argv[1][0] != '-') {
    if (const std::string error = unknown_subcommand(app, argv[1]); !error.empty()) {
      std::cerr << "arbiter: error: " << error << '\n';
      return kBadInput;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // Words CLI11 could not place ("3 --dept"): each named, with the nearest known name.
    const std::vector<std::string> errors = unknown_words(app);
    for (const std::string& error : errors) std::cerr << "arbiter: error: " << error << '\n';
    if (errors.empty()) app.exit(e);
    return kBadInput;
  } catch (const solver::EngineDisagreement& e) {
    // An exact formula's witness the engine rejects (find, coverage, diff): a bug, not bad input.
    std::cerr << "arbiter: error: the solver and the engine disagree on " << e.fen() << '\n'
              << "  solver: " << e.solver_view() << '\n'
              << "  engine: " << e.engine_view() << '\n';
    return kInternal;
  } catch (const solver::CannotEncode& e) {
    // A valid table, knob or move the Z3 encoding does not cover (find, coverage, ambiguities,
    // diff): not bad input, and no search limit would help.
    std::cerr << "arbiter: error: the solver cannot encode this (the engine reads it): " << e.what()
              << '\n';
    return kCannotEncode;
  } catch (const CheckFailed& e) {
    std::cerr << "arbiter: error: " << e.what() << '\n';
    return kFails;
  } catch (const TableError& e) {
    for (const Diagnostic& d : e.diagnostics()) std::cerr << "arbiter: error: " << d.str() << '\n';
    return kBadInput;
  } catch (const FenError& e) {
    std::cerr << "arbiter: error: bad FEN: " << e.what() << '\n';
    return kBadInput;
  } catch (const NotationError& e) {
    std::cerr << "arbiter: error: bad move (" << to_string(e.kind()) << "): " << e.what() << '\n';
    return kBadInput;
  } catch (const std::exception& e) {
    // What a command throws is what it could not read or do (a verdict is a return value).
    std::cerr << "arbiter: error: " << e.what() << '\n';
    return kBadInput;
  }
  return status;
}

}  // namespace arbiter::cli
