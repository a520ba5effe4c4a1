#include "cli/core/replay_readings.hpp"

#include <fmt/format.h>

#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "cli/core/replay_io.hpp"
#include "present/core/json_writer.hpp"
#include "rules/core/record_tokens.hpp"
#include "rules/core/record_variant.hpp"
#include "solver/analysis/readings.hpp"

namespace arbiter::cli {
namespace {

/// One game's readings, or why it has none (a [Variant] tag that names no table).
struct GameReadings {
  GameSummary players;
  std::optional<std::string> no_table;
  const solver::ReadingTables* tables = nullptr;
  solver::RecordReadings readings;
};

/// The table of a game: -v, else its [Variant] tag, else orthodox; nullopt when the tag names
/// no bundled table.
std::optional<std::string> table_of(const ReadingsRequest& r,
                                    const std::vector<RecordToken>& game) {
  if (r.table_given) return r.table;
  for (const RecordToken& t : game)
    if (t.kind == RecordTokenKind::kTag && t.tag_name == "Variant" &&
        t.tag_value.find_first_not_of(" \t") != std::string::npos)
      return table_of_variant_tag(t.tag_value);
  return std::string("orthodox");
}

const char* unit_of(const solver::ReadingTables& t) {
  return solver::count_unit(*t.base());
}

void print_one(const GameReadings& g) {
  const solver::RecordReadings& r = g.readings;
  std::cout << fmt::format("readings of the record under table {}: {} knob(s) read, {} change it\n",
                           g.tables->base()->name(), r.knobs_read, r.knobs.size());
  std::cout << "default  " << r.default_outcome.text << '\n';
  for (const solver::KnobReading& k : r.knobs) {
    std::cout << fmt::format("knob {}: the readings part at {} {}\n", k.knob, unit_of(*g.tables),
                             k.first);
    for (const auto& [setting, o] : k.outcomes)
      std::cout << fmt::format("  {:<40} {}\n", setting, o.text);
  }
}

void write_knobs(JsonWriter& w, const GameReadings& g) {
  const std::string first_key = fmt::format("first_{}", unit_of(*g.tables));
  w.begin_array();
  for (const solver::KnobReading& k : g.readings.knobs) {
    w.begin_object().field("knob", k.knob).field(first_key, k.first).key("outcomes").begin_object();
    for (const auto& [setting, o] : k.outcomes) w.field(setting, valid_utf8(o.text));
    w.end_object().end_object();
  }
  w.end_array();
}

std::string game_line(int number, const GameReadings& g) {
  std::string line = fmt::format("game {}: {} - {}: ", number, valid_utf8(g.players.white),
                                 valid_utf8(g.players.black));
  if (g.no_table) return line + *g.no_table;
  const solver::RecordReadings& r = g.readings;
  if (r.default_outcome.refused)
    line += fmt::format("refused under the default reading ({}); ", r.default_outcome.text);
  line += fmt::format("{} of {} knob(s) change it", r.knobs.size(), r.knobs_read);
  for (std::size_t i = 0; i < r.knobs.size(); ++i)
    line += fmt::format("{}{} ({} {})", i == 0 ? ": " : ", ", r.knobs[i].knob, unit_of(*g.tables),
                        r.knobs[i].first);
  return line;
}

}  // namespace

int run_readings(const ReadingsRequest& r) {
  std::map<std::string, std::unique_ptr<solver::ReadingTables>> tables;
  auto tables_of = [&](const std::string& name) -> const solver::ReadingTables& {
    auto& t = tables[name];
    if (!t) t = std::make_unique<solver::ReadingTables>(name, r.knobs);
    return *t;
  };
  if (r.table_given) tables_of(r.table);  // a bad -v or --knob before the file is read
  const std::string text = read_record(r.file);
  RecordGames games(text);
  std::vector<GameReadings> read;
  std::map<std::string, int> changes;  ///< knob -> games it changes
  std::vector<std::string> knob_order;
  for (std::vector<RecordToken> game; games.next(game);) {
    GameReadings g;
    std::vector<std::pair<std::string, std::string>> tags;
    for (const RecordToken& t : game)
      if (t.kind == RecordTokenKind::kTag) tags.emplace_back(t.tag_name, t.tag_value);
    players_of(tags, g.players);
    const bool has_moves = std::any_of(game.begin(), game.end(), [](const RecordToken& t) {
      return t.kind == RecordTokenKind::kMove || t.kind == RecordTokenKind::kNullMove;
    });
    if (!has_moves && game.size() == tags.size()) continue;  // nothing but tags: no game
    if (const std::optional<std::string> table = table_of(r, game)) {
      g.tables = &tables_of(*table);
      g.readings = solver::record_readings(*g.tables, game, r.options, r.sets);
      for (const auto& k : g.tables->knobs())
        if (changes.emplace(k.name, 0).second) knob_order.push_back(k.name);
      for (const solver::KnobReading& k : g.readings.knobs) ++changes[k.knob];
    } else {
      g.no_table = "its [Variant] tag names no bundled table: give -v TABLE";
    }
    read.push_back(std::move(g));
  }
  if (read.empty()) {
    std::cerr << fmt::format("error: no game in {}: it holds no moves\n",
                             r.file == "-" ? std::string("standard input") : r.file);
    return 1;
  }
  int refused = 0;
  for (const GameReadings& g : read)
    refused += g.no_table || g.readings.default_outcome.refused ? 1 : 0;
  const bool one = read.size() == 1 && !read.front().no_table;
  if (r.json) {
    JsonWriter w;
    if (one) {
      write_knobs(w, read.front());
    } else {
      w.begin_object().field("games_read", static_cast<int>(read.size()));
      w.field("refused", refused).key("games").begin_array();
      for (std::size_t i = 0; i < read.size(); ++i) {
        const GameReadings& g = read[i];
        w.begin_object().field("game", static_cast<int>(i + 1));
        w.field("white", valid_utf8(g.players.white)).field("black", valid_utf8(g.players.black));
        w.key("default");
        if (g.no_table)
          w.null();
        else
          w.value(valid_utf8(g.readings.default_outcome.text));
        w.key("knobs");
        if (g.no_table)
          w.begin_array().end_array();
        else
          write_knobs(w, g);
        w.end_object();
      }
      w.end_array().key("changes").begin_object();
      for (const std::string& k : knob_order) w.field(k, changes[k]);
      w.end_object().end_object();
    }
    std::cout << w.str() << '\n';
  } else if (one) {
    print_one(read.front());
  } else {
    for (std::size_t i = 0; i < read.size(); ++i)
      std::cout << game_line(static_cast<int>(i + 1), read[i]) << '\n';
    std::cout << fmt::format("{} games read, {} refused under the default reading\n", read.size(),
                             refused);
    for (const std::string& k : knob_order)
      std::cout << fmt::format("knob {} changes {} of {} games\n", k, changes[k], read.size());
  }
  return refused > 0 ? 1 : 0;
}

}  // namespace arbiter::cli
