#include "rules/core/rule_table.hpp"

#include <algorithm>
#include <stdexcept>

#include "rules/core/rules_kind.hpp"

namespace arbiter {

std::string SourceLoc::str() const {
  std::string out = file;
  const auto append = [&out](int n) {
    if (!out.empty()) out += ':';
    out += std::to_string(n);
  };
  if (line > 0) {
    append(line);
    if (column > 0) append(column);
  }
  return out;
}

std::string to_string(Protocol p) {
  switch (p) {
    case Protocol::kSequential:
      return "sequential";
    case Protocol::kConditional:
      return "conditional";
    case Protocol::kSimultaneous:
      return "simultaneous";
  }
  return "unknown";
}

std::string to_string(Resolver r) {
  switch (r) {
    case Resolver::kNone:
      return "none";
    case Resolver::kDiplomacy:
      return "diplomacy";
    case Resolver::kMoveNeutral:
      return "move-neutral";
  }
  return "unknown";
}

RulesKind rules_kind_of(const RuleTable& t) {
  switch (t.protocol) {
    case Protocol::kSequential:
      return RulesKind::kSequential;
    case Protocol::kConditional:
      return RulesKind::kConditional;
    case Protocol::kSimultaneous:
      if (t.resolver == Resolver::kDiplomacy) return RulesKind::kDiplomacy;
      if (t.resolver == Resolver::kMoveNeutral) return RulesKind::kMoveNeutral;
      break;
  }
  // The table loader refuses a simultaneous table without a resolver before this is asked.
  throw std::invalid_argument("table '" + t.name + "': the " + to_string(t.protocol) +
                              " protocol with the " + to_string(t.resolver) +
                              " resolver is served by no rules module");
}

std::string to_string(Outcome o) {
  switch (o) {
    case Outcome::kLoss:
      return "loss";
    case Outcome::kDraw:
      return "draw";
    case Outcome::kWin:
      return "win";
  }
  return "unknown";
}

const PieceDef* RuleTable::piece(char letter) const {
  const auto it = std::find_if(pieces.begin(), pieces.end(),
                               [letter](const PieceDef& p) { return p.letter == letter; });
  return it == pieces.end() ? nullptr : &*it;
}

const KnobDef* RuleTable::knob(const std::string& knob_name) const {
  const auto it = std::find_if(knobs.begin(), knobs.end(),
                               [&knob_name](const KnobDef& k) { return k.name == knob_name; });
  return it == knobs.end() ? nullptr : &*it;
}

}  // namespace arbiter
