#include "rules/conditional/conditional_move.hpp"

#include <fmt/format.h>

#include <cctype>

namespace arbiter {
namespace {

constexpr const char* kConditionExpected = "expected a condition such as a8?, Eg7? or Bg5?";

bool is_space(char c) {
  return std::isspace(static_cast<unsigned char>(c)) != 0;
}
bool is_alnum(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0;
}
bool is_upper(char c) {
  return std::isupper(static_cast<unsigned char>(c)) != 0;
}
bool is_lower(char c) {
  return std::islower(static_cast<unsigned char>(c)) != 0;
}
char upper(char c) {
  return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
}

/// A half-open range [begin, end) of the text being parsed.
struct Span {
  std::size_t begin = 0, end = 0;
  bool empty() const { return begin >= end; }
  std::size_t size() const { return end - begin; }
};

/// Parses one conditional move, keeping the whole text for messages and columns.
class Parser {
 public:
  Parser(const Variant& v, std::string_view text) : v_(v), text_(text) {}

  ConditionalMove parse() {
    const Span all = trim({0, text_.size()});
    if (all.empty())
      fail(1,
           "empty conditional move: expected condition?then/else such as d2?Nh4/e6, or "
           "!move such as !Qe2");
    ConditionalMove m;
    if (text_[all.begin] == '!') {
      const Span move = trim({all.begin + 1, all.end});
      reject_second_slash(move,
                          "'!move' states a single move (a condition with two moves is "
                          "written cond?then/else)");
      bool marked = false;
      m.then_text = branch(move, "a move after '!' (such as !Qe2)", all.begin + 1, marked);
      m.else_text = m.then_text;
      m.marked = marked ? 0 : -1;
      return m;
    }
    const std::size_t q = text_.find('?', all.begin);
    if (q == std::string_view::npos || q >= all.end)
      fail(all.begin + 1,
           "no '?' found: expected condition?then/else with a condition such as a8?, Eg7? or "
           "Bg5?, or '!' before a single move (such as !Qe2)");
    m.condition = condition(trim({all.begin, q}), q);
    const Span rest{q + 1, all.end};
    const std::size_t slash = text_.find('/', rest.begin);
    if (slash == std::string_view::npos || slash >= rest.end) {
      // Diplomacy Chess writes cond?then:else; Conditional Chess separates the moves with '/'.
      const std::size_t colon = text_.find(':', rest.begin);
      if (colon != std::string_view::npos && colon < rest.end)
        fail(colon + 1,
             fmt::format("':' separates the moves in Diplomacy Chess; Conditional Chess writes "
                         "'/' between the then-move and the else-move ({}?{}/{})",
                         view(trim({all.begin, q})), view(trim({rest.begin, colon})),
                         view(trim({colon + 1, rest.end}))));
      fail(all.end + 1,
           "expected '/' between the then-move and the else-move (such as "
           "d2?Nh4/e6)");
    }
    reject_second_slash({slash + 1, rest.end},
                        "a conditional move has one then-move and one else-move; conversion "
                        "suffixes such as /Nf3 cannot be written in it");
    bool then_marked = false, else_marked = false;
    m.then_text = branch(trim({rest.begin, slash}), "a then-move after '?' (such as d2?Nh4/e6)",
                         slash, then_marked);
    const Span else_span = trim({slash + 1, rest.end});
    m.else_text =
        branch(else_span, "an else-move after '/' (such as d2?Nh4/e6)", all.end, else_marked);
    if (then_marked && else_marked)
      fail(else_span.begin + 1,
           "'*' marks must enclose exactly one branch: both the then-move and the else-move are "
           "marked");
    m.marked = then_marked ? 0 : else_marked ? 1 : -1;
    return m;
  }

 private:
  const Variant& v_;
  std::string_view text_;

  [[noreturn]] void fail(std::size_t column, const std::string& what,
                         NotationErrorKind kind = NotationErrorKind::kSyntax) const {
    throw ConditionalNotationError(kind, fmt::format("'{}' at column {}: {}", text_, column, what),
                                   static_cast<int>(column));
  }

