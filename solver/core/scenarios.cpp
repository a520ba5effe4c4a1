#include "solver/core/scenarios.hpp"

namespace arbiter::solver {

const std::vector<Scenario>& scenario_catalog() {
  static const std::vector<Scenario> catalog = [] {
    std::vector<Scenario> out = orthodox_scenarios();
    for (auto part :
         {conversion_scenarios, conditional_scenarios, diplomacy_scenarios, move_neutral_scenarios})
      for (Scenario& s : part()) out.push_back(std::move(s));
    return out;
  }();
  return catalog;
}

std::vector<Scenario> scenario_table(const std::string& variant, std::vector<ScenarioRow> rows) {
  std::vector<Scenario> out;
  out.reserve(rows.size());
  for (ScenarioRow& row : rows)
    out.push_back(Scenario{variant + "/" + row.name, variant, std::move(row.description), row.kind,
                           std::move(row.formula), std::move(row.engine), std::move(row.refine),
                           row.pipeline});
  return out;
}

const Scenario* find_scenario(const std::string& variant, const std::string& name) {
  const std::string full = name.find('/') == std::string::npos ? variant + "/" + name : name;
  for (const Scenario& s : scenario_catalog())
    if (s.variant == variant && s.name == full) return &s;
  return nullptr;
}

}  // namespace arbiter::solver
