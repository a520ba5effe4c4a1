// The differential property of one bundled table, shared by
// tests/solver/core/differential_property_test.cpp and
// tests/solver/core/differential_slow_test.cpp: RapidCheck draws positions of the table
// (rc_generators.hpp) and each must show no difference between engine and encoding
// (differential_compare.hpp). Prints the counts of what was compared.
#pragma once

#include <gtest/gtest.h>

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

/// Every position drawn was compared whole: 64 squares for each colour, every (from, to) pair
/// of the side to move's pieces (at least the king's), and PlySteps exactly when asked for.
inline void expect_compared(const DiffTally& t, bool steps) {
  EXPECT_GT(t.positions, 0);
  EXPECT_EQ(t.squares, t.positions * 2 * kSquares);
  EXPECT_GE(t.moves, t.positions * kSquares);
  if (steps)
    EXPECT_GT(t.steps, t.positions);  // more than one move per position on average
  else
    EXPECT_EQ(t.steps, 0);
}

}  // namespace arbiter::test
