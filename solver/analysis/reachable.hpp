// Reachable witnesses (`arbiter ambiguities --reachable`, docs/cli.md): for each knob of a table,
// a record of play from the table's own start position after which the knob's alternatives give
// different outcomes, as short as the search finds. No I/O but the progress callback.
//
// The search, after the proof-game solvers' first idea (play forward from the opening array,
// never place men):
//  1. exhaustive: every position reachable in d plies (turns) from the start, d = 0, 1, ...,
//     `exhaustive` (positions reached twice are checked once). At each position every step of
//     the default reading is played under every alternative of every open knob, and the steps
//     each alternative has that the default lacks are played under the default
//     (solver/analysis/step_cases.hpp). A step whose outcomes differ (the position after, the
//     status, a refusal; a difference only in the legal-move counts after it shows one ply
//     later) gives a candidate record. When no position of depth < d parts a knob's readings,
//     no record of d plies does: `proved` with bound d.
//  2. guided: seeded random walks from the start, up to `max_plies` each, within a budget of
//     steps played (deterministic, unlike a time limit); each step is drawn with weight
//     4 + 12 x (the rule clauses it fires beyond a plain move: a capture, a conversion,
//     castling, a conflict, a check), toward the rare events knobs read, and a quarter of that
//     when it gives up a castling right (the castling knobs need the rights kept).
//     Every position on the way is checked as above. When the budget is spent (or no knob is
//     open), half as many steps again look for shorter records for the knobs a walk found
//     (walks no longer than the record to beat) and for the open knobs. Same seed, same records.
//  3. bmc (method "bmc" or "both"; solver/analysis/reachable_bmc.hpp): per open knob and
//     alternative, bounded model checking of lines of k plies from the start, k = 1, 2, ...
//     (after the exhaustive stage's bound under "both", before the walks), each query within a
//     time limit, each knob within a time budget. Each line the solver gives is played by the
//     engine; a line it does not confirm is blocked and counted as a finding.
// Every candidate is confirmed by replaying its record (solver/analysis/readings.hpp) under the
// knob's alternatives; only a confirmed record is reported.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/simultaneous/sim_record.hpp"

namespace arbiter::solver {

struct ReachableOptions {
  std::vector<std::string> knobs;  ///< only these (empty: every knob of the table)
  int exhaustive = -1;             ///< plies (turns) searched exhaustively; -1: the table's default
  /// Steps the guided walks may play for the open knobs (the work budget); half as many again
  /// then shorten the records the walks found.
  long long steps = 3'000'000;
  int max_plies = 40;  ///< length of one walk (turns for simultaneous tables)
  unsigned seed = 0;
  /// "walk" (exhaustive stage, then walks: the default), "bmc" (bounded model checking only),
  /// or "both" (exhaustive stage, bmc for the knobs it leaves open, then walks).
  std::string method = "walk";
  int bmc_plies = 8;              ///< the longest line the bmc asks for
  unsigned bmc_ms_per_k = 20000;  ///< the time limit of one bmc query (one k, one alternative)
  double bmc_seconds = 60;        ///< the bmc's time budget per knob
  /// Lines the engine may refuse at one k before the bmc gives up there (each is blocked).
  int bmc_tries = 6;
  /// Called with a line of progress now and then (nullptr: none).
  std::function<void(const std::string&)> progress;
};

struct ReachableWitness {
  std::string knob;
  std::optional<std::string> record;  ///< movetext `arbiter replay -v TABLE` reads
  TurnSets sets = TurnSets::kOne;     ///< how the record's turns are read (Diplomacy sets)
  int plies = 0;          ///< of the record (turns for simultaneous tables; a C-move is a ply)
  std::size_t steps = 0;  ///< of the record, in steps (solver/analysis/step_cases.hpp)
  int first = 0;          ///< the first ply (turn) where the readings part
  /// Plies (turns) searched exhaustively: every record of whole steps up to `bound` plies was
  /// played (a Conditional Chess line's steps are an A-move, then a B- and a C-move).
  int bound = 0;
  bool proved = false;   ///< `bound` is a proof: no record of `bound` plies parts the readings
  std::string found_by;  ///< "exhaustive", "guided", "bmc", or "" (none found)
  /// The method that found the record: "walk" (exhaustive or guided) or "bmc"; "" for none.
  std::string method;
  double seconds = 0;        ///< from the search's start to the record kept
  double first_seconds = 0;  ///< from the search's start to the knob's first record
  int first_plies = 0;       ///< the length of that first record
  /// bmc: every line of up to `bmc_bound` plies was asked for and none parts the readings
  /// within the encoding (reachable_bmc.hpp says what it leaves out: never a `proved`).
  int bmc_bound = 0;
  std::string bmc_note;  ///< why the bmc stopped short or does not cover the knob; "" else
  /// What the readings' outcomes differ in (reading_difference()): "refusal", "status",
  /// "position", or "rights" (only the castling or en-passant rights of the final position: a
  /// weak record, kept only while no stronger one is found; `bound` and `proved` then speak of
  /// the stronger records).
  std::string parts_in;
  std::vector<std::pair<std::string, std::string>> outcomes;  ///< "knob=alt", record outcome
};

struct ReachableReport {
  std::string table;
  const char* unit = "ply";     ///< "ply" or "turn"
  const char* units = "plies";  ///< "plies" or "turns"
  long long guided_steps = 0;   ///< of `steps`, played by the guided walks
  std::vector<ReachableWitness> knobs;
  long long positions = 0;  ///< positions checked
  long long steps = 0;      ///< steps played
  /// Lines the bmc's solver gave that the engine did not confirm (a finding about the
  /// encoding, never output as a record): "knob=alt: <line>: <why>".
  std::vector<std::string> bmc_findings;
};

/// What outcomes of one record under several readings (record_outcome texts, "final <FEN>,
/// <status>" or "refused at ...") differ in: "refusal" when a reading refuses a move, "status"
/// when the final statuses differ, "position" when the boards, the sides to move or any other
/// FEN field differ, "rights" when only the castling and en-passant fields (the third and
/// fourth) do; "" when they are equal.
std::string reading_difference(const std::vector<std::string>& outcomes);

/// The search over `table` (a bundled name or a .toml path). Throws TableError, and
/// std::invalid_argument for an unknown knob in options.knobs.
ReachableReport find_reachable(const std::string& table, const ReachableOptions& options);

/// The default exhaustive bound of a table: 3 plies sequential, 2 conditional, 1 turn
/// simultaneous (where one turn already has hundreds of steps).
int default_exhaustive_bound(const std::string& table);

}  // namespace arbiter::solver
