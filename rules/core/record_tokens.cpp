#include "rules/core/record_tokens.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <climits>

#include "rules/core/move_words.hpp"

namespace arbiter {
namespace {

constexpr long kNumberCap = 999'999'999;
constexpr std::size_t kShownText = 40;
constexpr std::string_view kUtf8Ellipsis = "\xE2\x80\xA6";  // …
constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_delimiter(char c) {
  return is_space(c) || std::string_view("{}();[]$,").find(c) != std::string_view::npos;
}
bool is_tag_name_char(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

int clamp_int(std::size_t n) {
  return static_cast<int>(std::min<std::size_t>(n, INT_MAX));
}

/// At most kShownText bytes of `s`, cut at a UTF-8 character boundary, with "..." if cut.
std::string shorten(std::string_view s) {
  if (s.size() <= kShownText) return std::string(s);
  std::size_t cut = kShownText;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return std::string(s.substr(0, cut)) + "...";
}

constexpr std::string_view kEnDash = "\xE2\x80\x93";  // –, as typeset results have it

/// The canonical result for a word, or empty: "1-0", "0-1", "1/2-1/2", "*", with "½" for 1/2
/// and an en dash for the hyphen as typeset records write them.
std::string_view result_of(std::string_view w) {
  std::string plain;
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (w.substr(i, kEnDash.size()) == kEnDash) {
      plain += '-';
      i += kEnDash.size() - 1;
    } else if (w.substr(i, 2) == "\xC2\xBD") {  // ½
      plain += "1/2";
      ++i;
    } else {
      plain += w[i];
    }
  }
  for (std::string_view r : {"1-0", "0-1", "1/2-1/2", "*"})
    if (plain == r) return r;
  return {};
}

bool is_resigns(std::string_view w) {
  constexpr std::string_view kWord = "resigns";
  if (w.size() != kWord.size()) return false;
  for (std::size_t i = 0; i < w.size(); ++i) {
    const char c = w[i] >= 'A' && w[i] <= 'Z' ? static_cast<char>(w[i] - 'A' + 'a') : w[i];
    if (c != kWord[i]) return false;
  }
  return true;
}

bool is_annotation(std::string_view w) {
  if (!w.empty() && w.size() <= 3 && w.find_first_not_of("!?") == std::string_view::npos)
    return true;
  // Evaluation signs, check and mate marks written apart from the move ("Qh5 +"), and the
  // Informant's symbols that stand where a move may.
  static constexpr std::array kGlyphs = {
      std::string_view("+-"),
      std::string_view("-+"),
      std::string_view("+/-"),
      std::string_view("-/+"),
      std::string_view("+/="),
      std::string_view("=/+"),
      std::string_view("="),
      std::string_view("+="),
      std::string_view("=+"),
      std::string_view("=/\xE2\x88\x9E"),
      std::string_view("\xE2\x88\x9E"),  // ∞
      std::string_view("\xC2\xB1"),      // ±
      std::string_view("\xE2\x88\x93"),  // ∓
      std::string_view("\xE2\xA9\xB2"),  // ⩲
      std::string_view("\xE2\xA9\xB1"),  // ⩱
      std::string_view("e.p."),
      std::string_view("ep"),
      std::string_view("N"),
      std::string_view("+"),
      std::string_view("++"),
      std::string_view("#"),
      std::string_view("\xE2\x96\xA1"),  // □ only move
      std::string_view("\xE2\x96\xB3"),  // △ with the idea
      std::string_view("\xE2\x8A\x95"),  // ⊕ zugzwang
      std::string_view("\xE2\x87\x86"),  // ⇆ counterplay
      std::string_view("\xE2\x86\x91"),  // ↑ initiative
      std::string_view("\xE2\x86\x92"),  // → attack
      std::string_view("\xE2\x9F\xB3"),  // ⟳ development
  };
  return std::find(kGlyphs.begin(), kGlyphs.end(), w) != kGlyphs.end();
}

}  // namespace

namespace detail {

class RecordLexer {
 public:
  RecordLexer(std::string_view s, bool resync) : s_(s), resync_(resync) {
    if (s_.substr(0, kUtf8Bom.size()) == kUtf8Bom) i_ = line_start_ = kUtf8Bom.size();
  }

