// libFuzzer target: any byte string given to the FEN parser either parses to a position that
// prints back to a FEN parsing to the same position, or fails with FenError. Nothing else.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz/notation_checks.hpp"
#include "rules/core/load_variant.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const arbiter::VariantPtr variant = arbiter::load_variant("orthodox");
  arbiter::fuzz::check_fen_text(variant,
                                std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