  Span trim(Span s) const {
    while (s.begin < s.end && is_space(text_[s.begin])) ++s.begin;
    while (s.end > s.begin && is_space(text_[s.end - 1])) --s.end;
    return s;
  }

  std::string_view view(Span s) const { return text_.substr(s.begin, s.size()); }

  void reject_second_slash(Span s, const std::string& why) const {
    const std::size_t slash = text_.find('/', s.begin);
    if (slash != std::string_view::npos && slash < s.end)
      fail(slash + 1, fmt::format("unexpected '/': {}", why));
  }

  /// The condition before '?' at `q`.
  Condition condition(Span s, std::size_t q) const {
    if (s.empty()) fail(q + 1, fmt::format("{} before '?'", kConditionExpected));
    for (std::size_t i = s.begin; i < s.end; ++i)
      if (text_[i] == '*')
        fail(i + 1,
             "'*' marks must enclose exactly one branch (the then-move or the else-move), not "
             "the condition");
    const std::string_view c = view(s);
    const auto not_a_condition = [&]() {
      fail(s.begin + 1,
           fmt::format("'{}' is not a condition: {} before '?' (a square: is it empty?; E and a "
                       "square: any enemy piece there?; a piece letter and a square: that enemy "
                       "piece there?)",
                       c, kConditionExpected));
    };
    if (c.size() == 2) {
      const auto sq = parse_square(c);
      if (!sq) not_a_condition();
      return Condition{ConditionKind::kEmpty, *sq, 0};
    }
    if (c.size() != 3) not_a_condition();
    const auto sq = parse_square(c.substr(1));
    if (!sq) not_a_condition();
    const char letter = c[0];
    if (letter == 'E') return Condition{ConditionKind::kAnyEnemy, *sq, 0};
    if (is_lower(letter) && (upper(letter) == 'E' || v_.type_of_letter(upper(letter)) != kNoPiece))
      fail(s.begin + 1,
           fmt::format("condition letters are upper case (the piece is always the enemy's): "
                       "write {}{}?",
                       upper(letter), c.substr(1)));
    if (!is_upper(letter)) not_a_condition();
    if (v_.type_of_letter(letter) == kNoPiece)
      fail(s.begin + 1,
           fmt::format("unknown piece letter '{}' in the condition: this table's letters are {}",
                       letter, condition_letters()),
           NotationErrorKind::kUnknownPiece);
    return Condition{ConditionKind::kEnemyPiece, *sq, letter};
  }

  std::string condition_letters() const {
    std::string out;
    bool table_has_e = false;
    for (int t = 0; t < v_.piece_count(); ++t) {
      const char letter = v_.piece(static_cast<PieceType>(t)).letter;
      if (letter == 'E') {
        table_has_e = true;
        continue;
      }
      out += (out.empty() ? "" : ", ") + std::string(1, letter);
    }
    out += ", and E for any enemy piece";
    if (table_has_e)
      out += fmt::format(" (the table's {} is also lettered E and cannot be named in a condition)",
                         v_.piece(v_.type_of_letter('E')).name);
    return out;
  }

  std::string move_letters() const {
    std::string out;
    for (int t = 0; t < v_.piece_count(); ++t)
      out += (out.empty() ? "" : ", ") + std::string(1, v_.piece(static_cast<PieceType>(t)).letter);
    return out;
  }

