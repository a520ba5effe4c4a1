// libFuzzer target: SAN and coordinate input on a few positions. A move that parses must be
// legal and print back to SAN that parses to the same move; anything else is NotationError.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz/notation_checks.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const arbiter::VariantPtr variant = arbiter::load_variant("orthodox");
  static const char* const kFens[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  };
  if (size == 0) return 0;
  const arbiter::Position pos = arbiter::parse_fen(variant, kFens[data[0] % 4]);
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  arbiter::fuzz::check_move_text(pos, text);
  return 0;
}
