// The step cases both simultaneous resolvers share (solver/analysis/step_case_source.hpp): the
// standing step "-" and each pair of submissions, "e2e4 e7e5", played through the table's
// SimRules. A resolver's source adds its own kinds of step (Diplomacy's sets and conditional
// moves) through the two hooks.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/simultaneous/sim_rules.hpp"
#include "solver/analysis/step_case_source.hpp"

namespace arbiter::solver {

/// A pair of submissions, White's and Black's.
struct SubmittedPair {
  Move white{}, black{};
};

/// "<reason> <result>" of a finished game, "" while it goes on.
std::string sim_status_text(const SimStatus& st);

/// The pair `p` from `s`, resolved with its trace.
StepCase play_pair(const SimRules& rules, const SimState& s, SubmittedPair p);

class SimStepCases : public StepCaseSource {
 public:
  void for_each(const VariantPtr& v, const std::string& fen, const StepVisitor& f) const override;
  StepCase replay(const VariantPtr& v, const std::string& fen,
                  const std::string& moves) const override;

 protected:
  /// After the pairs, a resolver's other steps from `s` (`w`, `b`: each side's submissions);
  /// false when `f` asked to stop.
  virtual bool more_steps(const SimRules&, const SimState&, const MoveList& /*w*/,
                          const MoveList& /*b*/, const StepVisitor&) const {
    return true;
  }
  /// A resolver's other kinds of step, read from `parts` (the text's words); nullopt when the
  /// text is none of them.
  virtual std::optional<StepCase> replay_other(const SimRules&, const SimState&,
                                               const std::vector<std::string>& /*parts*/,
                                               const std::string& /*text*/) const {
    return std::nullopt;
  }
};

}  // namespace arbiter::solver
