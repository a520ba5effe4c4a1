// The differential property of one bundled table, shared by
// tests/solver/core/differential_property_test.cpp and
// tests/solver/core/differential_slow_test.cpp: RapidCheck draws positions of the table
// (rc_generators.hpp) and each must show no difference between engine and encoding
// (differential_compare.hpp). Prints the counts of what was compared.
#pragma once

#include <string>
#include <vector>

#include "rules/core/position.hpp"
#include "tests/support/differential_compare.hpp"

namespace arbiter::test {

/// Start FENs for random play besides the setup: the conversion test positions for the
/// conversion table, the orthodox perft positions for the other sequential tables, none for
/// the simultaneous ones.
std::vector<std::string> play_fens(const VariantPtr& v);

/// rc::check over positions of the bundled table `name` with `knobs` (a gtest failure when a
/// case differs, with the shrunk position); PlySteps too when `with_steps` and the table is
/// driven by single plies (not simultaneous). Returns what was compared, so that a test can
/// insist its comparison was not empty.
DiffTally check_table(const std::string& name, const KnobSettings& knobs, bool with_steps);

}  // namespace arbiter::test
