#include <fmt/format.h>

#include <iostream>

#include "cli/core/commands.hpp"
#include "cli/core/mistyped_words.hpp"
#include "cli/core/solver_program.hpp"
#include "present/core/exit_status.hpp"
#include "rules/core/diagnostic.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/notation.hpp"

namespace arbiter::cli {

const CommandRegistrar* find_registrar(std::span<const CommandRegistrar> registrars,
                                       std::string_view word) {
  for (const CommandRegistrar& r : registrars)
    for (std::string_view name : r.names)
      if (!name.empty() && name == word) return &r;
  return nullptr;
}

int run(int argc, char** argv, std::span<const CommandRegistrar> registrars,
        int (*solver_error)(const std::exception&)) {
  CLI::App app{
      "arbiter: exact rules for hard chess variants. One rule table drives the engine\n"
      "(play, replay, perft) and the solver. Bundled tables: arbiter variants."};
  app.name("arbiter");
  app.require_subcommand(1);
  app.set_version_flag("--version", "arbiter 0.1.0");
  int status = kHolds;
  // Only the command named by the first word, when it names one; every command for the top
  // level's help, --version and a word to correct.
  const CommandRegistrar* named = argc > 1 ? find_registrar(registrars, argv[1]) : nullptr;
  if (named != nullptr)
    named->add(app, status);
  else
    for (const CommandRegistrar& r : registrars) r.add(app, status);
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
    if (solver_error != nullptr)
      if (const int solver_status = solver_error(e); solver_status >= 0) return solver_status;
    // What a command throws is what it could not read or do (a verdict is a return value).
    std::cerr << "arbiter: error: " << e.what() << '\n';
    return kBadInput;
  }
  return status;
}

int run_arbiter(int argc, char** argv) {
  try {
    if (argc > 1 && find_registrar(engine_command_registrars(), argv[1]) != nullptr)
      return run(argc, argv, engine_command_registrars());
    run_in_solver_program();  // the top-level help, --version, and every other first word
  } catch (const std::exception& e) {
    // As `arbiter serve` without its server program beside it.
    std::cerr << "arbiter: error: " << e.what() << '\n';
    return kBadInput;
  }
}

}  // namespace arbiter::cli
