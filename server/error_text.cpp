#include "server/error_text.hpp"

#include <fmt/format.h>

namespace arbiter::server {
namespace {

constexpr std::size_t kKeptEachSide = 32;

bool is_continuation(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

/// The largest cut at or before `at` that does not split a UTF-8 character of `s`.
std::size_t cut_before(std::string_view s, std::size_t at) {
  while (at > 0 && at < s.size() && is_continuation(s[at])) --at;
  return at;
}

/// The smallest cut at or after `at` that does not split a UTF-8 character of `s`.
std::size_t cut_after(std::string_view s, std::size_t at) {
  while (at < s.size() && is_continuation(s[at])) ++at;
  return at;
}

std::string shortened_word(std::string_view word) {
  if (word.size() <= kMaxQuotedWord) return std::string(word);
  const std::size_t head = cut_before(word, kKeptEachSide);
  const std::size_t tail = cut_after(word, word.size() - kKeptEachSide);
  return fmt::format("{}…({} bytes)…{}", word.substr(0, head), word.size(), word.substr(tail));
}

}  // namespace

std::string bounded_error_text(std::string_view message) {
  std::string out;
  std::size_t start = 0;
  while (start < message.size()) {
    std::size_t end = message.find(' ', start);
    if (end == std::string_view::npos) end = message.size();
    out += shortened_word(message.substr(start, end - start));
    if (end < message.size()) out += ' ';
    start = end + 1;
  }
  if (out.size() > kMaxErrorText) {
    const std::size_t total = out.size();
    out.resize(cut_before(out, kMaxErrorText));
    out += fmt::format("… (cut: {} bytes in all)", total);
  }
  return out;
}

}  // namespace arbiter::server
