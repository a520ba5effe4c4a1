// The costly differential properties (tests/support/differential_property.hpp): Conversion
// Chess's attacks and conversion threats, and every move's PlyStep (co-effects, legality
// against conversion threats) under the default knobs and each alternative the encoding
// supports (threat-by-pinned-piece=ignored is refused by AttackEncoding, see
// tests/solver/core/solver_attack_test.cpp); and the conditional table's steps.
#include <gtest/gtest.h>

#include <vector>

#include "tests/support/differential_property.hpp"

namespace arbiter::test {
namespace {

TEST(DifferentialSlow, ConversionAttacksThreatsAndMovesAgree) {
  expect_compared(check_table("conversion", {}, false), false);
}

TEST(DifferentialSlow, ConversionStepsAgree) {
  expect_compared(check_table("conversion", {}, true), true);
}

TEST(DifferentialSlow, ConversionKnobAlternativesAgree) {
  for (const KnobSettings& knobs :
       std::vector<KnobSettings>{{{"castling-threatens", "ignored"}},
                                 {{"castle-through-cleared-square", "allowed"}},
                                 {{"castle-out-of-check-by-conversion", "allowed"}},
                                 {{"converted-rook-castling", "kept"}},
                                 {{"converted-pawn-double-step", "allowed"}}})
    expect_compared(check_table("conversion", knobs, true), true);
}

TEST(DifferentialSlow, ConditionalStepsAgree) {
  expect_compared(check_table("conditional", {}, true), true);
}

}  // namespace
}  // namespace arbiter::test
