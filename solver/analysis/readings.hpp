// A record's readings: one game record replayed under every alternative of every knob of its
// table, and where each knob's readings part (`arbiter replay --readings`, docs/cli.md). The
// engine's record replays (sequential, Conditional Chess, simultaneous) do the playing; this
// file compares what they give. No I/O.
//
// A knob changes a record when the record's outcome differs under some alternative: the final
// position or the status the rules give it (mate, stalemate, a king captured), or the first move
// the rules refuse and why. A difference that heals before the end (an en-passant right one
// reading grants and the record never uses) does not change the record. The first ply where
// the readings part is the first prefix of the record (its first N move words) whose outcome
// differs; it is counted in the protocol's own units, plies (sequential, conditional) or turns
// (simultaneous).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/core/game_record.hpp"
#include "rules/core/record_tokens.hpp"
#include "rules/core/variant.hpp"
#include "rules/simultaneous/sim_record.hpp"
#include "solver/analysis/record_module.hpp"

namespace arbiter::solver {

/// Replays `game` (the tokens of one game, RecordGames) under `v` with the record replay of its
/// rules module (record_module()). Throws FenError for a bad options.fen.
RecordOutcome record_outcome(const VariantPtr& v, const std::vector<RecordToken>& game,
                             const ReplayOptions& options, TurnSets sets = TurnSets::kOne);

/// "ply" or "turn": what record_outcome counts for `v`.
const char* count_unit(const Variant& v);

/// One knob whose readings change the record.
struct KnobReading {
  std::string knob;
  int first = 0;  ///< the first ply (turn) where some alternative parts from the default
  /// Every alternative (the default first), "name=alternative", with its outcome.
  std::vector<std::pair<std::string, RecordOutcome>> outcomes;
};

struct RecordReadings {
  RecordOutcome default_outcome;   ///< under the table as given
  std::vector<KnobReading> knobs;  ///< the knobs that change the record, in the table's order
  int knobs_read = 0;              ///< knobs compared
};

/// A table compiled under each alternative of each of its knobs, once, for many records.
class ReadingTables {
 public:
  /// `table`: a bundled name or a .toml path, loaded with `base` (knobs set by the user; a knob
  /// given there is still compared under all its alternatives). Throws TableError.
  explicit ReadingTables(const std::string& table, const KnobSettings& base = {});

  const VariantPtr& base() const { return base_; }
  struct Knob {
    std::string name;
    std::string current;                                           ///< its value in base()
    std::vector<std::pair<std::string, VariantPtr>> alternatives;  ///< the others
  };
  const std::vector<Knob>& knobs() const { return knobs_; }

 private:
  VariantPtr base_;
  std::vector<Knob> knobs_;
};

/// `game` under the alternatives of one knob of `tables` (`base_outcome`: record_outcome under
/// tables.base()); nullopt when none changes the record.
std::optional<KnobReading> knob_reading(const ReadingTables& tables, const ReadingTables::Knob& k,
                                        const std::vector<RecordToken>& game,
                                        const RecordOutcome& base_outcome,
                                        const ReplayOptions& options,
                                        TurnSets sets = TurnSets::kOne);

/// `game` under every reading of `tables`.
RecordReadings record_readings(const ReadingTables& tables, const std::vector<RecordToken>& game,
                               const ReplayOptions& options, TurnSets sets = TurnSets::kOne);

/// The same for a whole record text of one game (the first game of the text).
RecordReadings record_readings(const ReadingTables& tables, std::string_view record,
                               const ReplayOptions& options = {}, TurnSets sets = TurnSets::kOne);

}  // namespace arbiter::solver
