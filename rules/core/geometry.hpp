// Squares, colours and bitboards of the 8x8 board. Square 0 is a1, 7 is h1, 63 is h8.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace arbiter {

using Bitboard = std::uint64_t;
using Square = int;

inline constexpr int kFiles = 8;
inline constexpr int kRanks = 8;
inline constexpr int kSquares = 64;
inline constexpr Square kNoSquare = 64;

enum Color : std::uint8_t { kWhite = 0, kBlack = 1 };
constexpr Color operator~(Color c) {
  return static_cast<Color>(c ^ 1);
}
/// "White" or "Black", as messages and traces name a side.
constexpr const char* side_name(Color c) {
  return c == kWhite ? "White" : "Black";
}

constexpr int file_of(Square s) {
  return s & 7;
}
constexpr int rank_of(Square s) {
  return s >> 3;
}
constexpr Square make_square(int file, int rank) {
  return rank * 8 + file;
}
constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < kFiles && rank >= 0 && rank < kRanks;
}
constexpr Bitboard bb(Square s) {
  return Bitboard{1} << s;
}
constexpr bool has(Bitboard b, Square s) {
  return (b >> s) & 1U;
}
inline int popcount(Bitboard b) {
  return std::popcount(b);
}
inline Square lsb(Bitboard b) {
  return std::countr_zero(b);
}
inline Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}
/// The square seen from the other side of the board (a1 <-> a8): used to mirror
/// White-relative table data (ranks, castling squares) for Black.
constexpr Square flip_rank(Square s) {
  return s ^ 56;
}
/// Rank index 0..7 counted from `c`'s own side.
constexpr int relative_rank(Color c, Square s) {
  return c == kWhite ? rank_of(s) : 7 - rank_of(s);
}

inline std::string square_name(Square s) {
  return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}
inline std::optional<Square> parse_square(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  const int f = text[0] - 'a';
  const int r = text[1] - '1';
  if (!on_board(f, r)) return std::nullopt;
  return make_square(f, r);
}

/// The whole rank / file of a square, and a rank by index (0 = the first rank).
constexpr Bitboard rank_bb_of(int rank) {
  return Bitboard{0xFF} << (8 * rank);
}
constexpr Bitboard rank_bb(Square s) {
  return rank_bb_of(rank_of(s));
}
constexpr Bitboard file_bb(Square s) {
  return Bitboard{0x0101010101010101ULL} << file_of(s);
}

/// Whether `a` and `b` share a rank, a file or a diagonal (a move between them runs along a
/// line; any other move, such as a knight's, does not).
constexpr bool on_one_line(Square a, Square b) {
  const int df = file_of(b) - file_of(a), dr = rank_of(b) - rank_of(a);
  return df == 0 || dr == 0 || df == dr || df == -dr;
}

/// Mirror a bitboard top to bottom (rank 1 <-> rank 8).
constexpr Bitboard flip_vertical(Bitboard b) {
  return __builtin_bswap64(b);
}

}  // namespace arbiter
