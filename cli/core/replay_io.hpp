// The front-end shared by the replays of `arbiter replay` (sequential, Conditional Chess,
// simultaneous): reading the record, the JSON-safe text of what it holds, how a replay's notes,
// end and JSON object are printed, and a file of many games replayed one game at a time.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "present/core/json_writer.hpp"
#include "rules/conditional/conditional_record.hpp"
#include "rules/core/game_record.hpp"
#include "rules/core/position.hpp"
#include "rules/core/record_tokens.hpp"

namespace arbiter::cli {

/// Adds `--sets one|progressive|simultaneously-progressive` (Diplomacy Chess: a set of moves per
/// side and turn, and how it is played) to `cmd`, stored in `sets`; `description` says what the
/// command reads as a set.
CLI::Option* add_sets_option(CLI::App* cmd, std::string& sets, const std::string& description);

/// The whole record from a file, or from standard input for "-". Throws std::runtime_error.
std::string read_record(const std::string& path);

/// `s` with every byte that is not part of valid UTF-8 replaced by U+FFFD, so that the JSON
/// stays valid whatever the record held.
std::string valid_utf8(std::string_view s);

/// "white" or "black".
const char* side_json(Color c);

/// `key`: the string (made valid UTF-8), or null when it is empty.
void optional_string(JsonWriter& w, std::string_view key, const std::string& s);

/// A warning or the error of a replay as a JSON object; `index_key` names `n.ply` ("ply" for
/// the sequential replay, "turn" for the simultaneous ones).
void write_note(JsonWriter& w, const ReplayNote& n, bool is_error, std::string_view index_key);
/// The same for a Conditional Chess replay ("ply"), with the phase after the move number.
void write_note(JsonWriter& w, const ConditionalNote& n, bool is_error);

/// The start of a replay's JSON object: "valid", `count_key` (plies, turns), the start and
/// final FENs and the result.
void begin_replay_json(JsonWriter& w, bool valid, std::string_view count_key, int count,
                       const std::string& start_fen, const std::string& final_fen,
                       const std::optional<std::string>& result);

/// The end of a replay's JSON object: its warnings and error (`index_key` as in write_note),
/// and the object's closing brace.
template <class Note, class... IndexKey>
void end_replay_json(JsonWriter& w, const std::vector<Note>& warnings,
                     const std::optional<Note>& error, IndexKey... index_key) {
  w.key("warnings").begin_array();
  for (const Note& n : warnings) write_note(w, n, false, index_key...);
  w.end_array().key("error");
  if (error)
    write_note(w, *error, true, index_key...);
  else
    w.null();
  w.end_object();
}

/// "warning: <where>: <reason>: <message>" (no reason for a warning).
std::string note_line(const char* level, const std::string& where, const ReplayNote& n);

/// Prints a replay's warnings and error to standard error, each at its place in the record
/// (`where(note)`), and for the error the position before the `unit` ("move", "turn") it
/// stopped at. Returns false when there is an error.
template <class Note, class Where>
bool print_notes(const std::vector<Note>& warnings, const std::optional<Note>& error, Where where,
                 const char* unit) {
  for (const Note& n : warnings) std::cerr << note_line("warning", where(n), n) << '\n';
  if (!error) return true;
  std::cerr << note_line("error", where(*error), *error) << '\n';
  if (!error->fen_before.empty())
    std::cerr << "position before the " << unit << ": " << error->fen_before << '\n';
  return false;
}

/// The first lines of a replay that ended well: "final <FEN>", "<count_word> N" and
/// "result <result or none>", with the side that resigned, if any.
void print_final(const std::string& final_fen, const char* count_word, int count,
                 const std::optional<std::string>& result, std::optional<Color> resigned);

/// One game of a file of many, as its line in the summary shows it.
struct GameSummary {
  std::string white = "?", black = "?";  ///< the [White] and [Black] tags ("?": none)
  const char* count_word = "plies";      ///< "plies", "turns"
  int count = 0;
  std::optional<std::string> result;  ///< stated (or implied by "Resigns")
  std::string final_fen;              ///< after the last good move
  std::string termination;            ///< by the rules ("checkmate", ...), empty when none
  std::vector<std::string> warnings;  ///< "<where>: <message>"
  std::optional<std::string> error;   ///< "<where> at line L, column C: <reason>: <message>"
  std::string fen_before;             ///< the error's position, when there is one
  const char* unit = "move";          ///< what fen_before comes before: "move", "turn"
};

/// The white and black player of a record's tag pairs ("?" for a missing or empty tag).
void players_of(const std::vector<std::pair<std::string, std::string>>& tags, GameSummary& s);

/// The summary of a replay result `r` (tags, final_fen, result, warnings, error as
/// ReplayResult has them): its notes placed with `where(note)`.
template <class Result, class Where>
GameSummary summary_of(const Result& r, Where where, const char* count_word, int count,
                       const char* unit, std::string termination) {
  GameSummary g;
  players_of(r.tags, g);
  g.count_word = count_word;
  g.count = count;
  g.result = r.result;
  g.final_fen = r.final_fen;
  g.termination = std::move(termination);
  g.unit = unit;
  for (const auto& n : r.warnings) g.warnings.push_back(where(n) + ": " + n.message);
  if (r.error) {
    std::string error = where(*r.error);
    if (r.error->line > 0)
      error += " at line " + std::to_string(r.error->line) + ", column " +
               std::to_string(r.error->column);
    g.error = error + ": " + r.error->reason + ": " + r.error->message;
    g.fen_before = r.error->fen_before;
  }
  return g;
}

/// A protocol's replay as `arbiter replay` prints it, one game of a file at a time. The table
/// is compiled once for the whole file.
class GameReplay {
 public:
  virtual ~GameReplay() = default;
  /// Replays one game; the other members describe it until the next call.
  virtual void replay(std::vector<RecordToken> game) = 0;
  /// The output of a file of one game, as it has always been (text on standard output, notes on
  /// standard error); returns the exit status.
  virtual int print_text() const = 0;
  /// The game's JSON object (the one-game output of --json).
  virtual void write_json(JsonWriter& w) const = 0;
  virtual GameSummary summary() const = 0;
};

/// A game refused before its moves are read (a [Variant] tag that names no table, a game
/// without movetext): its one error is placed at the tag named `at_tag`, else at the game's
/// first token; its JSON object has the sequential replay's fields.
class RefusedGame final : public GameReplay {
 public:
  RefusedGame(std::string reason, std::string message, std::string at_tag = "")
      : reason_(std::move(reason)), message_(std::move(message)), at_tag_(std::move(at_tag)) {}
  void replay(std::vector<RecordToken> game) override;
  int print_text() const override;
  void write_json(JsonWriter& w) const override;
  GameSummary summary() const override;

