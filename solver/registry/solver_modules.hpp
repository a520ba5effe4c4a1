// The solver's registry: what each rules module (rules/core/rules_kind.hpp) and the Conversion
// effect give the Z3 side — the scenario family of the catalog written for them, the coverage
// probes, the knob relevance conditions, and the FEN a proposed board stands for. The analyses
// (coverage, find, table diff) call these and never ask which protocol a table has; each
// module's entries live in its own folder (solver/core/ for the sequential protocol,
// solver/conversion/, solver/conditional/, solver/simultaneous/...).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/variant.hpp"
#include "solver/analysis/coverage_probes.hpp"
#include "solver/analysis/knob_relevance.hpp"
#include "solver/analysis/step_case_source.hpp"
#include "solver/core/ply_step_effect.hpp"
#include "solver/core/scenarios.hpp"

namespace arbiter::solver {

struct SolverModule {
  /// The catalog's scenarios written for the module: "<family>/<name>" (solver/core/scenarios.hpp).
  std::string_view scenario_family;
  /// The module's scenario table (its scenarios_*.cpp), in the catalog under scenario_family.
  std::vector<ScenarioRow> (*scenarios)();
  /// The clause and knob probes of coverage (appended to the protocol's by an effect).
  void (*probes)(const Variant& v, std::vector<CoverageProbe>& out);
  /// The condition under which a knob of the module is read with a choice; nullopt: none encoded.
  std::optional<KnobRelevance> (*knob_relevance)(const Variant& v, const std::string& knob);
  /// The position a proposed board stands for, in the module's FEN (null: the effect has none
  /// of its own, the protocol's is used).
  std::string (*probe_fen)(const Position& proposal);
  /// Whether a board and its colour-flipped copy are two positions worth stepping from (a
  /// side to move of its own: the sequential protocol).
  bool flip_sides = false;
  /// The steps coverage plays from a position and replays (solver/analysis/step_case_source.hpp).
  const StepCaseSource& (*step_cases)() = nullptr;
  /// An effect's step cases are written over one protocol's steps: the kind they extend (on a
  /// table of another kind the protocol's own serve, and the effect's knobs are not stepped).
  RulesKind extends = RulesKind::kSequential;
};

/// The protocol's module of `v`, then its effect's (the module of the move effect
/// rules/registry/ chose for the table, Variant::effect(): Conversion's), or null when it has
/// none.
const SolverModule& solver_module(const Variant& v);
const SolverModule* solver_effect(const Variant& v);

/// The family of catalog scenarios that serves `v`: its effect's, else its protocol's. A table
/// of another name is served by them as proposal filters (the engine judges; no unsat claim).
std::string_view scenario_family(const Variant& v);

// The modules' entries (one file per module, in its folder).
std::vector<ScenarioRow> orthodox_scenarios();
std::vector<ScenarioRow> conversion_scenarios();
std::vector<ScenarioRow> conditional_scenarios();
std::vector<ScenarioRow> diplomacy_scenarios();
std::vector<ScenarioRow> move_neutral_scenarios();
void sequential_probes(const Variant& v, std::vector<CoverageProbe>& out);
void conversion_probes(const Variant& v, std::vector<CoverageProbe>& out);
void conditional_probes(const Variant& v, std::vector<CoverageProbe>& out);
void diplomacy_probes(const Variant& v, std::vector<CoverageProbe>& out);
void move_neutral_probes(const Variant& v, std::vector<CoverageProbe>& out);
std::optional<KnobRelevance> conversion_knob_relevance(const Variant& v, const std::string& knob);
std::optional<KnobRelevance> conditional_knob_relevance(const Variant& v, const std::string& knob);
std::optional<KnobRelevance> diplomacy_knob_relevance(const Variant& v, const std::string& knob);
std::optional<KnobRelevance> move_neutral_knob_relevance(const Variant& v, const std::string& knob);
std::string sequential_probe_fen(const Position& proposal);
std::string conditional_probe_fen(const Position& proposal);
std::string sim_probe_fen(const Position& proposal);

}  // namespace arbiter::solver
