// libFuzzer target: the Conversion Chess notations. The first byte picks a use of the rest:
//  - even: a FEN of the conversion table (with '~' and '^' conversion flags): FenError, or a
//    position whose FEN parses back to the same position;
//  - odd: SAN with conversion suffixes ("Bh3/Nf3+") on one of a few conversion positions
//    (second byte): NotationError, or a legal move whose canonical SAN (suffixes included)
//    reads back as the same move; the coordinate reader likewise.
// Anything else (another exception, a crash) is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "fuzz/notation_checks.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const arbiter::VariantPtr variant = arbiter::load_variant("conversion");
  static const char* const kFens[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/2n1q1n1/1b4b1/8/8/1B4B1/2N1Q1N1/R3K2R w KQkq - 0 1",
      "r3k2r/1ppq1pp1/8/1R3n2/1r3N2/8/1PPQ1PP1/R3K2R w KQkq - 0 1",
      "r1n1k2r/1P1p2Pp/2q5/8/8/2N2N1Q/8/R2QK2R w KQkq - 0 1",
  };
  if (size < 2) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 2, size - 2);
  if (data[0] % 2 == 0) {
    arbiter::fuzz::check_fen_text(variant, text);
    return 0;
  }
  const arbiter::Position pos =
      arbiter::parse_fen(variant, kFens[data[1] % (sizeof kFens / sizeof kFens[0])]);
  arbiter::fuzz::check_move_text(pos, text);
  return 0;
}