 private:
  std::string reason_, message_, at_tag_;
  ReplayResult r_;
};

/// How `arbiter replay` prints: text, one JSON document (--json), or one JSON object a line,
/// written as each game is replayed (--jsonl).
enum class ReplayFormat { kText, kJson, kJsonl };

/// The replay of one game of a file, chosen by the caller for that game (its [Variant] tag, the
/// -v option); what it has to say about the choice goes to `warnings`.
using ReplayFor = std::function<GameReplay&(const std::vector<RecordToken>& game,
                                            std::vector<std::string>& warnings)>;

/// Replays every game of `text` (RecordGames), each with the replay `replay_for` picks. A text
/// without movetext (no move, no result: an empty file, only tag pairs or comments) is no game:
/// an error naming `source`, status 1. A text of one game prints as print_text or write_json
/// always have. A text of many prints one line per game, "game N: White - Black: ...", a
/// rejected game's error with its line and column, its warnings and errors' positions on
/// standard error prefixed with the game, and a last line counting the games read, accepted and
/// rejected; with kJson, an array of the games' objects, each after "game", "white" and "black"
/// fields. kJsonl writes that object for every game (one game too), one a line, flushed as each
/// game is replayed. `draw_final` (when set) gets the final FEN of the one game (a text of many
/// games is then an error, before anything is printed). Returns 1 when a game is rejected, else
/// 0.
int replay_games(const ReplayFor& replay_for, std::string_view text, const std::string& source,
                 ReplayFormat format, const std::function<void(const std::string&)>& draw_final);

}  // namespace arbiter::cli
