#include "puzzles/stipulation.hpp"

#include <cctype>
#include <charconv>

namespace arbiter::puzzles {
namespace {

const char* prefix(StipulationKind kind) {
  switch (kind) {
    case StipulationKind::kHelpMate:
      return "h";
    case StipulationKind::kSelfMate:
      return "s";
    case StipulationKind::kReflexMate:
      return "r";
    case StipulationKind::kSeriesDirect:
      return "ser-";
    case StipulationKind::kSeriesHelp:
      return "ser-h";
    case StipulationKind::kSeriesSelf:
      return "ser-s";
    case StipulationKind::kDirectMate:
      break;
  }
  return "";
}

bool starts_with_nocase(std::string_view text, std::string_view word) {
  if (text.size() < word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(text[i])) != word[i]) return false;
  return true;
}

}  // namespace

bool is_series(StipulationKind kind) {
  return kind == StipulationKind::kSeriesDirect || kind == StipulationKind::kSeriesHelp ||
         kind == StipulationKind::kSeriesSelf;
}

bool is_line_play(StipulationKind kind) {
  return kind == StipulationKind::kHelpMate || is_series(kind);
}

Stipulation shorter(const Stipulation& s) {
  Stipulation out = s;
  out.moves -= 1;
  return out;
}

std::string Stipulation::str() const {
  return prefix(kind) + std::string(goal == Goal::kMate ? "#" : "=") + std::to_string(moves) +
         (half ? ".5" : "");
}

Stipulation parse_stipulation(std::string_view text) {
  const std::string original(text);
  const auto fail = [&](const std::string& why) {
    throw std::invalid_argument("bad stipulation '" + original + "': " + why +
                                " (expected #N, =N, h#N, h=N, s#N, s=N, r#N, ser-#N, ser-=N, "
                                "ser-h#N, ser-s#N with N from 1 to 30, or h#N.5, h=N.5 with N "
                                "from 0 to 29)");
  };
  Stipulation s;
  const bool series = starts_with_nocase(text, "ser-");
  if (series) text.remove_prefix(4);
  const char letter =
      text.empty() ? '\0' : static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  if (letter == 'h' || letter == 's' || letter == 'r') text.remove_prefix(1);
  switch (letter) {
    case 'h':
      s.kind = series ? StipulationKind::kSeriesHelp : StipulationKind::kHelpMate;
      break;
    case 's':
      s.kind = series ? StipulationKind::kSeriesSelf : StipulationKind::kSelfMate;
      break;
    case 'r':
      if (series) fail("no series reflexmate");
      s.kind = StipulationKind::kReflexMate;
      break;
    default:
      s.kind = series ? StipulationKind::kSeriesDirect : StipulationKind::kDirectMate;
  }
  if (text.empty() || (text.front() != '#' && text.front() != '=')) fail("no '#' or '='");
  s.goal = text.front() == '#' ? Goal::kMate : Goal::kStalemate;
  text.remove_prefix(1);
  if (s.goal == Goal::kStalemate &&
      (s.kind == StipulationKind::kReflexMate || s.kind == StipulationKind::kSeriesSelf))
    fail("no stalemate goal for this play");
  int n = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  const std::string_view rest(ptr, static_cast<std::size_t>(text.data() + text.size() - ptr));
  if (ec != std::errc() || (!rest.empty() && rest != ".5")) fail("no move count after the goal");
  s.half = rest == ".5";
  if (s.half && s.kind != StipulationKind::kHelpMate) fail("half moves only in helpmates");
  if (s.half ? n < 0 || n > 29 : n < 1 || n > 30) fail("move count out of range");
  s.moves = n;
  return s;
}

}  // namespace arbiter::puzzles
