// A named query of the scenario catalog ("orthodox/double-check"): a Z3 formula over the
// symbolic board and the engine's own judgement of a concrete position. The formula is either
// the property itself (exact: an engine "no" is a disagreement, reported with both views) or a
// necessary condition or proposal filter that the engine's refutations refine (CEGIS).
// Solver-internal (Z3 types): outside solver/, solver/core/scenario_search.hpp names the scenarios.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "solver/core/attack_encoding.hpp"
#include "solver/core/witness.hpp"
#include "solver/core/z3_setup.hpp"

namespace arbiter::solver {

/// The engine's reading of a proposed position.
struct EngineVerdict {
  bool holds = false;
  std::optional<Witness> witness;  ///< when it holds
  std::string why_not;             ///< when it does not
  Move refutation{};               ///< a legal move that refutes "no legal move" scenarios, if any
};

struct ScenarioContext {
  const BoardEncoding& board;
  const AttackEncoding& attacks;
  Color side;  ///< the side to move
};

enum class FormulaKind {
  kExact,      ///< the formula is the property
  kNecessary,  ///< every witness satisfies it: unsat still proves there is none
  kFilter,     ///< a proposal filter: unsat only says none of this shape was found
};

/// The Z3 side of a scenario: the property (or its necessary condition, or a filter).
using ScenarioFormula = std::function<z3::expr(const ScenarioContext&)>;
/// The engine side: its judgement of a concrete position.
using EngineJudge = std::function<EngineVerdict(const Position&)>;
/// A lemma learnt from an engine refutation (CEGIS); the search always blocks the board too.
using ScenarioRefine =
    std::function<z3::expr(const ScenarioContext&, const Position&, const EngineVerdict&)>;

struct Scenario {
  std::string name;     ///< "<variant>/<scenario>"
  std::string variant;  ///< the table's name
  std::string description;
  FormulaKind kind = FormulaKind::kExact;
  ScenarioFormula formula;
  EngineJudge engine;
  ScenarioRefine refine;
  SolverPipeline pipeline = SolverPipeline::kIncremental;  ///< measured per scenario
};

}  // namespace arbiter::solver
