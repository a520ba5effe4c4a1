// Where a knob can matter at all: for some knobs, a condition on the position a step starts
// from that holds whenever the knob's alternatives give that step different outcomes (a
// necessary condition, read off the engine code that consults the knob). When Z3 finds no
// valid board of up to N pieces satisfying it, no step from such a board can tell the
// alternatives apart: "no difference up to N pieces", backed by unsat (docs/coverage.md,
// "Knobs that cannot matter").
//
// The condition covers everything about the starting position the symbolic board lacks
// (conversion flags, en-passant targets, clocks) by asking only about what it has: pieces and
// castling rights. It is never used to claim a witness; the engine plays every witness.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "solver/core/board_encoding.hpp"
#include "solver/core/z3_setup.hpp"

namespace arbiter::solver {

struct KnobRelevance {
  /// In words: what a position needs for the knob to be read with a choice to make.
  std::string needs;
  /// The condition over the board a step starts from.
  std::function<z3::expr(const BoardEncoding&)> holds;
};

/// The relevance condition of knob `knob` of `v`'s table; nullopt when none is encoded for it
/// (the knob may or may not matter: only a witness can tell).
std::optional<KnobRelevance> knob_relevance(const Variant& v, const std::string& knob);

// The conditions the modules' relevance entries are made of (solver/registry/solver_modules.hpp;
// each says in knob_relevance.cpp where the engine reads the knobs it serves).

/// A castling right held by either side.
KnobRelevance castling_right_held();
/// A piece of a type with an initial-only move on the board.
KnobRelevance converted_initial_move(const Variant& v);
/// A piece of a type with a move off the lines through its square.
KnobRelevance off_line_mover(const Variant& v);
/// A pawn on the board.
KnobRelevance pawn_mover(const Variant& v);
/// An en-passant capture is possible.
KnobRelevance en_passant_capture_possible();

struct RelevanceProof {
  /// "unsat": no valid board of up to `max_pieces` satisfies the condition (the knob cannot
  /// matter there); "sat": some does; "none": no condition is encoded; else Z3's "unknown (...)".
  std::string status;
  std::string needs;  ///< KnobRelevance::needs (empty for "none")
};

/// Asks Z3 whether a valid board of up to `max_pieces` pieces satisfies the knob's condition.
RelevanceProof prove_knob_irrelevant(const VariantPtr& v, const std::string& knob, int max_pieces,
                                     const SolverLimits& limits);

}  // namespace arbiter::solver
