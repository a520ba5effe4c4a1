// What the rules outside the core (the variant folders) add to a compiled table: its typed
// knobs, Conversion's pairs and its move effect. Declared here and defined in rules/registry/,
// the one place that knows the variant folders, so that the core names none of them.
#pragma once

#include <memory>
#include <vector>

#include "rules/core/diagnostic.hpp"
#include "rules/core/rule_table.hpp"

namespace arbiter {

struct ConversionRules;
struct RuleKnobs;
class MoveEffect;
class Variant;

struct VariantExtensions {
  std::shared_ptr<const void> owner;            ///< keeps what the pointers below point to
  const RuleKnobs* knobs = nullptr;             ///< never null once compiled
  const ConversionRules* conversion = nullptr;  ///< never null once compiled
  const MoveEffect* effect = nullptr;           ///< null: the table has no move effect
  /// A converted piece ('~') keeps its initial-only moves (converted-pawn-double-step).
  bool converted_keep_initial_moves = false;
};

/// Compiles the extensions of `v` (its pieces, table and knob_settings() set already).
VariantExtensions compile_variant_extensions(const Variant& v);

/// Problems with `t`'s knobs against the specs of the parts of the rules that read them: a knob
/// that a part of `t`'s rules reads and that `t` declares must list exactly the spec's
/// alternatives, in its order. (A knob the rules read that `t` does not declare reads the
/// spec's default; a declared knob that nothing reads is left to the table.)
std::vector<Diagnostic> check_knobs_against_specs(const RuleTable& t);

}  // namespace arbiter
