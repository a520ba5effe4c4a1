#include "solver/core/scenario_search.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "solver/core/scenarios.hpp"
#include "solver/core/witness_search.hpp"

namespace arbiter::solver {

const std::vector<ScenarioInfo>& scenario_infos() {
  static const std::vector<ScenarioInfo> infos = [] {
    std::vector<ScenarioInfo> out;
    for (const Scenario& s : scenario_catalog()) out.push_back({s.name, s.variant, s.description});
    return out;
  }();
  return infos;
}

const ScenarioInfo* find_scenario_info(const std::string& variant, const std::string& name) {
  const Scenario* s = find_scenario(variant, name);
  // scenario_infos() holds the catalog's entries in the catalog's order.
  return s ? &scenario_infos()[static_cast<std::size_t>(s - scenario_catalog().data())] : nullptr;
}

bool served_as_filter(const ScenarioInfo& scenario, const Variant& v) {
  return scenario.variant != v.name();
}

SearchResult find_witnesses(const ScenarioInfo& scenario, const VariantPtr& variant,
                            const SearchOptions& options) {
  const Scenario* s = find_scenario(scenario.variant, scenario.name);
  if (!s)
    throw std::invalid_argument(fmt::format("no scenario '{}' in the catalog", scenario.name));
  if (!served_as_filter(scenario, *variant)) return find_witnesses(*s, variant, options);
  // Written for the bundled table of its module: on another table of that module its formula
  // only proposes boards, which this table's engine judges (no unsat claim).
  Scenario filter = *s;
  filter.variant = variant->name();
  filter.kind = FormulaKind::kFilter;
  return find_witnesses(filter, variant, options);
}

}  // namespace arbiter::solver
