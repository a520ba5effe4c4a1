// The scenario catalog: named queries per variant ("orthodox/stalemate",
// "conversion/conversion-gives-check"), listed by `arbiter find --list`.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "solver/core/scenario.hpp"

namespace arbiter::solver {

/// Every scenario, variant by variant, in a fixed order (built once, read-only).
const std::vector<Scenario>& scenario_catalog();

/// The scenario named `name` ("stalemate" or "orthodox/stalemate") for table `variant`, or
/// nullptr.
const Scenario* find_scenario(const std::string& variant, const std::string& name);

/// One row of a module's scenario table: a scenario without its family (scenarios.cpp names it).
struct ScenarioRow {
  std::string name;  ///< without the "<variant>/" prefix
  FormulaKind kind;
  std::string description;
  ScenarioFormula formula;
  EngineJudge engine;
  ScenarioRefine refine = nullptr;
  SolverPipeline pipeline = SolverPipeline::kIncremental;
};

// The rows of a scenario table, one helper per formula kind. The pipeline is measured per
// scenario (docs/solver.md): exact rows and filters default to the lean one; necessary
// conditions, refined by the engine's refutations (CEGIS), run on the incremental one.
ScenarioRow exact_row(std::string name, std::string description, ScenarioFormula formula,
                      EngineJudge engine, SolverPipeline pipeline = SolverPipeline::kLean);
ScenarioRow filter_row(std::string name, std::string description, ScenarioFormula formula,
                       EngineJudge engine, SolverPipeline pipeline = SolverPipeline::kLean);
ScenarioRow necessary_row(std::string name, std::string description, ScenarioFormula formula,
                          EngineJudge engine, ScenarioRefine refine);

/// A family of the catalog: a module's scenario table under the name its scenarios carry.
struct ScenarioFamily {
  std::string_view name;
  std::vector<ScenarioRow> (*rows)();
};
/// The families in the catalog's order (solver/registry/, from the modules' entries).
std::vector<ScenarioFamily> scenario_families();

// Shared pieces of scenario formulas (scenario_common.cpp).

/// The royal piece of `c` stands on some square k and `f(k)` holds.
z3::expr royal_where(const ScenarioContext& sc, Color c, const std::function<z3::expr(Square)>& f);
/// Orthodox reading of "no legal move": every square the side's royal piece could step to
/// holds its own piece or is attacked once the royal piece has left its square. A necessary
/// condition of mate and stalemate where moves have no side effects (not Conversion Chess).
z3::expr royal_cannot_step(const ScenarioContext& sc);
/// CEGIS lemma from a legal ordinary move `m` of the refuted position: on any board where the
/// same piece could make the same move, it leaves its royal piece attacked (no co-effects).
z3::expr block_ordinary_move(const ScenarioContext& sc, const Position& pos, Move m);
/// Engine verdict "the side to move has no legal move" (mate when `check`, else stalemate).
EngineVerdict no_legal_move_verdict(const Position& pos, bool check, const std::string& what);
/// Engine verdict "it holds", shown by `witness`.
EngineVerdict verdict_holds(Witness witness);
/// Engine verdict "it does not hold", and why.
EngineVerdict verdict_fails(std::string why_not);
/// Engine verdict on the position as it stands: it `holds` (witness: the position, no move,
/// `account`) or it does not (`why_not`).
EngineVerdict static_verdict(const Position& pos, bool holds, std::string account,
                             std::string why_not);
/// What a legal move `m` shows, made on a copy (`after`, `undo`): the witness's words, or
/// nothing when it does not show the scenario.
using MoveAccount =
    std::function<std::optional<std::string>(Move m, const Position& after, const Undo& undo)>;
/// Engine verdict "some legal move shows it": the first legal move that `account` accepts is
/// the witness (the position and that move); none: `why_not`.
EngineVerdict first_move_verdict(const Position& pos, const MoveAccount& account,
                                 std::string why_not);

}  // namespace arbiter::solver
