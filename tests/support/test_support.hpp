// Shared helpers for tests: paths to test data, the bundled variants, and running the
// arbiter binary as a user would.
#pragma once

#include <string>
#include <string_view>

#include "rules/core/position.hpp"
#include "rules/simultaneous/simultaneous.hpp"

namespace arbiter::test {

/// tests/data/<relative>
std::string data_path(const std::string& relative);

/// The compiled orthodox table (loaded once per test binary).
const VariantPtr& orthodox();

/// A bundled table compiled with some knob alternatives (the defaults when empty); each
/// combination is compiled once per test binary.
const VariantPtr& bundled_variant(const std::string& name, const KnobSettings& knobs = {});

/// The bundled variant tables, as bundled_variant gives them.
const VariantPtr& conditional(const KnobSettings& knobs = {});
const VariantPtr& conversion(const KnobSettings& knobs = {});
const VariantPtr& diplomacy(const KnobSettings& knobs = {});
const VariantPtr& neutral(const KnobSettings& knobs = {});  ///< Move-Neutral Chess

/// A position of the orthodox table from a FEN.
Position orthodox_position(const std::string& fen);

/// The legal move of `pos` whose coordinate text is `uci`, found by generating moves (not by
/// the notation code under test); a test failure and the null move when there is none.
Move legal_move(const Position& pos, std::string_view uci);

/// The submission of colour `c` whose coordinate text is `uci`, among the submissions of the
/// position's simultaneous table (Diplomacy or Move-Neutral); a test failure and the null move
/// when there is none.
Move submission(const SimState& s, Color c, std::string_view uci);

struct CommandResult {
  int status = -1;
  std::string out;  ///< standard output
  std::string err;  ///< standard error
};

/// The whole content of a file ("" when it cannot be read).
std::string slurp(const std::string& path);
/// How many times `what` occurs in `text` (overlapping occurrences counted).
int occurrences(const std::string& text, const std::string& what);
/// Writes `text` to `name` in the system's temporary directory; returns the path.
std::string write_temp_file(const std::string& name, const std::string& text);

/// Runs the built `arbiter` binary with a shell-quoted argument string.
CommandResult run_arbiter(const std::string& args, const std::string& stdin_text = "");

}  // namespace arbiter::test
