// Shared helpers for tests: paths to test data, the bundled variants, and running the
// arbiter binary as a user would.
#pragma once

#include <string>

#include "rules/position.hpp"

namespace arbiter::test {

/// tests/data/<relative>
std::string data_path(const std::string& relative);

/// The compiled orthodox table (loaded once per test binary).
const VariantPtr& orthodox();

/// A bundled table compiled with some knob alternatives (the defaults when empty); each
/// combination is compiled once per test binary.
const VariantPtr& bundled_variant(const std::string& name, const KnobSettings& knobs = {});

/// A position of the orthodox table from a FEN.
Position orthodox_position(const std::string& fen);

struct CommandResult {
  int status = -1;
  std::string out;  ///< standard output
  std::string err;  ///< standard error
};

/// Runs the built `arbiter` binary with a shell-quoted argument string.
CommandResult run_arbiter(const std::string& args, const std::string& stdin_text = "");

}  // namespace arbiter::test
