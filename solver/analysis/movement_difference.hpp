// Where two rule tables make pieces move differently, as one Z3 formula over one symbolic
// board: some square attacked or threatened (conversion) by a side under one table and not the
// other, some pseudo-legal move that exists under one only, or a king in check under one only.
// Unsat up to N pieces is the bounded proof behind "no behavioural change" in a table diff
// (solver/analysis/table_diff.hpp); a model is a position the engine then plays under both tables.
#pragma once

#include <z3++.h>

#include <string>

#include "solver/core/scenario.hpp"

namespace arbiter::solver {

/// Whether the two tables can be compared on one board: the same piece letters (in any order)
/// and the same castling moves by name. Empty when they can, else why not.
std::string movement_comparable(const Variant& a, const Variant& b);

/// The formula over `ctx.board` (a board of table a): tables a and b disagree there on attacks,
/// conversion threats, pseudo-legal moves (castling aside) or check. Requires
/// movement_comparable(a, b); b's board is a's cells with piece codes mapped by letter.
z3::expr movement_differs(const ScenarioContext& ctx, const VariantPtr& b);

}  // namespace arbiter::solver
