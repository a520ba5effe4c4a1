// The problem files that are not Popeye's: EPD (epd.hpp reads each line) and FEN lines.
#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "cli/puzzle/epd.hpp"
#include "cli/puzzle/problem_source.hpp"

namespace arbiter::cli {

std::string trim_blanks(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

namespace {

bool skipped(const std::string& line) {
  return line.empty() || line[0] == '%' || line[0] == '#';
}

template <typename Line>
std::vector<ProblemSpec> each_line(const std::string& text, const std::string& name, Line line) {
  std::vector<ProblemSpec> out;
  std::istringstream in(text);
  int number = 0;
  for (std::string raw; std::getline(in, raw);) {
    ++number;
    const std::string l = trim_blanks(raw);
    if (skipped(l)) continue;
    ProblemSpec p;
    p.index = static_cast<int>(out.size()) + 1;
    p.source = fmt::format("{}:{}", name, number);
    line(l, p);
    if (!p.error.empty()) p.error = p.source + ": " + p.error;
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace

std::vector<ProblemSpec> read_epd(const std::string& text, const std::string& name,
                                  const std::string& default_stip) {
  return each_line(text, name, [&](const std::string& line, ProblemSpec& p) {
    try {
      const EpdProblem e = parse_epd_line(line);
      p.fen = e.fen;
      p.stip = e.stip.empty() ? default_stip : e.stip;
      p.title = e.id;
    } catch (const EpdError& e) {
      p.error = e.what();
      return;
    }
    if (p.stip.empty())
      p.error = "no stipulation: give the operation `dm 2;` (#2) or `stip \"h#2\";`, or --stip";
  });
}

std::vector<ProblemSpec> read_fen_lines(const std::string& text, const std::string& name,
                                        const std::string& stip) {
  return each_line(text, name, [&](const std::string& line, ProblemSpec& p) {
    p.fen = line;
    p.stip = stip;
  });
}

std::string read_problem_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ProblemFileError(fmt::format("cannot read '{}'", path));
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace arbiter::cli
