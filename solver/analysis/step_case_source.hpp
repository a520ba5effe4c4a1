// The step cases of one protocol or effect (solver/analysis/step_cases.hpp) behind one interface.
// Each source sits in its module's folder and writes its steps as typed values (a move, a pair
// of submissions, a set of moves, ...); text is written once per step (StepCase::moves) and
// read back only by replay. step_case_source finds a table's source in the solver's registry.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "solver/analysis/step_cases.hpp"

namespace arbiter::solver {

using StepVisitor = std::function<bool(const StepCase&)>;

class StepCaseSource {
 public:
  virtual ~StepCaseSource() = default;
  /// The protocol or effect it serves: "orthodox", "conversion", "conditional", "diplomacy",
  /// "move-neutral".
  virtual std::string_view name() const = 0;
  /// clause_names of a table it serves.
  virtual std::vector<ClauseSpec> clauses(const Variant& v) const = 0;
  /// for_each_step of a table it serves.
  virtual void for_each(const VariantPtr& v, const std::string& fen,
                        const StepVisitor& f) const = 0;
  /// replay_step of a table it serves.
  virtual StepCase replay(const VariantPtr& v, const std::string& fen,
                          const std::string& moves) const = 0;
};

/// The step source of a table: its rules module's, or its effect's where the effect extends that
/// module (solver/registry/solver_modules.cpp, the solver's registry).
const StepCaseSource& step_case_source(const Variant& v);

/// The sources, each defined in its module's folder.
const StepCaseSource& orthodox_step_cases();      // solver/core/sequential_step_cases.cpp
const StepCaseSource& conversion_step_cases();    // solver/conversion/conversion_step_cases.cpp
const StepCaseSource& conditional_step_cases();   // solver/conditional/conditional_step_cases.cpp
const StepCaseSource& diplomacy_step_cases();     // solver/simultaneous/diplomacy/...
const StepCaseSource& move_neutral_step_cases();  // solver/simultaneous/move_neutral/...

// ---- shared by the sources -------------------------------------------------------------------

/// Appends clause `c` unless `clauses` has it already.
void add_clause(std::vector<std::string>& clauses, std::string_view c);

/// The words of a step's text, split at spaces.
std::vector<std::string> step_words(const std::string& text);

/// A step the rules refuse: outcome "refused: <why>", no position after, no clause.
StepCase refused_step(std::string fen, std::string moves, std::string_view why);

/// Appends one ClauseSpec per name, none of them knob-dependent.
void add_plain_clauses(std::vector<ClauseSpec>& out, std::initializer_list<std::string_view> names);

}  // namespace arbiter::solver
