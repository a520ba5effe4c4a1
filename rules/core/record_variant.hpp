// The rule table a game record's [Variant "..."] tag names, as databases and sites write it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace arbiter {

/// The bundled table (bundled_table_names) that a [Variant] tag's value names, matched without
/// regard to case, to a trailing " Chess", or to spaces, '-' and '_' between words
/// ("Conversion Chess", "move neutral", "ORTHODOX"). "Standard", "Chess" and "From Position"
/// (lichess's and chess.com's words for orthodox chess, the last for a game from a [FEN]) name
/// orthodox. Empty when the value names no bundled table ("Crazyhouse", "Chess960").
std::optional<std::string> table_of_variant_tag(std::string_view value);

}  // namespace arbiter
