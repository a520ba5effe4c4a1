// The error the solver throws for a table, a knob alternative or a move that its Z3 encoding does
// not cover (threat-by-pinned-piece=ignored, Move-Neutral with shared-square-sliding=passable,
// en passant in a symbolic ply, ...): the input is valid and the engine reads it, but the solver
// cannot answer for it. Distinct from bad input: `arbiter` exits 5 with "the solver cannot
// encode ..." (docs/cli.md, Conventions). It is a std::invalid_argument, so code that skips
// what a step cannot build (coverage's inherited filters, verify) still catches it as before.
// Part of the solver's facade (no Z3 types).
#pragma once

#include <stdexcept>
#include <string>

namespace arbiter::solver {

class CannotEncode : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

}  // namespace arbiter::solver