  /// The next token, lexing as far as needed; false at the end.
  bool take(RecordToken& t) {
    while (out_.empty() && !done_) done_ = i_ >= s_.size() ? !at_end() : !next();
    if (out_.empty()) return false;
    t = std::move(out_.front());
    out_.pop_front();
    return true;
  }

 private:
  std::string_view s_;
  bool resync_;  ///< after an error, go on at the next game's tag pairs
  std::size_t i_ = 0;
  int line_ = 1;
  std::size_t line_start_ = 0;
  bool at_line_start_ = true;
  bool done_ = false;
  std::deque<RecordToken> out_;  ///< lexed and not yet taken (a word can give two tokens)
  /// The open variation: its nesting depth (0: none), and where the outermost one began. Its
  /// words are lexed like the main line's, so that a NAG, a comment or a move number reads the
  /// same inside it, and dropped: the variation is one token.
  std::size_t depth_ = 0;
  std::size_t variation_start_ = 0;
  int variation_line_ = 0, variation_column_ = 0;
  RecordToken dropped_;  ///< where a token inside a variation is lexed

  int column() const { return clamp_int(i_ - line_start_ + 1); }

  /// Moves to `to`, counting the lines passed.
  void advance(std::size_t to) {
    for (; i_ < to; ++i_) {
      if (s_[i_] == '\n') {
        if (line_ < INT_MAX) ++line_;
        line_start_ = i_ + 1;
        at_line_start_ = true;
      }
    }
  }

  RecordToken& emit(RecordTokenKind kind, std::string text, int line, int column) {
    RecordToken& t = depth_ > 0 ? (dropped_ = RecordToken{}) : out_.emplace_back();
    t.kind = kind;
    t.text = std::move(text);
    t.line = line;
    t.column = column;
    return t;
  }

  /// Emits an error. Without resync it ends the token list (returns false to stop the lexer);
  /// with it, lexing goes on at the first game boundary at or after `resume`, if any.
  bool error(std::string_view text, int line, int column, std::string message, std::size_t resume) {
    depth_ = 0;
    emit(RecordTokenKind::kError, shorten(text), line, column).message = std::move(message);
    if (!resync_) return false;
    const std::size_t at = game_boundary(std::max(resume, i_), s_.size());
    if (at == std::string_view::npos) return false;
    advance(at);
    return true;
  }
  bool error(std::string_view text, int line, int column, std::string message) {
    return error(text, line, column, std::move(message), i_ + 1);
  }

  /// At the end of the text: a variation still open is an error.
  bool at_end() {
    if (depth_ == 0) return false;
    return error("(", variation_line_, variation_column_,
                 fmt::format("the variation opened at line {}, column {} is never closed (no "
                             "')')",
                             variation_line_, variation_column_),
                 s_.size());
  }

  std::size_t end_of_line(std::size_t from) const {
    const std::size_t nl = s_.find('\n', from);
    return nl == std::string_view::npos ? s_.size() : nl;
  }

  /// Whether the line at `p` (a line start) opens a tag pair: '[', a tag name, '"'. Its name
  /// goes to `name`.
  bool tag_line(std::size_t p, std::string_view& name) const {
    if (p >= s_.size() || s_[p] != '[') return false;
    std::size_t j = p + 1;
    while (j < s_.size() && is_tag_name_char(s_[j])) ++j;
    name = s_.substr(p + 1, j - p - 1);
    while (j < s_.size() && (s_[j] == ' ' || s_[j] == '\t')) ++j;
    return !name.empty() && j < s_.size() && s_[j] == '"';
  }

