#include "rules/core/move_words.hpp"

#include <fmt/format.h>

#include <cctype>

#include "rules/core/geometry.hpp"
#include "rules/core/notation.hpp"

namespace arbiter {
namespace {

bool square_at(std::string_view s, std::size_t i) {
  return i < s.size() && parse_square(s.substr(i, 2)).has_value();
}
bool is_alpha(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0;
}
char upper(char c) {
  return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
}
char with_case_of(char letter, char model) {
  return std::islower(static_cast<unsigned char>(model))
             ? static_cast<char>(std::tolower(static_cast<unsigned char>(letter)))
             : letter;
}

/// The word with the typeset forms replaced; `english[i]` is true where the word now holds a
/// letter that came from a figurine (already an English letter: not translated again).
struct Typeset {
  std::string text;
  std::vector<bool> english;
};

Typeset replace_typeset(std::string_view w) {
  Typeset out;
  const auto put = [&out](char c, bool english) {
    out.text += c;
    out.english.push_back(english);
  };
  for (std::size_t i = 0; i < w.size(); ++i) {
    const std::string_view rest = w.substr(i);
    if (rest.substr(0, 2) == "\xC3\x97") {  // × multiplication sign
      put('x', false);
      ++i;
    } else if (rest.substr(0, 3) == "\xE2\x80\x93" || rest.substr(0, 3) == "\xE2\x88\x92") {
      put('-', false);  // – en dash, − minus sign
      i += 2;
    } else if (rest.size() >= 3 && rest.substr(0, 2) == "\xE2\x99" &&
               static_cast<unsigned char>(rest[2]) >= 0x94 &&
               static_cast<unsigned char>(rest[2]) <= 0x9F) {
      // ♔ U+2654 ... ♟ U+265F: white K Q R B N P, then black K Q R B N P.
      put(kEnglishLetters[(static_cast<unsigned char>(rest[2]) - 0x94) % 6], true);
      i += 2;
    } else {
      put(w[i], false);
    }
  }
  return out;
}

/// "o-o", "o-o-o" (any marks after them) in capitals.
void capital_castling(std::string& s) {
  const std::size_t end = s.find_last_not_of("+#!?");
  if (end == std::string::npos) return;
  std::string letters;
  for (std::size_t i = 0; i <= end; ++i)
    if (s[i] != '-') letters += s[i];
  if (letters != "oo" && letters != "ooo") return;
  for (std::size_t i = 0; i <= end; ++i)
    if (s[i] == 'o') s[i] = 'O';
}

/// Long algebraic notation: "e2-e4", "Ng1-f3" lose the '-' between the two squares.
void drop_square_dashes(Typeset& t) {
  std::string& s = t.text;
  for (std::size_t i = 2; i + 1 < s.size(); ++i) {
    if (s[i] != '-' || !square_at(s, i - 2) || !square_at(s, i + 1)) continue;
    s.erase(i, 1);
    t.english.erase(t.english.begin() + static_cast<std::ptrdiff_t>(i));
  }
}

/// Where a conditional's condition ends (its '?'), or 0 for a word without one: a '?' that is
/// followed by more than the '!' and '?' of an annotation ("Nf3?!" has none).
std::size_t condition_end(std::string_view s) {
  for (std::size_t q = s.find('?'); q != std::string_view::npos; q = s.find('?', q + 1))
    if (s.find_first_not_of("?!", q) != std::string_view::npos) return q;
  return 0;
}

std::size_t next_solid(std::string_view s, std::size_t i) {
  while (i < s.size() && s[i] == ' ') ++i;
  return i;
}

/// Whether s[i] is a piece letter in the condition s[0, end): before a square that ends the
/// condition ("Nh6", "nh6"), or after a number and ending it ("2Q", "2q").
bool condition_letter(std::string_view s, std::size_t i, std::size_t end) {
  if (!is_alpha(s[i])) return false;
  if (square_at(s, i + 1) && i + 2 < end && next_solid(s, i + 3) == end) return true;
  std::size_t before = i;
  while (before > 0 && s[before - 1] == ' ') --before;
  return before > 0 && std::isdigit(static_cast<unsigned char>(s[before - 1])) &&
         next_solid(s, i + 1) == end;
}

void translate(Typeset& t, const PieceLetters& l) {
  std::string& s = t.text;
  const std::size_t end = condition_end(s);
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (t.english[i]) continue;
    const char c = s[i];
    const bool piece =
        i < end
            ? condition_letter(s, i, end)
            : std::isupper(static_cast<unsigned char>(c)) ||
                  (i > 0 && is_alpha(c) &&
                   (s[i - 1] == '=' || (s[i - 1] == '(' && i + 1 < s.size() && s[i + 1] == ')')));
    if (!piece) continue;
    const char u = upper(c);
    bool done = false;
    for (std::size_t k = 0; k < l.letters.size() && !done; ++k) {
      if (l.letters[k] != u) continue;
      s[i] = with_case_of(kEnglishLetters[k], c);
      done = true;
    }
    if (!done && kEnglishLetters.find(u) != std::string_view::npos)
      throw NotationError(NotationErrorKind::kUnknownPiece,
                          fmt::format("'{}' is not a piece letter of --letters {} ({}: {})", c,
                                      l.code, l.language, letters_of(l)));
  }
}

}  // namespace

const std::vector<PieceLetters>& piece_letter_sets() {
  static const std::vector<PieceLetters> sets = {
      {"pt", "Portuguese", {'R', 'D', 'T', 'B', 'C', 'P'}},  // rei dama torre bispo cavalo peão
      {"de", "German", {'K', 'D', 'T', 'L', 'S', 'B'}},   // König Dame Turm Läufer Springer Bauer
      {"fr", "French", {'R', 'D', 'T', 'F', 'C', 'P'}},   // roi dame tour fou cavalier pion
      {"es", "Spanish", {'R', 'D', 'T', 'A', 'C', 'P'}},  // rey dama torre alfil caballo peón
      {"it", "Italian", {'R', 'D', 'T', 'A', 'C', 'P'}},  // re donna torre alfiere cavallo pedone
      {"nl", "Dutch", {'K', 'D', 'T', 'L', 'P', 0}},      // koning dame toren loper paard (pion)
  };
  return sets;
}

const PieceLetters* find_piece_letters(std::string_view code) {
  for (const PieceLetters& l : piece_letter_sets())
    if (l.code == code) return &l;
  return nullptr;
}

std::string piece_letter_codes() {
  std::string out;
  for (const PieceLetters& l : piece_letter_sets())
    out += fmt::format("{}{}", out.empty() ? "" : ", ", l.code);
  return out;
}

std::string letters_of(const PieceLetters& l) {
  std::string out;
  for (char c : l.letters)
    if (c != 0) out += fmt::format("{}{}", out.empty() ? "" : " ", c);
  return out;
}

bool is_null_move_word(std::string_view w) {
  return w == "--" || w == "Z0" || w == "0000" || w == "@@@@";
}

std::string plain_move_word(std::string_view word, const PieceLetters* letters) {
  Typeset t = replace_typeset(word);
  capital_castling(t.text);
  drop_square_dashes(t);
  if (letters) translate(t, *letters);
  return std::move(t.text);
}

}  // namespace arbiter
