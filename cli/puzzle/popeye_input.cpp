// Popeye's input language (BeginProblem ... EndProblem), the part of it arbiter can solve:
// orthodox pieces, #n / s#n / h#n, the options listed in docs/popeye-input.md, and twins.
// Everything else is an error naming the keyword and its line; what changes only Popeye's printout
// is noted (with its line) and ignored.
#include <fmt/format.h>

#include <array>
#include <cctype>
#include <optional>
#include <stdexcept>
#include <utility>

#include "cli/puzzle/popeye_board.hpp"
#include "cli/puzzle/popeye_keywords.hpp"
#include "cli/puzzle/popeye_layout.hpp"
#include "cli/puzzle/problem_source.hpp"
#include "puzzles/stipulation.hpp"

namespace arbiter::cli {
namespace popeye {

int match_keyword(const std::string_view* first, std::size_t count, std::string_view token) {
  const auto is_prefix = [&](std::string_view keyword) {
    if (token.empty() || token.size() > keyword.size()) return false;
    for (std::size_t i = 0; i < token.size(); ++i)
      if (std::tolower(static_cast<unsigned char>(token[i])) !=
          std::tolower(static_cast<unsigned char>(keyword[i])))
        return false;
    return true;
  };
  for (std::size_t i = 0; i < count; ++i) {
    if (!is_prefix(first[i])) continue;
    if (token.size() == first[i].size()) return static_cast<int>(i);
    for (std::size_t j = i + 1; j < count; ++j)
      if (is_prefix(first[j])) return kAmbiguous;
    return static_cast<int>(i);
  }
  return kNoMatch;
}

}  // namespace popeye

namespace {

using namespace popeye;

struct Token {
  std::string text;
  int line = 0;
  std::size_t offset = 0;  ///< where it starts in the text
  bool eof() const { return text.empty(); }
};

/// Popeye's tokens: words separated by blanks, newlines, ';' and ','. Author, Title and the
/// like take the rest of their line instead.
class Lexer {
 public:
  explicit Lexer(const std::string& text) : text_(&text) {}

  Token next() {
    while (pos_ < text_->size() && is_space((*text_)[pos_])) advance();
    Token t{{}, line_, pos_};
    while (pos_ < text_->size() && !is_space((*text_)[pos_])) t.text += (*text_)[pos_++];
    last_ = t;
    return t;
  }

  /// The word next() returned last.
  const Token& last() const { return last_; }

  /// The text from `from` to `to`, every run of blanks one space.
  std::string words(std::size_t from, std::size_t to) const {
    std::string out;
    for (std::size_t i = from; i < to && i < text_->size(); ++i) {
      const bool blank = is_space((*text_)[i]);
      if (blank && (out.empty() || out.back() == ' ')) continue;
      out += blank ? ' ' : (*text_)[i];
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
  }

  /// The rest of the current line, blanks trimmed (Popeye's ReadToEndOfLine).
  std::string rest_of_line() {
    while (pos_ < text_->size() && ((*text_)[pos_] == ' ' || (*text_)[pos_] == '\t')) ++pos_;
    std::string out;
    while (pos_ < text_->size() && (*text_)[pos_] != '\n' && (*text_)[pos_] != '\r')
      out += (*text_)[pos_++];
    while (!out.empty() && std::isspace(static_cast<unsigned char>(out.back()))) out.pop_back();
    return out;
  }

 private:
  static bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == ',';
  }
  void advance() {
    if ((*text_)[pos_] == '\n') ++line_;
    ++pos_;
  }
  const std::string* text_;  // a pointer, so that a Lexer can be copied to look ahead
  std::size_t pos_ = 0;
  int line_ = 1;
  Token last_;
};

/// What one problem (or twin) sets, besides the board.
struct ProblemState {
  Board board{};
  /// Parsed once, where it is read (a stipulation arbiter cannot parse is an error there);
  /// none before a Stipulation.
  std::optional<puzzles::Stipulation> stip;
  int stip_line = 0;
  std::string title, author, origin, award;
  std::vector<std::string> remarks;
  std::optional<int> max_solutions;
  int max_seconds = 0;                 ///< Popeye's MaxTime (0: none)
  std::optional<int> max_refutations;  ///< Defence n
  bool no_threat = false, half_duplex = false, duplex = false, set_play = false;
  bool tries = false;
  bool variations = false;     ///< Popeye's Option Variation
  bool white_to_play = false;  ///< helpmates: White starts (h#n becomes h#(n-1).5)
  int white_to_play_line = 0;
  std::vector<std::string> notes;  ///< "line: what was ignored"
  std::vector<int> no_castling;    ///< squares named by NoCastling
  int en_passant = -1;             ///< the square a pawn just passed over
  std::string condition;           ///< `Condition WORD`: an arbiter table's name
  std::string condition_source;    ///< "file:line" of that word
};

void append_line(std::string& field, const std::string& line) {
  if (line.empty()) return;
  if (!field.empty()) field += '\n';
  field += line;
}

/// Reads one file's problems; `out` receives them in order.
class Reader {
 public:
  Reader(const std::string& text, std::string name, std::vector<ProblemSpec>& out)
      : lex_(text), name_(std::move(name)), out_(out) {}

