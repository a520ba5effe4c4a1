// The board of a Popeye problem while it is read (popeye_input.cpp): squares, Forsyth, the
// whole-board twinnings, and the FEN it becomes.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/puzzle/popeye_keywords.hpp"

namespace arbiter::cli::popeye {

/// An input error at a line; the reader catches it per problem.
struct ParseError {
  int line;
  std::string what;
};

/// The board as FEN letters, index rank * 8 + file (a1 = 0); '\0' for an empty square.
using Board = std::array<char, 64>;

inline constexpr std::string_view kFenLetters = "KPQNRB";  // in kOrthodoxLetters' order

std::string lower(std::string_view s);

/// Squares written one after another ("a1", "e2e4g5"); nullopt unless `s` is wholly that.
std::optional<std::vector<int>> square_list(std::string_view s);
std::string square_name(int sq);

/// The FEN letter (upper case) of an orthodox piece word such as "S" in `lang`. Throws
/// ParseError at `line` for any other word.
char piece_letter(std::string_view word, int line, Language lang);

/// Popeye's Forsyth: from a8 rightwards and down, digits (one or two) skip squares, '/' is
/// optional, a letter is a piece of `lang` (upper case White, lower case Black, or after '+' /
/// '-'); '.' starts a two-letter (fairy) piece and '=' a neutral one, both errors.
void place_forsyth(std::string_view text, int line, Language lang, Board& board);

/// The start position of a game (InitialGameArray).
Board game_array();

/// A square transformation, (file, rank) to (file, rank), as Popeye's transformSquare.
using Transform = std::pair<int, int> (*)(int, int);
/// "90", "180", "270" (to the left: rotate 90 takes a1 to h1). Throws ParseError.
Transform rotation(std::string_view degrees, int line);
/// "a1<-->h1", "a1<-->a8", "a1<-->h8", "a8<-->h1" (abbreviated as keywords). Throws ParseError.
Transform mirror(std::string_view text, int line);
/// The mirror `text` names, written out ("a1<-->h1"); `text` itself when it names none.
std::string_view mirror_name(std::string_view text);
Board transformed(const Board& b, Transform t);

/// The FEN: castling where king and rook stand at home unless `no_castling` names one of
/// their squares (as in Popeye), `en_passant` the square passed over (-1: none).
std::string board_fen(const Board& b, bool white_to_move, const std::vector<int>& no_castling,
                      int en_passant);

}  // namespace arbiter::cli::popeye
