// Conversion's hooks in the symbolic step (solver/core/ply_step_effect.hpp): the co-effect as Z3
// formulas over a BoardEncoding. Registered once, in solver/registry/ply_step_effects.cpp.
#pragma once

#include "solver/core/ply_step_effect.hpp"

namespace arbiter::solver {

const PlyStepEffect& conversion_step_effect();

}  // namespace arbiter::solver