  void run() {
    Token tok = lex_.next();
    if (tok.eof()) throw ParseError{1, "empty file: expected BeginProblem"};
    int lang = kLanguageCount;
    for (int l = 0; l < kLanguageCount; ++l)
      if (match(kBeginProblem, static_cast<Language>(l), tok.text) == 0) lang = l;
    if (lang == kLanguageCount)
      throw ParseError{
          tok.line,
          fmt::format("expected BeginProblem (AnfangProblem, DebutProbleme), not '{}'", tok.text)};
    lang_ = static_cast<Language>(lang);
    opener_line_ = tok.line;
    for (;;) {
      ProblemToken end = kEndProblem;
      try {
        end = problem();
      } catch (const ParseError& e) {
        fail(e);
        end = skip_to_problem_end();
      }
      if (end == kEndProblem) return;
    }
  }

  /// A problem that cannot be solved, at the line of its BeginProblem / NextProblem.
  void fail(const ParseError& e) {
    ProblemSpec p;
    p.index = static_cast<int>(out_.size()) + 1;
    p.source = fmt::format("{}:{}", name_, opener_line_);
    p.error = fmt::format("{}:{}: {}", name_, e.line, e.what);
    p.group = ++group_;
    out_.push_back(std::move(p));
  }

 private:
  /// One problem, from after BeginProblem / NextProblem to its EndProblem or NextProblem.
  ProblemToken problem() {
    ProblemState initial;
    const int start_line = opener_line_;
    Token tok = initial_twin(lex_.next(), initial);
    if (tok.eof()) throw ParseError{tok.line, "the file ends before EndProblem"};
    const bool has_twins = match(kEndTwinTokens, lang_, tok.text) >= 0;
    const bool zero = match(kEndTwinTokens, lang_, tok.text) == kZeroPosition;
    int twins = 0;  // the twins labelled so far
    ++group_;
    const std::size_t first = out_.size();
    if (!zero) {
      const std::string label = has_twins ? twin_label(twins++) : std::string();
      emit(initial, start_line, label, label.empty() ? "" : label + ' ');
    }
    ProblemState last = initial;
    std::string unread;  // the label of the last twin, when it could not be read
    while (match(kEndTwinTokens, lang_, tok.text) >= 0) {
      const int twin_line = tok.line;
      const std::string label = twin_label(twins++);
      bool continued = false;
      try {
        tok = lex_.next();
        const std::size_t from = tok.offset;
        ProblemState twin = initial;
        continued = match(kTwinnings, lang_, tok.text) == kContinued;
        if (continued) {
          if (!unread.empty())
            throw ParseError{tok.line, fmt::format("twin {} continues twin {}, which could not "
                                                   "be read",
                                                   label, unread)};
          twin = last;
          tok = lex_.next();
        }
        twin.remarks.clear();  // a twin's remarks and notes are its own
        twin.notes.clear();
        std::string popeye_text;
        tok = twinning(tok, twin, popeye_text);
        emit(twin, twin_line, fmt::format("{} {}", label, lex_.words(from, tok.offset)),
             (continued ? "+" : "") + label + ' ' + popeye_text);
        last = std::move(twin);
        unread.clear();
      } catch (const ParseError& e) {
        // The twin is reported in its place and the problem's other twins are read all the
        // same, as Popeye would solve them.
        fail_twin(e, twin_line, label, continued);
        unread = label;
        tok = skip_to_twin_end();
      }
    }
    if (out_.size() > first && (has_twins || initial.duplex || initial.half_duplex))
      out_[first].popeye_head = popeye_head(initial, zero);
    const int p = match(kProblemTokens, lang_, tok.text);
    if (p < 0) throw ParseError{tok.line, unknown(tok.text)};
    opener_line_ = tok.line;
    return static_cast<ProblemToken>(p);
  }