  /// Where the next game's tag section begins, at or after `from` and before `limit`: a line
  /// that opens a tag pair after a blank line, or an [Event ...] line (npos when none). No
  /// comment or variation runs across it: one that does is never closed, and a reader of many
  /// games goes on there after an error.
  std::size_t game_boundary(std::size_t from, std::size_t limit) const {
    std::size_t p = from;
    if (p > 0 && p < s_.size() && s_[p - 1] != '\n') p = end_of_line(p) + 1;
    bool blank_before = p == 0;
    if (p > 0 && p <= s_.size()) {  // whether the line before p holds only blanks
      std::size_t k = p - 1;
      blank_before = true;
      while (k > 0 && s_[k - 1] != '\n') blank_before &= is_space(s_[--k]);
    }
    for (; p < limit; p = end_of_line(p) + 1) {
      std::string_view name;
      if (tag_line(p, name) && (blank_before || name == "Event")) return p;
      const std::size_t eol = end_of_line(p);
      blank_before = true;
      for (std::size_t k = p; k < eol && blank_before; ++k) blank_before = is_space(s_[k]);
    }
    return std::string_view::npos;
  }

  /// "(in the variation opened at line L, column C) " inside one, else nothing.
  std::string in_variation() const {
    if (depth_ == 0) return {};
    return fmt::format("(in the variation opened at line {}, column {}) ", variation_line_,
                       variation_column_);
  }

  bool next() {
    const char c = s_[i_];
    if (is_space(c)) {
      advance(i_ + 1);
      return true;
    }
    const int line = line_, col = column();
    if (c == '%' && at_line_start_) {  // PGN escape line
      advance(end_of_line(i_));
      return true;
    }
    at_line_start_ = false;
    switch (c) {
      case '{': {
        std::size_t close = s_.find('}', i_ + 1);
        if (close == std::string_view::npos) close = s_.size();
        const std::size_t next_game = game_boundary(i_ + 1, close);
        if (close == s_.size() || next_game != std::string_view::npos)
          return error(
              "{", line, col,
              fmt::format(
                  "the comment opened at line {}, column {} {}is never closed "
                  "(no '}}'{})",
                  line, col, in_variation(),
                  next_game == std::string_view::npos ? "" : " before the next game's tag pairs"),
              next_game);
        const std::size_t start = i_;
        advance(close + 1);
        at_line_start_ = false;
        emit(RecordTokenKind::kComment, std::string(s_.substr(start, close + 1 - start)), line,
             col);
        return true;
      }
      case ';': {
        const std::size_t start = i_;
        advance(end_of_line(i_));
        emit(RecordTokenKind::kComment, std::string(s_.substr(start, i_ - start)), line, col);
        return true;
      }
      case '(':
        if (depth_++ == 0) {
          variation_start_ = i_;
          variation_line_ = line;
          variation_column_ = col;
        }
        advance(i_ + 1);
        return true;
      case ')':
        if (depth_ == 0) return error(")", line, col, "')' without a matching '('");
        advance(i_ + 1);
        if (--depth_ == 0)
          emit(RecordTokenKind::kVariation,
               std::string(s_.substr(variation_start_, i_ - variation_start_)), variation_line_,
               variation_column_);
        return true;
      case '}':
        return error("}", line, col, "'}' without a matching '{'");
      case ']':
        return error("]", line, col, "']' without a matching '['");
      case '[':
        if (depth_ > 0)  // a tag pair: the next game has begun
          return error("(", variation_line_, variation_column_,
                       fmt::format("the variation opened at line {}, column {} is never closed "
                                   "(no ')' before the tag pair at line {}, column {})",
                                   variation_line_, variation_column_, line, col),
                       i_);
        return tag(line, col);
      case ',':
        emit(RecordTokenKind::kComma, ",", line, col);
        advance(i_ + 1);
        return true;
      case '$': {
        std::size_t j = i_ + 1;
        long number = 0;
        while (j < s_.size() && is_digit(s_[j]))
          number = std::min(number * 10 + (s_[j++] - '0'), kNumberCap);
        if (j == i_ + 1)
          return error("$", line, col, "'$' must be followed by a number, as in the NAG $1");
        emit(RecordTokenKind::kNag, std::string(s_.substr(i_, j - i_)), line, col).number = number;
        advance(j);
        return true;
      }
      default:
        break;
    }
    std::size_t end = i_;
    while (end < s_.size() && !is_delimiter(s_[end])) ++end;
    const std::string_view w = s_.substr(i_, end - i_);
    // "12)": a move number as books and web pages write it; a ')' straight after a word of
    // digits cannot close a variation (no move is digits only). A NAG ("$5)") is read above.
    if (end < s_.size() && s_[end] == ')' && w.find_first_not_of("0123456789") == w.npos &&
        !is_null_move_word(w)) {
      long number = 0;
      for (const char d : w) number = std::min(number * 10 + (d - '0'), kNumberCap);
      RecordToken& t =
          emit(RecordTokenKind::kMoveNumber, std::string(s_.substr(i_, end + 1 - i_)), line, col);
      t.number = number;
      t.dots = 1;
      advance(end + 1);
      return true;
    }
    word(w, line, col);
    advance(end);
    return true;
  }

