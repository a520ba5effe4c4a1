// The one place that chooses, when a table is compiled, what the variant folders add to it:
// its typed knobs (rule_knobs.hpp) and, by its [effects.*], its move effect. A new effect is
// one folder and one line in `effects` below.
#include <memory>

#include "rules/conversion/conversion.hpp"
#include "rules/conversion/conversion_effect.hpp"
#include "rules/core/variant.hpp"
#include "rules/registry/rule_knobs.hpp"

namespace arbiter {
namespace {

/// What compile_variant_extensions builds for one Variant, kept alive by it.
struct Compiled {
  RuleKnobs knobs;
  ConversionRules conversion;
};

/// The move effects, each with the test of the tables it serves (at most one per table).
struct EffectEntry {
  bool (*applies)(const RuleTable&);
  const MoveEffect& effect;
};

const ConversionEffect kConversionEffect;

constexpr EffectEntry kEffects[] = {
    {[](const RuleTable& t) { return t.conversion.has_value(); }, kConversionEffect},
};

}  // namespace

VariantExtensions compile_variant_extensions(const Variant& v) {
  auto compiled = std::make_shared<Compiled>();
  compiled->knobs = compile_rule_knobs(v.knob_settings());
  compiled->conversion = compile_conversion(v, compiled->knobs.conversion);
  VariantExtensions ext;
  ext.knobs = &compiled->knobs;
  ext.conversion = &compiled->conversion;
  for (const EffectEntry& e : kEffects)
    if (e.applies(v.table())) ext.effect = &e.effect;
  ext.converted_keep_initial_moves =
      compiled->knobs.conversion.converted_pawn_double_step == ConvertedPawnDoubleStep::kAllowed;
  ext.owner = std::move(compiled);
  return ext;
}

}  // namespace arbiter