  /// The head of a block of twins or duplex halves as Popeye prints it: the diagram's
  /// stipulation line, "Duplex" / "HalfDuplex" centred, "zeroposition" (output/plaintext/
  /// position.c and twinning.c).
  std::string popeye_head(const ProblemState& s, bool zero) const {
    int white = 0, black = 0;
    for (char c : s.board)
      if (c) ++(std::isupper(static_cast<unsigned char>(c)) ? white : black);
    // A block head is printed for a problem that could not be read too, which may have no
    // stipulation (found by fuzz_popeye): then its line shows none.
    const std::optional<puzzles::Stipulation> stip = solved_stipulation(s);
    std::string head = popeye_stipulation_line(stip ? stip->str() : "", white, black);
    if (s.duplex) head += popeye_centred(kOptions[lang_][kDuplex]);
    if (s.half_duplex) head += popeye_centred(kOptions[lang_][kHalfDuplex]);
    if (zero) head += fmt::format("\n{}\n\n", kEndTwinTokens[lang_][kZeroPosition]);
    return head;
  }

  /// A man as Popeye's twin line writes it: colour and piece letter in the file's language,
  /// then the square ("wKh1", German "sKh7").
  std::string popeye_man(char fen, int sq) const {
    const bool white = std::isupper(static_cast<unsigned char>(fen)) != 0;
    const auto colour = static_cast<char>(
        std::tolower(static_cast<unsigned char>(kColours[lang_][white ? 0 : 1][0])));
    return fmt::format("{}{}{}", colour, popeye_letter(fen), square_name(sq));
  }

  /// The piece letter of FEN letter `fen` (either case) in the file's language, upper case.
  char popeye_letter(char fen) const {
    const std::size_t i =
        kFenLetters.find(static_cast<char>(std::toupper(static_cast<unsigned char>(fen))));
    return static_cast<char>(std::toupper(
        static_cast<unsigned char>(kOrthodoxLetters[static_cast<std::size_t>(lang_)][i])));
  }

  /// Popeye's label of twin `n` (0-based): "a)" to "z)", then "z1)", "z2)", ...
  /// (output/plaintext/twinning.c, WriteTwinLetter).
  static std::string twin_label(int n) {
    if (n < 26) return fmt::format("{})", static_cast<char>('a' + n));
    return fmt::format("z{})", n - 25);
  }

  /// A twin that cannot be read, in its place in its problem's block: labelled, without
  /// Popeye's text of its changes, which could not be read.
  void fail_twin(const ParseError& e, int twin_line, const std::string& label, bool continued) {
    ProblemSpec p;
    p.index = static_cast<int>(out_.size()) + 1;
    p.source = fmt::format("{}:{}", name_, twin_line);
    p.error = fmt::format("{}:{}: {}", name_, e.line, e.what);
    p.twin = label;
    p.group = group_;
    p.popeye_twin = (continued ? "+" : "") + label + ' ';
    out_.push_back(std::move(p));
  }

  /// After an error in a twin: on to the next twin or the problem's end, which may be the
  /// word just read.
  Token skip_to_twin_end() {
    Token tok = lex_.last();
    while (!tok.eof() && match(kEndTwinTokens, lang_, tok.text) < 0 &&
           match(kProblemTokens, lang_, tok.text) < 0)
      tok = lex_.next();
    return tok;
  }

  /// After an error: on to the problem's end, which may be the word just read (a problem
  /// without a stipulation is found wanting at its EndProblem).
  ProblemToken skip_to_problem_end() {
    for (Token tok = lex_.last(); !tok.eof(); tok = lex_.next()) {
      const int p = match(kProblemTokens, lang_, tok.text);
      opener_line_ = tok.line;
      if (p >= 0) return static_cast<ProblemToken>(p);
    }
    return kEndProblem;
  }

  std::string unknown(const std::string& word) const {
    return fmt::format("unknown or ambiguous keyword '{}'", word);
  }

