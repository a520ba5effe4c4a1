// The step cases of sequential tables (solver/analysis/step_case_source.hpp): the standing step
// "-" and each legal move, written in coordinates. An effect of the table (Conversion) adds its
// clauses to a move's through a SequentialEffect.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rules/core/position.hpp"
#include "solver/analysis/step_case_source.hpp"

namespace arbiter::solver {

/// One sequential step: a legal move of the side to move, or the standing step (a null move).
struct SequentialStep {
  Move move{};
};

/// What an effect adds to a sequential step's clauses, and to the table's clause list.
class SequentialEffect {
 public:
  virtual ~SequentialEffect() = default;
  /// Appended to the sequential clause list.
  virtual void clauses(std::vector<ClauseSpec>& out) const = 0;
  /// After the move's own clauses: those of `m` made from `before` (`undo` as make() left it).
  virtual void move_clauses(const Position& before, Move m, const Undo& undo,
                            std::vector<std::string>& out) const = 0;
  /// After the status clause of the position reached: those of `after`, `mover` having moved.
  virtual void position_clauses(const Position& after, Color mover,
                                std::vector<std::string>& out) const = 0;
};

/// The sequential source with `effect` (null: none), named `name`.
class SequentialStepCases final : public StepCaseSource {
 public:
  SequentialStepCases(std::string_view name, const SequentialEffect* effect)
      : name_(name), effect_(effect) {}
  std::string_view name() const override { return name_; }
  std::vector<ClauseSpec> clauses(const Variant& v) const override;
  void for_each(const VariantPtr& v, const std::string& fen, const StepVisitor& f) const override;
  StepCase replay(const VariantPtr& v, const std::string& fen,
                  const std::string& moves) const override;

  /// The step `step` from `before`.
  StepCase play(const Position& before, SequentialStep step) const;

 private:
  /// The step of legal move `m` from `before`, whose FEN is `fen`.
  StepCase play(const Position& before, const std::string& fen, Move m) const;

  std::string_view name_;
  const SequentialEffect* effect_;
};

}  // namespace arbiter::solver
