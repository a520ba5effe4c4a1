#include "solver/core/scenarios.hpp"

namespace arbiter::solver {

namespace {

/// A family's scenarios from its table, in the table's order: names "<family>/<row name>".
std::vector<Scenario> scenario_table(const std::string& family, std::vector<ScenarioRow> rows) {
  std::vector<Scenario> out;
  out.reserve(rows.size());
  for (ScenarioRow& row : rows)
    out.push_back(Scenario{family + "/" + row.name, family, std::move(row.description), row.kind,
                           std::move(row.formula), std::move(row.engine), std::move(row.refine),
                           row.pipeline});
  return out;
}

}  // namespace

const std::vector<Scenario>& scenario_catalog() {
  static const std::vector<Scenario> catalog = [] {
    std::vector<Scenario> out;
    for (const ScenarioFamily& family : scenario_families())
      for (Scenario& s : scenario_table(std::string(family.name), family.rows()))
        out.push_back(std::move(s));
    return out;
  }();
  return catalog;
}

ScenarioRow exact_row(std::string name, std::string description, ScenarioFormula formula,
                      EngineJudge engine, SolverPipeline pipeline) {
  return {std::move(name),
          FormulaKind::kExact,
          std::move(description),
          std::move(formula),
          std::move(engine),
          nullptr,
          pipeline};
}

ScenarioRow filter_row(std::string name, std::string description, ScenarioFormula formula,
                       EngineJudge engine, SolverPipeline pipeline) {
  ScenarioRow row = exact_row(std::move(name), std::move(description), std::move(formula),
                              std::move(engine), pipeline);
  row.kind = FormulaKind::kFilter;
  return row;
}

ScenarioRow necessary_row(std::string name, std::string description, ScenarioFormula formula,
                          EngineJudge engine, ScenarioRefine refine) {
  ScenarioRow row = exact_row(std::move(name), std::move(description), std::move(formula),
                              std::move(engine), SolverPipeline::kIncremental);
  row.kind = FormulaKind::kNecessary;
  row.refine = std::move(refine);
  return row;
}

const Scenario* find_scenario(const std::string& variant, const std::string& name) {
  const std::string full = name.find('/') == std::string::npos ? variant + "/" + name : name;
  for (const Scenario& s : scenario_catalog())
    if (s.variant == variant && s.name == full) return &s;
  return nullptr;
}

}  // namespace arbiter::solver
