#include "puzzles/stipulation.hpp"

#include <cctype>
#include <charconv>

namespace arbiter::puzzles {

std::string Stipulation::str() const {
  const char* prefix = kind == StipulationKind::kHelpMate   ? "h#"
                       : kind == StipulationKind::kSelfMate ? "s#"
                                                            : "#";
  return prefix + std::to_string(moves) + (half ? ".5" : "");
}

Stipulation parse_stipulation(std::string_view text) {
  const std::string original(text);
  const auto fail = [&](const std::string& why) {
    throw std::invalid_argument(
        "bad stipulation '" + original + "': " + why +
        " (expected #N, h#N or s#N with N from 1 to 30, or h#N.5 with N from 0 to 29)");
  };
  Stipulation s;
  if (!text.empty() && (text.front() == 'h' || text.front() == 'H')) {
    s.kind = StipulationKind::kHelpMate;
    text.remove_prefix(1);
  } else if (!text.empty() && (text.front() == 's' || text.front() == 'S')) {
    s.kind = StipulationKind::kSelfMate;
    text.remove_prefix(1);
  }
  if (text.empty() || text.front() != '#') fail("no '#'");
  text.remove_prefix(1);
  int n = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  const std::string_view rest(ptr, static_cast<std::size_t>(text.data() + text.size() - ptr));
  if (ec != std::errc() || (!rest.empty() && rest != ".5")) fail("no move count after '#'");
  s.half = rest == ".5";
  if (s.half && s.kind != StipulationKind::kHelpMate) fail("half moves only in helpmates");
  if (s.half ? n < 0 || n > 29 : n < 1 || n > 30) fail("move count out of range");
  s.moves = n;
  return s;
}

}  // namespace arbiter::puzzles
