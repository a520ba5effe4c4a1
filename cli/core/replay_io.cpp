#include "cli/core/replay_io.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace arbiter::cli {

CLI::Option* add_sets_option(CLI::App* cmd, std::string& sets, const std::string& description) {
  return cmd->add_option("--sets", sets, description)
      ->check(CLI::IsMember({"one", "progressive", "simultaneously-progressive"}))
      ->capture_default_str();
}

std::string read_record(const std::string& path) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    if (std::cin.bad()) throw std::runtime_error("cannot read the game record from standard input");
    return ss.str();
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw std::runtime_error(fmt::format("cannot read '{}': it is a directory", path));
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw std::runtime_error(fmt::format("cannot read '{}': {}", path, std::strerror(errno)));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw std::runtime_error(fmt::format("cannot read '{}': read error", path));
  return text.str();
}

std::string valid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t len = b < 0x80           ? 1
                      : (b >> 5) == 0x6  ? 2
                      : (b >> 4) == 0xE  ? 3
                      : (b >> 3) == 0x1E ? 4
                                         : 0;
    bool ok = len > 0 && i + len <= s.size();
    for (std::size_t k = 1; ok && k < len; ++k)
      ok = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
    if (ok && len == 2) ok = b >= 0xC2;
    if (ok && len == 3) {
      const auto b1 = static_cast<unsigned char>(s[i + 1]);
      ok = !(b == 0xE0 && b1 < 0xA0) && !(b == 0xED && b1 >= 0xA0);
    }
    if (ok && len == 4) {
      const auto b1 = static_cast<unsigned char>(s[i + 1]);
      ok = b <= 0xF4 && !(b == 0xF0 && b1 < 0x90) && !(b == 0xF4 && b1 >= 0x90);
    }
    if (ok) {
      out.append(s.substr(i, len));
      i += len;
    } else {
      out += "\xEF\xBF\xBD";
      ++i;
    }
  }
  return out;
}

const char* side_json(Color c) {
  return c == kWhite ? "white" : "black";
}

void optional_string(JsonWriter& w, std::string_view key, const std::string& s) {
  w.key(key);
  if (s.empty())
    w.null();
  else
    w.value(valid_utf8(s));
}

namespace {

/// A note's JSON object; `phase` (Conditional Chess) is written after the move number.
void write_note_object(JsonWriter& w, const ReplayNote& n, bool is_error,
                       std::string_view index_key, const std::optional<Phase>* phase) {
  w.begin_object().field(index_key, n.ply).field("move_number", n.move_number);
  if (phase) {
    w.key("phase");
    if (*phase)
      w.value(std::string(1, phase_letter(**phase)));
    else
      w.null();
  }
  w.key("side");
  if (n.side)
    w.value(side_json(*n.side));
  else
    w.null();
  w.field("text", valid_utf8(n.text));
  if (is_error) w.field("reason", n.reason);
  w.field("message", valid_utf8(n.message));
  if (is_error) optional_string(w, "fen_before", n.fen_before);
  w.field("line", n.line).field("column", n.column).end_object();
}

}  // namespace

void write_note(JsonWriter& w, const ReplayNote& n, bool is_error, std::string_view index_key) {
  write_note_object(w, n, is_error, index_key, nullptr);
}

void write_note(JsonWriter& w, const ConditionalNote& n, bool is_error) {
  write_note_object(w, n, is_error, "ply", &n.phase);
}

void begin_replay_json(JsonWriter& w, bool valid, std::string_view count_key, int count,
                       const std::string& start_fen, const std::string& final_fen,
                       const std::optional<std::string>& result) {
  w.begin_object().field("valid", valid).field(count_key, count);
  w.field("start_fen", start_fen).field("final_fen", final_fen).key("result");
  if (result)
    w.value(*result);
  else
    w.null();
}

std::string note_line(const char* level, const std::string& where, const ReplayNote& n) {
  std::string line = fmt::format("{}: {}: ", level, where);
  if (!n.reason.empty()) line += n.reason + ": ";
  return line + n.message;
}

void players_of(const std::vector<std::pair<std::string, std::string>>& tags, GameSummary& s) {
  for (const auto& [name, value] : tags) {
    if (value.empty()) continue;
    if (name == "White") s.white = value;
    if (name == "Black") s.black = value;
  }
}

namespace {

/// "game 3: Morphy - Allies: 33 plies, 1-0, final <FEN>, checkmate" or
/// "game 4: A - B: rejected after 9 plies: move 5 (Black) 'Nxe5': illegal: ...".
std::string summary_line(int number, const GameSummary& g) {
  std::string line =
      fmt::format("game {}: {} - {}: ", number, valid_utf8(g.white), valid_utf8(g.black));
  if (g.error)
    return line +
           fmt::format("rejected after {} {}: {}", g.count, g.count_word, valid_utf8(*g.error));
  line += fmt::format("{} {}, {}, final {}", g.count, g.count_word,
                      g.result ? *g.result : std::string("no result"), g.final_fen);
  if (!g.termination.empty()) line += ", " + g.termination;
  return line;
}

}  // namespace

