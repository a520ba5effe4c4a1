// Move words as people write them in game records (typeset books, other languages), rewritten
// into the notation the parsers of every protocol read (SAN, conversion suffixes, Conditional
// and Diplomacy conditionals): the one place that knows these forms. The record reader core
// (rules/core/record_reader.hpp) applies it to every move word of every protocol's records.
// The forms and their sources: docs/replay.md, "Move text as people write it".
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

/// The piece letters of a language (Wikipedia, "Algebraic notation (chess)", "Naming the
/// pieces" and its table of piece names in various languages; nl.wikipedia "Schaaknotatie").
struct PieceLetters {
  std::string_view code;      ///< "de"
  std::string_view language;  ///< "German"
  /// The letters of the king, queen, rook, bishop, knight and pawn, in that order (the order
  /// of kEnglishLetters). A pawn letter is written only where a pawn must be named (a
  /// conversion suffix, a condition); 0 where the language has none free (Dutch: P is the
  /// knight, paard).
  std::array<char, 6> letters;
};

/// K Q R B N P: the letters the parsers read, in the order of PieceLetters::letters.
inline constexpr std::string_view kEnglishLetters = "KQRBNP";

/// The letter sets `--letters` offers: pt, de, fr, es, it, nl.
const std::vector<PieceLetters>& piece_letter_sets();
/// The set named `code`, or null.
const PieceLetters* find_piece_letters(std::string_view code);
/// "pt, de, fr, es, it, nl".
std::string piece_letter_codes();
/// "R D T A C P" (the letters of a set, 0s left out).
std::string letters_of(const PieceLetters& l);

/// A null move (a pass) as ChessBase ("--") and python-chess ("Z0", "0000", "@@@@") write it.
bool is_null_move_word(std::string_view word);

/// `word` (a move word of a record, as written) in the notation the parsers read:
/// - typeset forms: '×' for the capture 'x'; an en dash or minus sign for '-'; figurines
///   (♔♕♖♗♘♙ and ♚♛♜♝♞♟) for K Q R B N P, whatever `letters` says; lower-case castling
///   "o-o", "o-o-o"; long algebraic "e2-e4", "Ng1-f3" without the '-' between the squares;
/// - with `letters`, the letters of that language for the English ones: every upper-case
///   letter, a letter after '=' or inside "(Q)" (promotion), and in a conditional's condition
///   ("Nh6?...", "2q?...": the part before a '?' that is followed by more than annotation
///   marks) the letter before a square or after a number, of either case. An English piece
///   letter that the language does not have is an error, so that a record in two languages is
///   not read half wrong: NotationError (kUnknownPiece) naming the set. Other letters ('O' of
///   castling, Conditional Chess's 'E') stay.
/// Words already in the parsers' notation come back unchanged.
std::string plain_move_word(std::string_view word, const PieceLetters* letters);

}  // namespace arbiter
