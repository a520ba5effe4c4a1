#include "rules/simultaneous/diplomacy/diplomacy_conditional.hpp"

#include <fmt/format.h>

#include <cctype>

#include "rules/registry/rule_knobs.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_move_text.hpp"

namespace arbiter {
namespace {

bool space(char c) {
  return std::isspace(static_cast<unsigned char>(c)) != 0;
}
bool digit(char c) {
  return c >= '0' && c <= '9';
}

/// A cursor over the text; columns are 1-based.
class StatementReader {
 public:
  explicit StatementReader(std::string_view text) : text_(text) {}

  void skip_space() {
    while (i_ < text_.size() && space(text_[i_])) ++i_;
  }
  bool done() const { return i_ >= text_.size(); }
  char peek() const { return done() ? '\0' : text_[i_]; }
  char take() { return text_[i_++]; }
  std::size_t at() const { return i_; }
  int column() const { return static_cast<int>(i_) + 1; }
  std::string_view text() const { return text_; }

  [[noreturn]] void fail(const std::string& expected,
                         NotationErrorKind kind = NotationErrorKind::kSyntax) const {
    const std::string found = done() ? "the end" : fmt::format("'{}'", text_[i_]);
    throw DiplomacyConditionalError(
        kind,
        fmt::format("'{}', column {}: expected {}, found {}", text_, column(), expected, found),
        column());
  }

  Square square(const char* what) {
    if (i_ + 1 < text_.size())
      if (auto sq = parse_square(text_.substr(i_, 2))) {
        i_ += 2;
        return *sq;
      }
    fail(what);
  }

 private:
  std::string_view text_;
  std::size_t i_ = 0;
};

void check_letter(const Variant& v, const StatementReader& r, char letter) {
  const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
  if (v.type_of_letter(upper) == kNoPiece)
    r.fail(fmt::format("a piece letter of the '{}' table", v.table().name),
           NotationErrorKind::kUnknownPiece);
}

DiplomacyCondition read_condition(const Variant& v, StatementReader& r) {
  DiplomacyCondition c;
  if (r.peek() == '~') {
    r.take();
    c.kind = DiplomacyConditionKind::kEmpty;
    c.square = r.square("a square after '~' (~e5: is e5 empty?)");
    return c;
  }
  if (digit(r.peek())) {
    const int start = r.column();
    int n = 0;
    while (digit(r.peek())) {
      n = n * 10 + (r.take() - '0');
      if (n > 999) r.fail("a number below 1000");
    }
    r.skip_space();
    if (r.peek() == '?') {
      if (n == 0)
        throw DiplomacyConditionalError(
            NotationErrorKind::kSyntax,
            fmt::format("'{}', column {}: moves are counted from 1 (1?: my first move)", r.text(),
                        start),
            start);
      c.kind = DiplomacyConditionKind::kExecuted;
      c.number = n;
      return c;
    }
    if (!std::isalpha(static_cast<unsigned char>(r.peek())))
      r.fail("a piece letter (2Q?: two queens) or '?' (3?: my 3rd move executed)");
    check_letter(v, r, r.peek());
    c.kind = DiplomacyConditionKind::kCount;
    c.number = n;
    c.piece = r.take();
    return c;
  }
  if (std::isalpha(static_cast<unsigned char>(r.peek()))) {
    // A bare square ("e5?") is a common slip for "~e5?".
    if (parse_square(r.text().substr(r.at(), 2)) &&
        (r.at() + 2 >= r.text().size() ||
         !std::isalnum(static_cast<unsigned char>(r.text()[r.at() + 2]))))
      r.fail("a piece letter before the square, or '~' for an empty square (~e5)");
    check_letter(v, r, r.peek());
    c.kind = DiplomacyConditionKind::kPieceOn;
    c.piece = r.take();
    c.square = r.square("a square after the piece letter (Nh6)");
    return c;
  }
  r.fail(
      "a condition: a piece and square (Nh6), a count and piece (2Q), '~' and a square (~e5), "
      "a move number (3), or '!' for an unconditional move");
}

/// Reads a move up to `stop` (or the end) and checks its shape.
std::string read_move(const Variant& v, StatementReader& r, char stop, const char* which) {
  r.skip_space();
  const std::size_t begin = r.at();
  const int column = r.column();
  while (!r.done() && r.peek() != stop) {
    if (r.peek() == '?' || r.peek() == ':' || r.peek() == '!') {
      if (r.peek() == '?' && stop == ':')
        r.fail(fmt::format("the {} move then ':' (one condition per move; no nesting)", which));
      if (r.peek() == ':' && stop == ':') break;
      r.fail(
          fmt::format("the end of the {} move (':' and '?' only separate the parts; "
                      "captures are written 'x')",
                      which));
    }
    r.take();
  }
  std::string_view move = r.text().substr(begin, r.at() - begin);
  while (!move.empty() && space(move.back())) move.remove_suffix(1);
  if (move.empty()) r.fail(fmt::format("the {} move", which));
  try {
    parse_sim_move_text(v, move);
  } catch (const NotationError& e) {
    throw DiplomacyConditionalError(
        e.kind(),
        fmt::format("'{}', column {}: the {} move: {}", r.text(), column, which, e.what()), column);
  }
  return std::string(move);
}

/// The pieces of type `t` a piece condition asks about: whose they are is knob
/// piece-condition-colour (the text writes every side's moves in upper case and glosses "Nh6"
/// as "a kNight in h6" and "2Q" as "2 queens in the game").
Bitboard asked_colour_pieces(const Position& pos, char letter, PieceType t, Color mover) {
  switch (pos.variant().knobs().diplomacy.piece_condition_colour) {
    case PieceConditionColour::kLetterColour:
      return pos.pieces(std::isupper(static_cast<unsigned char>(letter)) ? kWhite : kBlack, t);
    case PieceConditionColour::kOwnColour:
      return pos.pieces(mover, t);
    case PieceConditionColour::kAnyColour:
    case PieceConditionColour::kCount:
      break;
  }
  return pos.pieces(kWhite, t) | pos.pieces(kBlack, t);
}

}  // namespace

bool looks_like_diplomacy_conditional(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && space(text[i])) ++i;
  if (i == text.size()) return false;
  if (text[i] == '!' || text[i] == '~' || digit(text[i])) return true;
  for (std::size_t q = text.find('?', i); q != std::string_view::npos; q = text.find('?', q + 1)) {
    std::size_t j = q + 1;
    while (j < text.size() && (text[j] == '?' || text[j] == '!')) ++j;
    while (j < text.size() && space(text[j])) ++j;
    if (j < text.size()) return true;
  }
  return false;
}

