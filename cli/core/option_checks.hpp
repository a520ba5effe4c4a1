// Option value checks with precise messages: CLI11's Range says "Value x not in range 0 to 20"
// even when x is not a number at all.
#pragma once

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <string>

#include "rules/core/table_loader.hpp"

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

/// A FEN given on the command line: never empty. An empty --fen is a mistake (an unset shell
/// variable, a lost quote), not a request for the table's setup: leaving --fen out is that
/// (`setup_when_left_out`) for the commands that have a default position.
inline CLI::Validator fen_text(bool setup_when_left_out) {
  return CLI::Validator(
      [setup_when_left_out](std::string& text) -> std::string {
        if (text.find_first_not_of(" \t\n\r\v\f") != std::string::npos) return "";
        return std::string(
                   "an empty FEN: expected a position such as '4k3/8/8/8/8/8/8/4K3 w - - "
                   "0 1' (quoted: a FEN holds spaces)") +
               (setup_when_left_out ? "; leave --fen out to start from the table's setup" : "");
      },
      "FEN");
}

/// A regular file that can be opened for reading.
inline bool readable_file(const std::string& path) {
  std::error_code ec;
  return std::filesystem::is_regular_file(path, ec) && std::ifstream(path).good();
}

/// Throws the loader's TableError ("unknown bundled table", "cannot open rule table: no such
/// file") when `name` is neither a bundled table nor a file that can be read: for the commands
/// whose verdict on a table that fails to load is "check failed" (exit status 1), a table that
/// is not there at all is an input error (2) instead.
inline void require_table_source(const std::string& name) {
  const std::vector<std::string> bundled = bundled_table_names();
  if (std::find(bundled.begin(), bundled.end(), name) != bundled.end() || readable_file(name))
    return;
  (void)load_table(name);
}

}  // namespace arbiter::cli
