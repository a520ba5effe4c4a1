// Bounded model checking of lines of play from a table's start position (`arbiter ambiguities
// --reachable --method bmc`, docs/cli.md): the Z3 encoding of one ply (solver/core/ply_step.hpp)
// unrolled k times, asking for a line of k plies whose last ply the two readings of one knob
// (the default and one alternative) judge differently. No Z3 type in this header: the
// reachable search (reachable.cpp) drives it and the engine judges every line it returns.
//
// The encoding: plies 1 .. k-1 are ordinary moves (ChosenPly: no castling, no en passant)
// legal under the default reading, each on the board the one before left; ply k is an ordinary
// move or a castling move, built on that board under both readings (the same move variables,
// the board's cells and rights read by each reading's table). The readings part at ply k when
//  - one reading finds the move legal and the other does not (a refusal), or
//  - both play it and the boards after differ, or the mover's opponent is in check under one
//    and not the other (a position or a status), or, asked for separately,
//  - both play it and only the castling rights after differ (a weak record).
// Not encoded: en passant anywhere, castling before the last ply, the converted-piece flags
// ('~', '^') the board encoding lacks, mate and stalemate (they need the next ply's every move),
// and divergences earlier in the line under the alternative (the prefix is judged under the
// default; a line the alternative reads differently earlier is still a record, found at k).
// An unsat answer at k is therefore a proof only over those lines and those differences.
// Sequential tables only: a Conditional Chess step encodes one reading of its knobs
// (ConditionalStep), Diplomacy's step takes concrete moves, Move-Neutral's step is not unrolled.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rules/core/variant.hpp"

namespace arbiter::solver {

struct BmcAnswer {
  /// "sat", "unsat", "unknown (<reason>)" (a time limit: never a proof), or "not covered:
  /// <why>" (the ply encoding refuses an alternative: CannotEncode).
  std::string status;
  std::vector<std::string> moves;  ///< the line's plies in UCI, when sat
  /// When sat but the line is not one the engine plays under the default reading: why (a
  /// finding about the encoding; the line is blocked and never reported as a record).
  std::string engine_refuses;
  double seconds = 0;        ///< building and solving this query
  double build_seconds = 0;  ///< of which building the formulas
};

/// The lines of one knob alternative against the default, from `start_fen`.
class LineBmc {
 public:
  /// Why the encoding does not cover the pair (default, alternative), or nullopt.
  static std::optional<std::string> uncovered(const Variant& base, const Variant& alternative);

  /// Throws CannotEncode (std::invalid_argument) where uncovered() says so.
  LineBmc(VariantPtr base, VariantPtr alternative, const std::string& start_fen, unsigned seed);
  ~LineBmc();
  LineBmc(const LineBmc&) = delete;
  LineBmc& operator=(const LineBmc&) = delete;

  /// A line of `k` plies (k >= 1, called with k = 1, 2, ... in order) whose last ply the
  /// readings judge differently (`weak`: only in the castling rights after it), other than
  /// the lines blocked so far. `timeout_ms` limits the query (0: none): checked between the
  /// plies whose formulas are built (one ply's building is not interrupted), then the solver's.
  BmcAnswer solve(int k, bool weak, unsigned timeout_ms);
  /// Excludes the line of the last sat answer from every later query (the engine did not
  /// confirm it, or it is kept and another is wanted).
  void block_last();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace arbiter::solver
