// The report's "Reachable records" section (docs/report.md): for each knob, the record of play
// from the table's start position after which its readings part (solver/analysis/reachable.hpp,
// `arbiter ambiguities --reachable`), drawn: the record's moves, the position where the readings
// part, and the position each alternative ends in (or stops at, before the move it refuses),
// side by side with its outcome; for a knob without a record, the bound searched and whether it
// is a proof. The records come from the search (`arbiter report --reachable`) or from the JSON
// that `ambiguities --reachable --json` writes (`--reachable-from FILE`), read here.
#pragma once

#include <string>
#include <vector>

#include "cli/report/report_site.hpp"
#include "solver/analysis/reachable.hpp"

namespace arbiter::cli {

/// What the section draws, and where it came from.
struct ReachableRecords {
  std::string source;  ///< "the search of this run" or the JSON file's path
  std::vector<solver::ReachableWitness> knobs;
};

/// Reads the JSON of `arbiter ambiguities --reachable --json`: an array of objects with `knob`
/// (a string), `record` (a string or null), `plies` and `bound` (whole numbers), `proved` (true or
/// false), and optionally `sets`, `found_by` (strings) and `first` (a whole number); other keys
/// (`unit`, `outcomes`) are ignored: the outcomes are replayed again. Throws std::runtime_error
/// naming `path` and the place: a file that cannot be read, text that is not JSON (line and
/// column), an entry of the wrong shape (its index, the key, what was expected), a knob twice.
std::vector<solver::ReachableWitness> read_reachable_json(const std::string& path);

/// The knobs of `records` that `table` lacks (empty: all are its knobs).
std::vector<std::string> foreign_knobs(const RuleTable& table,
                                       const std::vector<solver::ReachableWitness>& records);

/// The section for `table` (the name or path it was loaded with, so that each alternative loads
/// the same table). Each record is replayed under the knob's alternatives; a record that no longer
/// parts them (a file from another build) is shown with a note saying so.
ReportSection reachable_section(const std::string& table, const VariantPtr& v,
                                const ReachableRecords& records);

/// The short section a page gets when the report ran with neither --reachable nor
/// --reachable-from: how to get the records.
ReportSection reachable_hint_section();

}  // namespace arbiter::cli
