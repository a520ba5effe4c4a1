#include "cli/report/report_reachable.hpp"

#include <fmt/format.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

#include "cli/report/report_html.hpp"
#include "present/board/report_boards.hpp"
#include "rules/core/closest_name.hpp"
#include "rules/core/record_tokens.hpp"
#include "solver/analysis/readings.hpp"

namespace arbiter::cli {
namespace {

using Json = nlohmann::json;

// ---- reading the JSON ----------------------------------------------------------------------

[[noreturn]] void bad_entry(const std::string& path, std::size_t index, const std::string& knob,
                            const std::string& what) {
  throw std::runtime_error(fmt::format("--reachable-from {}: entry {}{}: {}", path, index + 1,
                                       knob.empty() ? "" : " (knob '" + knob + "')", what));
}

std::string json_kind(const Json& j) {
  return j.is_null() ? "null" : std::string(j.type_name());
}

/// entry[key] as a whole number >= 0 (required, or optional with `fallback`).
int json_whole_number(const Json& entry, const char* key, const std::string& path,
                      std::size_t index, const std::string& knob,
                      std::optional<int> fallback = std::nullopt) {
  if (!entry.contains(key)) {
    if (fallback) return *fallback;
    bad_entry(path, index, knob, fmt::format("missing \"{}\" (a whole number)", key));
  }
  const Json& j = entry.at(key);
  if (!j.is_number_integer() || j.get<long long>() < 0 || j.get<long long>() > 1'000'000)
    bad_entry(
        path, index, knob,
        fmt::format("\"{}\" must be a whole number from 0 to 1000000, found {}", key, j.dump()));
  return j.get<int>();
}

solver::ReachableWitness read_entry(const Json& e, const std::string& path, std::size_t index) {
  if (!e.is_object())
    bad_entry(path, index, "", fmt::format("expected an object, found {}", json_kind(e)));
  solver::ReachableWitness w;
  if (!e.contains("knob") || !e.at("knob").is_string())
    bad_entry(path, index, "",
              e.contains("knob")
                  ? fmt::format("\"knob\" must be a string, found {}", json_kind(e.at("knob")))
                  : std::string("missing \"knob\" (the knob's name)"));
  w.knob = e.at("knob").get<std::string>();
  if (!e.contains("record"))
    bad_entry(path, index, w.knob, "missing \"record\" (a string, or null for none)");
  if (const Json& r = e.at("record"); r.is_string())
    w.record = r.get<std::string>();
  else if (!r.is_null())
    bad_entry(path, index, w.knob,
              fmt::format("\"record\" must be a string or null, found {}", json_kind(r)));
  w.plies = json_whole_number(e, "plies", path, index, w.knob);
  w.bound = json_whole_number(e, "bound", path, index, w.knob);
  w.first = json_whole_number(e, "first", path, index, w.knob, 0);
  if (!e.contains("proved") || !e.at("proved").is_boolean())
    bad_entry(path, index, w.knob,
              e.contains("proved")
                  ? fmt::format("\"proved\" must be true or false, found {}", e.at("proved").dump())
                  : std::string("missing \"proved\" (true or false)"));
  w.proved = e.at("proved").get<bool>();
  if (e.contains("found_by")) {
    if (!e.at("found_by").is_string())
      bad_entry(
          path, index, w.knob,
          fmt::format("\"found_by\" must be a string, found {}", json_kind(e.at("found_by"))));
    w.found_by = e.at("found_by").get<std::string>();
  }
  if (e.contains("sets")) {
    const Json& s = e.at("sets");
    if (!s.is_string() || !turn_sets_from(s.get<std::string>(), w.sets))
      bad_entry(path, index, w.knob,
                fmt::format("\"sets\" must name how turns are read (as `replay --sets` takes "
                            "it), found {}",
                            s.dump()));
  }
  return w;
}

// ---- the section ---------------------------------------------------------------------------

/// A board drawn by `make`, or a note saying why it could not be drawn.
template <typename Make>
std::string drawn_reading(const Make& make) {
  try {
    return svg_board(make());
  } catch (const std::exception& e) {
    return "<p class=\"note\">(no diagram: " + html_escape(e.what()) + ")</p>\n";
  }
}

bool is_record_move_word(const RecordToken& t) {
  return t.kind == RecordTokenKind::kMove || t.kind == RecordTokenKind::kNullMove;
}

/// The game's first `words` move words (no result: only the moves are judged).
std::vector<RecordToken> first_words(const std::vector<RecordToken>& game, int words) {
  std::vector<RecordToken> out;
  int seen = 0;
  for (const RecordToken& t : game) {
    if (is_record_move_word(t) && ++seen > words) break;
    if (t.kind == RecordTokenKind::kResult || t.kind == RecordTokenKind::kResign) continue;
    out.push_back(t);
  }
  return out;
}

/// The FEN of an outcome "final <FEN>, <status>"; empty for a refusal.
std::string outcome_fen(const solver::RecordOutcome& o) {
  constexpr std::string_view kFinal = "final ";
  if (o.refused || o.text.rfind(kFinal, 0) != 0) return "";
  const std::size_t comma = o.text.find(", ", kFinal.size());
  return o.text.substr(kFinal.size(),
                       comma == std::string::npos ? std::string::npos : comma - kFinal.size());
}

/// Where `game` stands under `v` after `count` plies (turns), and the move word that follows:
/// the longest prefix of the record that replays to exactly `count`.
struct Stop {
  std::string fen;
  std::string next_word;
};
Stop record_stop(const VariantPtr& v, const std::vector<RecordToken>& game, int count,
                 TurnSets sets) {
  std::vector<std::string> words;
  for (const RecordToken& t : game)
    if (is_record_move_word(t)) words.push_back(t.text);
  Stop stop;
  for (int w = 0; w <= static_cast<int>(words.size()); ++w) {
    const solver::RecordOutcome o = solver::record_outcome(v, first_words(game, w), {}, sets);
    if (o.count > count) break;
    if (o.refused) continue;  // a turn half written (simultaneous tables), or the refused move
    if (o.count == count) {
      stop.fen = outcome_fen(o);
      stop.next_word = w < static_cast<int>(words.size()) ? words[static_cast<std::size_t>(w)] : "";
    }
  }
  return stop;
}

/// "knob=alt" -> "alt".
std::string alternative_of(const std::string& setting) {
  const std::size_t eq = setting.find('=');
  return eq == std::string::npos ? setting : setting.substr(eq + 1);
}

std::string record_section(const VariantPtr& v, const solver::ReadingTables& tables,
                           const solver::ReachableWitness& w, const char* unit, const char* units) {
  std::string out = fmt::format("<h3 id=\"reachable-{0}\">{0}</h3>\n", html_escape(w.knob));
  const std::string how = w.found_by == "exhaustive"
                              ? "found by the exhaustive search: none shorter"
                              : fmt::format("found by {}: maybe not the shortest",
                                            w.found_by.empty() ? "the search" : w.found_by);
  out += fmt::format(
      "<p>Record of {} {} from the start position ({}){}:</p>\n", w.plies, units, html_escape(how),
      w.sets != TurnSets::kOne ? fmt::format(", turns read as sets (<code>replay --sets {}</code>)",
                                             html_escape(to_string(w.sets)))
                               : std::string());
  out += "<pre class=\"record\">" + html_escape(*w.record) + "</pre>\n";

  RecordGames games(*w.record);
  std::vector<RecordToken> game;
  games.next(game);
  const solver::RecordOutcome base = solver::record_outcome(tables.base(), game, {}, w.sets);
  const solver::ReadingTables::Knob* knob = nullptr;
  for (const solver::ReadingTables::Knob& k : tables.knobs())
    if (k.name == w.knob) knob = &k;
  const std::optional<solver::KnobReading> reading =
      knob ? solver::knob_reading(tables, *knob, game, base, {}, w.sets) : std::nullopt;
  if (!reading) {
    return out +
           "<p class=\"note\">Replayed here, this record gives the same outcome under every "
           "alternative of the knob (" +
           html_escape(base.text) +
           "): it comes from a search under other rules (another table file or build). Run the "
           "search again.</p>\n";
  }

  // The position where the readings part, then each alternative's end, side by side. A
  // simultaneous turn has two words or more: its outcome, not a word, names what was refused.
  const bool sim = v->traits().simultaneous;
  const Stop parting = record_stop(v, game, reading->first - 1, w.sets);
  const std::string parting_caption =
      reading->first <= 1
          ? "the start position: the readings part at the first " + std::string(unit)
          : fmt::format("after {} {}: the readings part at {} {}", reading->first - 1,
                        reading->first - 1 == 1 ? unit : units, unit, reading->first);
  out += "<div class=\"item readings\">" + drawn_reading([&] {
           SvgBoard b = sim ? board_of_fen(v, parting.fen)
                            : board_of_step(v, parting.fen, parting.next_word);
           b.caption = parting_caption +
                       (sim || parting.next_word.empty() ? "" : " (" + parting.next_word + ")");
           return b;
         });
  for (const auto& [setting, outcome] : reading->outcomes) {
    const VariantPtr* alt_v = &tables.base();
    for (const auto& [alt, av] : knob->alternatives)
      if (alt == alternative_of(setting)) alt_v = &av;
    std::string fen = outcome_fen(outcome);
    const std::size_t comma = outcome.text.find(", ");
    std::string caption =
        setting + ": the end of the record" +
        (comma == std::string::npos ? "" : " (" + outcome.text.substr(comma + 2) + ")");
    if (outcome.refused) {
      const Stop stop = record_stop(*alt_v, game, outcome.count, w.sets);
      fen = stop.fen;
      caption = fmt::format("{}: refuses {} {}{}", setting, unit, outcome.count + 1,
                            sim ? std::string() : " (" + stop.next_word + ")");
    }
    out += "<div class=\"reading\">" + drawn_reading([&] {
             SvgBoard b = board_of_fen(*alt_v, fen);
             b.caption = caption;
             return b;
           }) +
           "</div>";
  }
  out += "</div>\n";
  std::vector<std::vector<std::string>> rows;
  for (const auto& [setting, outcome] : reading->outcomes)
    rows.push_back({html_code(setting), html_escape(outcome.text)});
  out += html_table({"reading", "outcome of the record"}, rows);
  return out;
}

}  // namespace

std::vector<solver::ReachableWitness> read_reachable_json(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error(fmt::format("--reachable-from {}: cannot read the file", path));
  std::ostringstream text;
  text << f.rdbuf();
  Json doc;
  try {
    doc = Json::parse(text.str());
  } catch (const Json::parse_error& e) {
    // nlohmann's message names the line and column ("parse error at line 2, column 5: ...").
    std::string what = e.what();
    const std::size_t at = what.find("parse error");
    throw std::runtime_error(
        fmt::format("--reachable-from {}: not the JSON of `ambiguities --reachable --json`: {}",
                    path, at == std::string::npos ? what : what.substr(at)));
  }
  if (!doc.is_array())
    throw std::runtime_error(fmt::format(
        "--reachable-from {}: expected an array of knob objects (as `ambiguities --reachable "
        "--json` writes), found {}",
        path, json_kind(doc)));
  std::vector<solver::ReachableWitness> out;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < doc.size(); ++i) {
    out.push_back(read_entry(doc[i], path, i));
    if (!seen.insert(out.back().knob).second)
      bad_entry(path, i, out.back().knob, "the knob is listed twice");
  }
  return out;
}