  /// The commands before the first Twin / ZeroPosition / EndProblem / NextProblem.
  Token initial_twin(Token tok, ProblemState& s) {
    while (!tok.eof()) {
      const int k = match(kInitialTwinTokens, lang_, tok.text);
      if (k == kAmbiguous) throw ParseError{tok.line, unknown(tok.text)};
      if (k == kNoMatch) {
        if (match(kProblemTokens, lang_, tok.text) >= 0 ||
            match(kEndTwinTokens, lang_, tok.text) >= 0)
          return tok;
        throw ParseError{tok.line, unknown(tok.text)};
      }
      const std::string keyword(kInitialTwinTokens[lang_][k]);
      switch (static_cast<InitialTwinToken>(k)) {
        case kRemark:
          append_line_list(s.remarks, lex_.rest_of_line());
          tok = lex_.next();
          break;
        case kAuthor:
          append_line(s.author, lex_.rest_of_line());
          tok = lex_.next();
          break;
        case kOrigin:
          append_line(s.origin, lex_.rest_of_line());
          tok = lex_.next();
          break;
        case kTitle:
          append_line(s.title, lex_.rest_of_line());
          tok = lex_.next();
          break;
        case kAward:
          s.award = lex_.rest_of_line();  // Popeye keeps the last one
          tok = lex_.next();
          break;
        case kStipulation:
          tok = lex_.next();
          s.stip = stipulation(tok);
          s.stip_line = tok.line;
          tok = lex_.next();
          break;
        case kPieces:
          tok = pieces(lex_.next(), s.board, true);
          break;
        case kOption:
          tok = options(lex_.next(), s);
          break;
        case kInitialGameArray:
          s.board = game_array();
          tok = lex_.next();
          break;
        case kCondition:
          tok = condition(s);
          break;
        case kProtocol:
          s.notes.push_back(
              fmt::format("{}: '{} {}' ignored: arbiter writes no protocol file "
                          "(redirect its output)",
                          tok.line, keyword, lex_.rest_of_line()));
          tok = lex_.next();
          break;
        case kForsyth: {
          const Token f = lex_.next();
          place_forsyth(f.text, f.line, lang_, s.board);
          tok = lex_.next();
          break;
        }
        case kSStipulation:
        case kLaTeX:
        case kLaTeXPieces:
          throw ParseError{tok.line,
                           fmt::format("keyword '{}' is not supported by arbiter", keyword)};
      }
    }
    return tok;
  }

  static void append_line_list(std::vector<std::string>& lines, std::string line) {
    lines.push_back(std::move(line));
  }

  /// A stipulation arbiter's solver has (puzzles/stipulation.hpp: #n, =n, h#n, h=n, h#n.5,
  /// h=n.5, s#n, s=n, r#n, ser-#n, ser-=n, ser-h#n, ser-h=n, ser-s#n); else a ParseError
  /// saying why.
  puzzles::Stipulation stipulation(const Token& tok) const {
    if (tok.eof()) throw ParseError{tok.line, "Stipulation without a stipulation"};
    try {
      return puzzles::parse_stipulation(lower(tok.text));
    } catch (const std::invalid_argument& e) {
      // A count out of range or a half move where none can be: the reason; any other form
      // is a stipulation arbiter does not have.
      const std::string what = e.what();
      for (const char* reason : {"half moves only in helpmates", "move count out of range"})
        if (what.find(reason) != std::string::npos)
          throw ParseError{tok.line, fmt::format("stipulation '{}': {} (n from 1 to 30, h#n.5 "
                                                 "from 0 to 29)",
                                                 tok.text, reason)};
      throw ParseError{tok.line,
                       fmt::format("stipulation '{}' is not supported by arbiter (it solves #n, "
                                   "=n, h#n, h=n, h#n.5, s#n, s=n, r#n, ser-#n, ser-=n, ser-h#n, "
                                   "ser-h=n, ser-s#n)",
                                   tok.text)};
    }
  }

  /// `White Ke1 Qd1 ... Black ...` up to the first token that is neither a colour nor a piece.
  Token pieces(Token tok, Board& board, bool colour_required) {
    for (int groups = 0;; ++groups) {
      const int c = match(kColours, lang_, tok.text);
      if (c == kAmbiguous)
        throw ParseError{tok.line, fmt::format("ambiguous colour '{}'", tok.text)};
      if (c == kNoMatch) {
        if (groups == 0 && colour_required)
          throw ParseError{tok.line,
                           fmt::format("expected a colour (White, Black), not '{}'", tok.text)};
        return tok;
      }
      if (c == kNeutral || c == kTotalInvisible)
        throw ParseError{
            tok.line, fmt::format("colour '{}' is not supported by arbiter", kColours[lang_][c])};
      tok = lex_.next();
      const int flag = match(kPieceFlags, lang_, tok.text);
      if (flag >= 0)
        throw ParseError{tok.line, fmt::format("piece attribute '{}' is not supported by arbiter",
                                               kPieceFlags[lang_][flag])};
      tok = walks_and_squares(tok, board, c == kWhite);
    }
  }