DiplomacyConditional parse_diplomacy_conditional(const Variant& v, std::string_view text) {
  StatementReader r(text);
  DiplomacyConditional m;
  r.skip_space();
  if (r.peek() == '!') {
    r.take();
    m.then_text = read_move(v, r, '\0', "unconditional");
    m.else_text = m.then_text;
    return m;
  }
  m.condition = read_condition(v, r);
  r.skip_space();
  if (r.peek() != '?') r.fail("'?' after the condition");
  r.take();
  m.then_text = read_move(v, r, ':', "then");
  if (r.peek() != ':') r.fail("':' between the two moves (captures are written 'x')");
  r.take();
  m.else_text = read_move(v, r, '\0', "else");
  return m;
}

std::string to_string(const DiplomacyCondition& c) {
  switch (c.kind) {
    case DiplomacyConditionKind::kPieceOn:
      return fmt::format("{}{}", c.piece, square_name(c.square));
    case DiplomacyConditionKind::kCount:
      return fmt::format("{}{}", c.number, c.piece);
    case DiplomacyConditionKind::kEmpty:
      return fmt::format("~{}", square_name(c.square));
    case DiplomacyConditionKind::kExecuted:
      return std::to_string(c.number);
  }
  return "?";
}

std::string to_string(const DiplomacyConditional& m) {
  if (!m.condition) return fmt::format("!{}", m.then_text);
  return fmt::format("{}?{}:{}", to_string(*m.condition), m.then_text, m.else_text);
}

bool evaluate(const DiplomacyCondition& c, const SimState& s, Color mover,
              const ExecutedHistory* history) {
  const Position& pos = s.pos;
  const auto asked_pieces = [&] {
    const PieceType t = pos.variant().type_of_letter(
        static_cast<char>(std::toupper(static_cast<unsigned char>(c.piece))));
    if (t == kNoPiece)
      throw DiplomacyConditionalError(
          NotationErrorKind::kUnknownPiece,
          fmt::format("'{}': unknown piece letter '{}'", to_string(c), c.piece), 1);
    return asked_colour_pieces(pos, c.piece, t, mover);
  };
  switch (c.kind) {
    case DiplomacyConditionKind::kPieceOn:
      return has(asked_pieces(), c.square);
    case DiplomacyConditionKind::kCount:
      return popcount(asked_pieces()) == c.number;
    case DiplomacyConditionKind::kEmpty:
      return pos.piece_on(kWhite, c.square) == kNoPiece &&
             pos.piece_on(kBlack, c.square) == kNoPiece;
    case DiplomacyConditionKind::kExecuted:
      if (history == nullptr)
        throw DiplomacyConditionalError(
            NotationErrorKind::kIllegal,
            fmt::format("'{}?': \"was my move {} executed\" has a meaning only in progressive "
                        "play",
                        c.number, c.number),
            1);
      if (c.number > static_cast<int>(history->executed.size()))
        throw DiplomacyConditionalError(
            NotationErrorKind::kIllegal,
            fmt::format("'{}?' is evaluated for move {} of the set: it may only ask about an "
                        "earlier move (1 to {})",
                        c.number, history->executed.size() + 1, history->executed.size()),
            1);
      return history->executed[static_cast<std::size_t>(c.number - 1)];
  }
  return false;
}

const std::string& chosen_branch(const DiplomacyConditional& m, const SimState& s, Color mover,
                                 const ExecutedHistory* history) {
  if (!m.condition || evaluate(*m.condition, s, mover, history)) return m.then_text;
  return m.else_text;
}

Move read_diplomacy_turn(const SimState& s, Color c, std::string_view text) {
  if (!looks_like_diplomacy_conditional(text)) return read_diplomacy_move(s, c, text);
  const DiplomacyConditional m = parse_diplomacy_conditional(s.pos.variant(), text);
  return read_diplomacy_move(s, c, chosen_branch(m, s, c, nullptr));
}

}  // namespace arbiter
