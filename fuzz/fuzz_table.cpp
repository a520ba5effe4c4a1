// libFuzzer target: arbitrary TOML text as a rule table. Loading and compiling either succeed
// or throw TableError with at least one located diagnostic.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "rules/core/load_variant.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    arbiter::RuleTable table = arbiter::load_table_text(text, "fuzz.toml");
    (void)arbiter::Variant::compile(std::move(table));
  } catch (const arbiter::TableError& e) {
    if (e.diagnostics().empty()) std::abort();
  }
  return 0;
}
