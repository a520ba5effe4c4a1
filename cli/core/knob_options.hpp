// The --knob NAME=ALTERNATIVE option shared by every command that runs a table.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "rules/core/variant.hpp"

namespace arbiter::cli {

/// Adds `--knob NAME=ALTERNATIVE` (repeatable) to a subcommand, storing raw texts in `out`.
void add_knob_option(CLI::App* cmd, std::vector<std::string>& out);

/// Turns "name=alternative" texts into settings; throws CLI::ValidationError on a text without
/// '=' (unknown names and alternatives are reported by Variant::compile).
KnobSettings parse_knob_options(const std::vector<std::string>& texts);

}  // namespace arbiter::cli
