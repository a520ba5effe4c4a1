// Pieces shared by the two replays of `arbiter replay` (sequential and Conditional Chess):
// reading the record and the JSON-safe text of what it holds.
#pragma once

#include <string>
#include <string_view>

#include "rules/position.hpp"

namespace arbiter::cli {

/// The whole record from a file, or from standard input for "-". Throws std::runtime_error.
std::string read_record(const std::string& path);

/// `s` with every byte that is not part of valid UTF-8 replaced by U+FFFD, so that the JSON
/// stays valid whatever the record held.
std::string valid_utf8(std::string_view s);

/// "white" or "black".
const char* side_json(Color c);

}  // namespace arbiter::cli
