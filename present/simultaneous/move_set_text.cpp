#include "present/simultaneous/move_set_text.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace arbiter::inline present {

MoveSet parse_move_set(std::string_view label, const std::string& text) {
  MoveSet set;
  if (text == "-") return set;
  std::string entry;
  bool comma = true;  // a comma (or the start) wants an entry before the next comma
  const auto flush = [&] {
    if (entry.empty()) return;
    set.push_back(ProgressiveEntry::of(entry));
    entry.clear();
    comma = false;
  };
  for (char ch : text) {
    if (ch == ',') {
      flush();
      if (comma)
        throw std::invalid_argument(
            fmt::format("{} '{}': an empty entry before ',': expected moves separated by commas or "
                        "spaces, such as 'Qh1, Rf6'",
                        label, text));
      comma = true;
    } else if (ch == ' ' || ch == '\t') {
      flush();
    } else {
      entry += ch;
    }
  }
  flush();
  if (set.empty() || comma)
    throw std::invalid_argument(
        fmt::format("{} '{}': {}: expected moves separated by commas or spaces, such as 'Qh1, Rf6' "
                    "('-' for none)",
                    label, text, set.empty() ? "no move" : "a ',' at the end"));
  return set;
}

std::string move_set_text(const MoveSet& set) {
  std::string out;
  for (const ProgressiveEntry& e : set) {
    if (!out.empty()) out += ", ";
    out += e.text;
  }
  return out;
}

}  // namespace arbiter::inline present
