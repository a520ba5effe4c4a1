// See differential_property.hpp.
#include "tests/support/differential_property.hpp"

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <cstdio>
#include <string>

#include "tests/support/differential_compare.hpp"
#include "tests/support/ply_step_compare.hpp"
#include "tests/support/rc_generators.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::test {
namespace {

/// PlySteps are compared for the tables a single ply drives.
bool sequential_moves(const Variant& v) {
  return v.table().protocol != Protocol::kSimultaneous;
}

}  // namespace

std::vector<std::string> play_fens(const VariantPtr& v) {
  if (v->name() == "conversion") return conversion_fens();
  if (!sequential_moves(*v)) return {};
  return orthodox_start_fens();
}

DiffTally check_table(const std::string& name, const KnobSettings& knobs, bool with_steps) {
  const VariantPtr& v = bundled_variant(name, knobs);
  z3::context ctx;
  const solver::BoardEncoding symbolic(ctx, v);
  const bool steps = with_steps && sequential_moves(*v);
  const std::vector<std::string> fens = play_fens(v);
  std::string label = name;
  for (const auto& [knob, alternative] : knobs) label += " " + knob + "=" + alternative;
  DiffTally tally;
  const bool ok = rc::check("engine = encoding on positions of " + label, [&] {
    const Position pos = *gen_position(v, fens);
    RC_ASSERT(first_difference(symbolic, pos, steps, tally) == "");
  });
  EXPECT_TRUE(ok) << label;
  std::printf(
      "[differential] %s: %ld positions, %ld square verdicts, %ld move verdicts, %ld steps\n",
      label.c_str(), tally.positions, tally.squares, tally.moves, tally.steps);
  return tally;
}

}  // namespace arbiter::test
