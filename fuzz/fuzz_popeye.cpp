// libFuzzer target: any byte string read as a Popeye input file, an EPD file and FEN lines
// gives problems numbered 1..n, each with a source and with a position or an error (a Popeye
// problem with exactly one of them). Nothing throws.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "cli/puzzle/problem_source.hpp"

namespace {

void check(const std::vector<arbiter::cli::ProblemSpec>& problems, bool popeye) {
  int index = 0;
  for (const auto& p : problems) {
    const bool either =
        popeye ? p.error.empty() != p.fen.empty() : !p.error.empty() || !p.fen.empty();
    if (p.index != ++index || !either || p.source.empty()) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  check(arbiter::cli::read_popeye(text, "f.inp"), true);
  check(arbiter::cli::read_epd(text, "f.epd", "#2"), false);
  check(arbiter::cli::read_fen_lines(text, "f.txt", "#2"), false);
  return 0;
}
