// EPD lines of composed problems (see epd.hpp). The syntax is the PGN standard's, section 16.2:
// an opcode is a letter then up to 13 letters, digits or '_'; operands are separated by
// blanks, a string operand is quoted; each operation ends with ';' and no opcode appears twice.
#include "cli/puzzle/epd.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>

namespace arbiter::cli {
namespace {

/// Where the stipulation stands in an EPD line: the standard's opcode for direct mates and
/// arbiter's for every kind (the one written for the others).
constexpr const char* kDirectMateOpcode = "dm";
constexpr const char* kStipulationOpcode = "stip";
constexpr const char* kOlderExportOpcode = "c0";  ///< an older arbiter's export: c0 "#2"
constexpr std::size_t kMaxOpcodeLength = 14;

struct Operation {
  std::string opcode;
  std::vector<std::string> operands;
};

bool blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool valid_opcode(const std::string& op) {
  if (op.empty() || op.size() > kMaxOpcodeLength) return false;
  if (!std::isalpha(static_cast<unsigned char>(op[0]))) return false;
  return std::all_of(op.begin(), op.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

/// The blank-separated word of `text` from `i` (advanced past it), or "" at the end.
std::string next_word(const std::string& text, std::size_t& i) {
  while (i < text.size() && blank(text[i])) ++i;
  const std::size_t start = i;
  while (i < text.size() && !blank(text[i])) ++i;
  return text.substr(start, i - start);
}

/// The operations of `text` (what follows the FEN fields).
std::vector<Operation> operations(const std::string& text) {
  std::vector<Operation> out;
  std::size_t i = 0;
  while (true) {
    while (i < text.size() && blank(text[i])) ++i;
    if (i >= text.size()) break;
    Operation op;
    while (i < text.size() && !blank(text[i]) && text[i] != ';' && text[i] != '"')
      op.opcode += text[i++];
    if (!valid_opcode(op.opcode))
      throw EpdError(fmt::format(
          "EPD opcode '{}' is malformed: expected an opcode (a letter, then letters, digits or "
          "'_', at most {} characters; e.g. dm, stip, bm, id) before the operands and ';'",
          op.opcode.empty() ? text.substr(i, 1) : op.opcode, kMaxOpcodeLength));
    for (const Operation& seen : out)
      if (seen.opcode == op.opcode)
        throw EpdError(fmt::format(
            "EPD opcode '{}' appears twice: expected each opcode once in a line", op.opcode));
    while (true) {
      while (i < text.size() && blank(text[i])) ++i;
      if (i >= text.size()) break;  // the last ';' left out: forgiven, nothing is ambiguous
      if (text[i] == ';') {
        ++i;
        break;
      }
      std::string operand;
      if (text[i] == '"') {
        const std::size_t close = text.find('"', i + 1);
        if (close == std::string::npos)
          throw EpdError(fmt::format(
              "EPD opcode '{}': its string operand opened with '\"' is never closed: expected "
              "{} \"...\";",
              op.opcode, op.opcode));
        operand = text.substr(i + 1, close - i - 1);
        i = close + 1;
      } else {
        while (i < text.size() && !blank(text[i]) && text[i] != ';') operand += text[i++];
      }
      op.operands.push_back(operand);
    }
    out.push_back(std::move(op));
  }
  return out;
}

const Operation* find(const std::vector<Operation>& ops, const char* opcode) {
  for (const Operation& op : ops)
    if (op.opcode == opcode) return &op;
  return nullptr;
}

/// `dm N`: #N.
puzzles::Stipulation direct_mate(const Operation& op) {
  const auto fail = [&] {
    std::string got;
    for (const std::string& o : op.operands) got += (got.empty() ? "" : " ") + o;
    throw EpdError(fmt::format(
        "EPD opcode '{}': expected one move count from 1 to 30 ({} N: direct mate in N), got "
        "'{}'",
        op.opcode, op.opcode, got));
  };
  if (op.operands.size() != 1 || !all_digits(op.operands[0]) || op.operands[0].size() > 2) fail();
  try {
    return puzzles::parse_stipulation("#" + op.operands[0]);
  } catch (const std::invalid_argument&) {
    fail();
  }
  return {};
}

/// `stip "h#2"`.
puzzles::Stipulation named_stipulation(const Operation& op) {
  if (op.operands.size() != 1)
    throw EpdError(fmt::format(
        "EPD opcode '{}': expected one stipulation (#N, h#N, h#N.5, s#N, =N, r#N, ser-#N, "
        "...), got {} operands",
        op.opcode, op.operands.size()));
  try {
    return puzzles::parse_stipulation(op.operands[0]);
  } catch (const std::invalid_argument& e) {
    throw EpdError(fmt::format("EPD opcode '{}': {}", op.opcode, e.what()));
  }
}

/// The stipulation of a line's operations, if any.
std::optional<puzzles::Stipulation> stipulation(const std::vector<Operation>& ops) {
  const Operation* dm = find(ops, kDirectMateOpcode);
  const Operation* stip = find(ops, kStipulationOpcode);
  std::optional<puzzles::Stipulation> from_dm, from_stip;
  if (dm) from_dm = direct_mate(*dm);
  if (stip) from_stip = named_stipulation(*stip);
  if (from_dm && from_stip && *from_dm != *from_stip)
    throw EpdError(fmt::format(
        "EPD opcodes '{} {}' and '{} \"{}\"' name different stipulations: expected one of "
        "them, or both naming the same",
        kDirectMateOpcode, from_dm->moves, kStipulationOpcode, from_stip->str()));
  if (from_dm) return from_dm;
  if (from_stip) return from_stip;
  // c0 is a comment; it is the stipulation when it reads as one (an older arbiter's export).
  if (const Operation* c0 = find(ops, kOlderExportOpcode); c0 && c0->operands.size() == 1) {
    try {
      return puzzles::parse_stipulation(c0->operands[0]);
    } catch (const std::invalid_argument&) {
    }
  }
  return std::nullopt;
}

}  // namespace

EpdProblem parse_epd_line(const std::string& line) {
  std::size_t i = 0;
  std::string fields[4];
  for (std::string& f : fields) f = next_word(line, i);
  if (fields[3].empty())
    throw EpdError("an EPD line needs four FEN fields (board, side, castling, en passant)");
  EpdProblem p;
  // Forgiving: the two clocks of a full FEN before the operations are taken as they are.
  std::size_t after_clocks = i;
  const std::string halfmove = next_word(line, after_clocks);
  const std::string fullmove = next_word(line, after_clocks);
  const bool clocks = all_digits(halfmove) && all_digits(fullmove);
  p.fen = fmt::format("{} {} {} {}", fields[0], fields[1], fields[2], fields[3]);
  if (clocks) p.fen += fmt::format(" {} {}", halfmove, fullmove);
  const std::vector<Operation> ops = operations(line.substr(clocks ? after_clocks : i));
  if (const auto s = stipulation(ops)) p.stip = s->str();
  if (const Operation* id = find(ops, "id"); id && !id->operands.empty()) p.id = id->operands[0];
  return p;
}

std::string epd_line(const std::string& fen, const puzzles::Stipulation& stip,
                     const std::string& key, const std::string& id) {
  std::size_t i = 0;
  std::string out;
  for (int f = 0; f < 4; ++f) out += (f ? " " : "") + next_word(fen, i);
  if (!key.empty()) out += " bm " + key + ";";
  // `dm N` is EPD's direct mate only: =N and the others go under `stip`.
  if (stip.kind == puzzles::StipulationKind::kDirectMate && stip.goal == puzzles::Goal::kMate)
    out += fmt::format(" {} {};", kDirectMateOpcode, stip.moves);
  else
    out += fmt::format(" {} \"{}\";", kStipulationOpcode, stip.str());
  return out + fmt::format(" id \"{}\";", id);
}

}  // namespace arbiter::cli
