// The costly differential properties (tests/support/differential_property.hpp): Conversion
// Chess's attacks and conversion threats, and every move's PlyStep (co-effects, legality
// against conversion threats) under the default knobs and each alternative the encoding
// supports (threat-by-pinned-piece=ignored is refused by AttackEncoding, see
// tests/solver_attack_test.cpp); and the conditional table's steps.
#include <gtest/gtest.h>

#include <vector>

#include "tests/support/differential_property.hpp"

namespace arbiter::test {
namespace {

TEST(DifferentialSlow, ConversionAttacksThreatsAndMovesAgree) {
  check_table("conversion", {}, false);
}

TEST(DifferentialSlow, ConversionStepsAgree) {
  check_table("conversion", {}, true);
}

TEST(DifferentialSlow, ConversionKnobAlternativesAgree) {
  for (const KnobSettings& knobs :
       std::vector<KnobSettings>{{{"castling-threatens", "ignored"}},
                                 {{"castle-through-cleared-square", "allowed"}},
                                 {{"castle-out-of-check-by-conversion", "allowed"}},
                                 {{"converted-rook-castling", "kept"}},
                                 {{"converted-pawn-double-step", "allowed"}}})
    check_table("conversion", knobs, true);
}

TEST(DifferentialSlow, ConditionalStepsAgree) {
  check_table("conditional", {}, true);
}

}  // namespace
}  // namespace arbiter::test
