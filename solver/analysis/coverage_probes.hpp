// Targeted searches for coverage items that random play seldom reaches: a proposal shape per
// item (a Z3 filter over the symbolic board: "a castling right with its path empty and the king
// in check", "an enemy pawn on a square where our pawns double-step, which we can convert"),
// after which the engine plays every step of each proposed position and looks for the item
// itself. The shape never decides anything: only the engine's steps do.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "solver/core/scenario.hpp"

namespace arbiter::solver {

struct CoverageProbe {
  std::string item;  ///< "clause <name>" or "knob <name>" (every alternative of the knob)
  std::function<z3::expr(const ScenarioContext&)> shape;
  int rounds = 0;      ///< proposals to judge; 0: CoverageOptions::probe_rounds
  int min_pieces = 0;  ///< a piece bound the item needs at least (above --max-pieces)
  /// The position the engine steps from; null: probe_fen(proposal).
  std::function<std::string(const Position&)> fen = nullptr;
};

/// The probes of a table (by its protocol, resolver and conversion rules).
std::vector<CoverageProbe> coverage_probes(const Variant& v);

/// The position a proposal stands for, in the table's own FEN: the board with the search's
/// side to move (sequential), both sides to move (simultaneous), or the B-mover to move in
/// phase B with nothing stated yet (conditional).
std::string probe_fen(const Position& proposal);

}  // namespace arbiter::solver
