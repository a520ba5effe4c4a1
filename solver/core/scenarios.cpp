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

const Scenario* find_scenario(const std::string& variant, const std::string& name) {
  const std::string full = name.find('/') == std::string::npos ? variant + "/" + name : name;
  for (const Scenario& s : scenario_catalog())
    if (s.variant == variant && s.name == full) return &s;
  return nullptr;
}

}  // namespace arbiter::solver
