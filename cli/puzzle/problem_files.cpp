// The problem files that are not Popeye's: EPD (`stip` and `id` operations) and FEN lines.
#include <fmt/format.h>

#include <fstream>
#include <sstream>

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

/// EPD operations after the four FEN fields: `opcode operand...;`, operands maybe quoted.
std::vector<std::pair<std::string, std::string>> epd_operations(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    if (i >= text.size()) break;
    std::string op;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t' && text[i] != ';') op += text[i++];
    std::string operand;
    while (i < text.size() && text[i] != ';') {
      if (text[i] == '"') {
        for (++i; i < text.size() && text[i] != '"'; ++i) operand += text[i];
        if (i < text.size()) ++i;
      } else {
        operand += text[i++];
      }
    }
    if (i < text.size()) ++i;  // the ';'
    out.emplace_back(op, trim_blanks(operand));
  }
  return out;
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
    std::istringstream fields(line);
    std::string f[4];
    for (auto& x : f) fields >> x;
    if (f[3].empty()) {
      p.error = "an EPD line needs four FEN fields (board, side, castling, en passant)";
      return;
    }
    p.fen = fmt::format("{} {} {} {} 0 1", f[0], f[1], f[2], f[3]);
    std::string rest;
    std::getline(fields, rest);
    p.stip = default_stip;
    for (const auto& [op, operand] : epd_operations(rest)) {
      if (op == "stip") p.stip = operand;
      if (op == "id") p.title = operand;
    }
    if (p.stip.empty()) p.error = "no stipulation: give the operation `stip \"#2\";` or --stip";
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
