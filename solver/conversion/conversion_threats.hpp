// Conversion Chess's threats as Z3 formulas over an AttackEncoding's board: what
// rules/conversion/ computes as conversion_threat and castling_threat, for every board at once.
// The module's step effect (conversion_step.cpp) adds conversion_threat to
// AttackEncoding::threatened; the module's scenarios and probes read the parts.
#pragma once

#include <z3++.h>

#include "solver/core/attack_encoding.hpp"

namespace arbiter::solver {

/// `by` has a move that would convert a piece on `s` (conversion_threat): by an ordinary move,
/// and unless castling-threatens=ignored, by castling. False for a table without conversion.
z3::expr conversion_threat(const AttackEncoding& attacks, Square s, Color by);
/// The part of conversion_threat made by ordinary moves (castling left out).
z3::expr move_conversion_threat(const AttackEncoding& attacks, Square s, Color by);
/// Castling move `index` of `by` is possible now (right, empty squares, pieces at home;
/// attacked squares ignored) and forms a co-square on `s` (conversion.cpp castling_threat).
z3::expr castling_forms(const AttackEncoding& attacks, int index, Square s, Color by);

}  // namespace arbiter::solver
