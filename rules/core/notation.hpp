// Move notation: coordinate (UCI) and Standard Algebraic Notation (SAN), read with the piece
// letters of the position's rule table. Output is canonical; input is forgiving where it is
// unambiguous ('x' or ':' for captures, O-O / 0-0 / 000, check marks and !? annotations,
// "=Q" or "Q" for promotions) and precise in its error where it is not.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/move.hpp"
#include "rules/core/position.hpp"

namespace arbiter {

enum class NotationErrorKind {
  kSyntax,              ///< not a move in this notation
  kUnknownPiece,        ///< a piece letter the table does not define
  kIllegal,             ///< well formed, but no legal move matches
  kAmbiguous,           ///< several legal moves match
  kConversionMismatch,  ///< the stated conversions (/Nf3) are not the ones the move makes
};
std::string to_string(NotationErrorKind kind);

class NotationError : public std::runtime_error {
 public:
  NotationError(NotationErrorKind kind, const std::string& message)
      : std::runtime_error(message), kind_(kind) {}
  NotationErrorKind kind() const { return kind_; }

 private:
  NotationErrorKind kind_;
};

/// What the SAN text said beyond the move itself (for replay warnings).
struct SanDetails {
  char check_mark = 0;  ///< '+', '#' or 0 as written
  /// "++" was written: a double check in today's books, mate in older ones, so it stands for
  /// either without a warning.
  bool double_plus = false;
  std::string annotation;            ///< "!?", "??", ... as written
  bool capture_mark = false;         ///< 'x' or ':' was written
  bool conversions_written = false;  ///< a Conversion Chess suffix such as /Nf3 was present
  /// Written as a coordinate move ("g1f3", "e7e8q", "e2-e4"): origin and destination squares
  /// without a piece letter or 'x'. That notation writes no capture or check marks, so none is
  /// missing.
  bool coordinate = false;
};

std::string to_uci(const Position& pos, Move m);
/// True when `text` has the shape of a coordinate move: two squares and an optional promotion
/// letter ("e2e4", "e7e8q"), nothing else.
bool looks_like_uci(std::string_view text);

/// Parses "e2e4", "e7e8q", "e1g1" (castling as the king's move). Throws NotationError.
Move parse_uci(const Position& pos, std::string_view text);

/// The disambiguation SAN writes after a piece letter for a move from `from` when pieces of
/// the same type on `rivals` (other squares than `from`) can move to the same square: nothing
/// without a rival, else the origin file, or when a rival shares it the origin rank, or when
/// rivals share both the whole origin square ("Nbd2", "R1a3", "Qh4e1"). to_san and the
/// simultaneous tables' sim_san both write it.
std::string san_disambiguation(Square from, Bitboard rivals);

/// Canonical SAN of a legal move, with the conversions it makes (Conversion Chess: "/Nf3" for
/// each converted piece, in square order) and then '+' or '#'.
std::string to_san(const Position& pos, Move m);
/// Parses a move against the legal moves of `pos`: SAN, and the other forms people write moves
/// in, read by the same matcher: long algebraic ("Ng1f3", "Ng1-f3", "Ng1xf3", "e2-e4",
/// "e7-e8=Q") and coordinate moves of any piece ("g1f3", "e7e8q", "e1g1": castling written as
/// the king's move), where the piece is the one on the origin square; the typeset forms of
/// plain_move_word (rules/core/move_words.hpp) without translation. Conversion suffixes
/// ("Bh3/Nf3+", "Bg2/f2+", "Qg5+/Pe5", several "/Nf3/Bc4"; a square without a letter matches any
/// piece) must state exactly the pieces the move converts, in every form. Throws NotationError.
Move parse_san(const Position& pos, std::string_view text, SanDetails* details = nullptr);

/// True when the side to move has no legal move and is in check.
bool is_checkmate(const Position& pos);
bool is_stalemate(const Position& pos);

/// True when `m` (legal on `pos`) captures a piece (en passant does, castling never does).
bool is_capture(const Position& pos, Move m);

}  // namespace arbiter
