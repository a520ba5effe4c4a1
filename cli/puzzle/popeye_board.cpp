// The board of a Popeye problem while it is read (see popeye_board.hpp).
#include "cli/puzzle/popeye_board.hpp"

#include <fmt/format.h>

#include <cctype>

namespace arbiter::cli::popeye {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::optional<std::vector<int>> square_list(std::string_view s) {
  if (s.empty() || s.size() % 2 != 0) return std::nullopt;
  std::vector<int> out;
  for (std::size_t i = 0; i < s.size(); i += 2) {
    const char f = static_cast<char>(std::tolower(static_cast<unsigned char>(s[i])));
    const char r = s[i + 1];
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return std::nullopt;
    out.push_back((r - '1') * 8 + (f - 'a'));
  }
  return out;
}

std::string square_name(int sq) {
  return {static_cast<char>('a' + sq % 8), static_cast<char>('1' + sq / 8)};
}

char piece_letter(std::string_view word, int line, Language lang) {
  const std::size_t kind =
      word.size() == 1 ? kOrthodoxLetters[lang].find(lower(word)[0]) : std::string_view::npos;
  if (kind == std::string_view::npos)
    throw ParseError{line, fmt::format("piece '{}' is not supported by arbiter (it has the "
                                       "orthodox pieces {})",
                                       word, kOrthodoxLetters[lang])};
  return kFenLetters[kind];
}

void place_forsyth(std::string_view x, int line, Language lang, Board& board) {
  if (x.empty()) throw ParseError{line, "Forsyth without a position"};
  int sq = 56;  // a8; -1 after h1
  const auto next = [&] { sq = sq % 8 < 7 ? sq + 1 : sq >= 8 ? sq - 15 : -1; };
  const auto digit = [&](std::size_t k) {
    return k < x.size() && std::isdigit(static_cast<unsigned char>(x[k]));
  };
  for (std::size_t i = 0; i < x.size();) {
    if (digit(i)) {
      int n = x[i++] - '0';
      if (digit(i)) n = n * 10 + (x[i++] - '0');
      for (; n > 0 && sq >= 0; --n) next();
      continue;
    }
    if (x[i] == '/') {
      ++i;
      continue;
    }
    if (sq < 0) throw ParseError{line, fmt::format("Forsyth '{}' goes past h1", x)};
    int colour = -1;  // from the letter's case
    if (x[i] == '+' || x[i] == '-') colour = x[i++] == '+' ? kWhite : kBlack;
    if (i < x.size() && (x[i] == '=' || x[i] == '.'))
      throw ParseError{line, fmt::format("Forsyth '{}': {} pieces are not supported by arbiter", x,
                                         x[i] == '=' ? "neutral" : "fairy")};
    if (i >= x.size()) throw ParseError{line, fmt::format("Forsyth '{}' ends early", x)};
    const char c = x[i++];
    const std::size_t kind =
        kOrthodoxLetters[lang].find(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    if (kind == std::string_view::npos)
      throw ParseError{line, fmt::format("Forsyth '{}': piece '{}' is not supported by arbiter "
                                         "(it has the orthodox pieces {})",
                                         x, c, kOrthodoxLetters[lang])};
    if (colour < 0) colour = std::isupper(static_cast<unsigned char>(c)) ? kWhite : kBlack;
    const char letter = kFenLetters[kind];
    board[static_cast<std::size_t>(sq)] =
        colour == kWhite ? letter : static_cast<char>(std::tolower(letter));
    next();
  }
}

Board game_array() {
  Board b{};
  const std::string_view back = "RNBQKBNR";
  for (std::size_t f = 0; f < 8; ++f) {
    b[f] = back[f];
    b[8 + f] = 'P';
    b[48 + f] = 'p';
    b[56 + f] = static_cast<char>(std::tolower(back[f]));
  }
  return b;
}

Transform rotation(std::string_view degrees, int line) {
  if (degrees == "90") return [](int f, int r) { return std::pair{7 - r, f}; };
  if (degrees == "180") return [](int f, int r) { return std::pair{7 - f, 7 - r}; };
  if (degrees == "270") return [](int f, int r) { return std::pair{r, 7 - f}; };
  throw ParseError{line, fmt::format("rotation by 90, 180 or 270 degrees, not '{}'", degrees)};
}

namespace {
constexpr std::array<std::string_view, 4> kMirrors = {"a1<-->h1", "a1<-->a8", "a1<-->h8",
                                                      "a8<-->h1"};
}  // namespace

std::string_view mirror_name(std::string_view text) {
  const int i = match_keyword(kMirrors.data(), kMirrors.size(), text);
  return i >= 0 ? kMirrors[static_cast<std::size_t>(i)] : text;
}

Transform mirror(std::string_view text, int line) {
  switch (match_keyword(kMirrors.data(), kMirrors.size(), text)) {
    case 0:
      return [](int f, int r) { return std::pair{7 - f, r}; };
    case 1:
      return [](int f, int r) { return std::pair{f, 7 - r}; };
    case 2:
      return [](int f, int r) { return std::pair{7 - r, 7 - f}; };
    case 3:
      return [](int f, int r) { return std::pair{r, f}; };
    default:
      throw ParseError{line, fmt::format("mirror a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1, not "
                                         "'{}'",
                                         text)};
  }
}

Board transformed(const Board& b, Transform t) {
  Board out{};
  for (int q = 0; q < 64; ++q) {
    const auto [f, r] = t(q % 8, q / 8);
    out[static_cast<std::size_t>(r * 8 + f)] = b[static_cast<std::size_t>(q)];
  }
  return out;
}

std::string board_fen(const Board& b, bool white_to_move, const std::vector<int>& no_castling,
                      int en_passant) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const char c = b[static_cast<std::size_t>(rank * 8 + file)];
      if (!c) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      out += c;
    }
    if (empty) out += std::to_string(empty);
    if (rank) out += '/';
  }
  out += white_to_move ? " w " : " b ";
  const auto at = [&](int sq, char piece) {
    for (int q : no_castling)
      if (q == sq) return false;
    return b[static_cast<std::size_t>(sq)] == piece;
  };
  std::string castling;
  if (at(4, 'K') && at(7, 'R')) castling += 'K';
  if (at(4, 'K') && at(0, 'R')) castling += 'Q';
  if (at(60, 'k') && at(63, 'r')) castling += 'k';
  if (at(60, 'k') && at(56, 'r')) castling += 'q';
  out += castling.empty() ? "-" : castling;
  out += ' ';
  out += en_passant >= 0 ? square_name(en_passant) : "-";
  return out + " 0 1";
}

}  // namespace arbiter::cli::popeye
