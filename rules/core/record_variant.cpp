#include "rules/core/record_variant.hpp"

#include <array>
#include <cctype>

#include "rules/core/table_loader.hpp"

namespace arbiter {
namespace {

/// Lower case, words joined by '-', without a trailing "-chess".
std::string key_of(std::string_view value) {
  std::string key;
  bool gap = false;
  for (const char c : value) {
    if (c == ' ' || c == '-' || c == '_' || c == '\t') {
      gap = !key.empty();
      continue;
    }
    if (gap) key += '-';
    gap = false;
    key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  constexpr std::string_view kChess = "-chess";
  if (key.size() > kChess.size() &&
      key.compare(key.size() - kChess.size(), kChess.size(), kChess) == 0)
    key.resize(key.size() - kChess.size());
  return key;
}

}  // namespace

std::optional<std::string> table_of_variant_tag(std::string_view value) {
  const std::string key = key_of(value);
  static constexpr std::array<std::string_view, 3> kOrthodox = {"standard", "chess",
                                                                "from-position"};
  for (const std::string_view o : kOrthodox)
    if (key == o) return std::string("orthodox");
  for (const std::string& name : bundled_table_names())
    if (key_of(name) == key) return name;
  return std::nullopt;
}

}  // namespace arbiter
