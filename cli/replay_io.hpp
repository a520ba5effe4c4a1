// Pieces shared by the replays of `arbiter replay` (sequential, Conditional Chess,
// simultaneous): reading the record and the JSON-safe text of what it holds.
#pragma once

#include <string>
#include <string_view>

#include "cli/json_writer.hpp"
#include "rules/game_record.hpp"
#include "rules/position.hpp"

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

}  // namespace arbiter::cli
