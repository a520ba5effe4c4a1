// The symbolic step's effect of a table (solver/core/ply_step_effect.hpp), chosen once from the
// rules module's effect (Variant::effect(), rules/registry/variant_extensions.cpp). A registry
// of its own, apart from solver_modules.cpp, so that a program that compiles the step alone
// (fuzz/fuzz_differential) takes the effects' steps only, not every module's scenarios.
#include "rules/conversion/conversion_effect.hpp"
#include "solver/conversion/conversion_step.hpp"
#include "solver/core/ply_step_effect.hpp"

namespace arbiter::solver {
namespace {

struct StepEffectEntry {
  bool (*serves)(const MoveEffect&);
  const PlyStepEffect& (*step_effect)();
};

// One line per move effect.
constexpr StepEffectEntry kStepEffects[] = {
    {is_conversion, conversion_step_effect},
};

}  // namespace

const PlyStepEffect* ply_step_effect(const Variant& v) {
  if (const MoveEffect* effect = v.effect())
    for (const StepEffectEntry& e : kStepEffects)
      if (e.serves(*effect)) return &e.step_effect();
  return nullptr;
}

}  // namespace arbiter::solver
