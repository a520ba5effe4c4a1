#include "cli/knob_options.hpp"

namespace arbiter::cli {

void add_knob_option(CLI::App* cmd, std::vector<std::string>& out) {
  cmd->add_option("--knob", out,
                  "Pick a knob's alternative instead of its default: NAME=ALTERNATIVE "
                  "(repeatable; see `arbiter variants`)");
}

KnobSettings parse_knob_options(const std::vector<std::string>& texts) {
  KnobSettings settings;
  for (const std::string& text : texts) {
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
      throw CLI::ValidationError("--knob", "'" + text +
                                               "': expected NAME=ALTERNATIVE, e.g. "
                                               "--knob castling-threatens=ignored");
    settings[text.substr(0, eq)] = text.substr(eq + 1);
  }
  return settings;
}

}  // namespace arbiter::cli