  /// One move, possibly "*move*". `expected_at` is the column (0-based) to report when empty.
  std::string branch(Span s, const std::string& expected, std::size_t expected_at,
                     bool& marked) const {
    if (s.empty()) fail(expected_at + 1, "expected " + expected);
    marked = false;
    Span move = s;
    if (text_[s.begin] == '*') {
      if (s.size() < 2 || text_[s.end - 1] != '*')
        fail(s.begin + 1,
             "'*' marks must enclose exactly one branch: this '*' is not closed at the end of "
             "its move");
      marked = true;
      move = trim({s.begin + 1, s.end - 1});
      if (move.empty()) fail(s.begin + 1, "'*' marks enclose no move: expected " + expected);
    }
    for (std::size_t i = move.begin; i < move.end; ++i)
      if (text_[i] == '*')
        fail(i + 1,
             "'*' marks must enclose exactly one branch, as in d2?*Nh4*/e6 or !*Qe2*: a '*' "
             "inside a move");
    std::size_t marks = move.end;  // trailing check marks and annotations start here
    while (marks > move.begin &&
           std::string_view("+#!?").find(text_[marks - 1]) != std::string_view::npos)
      --marks;
    for (std::size_t i = move.begin + 1; i < marks; ++i)
      if (text_[i] == '?' || text_[i] == '!')
        fail(i + 1, fmt::format("'{}' inside a move: annotations such as !? come at the end of a "
                                "move, and a conditional move has one condition, ending in the "
                                "first '?'",
                                text_[i]));
    if (!is_alnum(text_[move.begin]))
      fail(move.begin + 1,
           fmt::format("expected {}, found '{}' (a move starts with a piece letter, a file or O-O)",
                       expected, text_[move.begin]));
    const char first = text_[move.begin];
    if (is_upper(first) && first != 'O' && v_.type_of_letter(first) == kNoPiece)
      fail(move.begin + 1,
           fmt::format("unknown piece letter '{}' in {}: this table's letters are {}", first,
                       expected, move_letters()),
           NotationErrorKind::kUnknownPiece);
    return std::string(view(move));
  }
};

/// What parse_san matches on: the text less check marks, annotations, "e.p.", the capture mark
/// before the destination, and the spelling of castling and promotion.
std::string move_key(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  while (!s.empty() && std::string_view("+#!?").find(s.back()) != std::string_view::npos)
    s.remove_suffix(1);
  if (s.size() > 4 && s.substr(s.size() - 4) == "e.p.") s.remove_suffix(4);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  std::string compact;
  for (char c : s)
    if (c != '-') compact += c == '0' ? 'O' : c;
  if (!compact.empty() && compact.find_first_not_of('O') == std::string::npos) return compact;
  char promo = 0;
  if (s.size() >= 4 && s.back() == ')' && s[s.size() - 3] == '(') {
    promo = upper(s[s.size() - 2]);
    s.remove_suffix(3);
  } else if (s.size() >= 3 && std::isalpha(static_cast<unsigned char>(s.back())) &&
             (s[s.size() - 2] == '=' ||
              std::isdigit(static_cast<unsigned char>(s[s.size() - 2])))) {
    promo = upper(s.back());
    s.remove_suffix(1);
    if (s.back() == '=') s.remove_suffix(1);
  }
  std::string key;
  if (s.size() >= 3 && (s[s.size() - 3] == 'x' || s[s.size() - 3] == ':')) {
    key = std::string(s.substr(0, s.size() - 3)) + std::string(s.substr(s.size() - 2));
  } else {
    key = std::string(s);
  }
  if (promo) key += std::string("=") + promo;
  return key;
}

std::string condition_text(const Variant& v, const Condition& c) {
  if (c.square < 0 || c.square >= kSquares)
    throw std::invalid_argument(
        fmt::format("conditional move: condition square {} is off the board", c.square));
  switch (c.kind) {
    case ConditionKind::kEmpty:
      return square_name(c.square);
    case ConditionKind::kAnyEnemy:
      return std::string(1, 'E').append(square_name(c.square));
    case ConditionKind::kEnemyPiece:
      if (c.piece == 'E' || v.type_of_letter(c.piece) == kNoPiece)
        throw std::invalid_argument(
            fmt::format("conditional move: condition piece '{}' cannot be written: {}", c.piece,
                        c.piece == 'E' ? "E is the any-enemy condition (Eg7?), not a piece letter"
                                       : "the table has no piece with that letter"));
      return std::string(1, c.piece).append(square_name(c.square));
  }
  throw std::invalid_argument("conditional move: unknown condition kind");
}

void check_printable(const std::string& move, const char* which) {
  const auto bad = [&](const std::string& why) {
    throw std::invalid_argument(
        fmt::format("conditional move: cannot print {} \"{}\": {}", which, move, why));
  };
  if (move.empty()) bad("it is empty");
  if (is_space(move.front()) || is_space(move.back())) bad("it has surrounding whitespace");
  if (!is_alnum(move.front())) bad("a move starts with a letter or digit");
  if (move.find_first_of("/*") != std::string::npos)
    bad("'/' and '*' are part of the conditional notation");
}

/// `prefix` then the move, in "*...*" when marked. (Appending rather than operator+ on
/// temporaries sidesteps GCC 12's false -Wrestrict warning, GCC bug 105329.)
std::string marked_move(std::string prefix, const std::string& move, bool mark) {
  if (mark) prefix += '*';
  prefix += move;
  if (mark) prefix += '*';
  return prefix;
}

}  // namespace

bool looks_like_conditional(std::string_view t) {
  if (t.size() >= 2 && t[0] == '!' && t[1] != '!' && t[1] != '?') return true;
  const std::size_t q = t.find('?');
  return q != std::string_view::npos && t.find_first_not_of("?!", q) != std::string_view::npos;
}

ConditionalMove parse_conditional(const Variant& v, std::string_view text) {
  return Parser(v, text).parse();
}

bool same_stated_move(std::string_view a, std::string_view b) {
  return move_key(a) == move_key(b);
}

std::string to_string(const Variant& v, const ConditionalMove& m, bool with_marks) {
  if (m.marked < -1 || m.marked > 1)
    throw std::invalid_argument(
        fmt::format("conditional move: marked is {} (expected -1, 0 or 1)", m.marked));
  check_printable(m.then_text, "the then-move");
  if (!m.condition) {
    if (m.else_text != m.then_text)
      throw std::invalid_argument(
          fmt::format("conditional move without a condition has two different moves \"{}\" "
                      "and \"{}\" (expected else_text == then_text)",
                      m.then_text, m.else_text));
    if (m.marked == 1)
      throw std::invalid_argument(
          "conditional move without a condition has its else-branch marked");
    return marked_move("!", m.then_text, with_marks && m.marked == 0);
  }
  check_printable(m.else_text, "the else-move");
  const std::string cond = condition_text(v, *m.condition);
  if (same_stated_move(m.then_text, m.else_text))
    return marked_move("!", m.then_text, with_marks && m.marked >= 0);
  const std::string then_part = marked_move(cond + "?", m.then_text, with_marks && m.marked == 0);
  return marked_move(then_part + "/", m.else_text, with_marks && m.marked == 1);
}

bool evaluate(const Condition& c, const Position& pos, Color stater) {
  if (c.square < 0 || c.square >= kSquares)
    throw std::invalid_argument(fmt::format("condition square {} is off the board", c.square));
  const Color enemy = ~stater;
  switch (c.kind) {
    case ConditionKind::kEmpty:
      return !has(pos.occupied(), c.square);
    case ConditionKind::kAnyEnemy:
      return has(pos.pieces(enemy), c.square);
    case ConditionKind::kEnemyPiece: {
      const PieceType t = c.piece == 'E' ? kNoPiece : pos.variant().type_of_letter(c.piece);
      if (t == kNoPiece)
        throw std::invalid_argument(
            fmt::format("condition piece '{}' on {}: {}", c.piece, square_name(c.square),
                        c.piece == 'E' ? "E is the any-enemy condition, not a piece letter"
                                       : "the table has no piece with that letter"));
      return pos.piece_on(enemy, c.square) == t;
    }
  }
  throw std::invalid_argument("unknown condition kind");
}

Move resolve_branch(const Position& pos, const ConditionalMove& m, Color stater, int* branch_out) {
  if (pos.side_to_move() != stater)
    throw std::invalid_argument(
        fmt::format("a conditional move of {} is executed with {} to move, but {} is to move",
                    stater == kWhite ? "White" : "Black", stater == kWhite ? "White" : "Black",
                    pos.side_to_move() == kWhite ? "White" : "Black"));
  const int branch = !m.condition || evaluate(*m.condition, pos, stater) ? 0 : 1;
  if (branch_out) *branch_out = branch;
  return parse_san(pos, branch == 0 ? m.then_text : m.else_text);
}

}  // namespace arbiter
