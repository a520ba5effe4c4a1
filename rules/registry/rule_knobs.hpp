// Every knob the engine reads, grouped by the part of the rules that reads it, and the typed
// values a Variant compiles once from its table's choices (Variant::knobs()). The groups are
// the registry the table loader checks a table's [knobs.*] against (check_knobs_against_specs,
// declared in rules/core/variant_extensions.hpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/conditional/conditional_knobs.hpp"
#include "rules/conversion/conversion_knobs.hpp"
#include "rules/core/diagnostic.hpp"
#include "rules/core/knob_settings.hpp"
#include "rules/core/knob_spec.hpp"
#include "rules/core/rule_table.hpp"
#include "rules/core/variant_extensions.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_knobs.hpp"
#include "rules/simultaneous/move_neutral/move_neutral_knobs.hpp"

namespace arbiter {

/// One knob picked by its member: knob_pick<&ConversionKnobs::castling_threatens>(
/// CastlingThreatens::kIgnored) is the one setting {{that knob's name, its "ignored" spelling}}.
template <auto Member>
KnobSettings knob_pick(typename detail::MemberOf<Member>::value alternative) {
  const KnobSpec& spec = knob_binding<Member>().spec;
  return {{std::string(spec.name),
           std::string(spec.alternatives.at(static_cast<std::size_t>(alternative)))}};
}

/// A setting as coverage items and corpus files write it: "default" (no knob changed) or
/// "name=alternative" (one knob changed); nullopt for any other text.
std::optional<KnobSettings> knob_settings_of(std::string_view setting);

/// The knobs one part of the rules reads.
struct KnobGroup {
  std::string_view reader;  ///< "the Diplomacy resolver"
  std::string_view when;    ///< "resolver = \"diplomacy\"": which tables it reads
  bool (*applies)(const RuleTable&) = nullptr;
  std::vector<KnobSpec> specs;
};

/// All groups: Conversion, Conditional, Diplomacy, Move-Neutral.
const std::vector<KnobGroup>& knob_groups();

/// The specs of every knob `t`'s rules read, group by group.
std::vector<const KnobSpec*> knob_specs_for(const RuleTable& t);

/// The spec of a knob named `name` in any group; null when no part of the rules reads it.
const KnobSpec* find_knob_spec(std::string_view name);

/// The typed knobs of every group, each set from `values` (name -> alternative, as checked) or
/// else to its spec's default.
struct RuleKnobs {
  ConversionKnobs conversion;
  ConditionalKnobs conditional;
  DiplomacyKnobs diplomacy;
  MoveNeutralKnobs move_neutral;
};
RuleKnobs compile_rule_knobs(const KnobSettings& values);

}  // namespace arbiter