  /// Popeye's ParsePieceWalkAndSquares: "Ke1", "Pa2b3", "S b1g1"; a token of odd length has a
  /// one-letter piece, of even length a two-letter (fairy) one.
  Token walks_and_squares(Token tok, Board& board, bool white) {
    for (int walks = 0;; ++walks) {
      if (tok.eof()) {
        if (walks == 0) throw ParseError{tok.line, "expected pieces, the file ends"};
        return tok;
      }
      const std::size_t len = tok.text.size() % 2 == 1 ? 1 : 2;
      const std::string walk = tok.text.substr(0, len);
      std::string rest = tok.text.substr(len);
      Token squares_tok = tok;
      if (rest.empty()) {
        // "S b1": the squares are the next word. When they are not, this word is not a piece
        // but what follows the pieces (a colour like "bl", a keyword), as in Popeye.
        Lexer probe = lex_;
        squares_tok = probe.next();
        if (walks > 0 && !square_list(squares_tok.text)) return tok;
        lex_ = probe;
        rest = squares_tok.text;
      } else if (!square_list(rest)) {
        if (walks == 0) throw ParseError{tok.line, fmt::format("bad piece '{}'", tok.text)};
        return tok;
      }
      const auto squares = square_list(rest);
      if (!squares)
        throw ParseError{squares_tok.line, fmt::format("expected squares after '{}', not '{}'",
                                                       walk, squares_tok.text)};
      const std::size_t kind =
          len == 1 ? kOrthodoxLetters[lang_].find(lower(walk)[0]) : std::string_view::npos;
      if (kind == std::string_view::npos)
        throw ParseError{tok.line, fmt::format("piece '{}' is not supported by arbiter (it "
                                               "has the orthodox pieces {})",
                                               walk, kOrthodoxLetters[lang_])};
      const char letter = kFenLetters[kind];
      for (int sq : *squares)
        board[static_cast<std::size_t>(sq)] =
            white ? letter : static_cast<char>(std::tolower(letter));
      tok = lex_.next();
    }
  }

  int number(const Token& option, const Token& value) const {
    int n = 0;
    bool ok = !value.text.empty() && value.text.size() <= 6;
    for (char c : value.text) ok = ok && std::isdigit(static_cast<unsigned char>(c));
    if (ok) n = std::stoi(value.text);
    if (!ok)
      throw ParseError{
          value.line, fmt::format("option '{}' needs a number, not '{}'", option.text, value.text)};
    return n;
  }

  /// Popeye's Beep and Intelligent take a number when one follows: peeks at the next token,
  /// which the caller reads next anyway (true: it is that number, to be skipped).
  bool optional_number() {
    Lexer probe = lex_;
    const Token t = probe.next();
    if (t.text.empty()) return false;
    for (char c : t.text)
      if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return true;
  }

  std::vector<int> squares_after(const Token& option, const Token& value) const {
    const auto sq = square_list(value.text);
    if (!sq)
      throw ParseError{value.line,
                       fmt::format("option '{}' needs squares, not '{}'", option.text, value.text)};
    return *sq;
  }

