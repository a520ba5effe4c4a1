// libFuzzer target: any byte string given to the FEN parser either parses to a position that
// prints back to a FEN parsing to the same position, or fails with FenError. Nothing else.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const arbiter::VariantPtr variant = arbiter::load_variant("orthodox");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const arbiter::Position pos = arbiter::parse_fen(variant, text);
    const arbiter::Position again = arbiter::parse_fen(variant, arbiter::to_fen(pos));
    if (!(again == pos)) std::abort();
  } catch (const arbiter::FenError&) {
  }
  return 0;
}
