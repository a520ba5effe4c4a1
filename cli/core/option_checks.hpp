// Option value checks with precise messages: CLI11's Range says "Value x not in range 0 to 20"
// even when x is not a number at all.
#pragma once

#include <CLI/CLI.hpp>
#include <charconv>
#include <string>

namespace arbiter::cli {

/// A whole number from `lo` to `hi`: "expected a whole number from 0 to 20, got 'x'".
inline CLI::Validator whole_number(long long lo, long long hi) {
  const std::string range = "from " + std::to_string(lo) + " to " + std::to_string(hi);
  return CLI::Validator(
      [lo, hi, range](std::string& text) -> std::string {
        long long value = 0;
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, value);
        if (ec != std::errc() || ptr != end || value < lo || value > hi)
          return "expected a whole number " + range + ", got '" + text + "'";
        return "";
      },
      "INT " + range);
}

}  // namespace arbiter::cli
