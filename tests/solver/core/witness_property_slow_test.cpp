// Every witness the solver returns is confirmed by the engine, read back from its FEN: for a
// random catalog scenario, Z3 seed and piece bound, the scenario's engine judge holds on each
// witness as the FEN reader sees it (the search already judges what Z3 proposes; this checks
// the round trip through text that users and corpora rely on). RapidCheck property, seed fixed
// by ctest (ARBITER_RC_PARAMS).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "solver/core/scenarios.hpp"
#include "solver/core/witness_search.hpp"

namespace arbiter::solver {
namespace {

RC_GTEST_PROP(WitnessProperty, EveryWitnessIsConfirmedByTheEngineFromItsFen, ()) {
  const std::vector<Scenario>& catalog = scenario_catalog();
  const auto index = *rc::gen::inRange<std::size_t>(0, catalog.size());
  const Scenario& s = catalog[index];
  SearchOptions o;
  o.max_pieces = *rc::gen::inRange(4, 9);
  o.limits.seed = *rc::gen::inRange(0u, 1000u);
  o.limits.rlimit = 300000000;
  o.max_rounds = 300;
  const VariantPtr v = load_variant(s.variant);
  const SearchResult r = find_witnesses(s, v, o);
  RC_TAG(s.name, r.status.substr(0, r.status.find(' ')));
  for (const Witness& w : r.witnesses) {
    const Position read = parse_fen(v, to_fen(w.position));
    const EngineVerdict verdict = s.engine(read);
    RC_ASSERT(verdict.holds);
  }
}

}  // namespace
}  // namespace arbiter::solver
