#include "solver/registry/solver_modules.hpp"

#include "rules/conversion/conversion_effect.hpp"
#include "solver/core/scenario_search.hpp"

namespace arbiter::solver {
namespace {

std::optional<KnobRelevance> no_relevance(const Variant&, const std::string&) {
  return std::nullopt;
}

// One line per rules kind, in RulesKind's order.
constexpr ModuleRegistry<SolverModule> kSolverModules = {{
    {"orthodox", orthodox_scenarios, sequential_probes, no_relevance, sequential_probe_fen, true,
     orthodox_step_cases},
    {"conditional", conditional_scenarios, conditional_probes, conditional_knob_relevance,
     conditional_probe_fen, false, conditional_step_cases},
    {"diplomacy", diplomacy_scenarios, diplomacy_probes, diplomacy_knob_relevance, sim_probe_fen,
     false, diplomacy_step_cases},
    {"move-neutral", move_neutral_scenarios, move_neutral_probes, move_neutral_knob_relevance,
     sim_probe_fen, false, move_neutral_step_cases},
}};

// The effects: Conversion Chess's co-effect ([effects.conversion]).
constexpr SolverModule kConversion = {
    "conversion", conversion_scenarios,  conversion_probes,     conversion_knob_relevance, nullptr,
    false,        conversion_step_cases, RulesKind::kSequential};

/// Each effect's module, with the test of the rules module's effect it serves (at most one per
/// table: Variant::effect(), chosen by rules/registry/variant_extensions.cpp).
struct EffectEntry {
  bool (*serves)(const MoveEffect&);
  const SolverModule& module;
};

constexpr EffectEntry kEffects[] = {
    {is_conversion, kConversion},
};

}  // namespace

// The catalog's order (`arbiter find --list`): the sequential protocol's family, the effects'
// (they extend it), then the other protocols' in RulesKind's order.
std::vector<ScenarioFamily> scenario_families() {
  std::vector<ScenarioFamily> out;
  const auto add = [&](const SolverModule& m) { out.push_back({m.scenario_family, m.scenarios}); };
  add(kSolverModules[index_of(RulesKind::kSequential)]);
  for (const EffectEntry& e : kEffects) add(e.module);
  for (const SolverModule& m : kSolverModules)
    if (&m != &kSolverModules[index_of(RulesKind::kSequential)]) add(m);
  return out;
}

const SolverModule& solver_module(const Variant& v) {
  return kSolverModules[index_of(v.kind())];
}

const SolverModule* solver_effect(const Variant& v) {
  if (const MoveEffect* effect = v.effect())
    for (const EffectEntry& e : kEffects)
      if (e.serves(*effect)) return &e.module;
  return nullptr;
}

std::string_view scenario_family(const Variant& v) {
  const SolverModule* effect = solver_effect(v);
  return effect ? effect->scenario_family : solver_module(v).scenario_family;
}

const StepCaseSource& step_case_source(const Variant& v) {
  const SolverModule* effect = solver_effect(v);
  if (effect && effect->step_cases && effect->extends == v.kind()) return effect->step_cases();
  return solver_module(v).step_cases();
}

std::string scenario_family_of(const Variant& v) {
  return std::string(scenario_family(v));
}

const ScenarioInfo* find_scenario_info(const Variant& v, const std::string& name) {
  return find_scenario_info(std::string(scenario_family(v)), name);
}

}  // namespace arbiter::solver
