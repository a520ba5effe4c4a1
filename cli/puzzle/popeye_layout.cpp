#include "cli/puzzle/popeye_layout.hpp"

#include <fmt/format.h>

namespace arbiter::cli {

std::string popeye_stipulation_line(const std::string& stip, int white, int black) {
  const std::string head = "  " + stip;
  const std::string counts = fmt::format("{} + {}", white, black);
  // Popeye right-aligns the counts and their newline in 36 columns after the stipulation.
  const std::size_t width = 35;
  const std::size_t pad =
      head.size() + counts.size() < width ? width - head.size() - counts.size() : 0;
  return head + std::string(pad, ' ') + counts + '\n';
}

std::string popeye_centred(std::string_view word) {
  // Popeye's fprintf_c: the line and its newline centred in the board's 37 columns.
  const std::size_t used = word.size() + 1, width = 37;
  const std::size_t pad = used < width ? (width + 1 - used) / 2 : 0;
  return std::string(pad, ' ') + std::string(word) + '\n';
}

}  // namespace arbiter::cli
