// The trace clause enums against their spellings: clause_name() names every enumerator below
// kCount, each with its own name (the switch covers the enum under -Wswitch; this pins that no
// case falls through to the "?" of kCount).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "rules/simultaneous/trace_clauses.hpp"

namespace arbiter {
namespace {

template <typename Clause>
void expect_one_name_per_clause(int count) {
  std::set<std::string> names;
  for (int c = 0; c < count; ++c) {
    const std::string name(clause_name(static_cast<Clause>(c)));
    EXPECT_NE(name, "?") << "clause " << c;
    EXPECT_TRUE(names.insert(name).second) << name << " names two clauses";
  }
  EXPECT_EQ(clause_name(Clause::kCount), "?");
}

TEST(TraceClauses, EveryDiplomacyClauseBelowTheCountHasANameOfItsOwn) {
  expect_one_name_per_clause<DiplomacyClause>(kClauseCount<DiplomacyClause>);
}

TEST(TraceClauses, EveryMoveNeutralClauseBelowTheCountHasANameOfItsOwn) {
  expect_one_name_per_clause<MoveNeutralClause>(kClauseCount<MoveNeutralClause>);
}

}  // namespace
}  // namespace arbiter
