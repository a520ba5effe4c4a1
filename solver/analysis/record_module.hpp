// What the record analyses (a record's readings, reachable witnesses) need of a rules module's
// game records: how a record is replayed and its end judged, how a line of steps is written as
// movetext that module's replay reads, and what the module counts (plies or turns). One entry per
// module, in its folder (solver/core/sequential_records.cpp, solver/conditional/,
// solver/simultaneous/); the solver registry picks it by the table's kind (record_module()), so
// the analyses never ask which protocol a table has.
#pragma once

#include <fmt/format.h>

#include <optional>
#include <string>
#include <vector>

#include "rules/core/game_record.hpp"
#include "rules/core/record_tokens.hpp"
#include "rules/core/variant.hpp"
#include "rules/simultaneous/sim_record.hpp"

namespace arbiter::solver {

/// How a record ends under one reading.
struct RecordOutcome {
  bool refused = false;  ///< a move was refused
  int count = 0;         ///< plies (turns) played, before the refused one
  /// "final <FEN>, <status>" or "refused at ply N: <where>: <reason>: <message>".
  std::string text;
};

struct RecordModule {
  const char* unit;   ///< what a record counts: "ply" or "turn"
  const char* units;  ///< its plural
  /// Steps from the start the reachable search plays exhaustively by default (the step_cases
  /// steps: a move, a Conditional Chess A-move or turn's tail, a simultaneous turn).
  int exhaustive_steps;
  /// Whether every record of N steps is a line of N steps the search extends: false where a
  /// record may write turns (sets) the search's lines do not continue with, so that only the
  /// first step's exhaustion proves anything.
  bool lines_are_records;
  /// Replays `game` under `v` (sets: how simultaneous turns are read; others ignore it).
  RecordOutcome (*outcome)(const VariantPtr& v, const std::vector<RecordToken>& game,
                           const ReplayOptions& options, TurnSets sets);
  /// The turn reading a record of step `moves` needs; nullopt for a step no record writes (the
  /// standing step, a side that passes, a set without moves).
  std::optional<TurnSets> (*record_kind)(const std::string& moves);
  /// Whether a search line is extended with step `moves` (one move per side, no set).
  bool (*plain_step)(const std::string& moves);
  /// The plies (turns) of one step.
  int (*step_plies)(const std::string& step);
  /// The plies (turns) of the first `steps` steps of a line from the start.
  int (*plies_from_start)(int steps);
  /// The movetext of `steps`, each played from the position before it (`fens`), as the
  /// module's replay reads it. Throws on a step the module cannot write.
  std::string (*record_text)(const VariantPtr& v, const std::vector<std::string>& fens,
                             const std::vector<std::string>& steps);
};

/// The record module of `v`'s kind (solver/registry/).
const RecordModule& record_module(const Variant& v);

// The modules' entries (one file per module, in its folder).
const RecordModule& sequential_records();
const RecordModule& conditional_records();
const RecordModule& simultaneous_records();

/// The outcome of a replay result `r` (a module's replay) that counted `count` plies (turns)
/// and whose final status reads `status` ("" while in play).
template <class Result, class Where>
RecordOutcome outcome_of(const Result& r, int count, const std::string& status, Where where,
                         const char* unit) {
  RecordOutcome o;
  o.count = count;
  if (r.error) {
    o.refused = true;
    o.text = fmt::format("refused at {} {}: {}: {}: {}", unit, count + 1, where(*r.error),
                         r.error->reason, r.error->message);
    return o;
  }
  o.text = fmt::format("final {}, {}", r.final_fen, status.empty() ? "in play" : status);
  return o;
}

}  // namespace arbiter::solver
