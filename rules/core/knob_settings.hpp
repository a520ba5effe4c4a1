// Knob choices as text: what a user or a table picks, before the parts of the rules that read
// them compile them (rules/registry/rule_knobs.hpp).
#pragma once

#include <map>
#include <string>

namespace arbiter {

/// Knob choices: knob name -> alternative.
using KnobSettings = std::map<std::string, std::string>;

}  // namespace arbiter