  /// `Option` words up to the first token that is no option.
  Token options(Token tok, ProblemState& s) {
    int count = 0;
    for (;; ++count) {
      const int o = match(kOptions, lang_, tok.text);
      if (o == kAmbiguous)
        throw ParseError{tok.line, fmt::format("ambiguous option '{}'", tok.text)};
      if (o == kNoMatch) break;
      const std::string name(kOptions[lang_][o]);
      const auto ignored = [&](const char* why) {
        s.notes.push_back(fmt::format("{}: option '{}' ignored: {}", tok.line, name, why));
      };
      const auto unsupported = [&](const char* why) {
        return ParseError{tok.line,
                          fmt::format("option '{}' is not supported by arbiter{}", name, why)};
      };
      switch (static_cast<Opt>(o)) {
        case kTry:  // arbiter always lists the tries; Popeye prints them only when asked
          s.tries = true;
          break;
        case kNoBoard:  // arbiter prints no board
          break;
        case kDefence: {
          const Token v = lex_.next();
          const int n = number(tok, v);
          if (n < 1 || n > 99)
            throw ParseError{v.line, fmt::format("option '{} {}': the number of refutations of "
                                                 "a try must be from 1 to 99",
                                                 name, v.text)};
          s.max_refutations = n;
          break;
        }
        case kMaxSolutions:
          s.max_solutions = number(tok, lex_.next());
          break;
        case kNoThreat:
          s.no_threat = true;
          break;
        case kHalfDuplex:
          s.half_duplex = true;
          break;
        case kDuplex:
          s.duplex = true;
          break;
        case kNoCastling: {
          const auto sq = squares_after(tok, lex_.next());
          s.no_castling.insert(s.no_castling.end(), sq.begin(), sq.end());
          break;
        }
        case kEnPassant: {
          // Popeye: departure, passed and arrival square of the pawn's double step.
          std::vector<int> sq;
          Token v = lex_.next();
          while (square_list(v.text)) {
            const auto more = *square_list(v.text);
            sq.insert(sq.end(), more.begin(), more.end());
            if (sq.size() >= 3) break;
            v = lex_.next();
          }
          if (sq.size() != 3 || sq[0] % 8 != sq[2] % 8 || std::abs(sq[0] - sq[2]) != 16 ||
              sq[1] != (sq[0] + sq[2]) / 2)
            throw ParseError{v.line,
                             fmt::format("option '{}' needs the three squares of a pawn's double "
                                         "step (departure, passed, arrival), e.g. e2 e3 e4",
                                         name)};
          s.en_passant = sq[1];
          break;
        }
        // Options that change only what Popeye prints: the verdict does not depend on them.
        case kVariation:
          s.variations = true;  // --format popeye prints what it asks for
          ignored("the variations are printed with --format tree");
          break;
        case kSetPlay:
          s.set_play = true;
          break;
        case kTrivialTriesAvoid:
          ignored("arbiter lists every try with one refutation");
          break;
        case kMoveNumbers:
        case kNoShortVariations:
        case kSuppressGrid:
        case kWriteGrid:
          ignored("it changes only Popeye's printout");
          break;
        case kBeep:
          ignored("it changes only how Popeye works");
          if (optional_number()) lex_.next();
          break;
        case kIntelligent: {
          // A solving method of Popeye's; with a number n it also cuts Popeye's printout
          // (optimisations/intelligent/limit_nr_solutions_per_target.c).
          if (!optional_number()) {
            ignored("it changes only how Popeye works");
            break;
          }
          const std::string n = lex_.next().text;
          s.notes.push_back(fmt::format(
              "{}: option '{} {}' ignored: besides how Popeye searches, it makes Popeye print at "
              "most {} solutions per final position it aims at (a partial answer); arbiter lists "
              "the solutions without that limit",
              tok.line, name, n, n));
          break;
        }
        case kMaxTime:  // seconds, as Popeye's; --timeout, when shorter, wins
          s.max_seconds = number(tok, lex_.next());
          break;
        case kWhiteToPlay:
          s.white_to_play = true;
          s.white_to_play_line = tok.line;
          break;
        default:
          throw unsupported(" yet");
      }
      tok = lex_.next();
    }
    if (count == 0) throw ParseError{tok.line, fmt::format("unknown option '{}'", tok.text)};
    return tok;
  }

