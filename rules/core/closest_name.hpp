// Suggestions for a mistyped name (a subcommand, an option, a table, a knob): the known names
// within a few edits of it, for a "did you mean ...?" after the error.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

/// Edits that turn `a` into `b`, ignoring case: an inserted, removed or replaced letter, or two
/// neighbouring letters swapped ("conversoin" -> "conversion" is one edit).
int edit_distance(std::string_view a, std::string_view b);

/// The names of `known` nearest to `word` when they are near enough to be what was meant (none
/// for a word of two letters such as "-q", one edit up to four letters, two up to eight, a
/// third of the letters beyond), in the order of `known`; empty when none is. A name `word`
/// begins (`--dep` for `--depth`) is near too.
std::vector<std::string> closest_names(std::string_view word,
                                       const std::vector<std::string>& known);

/// "did you mean perft?" ("did you mean a or b?" on a tie), or "" when no name is near.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& known);

}  // namespace arbiter
