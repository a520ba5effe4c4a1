// The name a misspelt one was most likely meant to be, for "did you mean ...?" in messages.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

/// The edit distance of `a` and `b`: insertions, deletions, substitutions and transpositions of
/// two neighbouring characters, each counting 1 (optimal string alignment).
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The name of `names` closest to `wrong`, when it is close enough to be a slip of the keyboard:
/// at most 1 edit for a name of up to 4 characters, 2 up to 8, 3 beyond. The first of equally
/// close names; none when `wrong` is itself one of them.
std::optional<std::string> closest_name(std::string_view wrong,
                                        const std::vector<std::string>& names);

}  // namespace arbiter