std::vector<std::string> foreign_knobs(const RuleTable& table,
                                       const std::vector<solver::ReachableWitness>& records) {
  std::vector<std::string> out;
  for (const solver::ReachableWitness& w : records)
    if (!table.knob(w.knob)) out.push_back(w.knob);
  return out;
}

ReportSection reachable_section(const std::string& table, const VariantPtr& v,
                                const ReachableRecords& records) {
  const bool sim = v->traits().simultaneous;
  const char* unit = sim ? "turn" : "ply";
  const char* units = sim ? "turns" : "plies";
  std::string html = fmt::format(
      "<p>For each knob, a record of play from the table's start position after which its "
      "readings give different outcomes (<code>arbiter ambiguities --reachable</code>; records "
      "from {}). Each record is replayed here under every alternative of its knob: the board "
      "where the readings part, then where each reading ends, or stands when it refuses a "
      "move.</p>\n",
      html_escape(records.source));
  if (records.knobs.empty()) html += "<p>No knob was searched.</p>\n";
  const solver::ReadingTables tables(table);
  for (const solver::ReachableWitness& w : records.knobs) {
    if (w.record) {
      html += record_section(v, tables, w, unit, units);
      continue;
    }
    html += fmt::format(
        "<h3 id=\"reachable-{0}\">{0}</h3>\n<p class=\"note\">No record found. Every record of "
        "up to {1} {2} was played{3}; longer ones were sampled by the guided walks.</p>\n",
        html_escape(w.knob), w.bound, w.bound == 1 ? unit : units,
        w.proved ? std::string(": a proof that no record that short parts the readings")
                 : std::string(" (the search gave up there: not a proof)"));
  }
  return {"Reachable records: readings parting in a game", html};
}

ReportSection reachable_hint_section() {
  return {"Reachable records: readings parting in a game",
          "<p class=\"note\">Not in this report: the records of play from the start position "
          "that part each knob's readings. <code>arbiter report --reachable</code> runs that "
          "search (15 to 30 s per table); <code>arbiter report --reachable-from FILE</code> "
          "draws the records that <code>arbiter ambiguities -v TABLE --reachable --json</code> "
          "wrote into FILE.</p>\n"};
}

}  // namespace arbiter::cli
