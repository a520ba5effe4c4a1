// The text of an error answer, bounded: the readers' messages quote what they were given, and
// a 60 KB move quoted twice made a 120 KB answer. Long words are cut in the middle, with their
// length said; the whole text is cut at a few KiB.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace arbiter::server {

/// A quoted word (a run of characters without a space) longer than this is shortened.
inline constexpr std::size_t kMaxQuotedWord = 80;
/// The longest error text an answer carries.
inline constexpr std::size_t kMaxErrorText = 4096;

/// `message` with every word longer than kMaxQuotedWord written as its first and last bytes
/// around "…(N bytes)…", and cut after kMaxErrorText bytes (saying so). Cuts fall between
/// UTF-8 characters.
std::string bounded_error_text(std::string_view message);

}  // namespace arbiter::server