  /// [Name "value"] on one line; '\' escapes the next character in the value.
  bool tag(int line, int col) {
    const std::size_t eol = end_of_line(i_);
    const auto fail = [&] {
      return error(s_.substr(i_, eol - i_), line, col,
                   "malformed tag pair: expected [Name \"value\"] on one line");
    };
    std::size_t j = i_ + 1;
    const auto skip_blanks = [&] {
      while (j < eol && (s_[j] == ' ' || s_[j] == '\t' || s_[j] == '\r')) ++j;
    };
    skip_blanks();
    const std::size_t name_start = j;
    while (j < eol && is_tag_name_char(s_[j])) ++j;
    if (j == name_start) return fail();
    const std::string_view name = s_.substr(name_start, j - name_start);
    skip_blanks();
    if (j >= eol || s_[j] != '"') return fail();
    const std::size_t value_start = j + 1;
    // The value ends at the first '"' that is followed by ']' (blanks between): a quote inside
    // it that is not escaped, as in [White ""Mephisto""], is read as part of it.
    const auto closes = [&](std::size_t q) {
      std::size_t k = q + 1;
      while (k < eol && (s_[k] == ' ' || s_[k] == '\t' || s_[k] == '\r')) ++k;
      return k < eol && s_[k] == ']';
    };
    std::string value;
    for (j = value_start; j < eol && !(s_[j] == '"' && closes(j)); ++j) {
      if (s_[j] == '\\' && j + 1 < eol) ++j;
      value += s_[j];
    }
    if (j >= eol) return fail();
    ++j;
    skip_blanks();
    ++j;  // the ']'

    RecordToken& t = emit(RecordTokenKind::kTag, std::string(s_.substr(i_, j - i_)), line, col);
    t.tag_name = std::string(name);
    t.tag_value = std::move(value);
    advance(j);
    return true;
  }