  /// The changes of one twin, applied to `s`; `text` receives them as Popeye writes them
  /// (output/plaintext/twinning.c: "wKh1-->h2  ", "-sPa7  ", "rotate 90  ", ...).
  Token twinning(Token tok, ProblemState& s, std::string& text) {
    const auto square = [&](const Token& t) {
      const auto sq = square_list(t.text);
      if (!sq || sq->size() != 1)
        throw ParseError{t.line, fmt::format("expected a square, not '{}'", t.text)};
      return sq->front();
    };
    bool any = false;
    for (;;) {
      const int k = match(kTwinnings, lang_, tok.text);
      if (k == kAmbiguous) throw ParseError{tok.line, unknown(tok.text)};
      if (k == kNoMatch) {
        if (match(kInitialTwinTokens, lang_, tok.text) == kRemark) {
          s.remarks.push_back(lex_.rest_of_line());
          tok = lex_.next();
          continue;
        }
        break;
      }
      any = true;
      const std::string name(kTwinnings[lang_][k]);
      switch (static_cast<Twinning>(k)) {
        case kMove:
        case kExchange: {
          const Token a = lex_.next(), b = lex_.next();
          const int from = square(a), to = square(b);
          auto& from_piece = s.board[static_cast<std::size_t>(from)];
          auto& to_piece = s.board[static_cast<std::size_t>(to)];
          if (!from_piece)
            throw ParseError{a.line, fmt::format("twin '{}': no piece on {}", name, a.text)};
          if (k == kExchange && !to_piece)
            throw ParseError{b.line, fmt::format("twin '{}': no piece on {}", name, b.text)};
          if (k == kMove) {
            if (to_piece) text += '-' + popeye_man(to_piece, to) + "  ";
            text += fmt::format("{}-->{}  ", popeye_man(from_piece, from), square_name(to));
            to_piece = from_piece;
            from_piece = 0;
          } else {
            text +=
                fmt::format("{}<-->{}  ", popeye_man(from_piece, from), popeye_man(to_piece, to));
            std::swap(from_piece, to_piece);
          }
          tok = lex_.next();
          break;
        }
        case kRemove: {
          const Token a = lex_.next();
          const auto sq = square_list(a.text);
          if (!sq) throw ParseError{a.line, fmt::format("expected squares, not '{}'", a.text)};
          for (int q : *sq) {
            if (!s.board[static_cast<std::size_t>(q)])
              throw ParseError{a.line,
                               fmt::format("twin '{}': no piece on {}", name, square_name(q))};
            text += '-' + popeye_man(s.board[static_cast<std::size_t>(q)], q) + "  ";
            s.board[static_cast<std::size_t>(q)] = 0;
          }
          tok = lex_.next();
          break;
        }
        case kAdd: {
          const Board before = s.board;
          tok = pieces(lex_.next(), s.board, true);
          // A man put on an occupied square replaces it: Popeye writes no '+' then.
          for (int q = 0; q < 64; ++q) {
            const auto i = static_cast<std::size_t>(q);
            if (s.board[i] != before[i])
              text += (before[i] ? "" : "+") + popeye_man(s.board[i], q) + "  ";
          }
          break;
        }
        case kTwinStipulation: {
          const Token st = lex_.next();
          s.stip = stipulation(st);
          s.stip_line = st.line;
          text += s.stip->str() + "  ";
          tok = lex_.next();
          break;
        }
        case kPolishType:
          for (char& c : s.board)
            if (c)
              c = std::isupper(static_cast<unsigned char>(c))
                      ? static_cast<char>(std::tolower(static_cast<unsigned char>(c)))
                      : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
          text += name + "  ";
          tok = lex_.next();
          break;
        case kRotate:
        case kMirror: {
          const Token a = lex_.next();
          s.board = transformed(s.board,
                                k == kRotate ? rotation(a.text, a.line) : mirror(a.text, a.line));
          text += fmt::format("{} {}  ", name, k == kRotate ? a.text : mirror_name(a.text));
          tok = lex_.next();
          break;
        }
        case kShift: {
          const Token a = lex_.next(), b = lex_.next();
          const int from = square(a), to = square(b);
          const int df = to % 8 - from % 8, dr = to / 8 - from / 8;
          Board shifted{};
          for (int q = 0; q < 64; ++q) {
            const char piece = s.board[static_cast<std::size_t>(q)];
            if (!piece) continue;
            const int f = q % 8 + df, r = q / 8 + dr;
            if (f < 0 || f > 7 || r < 0 || r > 7)
              throw ParseError{b.line, fmt::format("twin '{}': the piece on {} leaves the board",
                                                   name, square_name(q))};
            shifted[static_cast<std::size_t>(r * 8 + f)] = piece;
          }
          s.board = shifted;
          text += fmt::format("{} {} ==> {}  ", name, square_name(from), square_name(to));
          tok = lex_.next();
          break;
        }
        case kSubstitute: {
          const Token a = lex_.next(), b = lex_.next();
          const char from = piece_letter(a.text, a.line, lang_),
                     to = piece_letter(b.text, b.line, lang_);
          for (char& c : s.board)
            if (c && std::toupper(static_cast<unsigned char>(c)) == from)
              c = std::isupper(static_cast<unsigned char>(c))
                      ? to
                      : static_cast<char>(std::tolower(static_cast<unsigned char>(to)));
          text += fmt::format("{} ==> {}  ", popeye_letter(from), popeye_letter(to));
          tok = lex_.next();
          break;
        }
        case kContinued:
          throw ParseError{tok.line, fmt::format("'{}' must come right after Twin", name)};
        case kTwinCondition:
          tok = condition(s);
          text += s.condition + "  ";
          break;
        case kTwinSStipulation:
          throw ParseError{tok.line,
                           fmt::format("twinning '{}' is not supported by arbiter", name)};
      }
    }
    if (!any) throw ParseError{tok.line, fmt::format("Twin without a change ('{}')", tok.text)};
    return tok;
  }

  /// `Condition WORD` (also in a twin): arbiter's conditions are the names of its tables, which
  /// the command checks (cmd_puzzle_batch.cpp); Popeye's own conditions fail there. One word:
  /// arbiter plays one table at a time. Returns the token after it.
  Token condition(ProblemState& s) {
    const Token c = lex_.next();
    if (c.eof()) throw ParseError{c.line, "Condition without a condition"};
    s.condition = c.text;
    s.condition_source = fmt::format("{}:{}", name_, c.line);
    Token next = lex_.next();
    const bool keyword = match(kInitialTwinTokens, lang_, next.text) >= 0 ||
                         match(kProblemTokens, lang_, next.text) >= 0 ||
                         match(kEndTwinTokens, lang_, next.text) >= 0 ||
                         match(kTwinnings, lang_, next.text) >= 0;
    if (!next.eof() && next.line == c.line && !keyword)
      throw ParseError{next.line,
                       fmt::format("conditions '{} {}': arbiter plays one table at a time, so a "
                                   "Condition names one (docs/popeye-input.md, Conditions)",
                                   c.text, next.text)};
    // Popeye reads conditions on to the next keyword, over lines (its BEISPIEL/einstein.inp:
    // "Bedingung EinsteinSchach" and "Circe" on the next line): say so rather than only
    // "unknown keyword", which it may also be.
    if (!next.eof() && !keyword)
      throw ParseError{
          next.line,
          fmt::format("'{}' after condition '{}' (line {}): a second condition (arbiter plays one "
                      "table at a time, so a Condition names one; docs/popeye-input.md, "
                      "Conditions) or an unknown keyword",
                      next.text, c.text, c.line)};
    return next;
  }

