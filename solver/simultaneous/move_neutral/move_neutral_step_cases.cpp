// The step cases of Move-Neutral Chess tables (solver/analysis/step_case_source.hpp): the
// shared simultaneous steps, with Move-Neutral's clauses.
#include "rules/simultaneous/trace_clauses.hpp"
#include "solver/simultaneous/sim_step_cases.hpp"

namespace arbiter::solver {
namespace {

class MoveNeutralStepCases final : public SimStepCases {
 public:
  std::string_view name() const override { return "move-neutral"; }

  std::vector<ClauseSpec> clauses(const Variant&) const override {
    using C = MoveNeutralClause;
    std::vector<ClauseSpec> out;
    add_plain_clauses(out, {clause_name(C::kExecuted), clause_name(C::kCapture),
                            clause_name(C::kTradePlaces), clause_name(C::kTargetLeft),
                            clause_name(C::kSharedSquare), "checkmate", "stalemate"});
    return out;
  }
};

}  // namespace

const StepCaseSource& move_neutral_step_cases() {
  static const MoveNeutralStepCases source;
  return source;
}

}  // namespace arbiter::solver
