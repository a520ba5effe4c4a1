// Conversion Chess's part in the step cases of a sequential table (solver/core/
// sequential_step_cases.hpp): the conversion clauses of a move and of the position it reaches.
#include "rules/conversion/conversion_clauses.hpp"
#include "solver/core/sequential_step_cases.hpp"

namespace arbiter::solver {
namespace {

class ConversionEffect final : public SequentialEffect {
 public:
  void clauses(std::vector<ClauseSpec>& out) const override {
    for (int c = 0; c < kConversionClauseCount; ++c)
      out.push_back({std::string(clause_name(static_cast<ConversionClause>(c))), ""});
  }

  void move_clauses(const Position&, Move m, const Undo& undo,
                    std::vector<std::string>& out) const override {
    if (undo.converted) add_clause(out, clause_name(ConversionClause::kConversion));
    if (popcount(undo.converted) >= 2)
      add_clause(out, clause_name(ConversionClause::kMultipleConversion));
    if (undo.converted && m.kind() == MoveKind::kCastling)
      add_clause(out, clause_name(ConversionClause::kConversionByCastling));
  }

  /// In check with no piece of `mover` attacking the king: only a threat to convert it.
  void position_clauses(const Position& after, Color mover,
                        std::vector<std::string>& out) const override {
    if (!after.in_check()) return;
    const Square k = after.king_square(after.side_to_move());
    if (k != kNoSquare && !after.attacked(k, mover))
      add_clause(out, clause_name(ConversionClause::kCheckByConversionThreat));
  }
};

}  // namespace

const StepCaseSource& conversion_step_cases() {
  static const ConversionEffect effect;
  static const SequentialStepCases source("conversion", &effect);
  return source;
}

}  // namespace arbiter::solver
