// Every witness the solver returns is confirmed by the engine, read back from its FEN: for a
// random catalog scenario, Z3 seed and piece bound, the scenario's engine judge holds on each
// witness as the FEN reader sees it (the search already judges what Z3 proposes; this checks
// the round trip through text that users and corpora rely on), and no man of it can go.
// RapidCheck property, seed fixed by ctest (ARBITER_RC_PARAMS).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "solver/core/scenarios.hpp"
#include "solver/core/witness_minimize.hpp"
#include "solver/core/witness_search.hpp"

namespace arbiter::solver {
namespace {

/// Whether the scenario's engine judge confirms `fen` (false for a FEN it cannot read).
bool confirms(const Scenario& s, const VariantPtr& v, const std::string& fen) {
  try {
    return s.engine(parse_fen(v, fen)).holds;
  } catch (const std::exception&) {
    return false;
  }
}

// Confirmed from its FEN, and 1-minimal (issue 37, "minimal witnesses"): taking any one man but
// the kings off a witness (with the castling or en-passant right he takes along) loses the
// scenario. One property, so that each case's search runs once.
RC_GTEST_PROP(WitnessProperty, EveryWitnessIsConfirmedByTheEngineFromItsFenAndIsOneMinimal, ()) {
  const std::vector<Scenario>& catalog = scenario_catalog();
  const Scenario& s = catalog[*rc::gen::inRange<std::size_t>(0, catalog.size())];
  SearchOptions o;
  o.max_pieces = *rc::gen::inRange(4, 9);
  o.limits.seed = *rc::gen::inRange(0u, 1000u);
  o.limits.rlimit = 300000000;
  o.max_rounds = 300;
  const VariantPtr v = load_variant(s.variant);
  const SearchResult r = find_witnesses(s, v, o);
  RC_TAG(s.name, r.status.substr(0, r.status.find(' ')));
  for (const Witness& w : r.witnesses) {
    RC_ASSERT(w.men_removed >= 0);
    const std::string fen = to_fen(w.position);
    RC_ASSERT(confirms(s, v, fen));
    for (const std::vector<std::string>& tries : fens_without_one_man(*v, fen))
      for (const std::string& smaller : tries) RC_ASSERT(!confirms(s, v, smaller));
  }
}

}  // namespace
}  // namespace arbiter::solver
