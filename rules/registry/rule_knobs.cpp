#include "rules/registry/rule_knobs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <range/v3/range/conversion.hpp>
#include <range/v3/view/addressof.hpp>
#include <range/v3/view/filter.hpp>
#include <range/v3/view/join.hpp>
#include <range/v3/view/transform.hpp>

namespace arbiter {
namespace {

template <typename Knobs>
std::vector<KnobSpec> specs_of(const std::vector<KnobBinding<Knobs>>& bindings) {
  std::vector<KnobSpec> out;
  for (const KnobBinding<Knobs>& b : bindings) out.push_back(b.spec);
  return out;
}

template <typename Knobs>
Knobs compile_group(const std::vector<KnobBinding<Knobs>>& bindings, const KnobSettings& values) {
  return compile_knobs(bindings, [&values](std::string_view name) {
    const auto it = values.find(std::string(name));
    return it == values.end() ? std::nullopt : std::optional<std::string_view>(it->second);
  });
}

std::string quoted_list(const KnobSpec& spec) {
  std::string out;
  for (const std::string_view a : spec.alternatives)
    out += fmt::format("{}\"{}\"", out.empty() ? "" : ", ", a);
  return "[" + out + "]";
}

}  // namespace

std::optional<KnobSettings> knob_settings_of(std::string_view setting) {
  if (setting == "default") return KnobSettings{};
  const auto split = split_knob_setting(setting);
  if (!split) return std::nullopt;
  return KnobSettings{{split->first, split->second}};
}

const std::vector<KnobGroup>& knob_groups() {
  static const std::vector<KnobGroup> groups = {
      {"the Conversion co-effect", "[effects.conversion]",
       [](const RuleTable& t) { return t.conversion.has_value(); },
       specs_of(knob_bindings<ConversionKnobs>())},
      {"the Conditional turn machine", "[protocol] kind = \"conditional\"",
       [](const RuleTable& t) { return t.protocol == Protocol::kConditional; },
       specs_of(knob_bindings<ConditionalKnobs>())},
      {"the Diplomacy resolver", "[protocol] resolver = \"diplomacy\"",
       [](const RuleTable& t) {
         return t.protocol == Protocol::kSimultaneous && t.resolver == Resolver::kDiplomacy;
       },
       specs_of(knob_bindings<DiplomacyKnobs>())},
      {"the Move-Neutral resolver", "[protocol] resolver = \"move-neutral\"",
       [](const RuleTable& t) {
         return t.protocol == Protocol::kSimultaneous && t.resolver == Resolver::kMoveNeutral;
       },
       specs_of(knob_bindings<MoveNeutralKnobs>())},
  };
  return groups;
}

std::vector<const KnobSpec*> knob_specs_for(const RuleTable& t) {
  namespace views = ranges::views;
  return knob_groups() | views::filter([&t](const KnobGroup& g) { return g.applies(t); }) |
         views::transform(
             [](const KnobGroup& g) -> const std::vector<KnobSpec>& { return g.specs; }) |
         views::join | views::addressof | ranges::to<std::vector>();
}

const KnobSpec* find_knob_spec(std::string_view name) {
  for (const KnobGroup& g : knob_groups())
    for (const KnobSpec& s : g.specs)
      if (s.name == name) return &s;
  return nullptr;
}

std::vector<Diagnostic> check_knobs_against_specs(const RuleTable& t) {
  std::vector<Diagnostic> errors;
  for (const KnobGroup& g : knob_groups()) {
    if (!g.applies(t)) continue;
    for (const KnobSpec& spec : g.specs) {
      const KnobDef* d = t.knob(std::string(spec.name));
      if (d == nullptr) continue;
      const bool same =
          d->alternatives.size() == spec.alternatives.size() &&
          std::equal(d->alternatives.begin(), d->alternatives.end(), spec.alternatives.begin());
      if (!same)
        errors.push_back({d->where, fmt::format("[knobs.{}] is read by {} (a table with {}): "
                                                "expected alternatives = {}",
                                                spec.name, g.reader, g.when, quoted_list(spec))});
    }
  }
  return errors;
}

RuleKnobs compile_rule_knobs(const KnobSettings& values) {
  return {compile_group(knob_bindings<ConversionKnobs>(), values),
          compile_group(knob_bindings<ConditionalKnobs>(), values),
          compile_group(knob_bindings<DiplomacyKnobs>(), values),
          compile_group(knob_bindings<MoveNeutralKnobs>(), values)};
}

}  // namespace arbiter