  /// Popeye's WhiteToPlay makes White start a helpmate: an h#n is solved (and printed by
  /// Popeye) as h#(n-1).5. It applies to h#n only.
  static bool white_starts_helpmate(const ProblemState& s) {
    return s.white_to_play && s.stip && s.stip->kind == puzzles::StipulationKind::kHelpMate &&
           !s.stip->half;
  }

  /// The stipulation solved (WhiteToPlay applied); none before a Stipulation.
  static std::optional<puzzles::Stipulation> solved_stipulation(const ProblemState& s) {
    std::optional<puzzles::Stipulation> solved = s.stip;
    if (white_starts_helpmate(s)) {
      solved->moves -= 1;
      solved->half = true;
    }
    return solved;
  }

  void emit(const ProblemState& s, int line, const std::string& twin,
            const std::string& popeye_twin) {
    if (!s.stip) throw ParseError{line, "no Stipulation"};
    const puzzles::Stipulation solved = *solved_stipulation(s);
    const std::string stip = solved.str();
    std::vector<std::string> notes = s.notes;
    if (s.white_to_play && !white_starts_helpmate(s))
      notes.push_back(
          fmt::format("{}: option 'WhiteToPlay' ignored: not applicable to {} (as "
                      "in Popeye)",
                      s.white_to_play_line, s.stip->str()));
    // Who moves first in the diagram: Black, the side to be mated, in h#n and ser-h#n, else
    // White (h#n.5: the mating side); HalfDuplex swaps it.
    const bool mated_side_starts =
        (solved.kind == puzzles::StipulationKind::kHelpMate && !solved.half) ||
        solved.kind == puzzles::StipulationKind::kSeriesHelp;
    for (bool flip : {s.half_duplex, !s.half_duplex}) {
      ProblemSpec p;
      p.index = static_cast<int>(out_.size()) + 1;
      p.source = fmt::format("{}:{}", name_, line);
      p.fen = board_fen(s.board, mated_side_starts == flip, s.no_castling, s.en_passant);
      p.stip = stip;
      p.title = s.title;
      p.author = s.author;
      p.origin = s.origin;
      p.award = s.award;
      p.twin = twin;
      p.group = group_;
      if (flip == s.half_duplex) p.popeye_twin = popeye_twin;  // the first half only
      if (flip && !twin.empty())
        p.twin += " (half-duplex)";
      else if (flip)
        p.twin = "half-duplex";
      p.remarks = s.remarks;
      for (const auto& n : notes) p.notes.push_back(fmt::format("{}:{}", name_, n));
      p.max_solutions = s.max_solutions;
      p.max_seconds = s.max_seconds;
      p.no_threat = s.no_threat;
      p.set_play = s.set_play;
      p.tries = s.tries;
      p.variations = s.variations;
      p.max_refutations = s.max_refutations;
      p.condition = s.condition;
      p.condition_source = s.condition_source;
      out_.push_back(std::move(p));
      if (!s.duplex) break;
    }
  }

  Lexer lex_;
  std::string name_;
  std::vector<ProblemSpec>& out_;

 public:
  Language language() const { return lang_; }

 private:
  Language lang_ = kEnglish;
  int group_ = 0;        ///< the problems read so far (ProblemSpec::group)
  int opener_line_ = 1;  ///< the line of the current problem's BeginProblem / NextProblem
};

}  // namespace

bool looks_like_popeye(const std::string& text) {
  Lexer lex(text);
  const Token tok = lex.next();
  for (int l = 0; l < kLanguageCount; ++l)
    if (match(kBeginProblem, static_cast<Language>(l), tok.text) == 0) return true;
  return false;
}

std::vector<ProblemSpec> read_popeye(const std::string& text, const std::string& name) {
  std::vector<ProblemSpec> out;
  Reader reader(text, name, out);
  try {
    reader.run();
  } catch (const ParseError& e) {
    reader.fail(e);
  }
  for (ProblemSpec& p : out) p.language = reader.language();
  return out;
}

}  // namespace arbiter::cli
