#include "cli/core/knob_options.hpp"

#include "rules/registry/rule_knobs.hpp"

namespace arbiter::cli {

void add_knob_option(CLI::App* cmd, std::vector<std::string>& out) {
  cmd->add_option("--knob", out,
                  "Pick a knob's alternative instead of its default: NAME=ALTERNATIVE "
                  "(repeatable; see `arbiter variants`)");
}

KnobSettings parse_knob_options(const std::vector<std::string>& texts) {
  KnobSettings settings;
  for (const std::string& text : texts) {
    const auto split = split_knob_setting(text);
    if (!split)
      throw CLI::ValidationError(
          "--knob",
          "'" + text + "': expected NAME=ALTERNATIVE, e.g. --knob " +
              knob_setting_of<&ConversionKnobs::castling_threatens>(CastlingThreatens::kIgnored));
    settings[split->first] = split->second;
  }
  return settings;
}

}  // namespace arbiter::cli
