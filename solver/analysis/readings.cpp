#include "solver/analysis/readings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "rules/core/knob_spec.hpp"
#include "rules/core/load_variant.hpp"

namespace arbiter::solver {
namespace {

bool is_move_word(const RecordToken& t) {
  return t.kind == RecordTokenKind::kMove || t.kind == RecordTokenKind::kNullMove;
}

/// The game's first `words` move words with everything before them (tags, numbers, comments);
/// no result, so that only the moves are judged.
std::vector<RecordToken> prefix_of(const std::vector<RecordToken>& game, int words) {
  std::vector<RecordToken> out;
  int seen = 0;
  for (const RecordToken& t : game) {
    if (is_move_word(t) && ++seen > words) break;
    if (t.kind == RecordTokenKind::kResult || t.kind == RecordTokenKind::kResign) continue;
    out.push_back(t);
  }
  return out;
}

int move_words(const std::vector<RecordToken>& game) {
  return static_cast<int>(std::count_if(game.begin(), game.end(), is_move_word));
}

/// The first ply (turn) where `alt` parts from the default: the first prefix whose outcomes
/// differ; where one reading refuses a move there, that move's ply.
int first_parting(const VariantPtr& base, const VariantPtr& alt,
                  const std::vector<RecordToken>& game, const ReplayOptions& options, TurnSets sets,
                  std::vector<std::optional<RecordOutcome>>& base_prefixes) {
  const int words = move_words(game);
  for (int w = 1; w <= words; ++w) {
    auto& b = base_prefixes[static_cast<std::size_t>(w - 1)];
    const std::vector<RecordToken> prefix = prefix_of(game, w);
    if (!b) b = record_outcome(base, prefix, options, sets);
    const RecordOutcome a = record_outcome(alt, prefix, options, sets);
    if (a.text == b->text) continue;
    if (a.refused && b->refused) return std::min(a.count, b->count) + 1;
    if (a.refused || b->refused) return (a.refused ? a.count : b->count) + 1;
    return b->count;
  }
  return 0;  // the whole record's outcome differs only through its end (not reached here)
}

}  // namespace

const char* count_unit(const Variant& v) {
  return record_module(v).unit;
}

RecordOutcome record_outcome(const VariantPtr& v, const std::vector<RecordToken>& game,
                             const ReplayOptions& options, TurnSets sets) {
  return record_module(*v).outcome(v, game, options, sets);
}

ReadingTables::ReadingTables(const std::string& table, const KnobSettings& base)
    : base_(load_variant(table, base)) {
  for (const KnobDef& k : base_->table().knobs) {
    Knob knob{k.name, base_->knob_settings().at(k.name), {}};
    for (const std::string& alt : k.alternatives) {
      if (alt == knob.current) continue;
      KnobSettings settings = base;
      settings[k.name] = alt;
      knob.alternatives.emplace_back(alt, load_variant(table, settings));
    }
    knobs_.push_back(std::move(knob));
  }
}

std::optional<KnobReading> knob_reading(const ReadingTables& tables, const ReadingTables::Knob& k,
                                        const std::vector<RecordToken>& game,
                                        const RecordOutcome& base_outcome,
                                        const ReplayOptions& options, TurnSets sets) {
  std::vector<std::optional<RecordOutcome>> base_prefixes(
      static_cast<std::size_t>(move_words(game)));
  KnobReading reading{k.name, 0, {{knob_setting(k.name, k.current), base_outcome}}};
  bool changes = false;
  for (const auto& [alt, v] : k.alternatives) {
    RecordOutcome o = record_outcome(v, game, options, sets);
    if (o.text != base_outcome.text) {
      changes = true;
      int first = first_parting(tables.base(), v, game, options, sets, base_prefixes);
      if (first == 0) first = std::max(base_outcome.count, 1);
      reading.first = reading.first == 0 ? first : std::min(reading.first, first);
    }
    reading.outcomes.emplace_back(knob_setting(k.name, alt), std::move(o));
  }
  if (!changes) return std::nullopt;
  return reading;
}

RecordReadings record_readings(const ReadingTables& tables, const std::vector<RecordToken>& game,
                               const ReplayOptions& options, TurnSets sets) {
  RecordReadings out;
  out.default_outcome = record_outcome(tables.base(), game, options, sets);
  for (const ReadingTables::Knob& k : tables.knobs()) {
    ++out.knobs_read;
    if (auto reading = knob_reading(tables, k, game, out.default_outcome, options, sets))
      out.knobs.push_back(std::move(*reading));
  }
  return out;
}

RecordReadings record_readings(const ReadingTables& tables, std::string_view record,
                               const ReplayOptions& options, TurnSets sets) {
  RecordGames games(record);
  std::vector<RecordToken> game;
  games.next(game);
  return record_readings(tables, game, options, sets);
}

}  // namespace arbiter::solver
