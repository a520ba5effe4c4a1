// The front-end shared by the replays of `arbiter replay` (sequential, Conditional Chess,
// simultaneous): reading the record, the JSON-safe text of what it holds, and how a replay's
// notes, end and JSON object are printed.
#pragma once

#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/core/json_writer.hpp"
#include "rules/conditional/conditional_record.hpp"
#include "rules/core/game_record.hpp"
#include "rules/core/position.hpp"

namespace arbiter::cli {

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
/// printed with the rest; returns the exit status (1 when there is an error).
template <class Note, class... IndexKey>
int end_replay_json(JsonWriter& w, const std::vector<Note>& warnings,
                    const std::optional<Note>& error, IndexKey... index_key) {
  w.key("warnings").begin_array();
  for (const Note& n : warnings) write_note(w, n, false, index_key...);
  w.end_array().key("error");
  if (error)
    write_note(w, *error, true, index_key...);
  else
    w.null();
  std::cout << w.end_object().str() << '\n';
  return error ? 1 : 0;
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

}  // namespace arbiter::cli