  /// Classifies a word, splitting off leading move numbers ("1.e4", "12...Nf6").
  void word(std::string_view w, int line, int col) {
    while (!w.empty()) {
      if (is_digit(w[0]) && !is_null_move_word(w)) {
        std::size_t k = 0;
        long number = 0;
        for (; k < w.size() && is_digit(w[k]); ++k)
          number = std::min(number * 10 + (w[k] - '0'), kNumberCap);
        std::size_t len = k, dots = 0;
        if (k < w.size() && w[k] == '.') {
          while (len < w.size() && w[len] == '.') ++len;
          dots = len - k;
        } else if (w.substr(k, kUtf8Ellipsis.size()) == kUtf8Ellipsis) {
          len = k + kUtf8Ellipsis.size();
          dots = 3;
        }
        if (k == w.size() || dots > 0) {
          RecordToken& t =
              emit(RecordTokenKind::kMoveNumber, std::string(w.substr(0, len)), line, col);
          t.number = number;
          t.dots = clamp_int(std::min<std::size_t>(dots, 99));
          w.remove_prefix(len);
          col = clamp_int(static_cast<std::size_t>(col) + len);
          continue;
        }
      }
      RecordTokenKind kind = RecordTokenKind::kMove;
      const std::string_view result = result_of(w);
      if (is_null_move_word(w)) {
        kind = RecordTokenKind::kNullMove;
      } else if (!result.empty()) {
        kind = RecordTokenKind::kResult;
      } else if (is_resigns(w)) {
        kind = RecordTokenKind::kResign;
      } else if (w.find_first_not_of('.') == std::string_view::npos || w == kUtf8Ellipsis) {
        kind = RecordTokenKind::kEllipsis;
      } else if (is_annotation(w)) {
        kind = RecordTokenKind::kAnnotation;
      }
      emit(kind, std::string(w), line, col).result = std::string(result);
      return;
    }
  }
};

}  // namespace detail

std::string to_string(RecordTokenKind kind) {
  switch (kind) {
    case RecordTokenKind::kTag:
      return "tag";
    case RecordTokenKind::kMoveNumber:
      return "move number";
    case RecordTokenKind::kEllipsis:
      return "ellipsis";
    case RecordTokenKind::kMove:
      return "move";
    case RecordTokenKind::kNullMove:
      return "null move";
    case RecordTokenKind::kComma:
      return "comma";
    case RecordTokenKind::kAnnotation:
      return "annotation";
    case RecordTokenKind::kNag:
      return "NAG";
    case RecordTokenKind::kComment:
      return "comment";
    case RecordTokenKind::kVariation:
      return "variation";
    case RecordTokenKind::kResult:
      return "result";
    case RecordTokenKind::kResign:
      return "resigns";
    case RecordTokenKind::kError:
      return "error";
  }
  return "?";
}

std::vector<RecordToken> tokenize_record(std::string_view text) {
  std::vector<RecordToken> out;
  detail::RecordLexer lexer(text, false);
  for (RecordToken t; lexer.take(t);) out.push_back(std::move(t));
  return out;
}

RecordTokenizer::RecordTokenizer(std::string_view text, bool resync)
    : lexer_(std::make_unique<detail::RecordLexer>(text, resync)) {}
RecordTokenizer::~RecordTokenizer() = default;

bool RecordTokenizer::next(RecordToken& out) {
  return lexer_->take(out);
}

bool RecordGames::next(std::vector<RecordToken>& game) {
  using K = RecordTokenKind;
  game.clear();
  bool moves = false;  // movetext has begun: a tag pair now begins the next game
  bool ended = false;  // the result was read: anything but comments begins the next game
  RecordToken t;
  while (have_ahead_ || tokens_.next(t)) {
    if (have_ahead_) {
      t = std::move(ahead_);
      have_ahead_ = false;
    }
    // A malformed tag pair is the next game's; any other error ends the game it is found in
    // (even after its result: an unclosed comment there is still its own).
    const bool tag = t.kind == K::kTag || (t.kind == K::kError && t.text.front() == '[');
    const bool kept = t.kind == K::kComment || t.kind == K::kComma || (t.kind == K::kError && !tag);
    if (!game.empty() && ((ended && !kept) || (moves && tag))) {
      ahead_ = std::move(t);
      have_ahead_ = true;
      break;
    }
    if (t.kind == K::kResult) ended = true;
    if (!kept && !tag) moves = true;
    const bool error = t.kind == K::kError;
    game.push_back(std::move(t));
    if (error) break;  // the tokenizer goes on at the next game's tag pairs
  }
  if (game.empty() && started_) return false;
  started_ = true;
  return true;
}

}  // namespace arbiter
