// Pieces of a game's JSON view that every protocol writes the same way (server/game.hpp).
#pragma once

#include <string>
#include <vector>

#include "cli/core/json_writer.hpp"
#include "rules/core/geometry.hpp"

namespace arbiter::server {

/// "white" or "black".
const char* side_word(Color c);

/// "status": {"over", "result" (null while the game goes on), "reason": the rule that ended it
/// (null while the game goes on)}.
void write_status(cli::JsonWriter& w, bool over, const std::string& result,
                  const std::string& reason);

/// "submitted": {"white", "black"} and "waiting_for": the sides the game waits for.
void write_sides(cli::JsonWriter& w, const bool (&submitted)[2], const bool (&waiting)[2]);

/// "legal": the texts `side` may submit now.
void write_legal(cli::JsonWriter& w, const std::vector<std::string>& legal);

/// A record's header: a comment with the `arbiter replay` command that reads it (`options`
/// after the table's name: knobs, --null-move), then the [Variant] tag.
std::string record_header(const std::string& variant, const std::string& options);

}  // namespace arbiter::server