namespace {

/// Whether a game holds movetext: a move, a result or anything else but tag pairs and comments
/// (an error counts: it is reported as such).
bool has_movetext(const std::vector<RecordToken>& game) {
  for (const RecordToken& t : game)
    if (t.kind != RecordTokenKind::kTag && t.kind != RecordTokenKind::kComment &&
        t.kind != RecordTokenKind::kComma)
      return true;
  return false;
}

/// A game's object in a file of many: "game", "white", "black", then the replay's own fields.
std::string game_object(int number, const GameSummary& g, const GameReplay& replay) {
  JsonWriter w;
  w.begin_object().field("game", number).field("white", valid_utf8(g.white));
  w.field("black", valid_utf8(g.black));
  std::string object = w.str();  // "{...": the game's own object follows without its '{'
  JsonWriter own;
  replay.write_json(own);
  return object + ',' + own.str().substr(1);
}

}  // namespace

void RefusedGame::replay(std::vector<RecordToken> game) {
  r_ = ReplayResult{};
  const RecordToken* at = game.empty() ? nullptr : &game.front();
  for (const RecordToken& t : game) {
    if (t.kind != RecordTokenKind::kTag) continue;
    r_.tags.emplace_back(t.tag_name, t.tag_value);
    if (!at_tag_.empty() && t.tag_name == at_tag_) at = &t;
  }
  ReplayNote n;
  n.reason = reason_;
  n.message = message_;
  if (at) {
    n.text = at->text;
    n.line = at->line;
    n.column = at->column;
  }
  r_.error = std::move(n);
}

int RefusedGame::print_text() const {
  print_notes(r_.warnings, r_.error, note_location, "move");
  return 1;
}

void RefusedGame::write_json(JsonWriter& w) const {
  begin_replay_json(w, false, "plies", 0, "", "", std::nullopt);
  w.key("termination").null();
  end_replay_json(w, r_.warnings, r_.error, "ply");
}

GameSummary RefusedGame::summary() const {
  return summary_of(r_, note_location, "plies", 0, "move", "");
}

int replay_games(const ReplayFor& replay_for, std::string_view text, const std::string& source,
                 ReplayFormat format, const std::function<void(const std::string&)>& draw_final) {
  RecordGames games(text);
  std::vector<RecordToken> game, next;
  games.next(game);  // always one game, maybe empty
  const bool many = games.next(next);
  if (!many && !has_movetext(game)) {
    std::cerr << fmt::format("error: no game in {}: it holds no moves and no result\n",
                             source == "-" ? std::string("standard input") : source);
    return 1;
  }
  if (!many && format != ReplayFormat::kJsonl) {
    std::vector<std::string> warnings;
    GameReplay& replay = replay_for(game, warnings);
    for (const std::string& warning : warnings) std::cerr << "warning: " << warning << '\n';
    replay.replay(std::move(game));
    const std::string final_fen = replay.summary().final_fen;
    if (draw_final && !final_fen.empty()) draw_final(final_fen);  // none for a refused game
    if (format == ReplayFormat::kText) return replay.print_text();
    JsonWriter w;
    replay.write_json(w);
    std::cout << w.str() << '\n';
    return replay.summary().error ? 1 : 0;
  }
  if (draw_final && many)
    throw std::invalid_argument(
        "--svg draws the final position of one game, and the record holds several: pick one");
  RefusedGame no_movetext("syntax", "no moves and no result after the tag pairs");
  int number = 0, rejected = 0;
  if (format == ReplayFormat::kJson) std::cout << '[';
  for (bool more = true; more;) {
    ++number;
    std::vector<std::string> warnings;
    GameReplay& replay = has_movetext(game) ? replay_for(game, warnings) : no_movetext;
    replay.replay(std::move(game));
    if (number == 1 && many)
      game = std::move(next);  // read ahead to see that there are several games
    else
      more = games.next(game);
    const GameSummary g = replay.summary();
    rejected += g.error ? 1 : 0;
    if (draw_final && !g.final_fen.empty()) draw_final(g.final_fen);  // one game, as JSON lines
    for (const std::string& warning : warnings)  // the choice of table, in every format
      std::cerr << fmt::format("game {}: warning: {}\n", number, warning);
    if (format == ReplayFormat::kJsonl) {  // one line a game, for scripts reading as it goes
      std::cout << game_object(number, g, replay) << std::endl;
      continue;
    }
    if (format == ReplayFormat::kJson) {  // the objects hold the notes; nothing goes to stderr
      std::cout << (number > 1 ? "," : "") << game_object(number, g, replay);
      continue;
    }
    for (const std::string& warning : g.warnings)
      std::cerr << fmt::format("game {}: warning: {}\n", number, warning);
    std::cout << summary_line(number, g) << '\n';
    if (g.error && !g.fen_before.empty())
      std::cerr << fmt::format("game {}: position before the {}: {}\n", number, g.unit,
                               g.fen_before);
  }
  if (format == ReplayFormat::kJson)
    std::cout << "]\n";
  else if (format == ReplayFormat::kText)
    std::cout << fmt::format("{} games read: {} accepted, {} rejected\n", number, number - rejected,
                             rejected);
  return rejected > 0 ? 1 : 0;
}

void print_final(const std::string& final_fen, const char* count_word, int count,
                 const std::optional<std::string>& result, std::optional<Color> resigned) {
  std::cout << "final " << final_fen << '\n' << count_word << ' ' << count << '\n';
  std::cout << "result " << (result ? *result : std::string("none"));
  if (resigned) std::cout << " (" << (*resigned == kWhite ? "White" : "Black") << " resigned)";
  std::cout << '\n';
}

}  // namespace arbiter::cli
