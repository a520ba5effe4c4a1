// A move as the engine stores it: 32 bits holding from, to, kind and an argument.
#pragma once

#include <cstdint>

#include "rules/core/geometry.hpp"

namespace arbiter {

enum class MoveKind : std::uint8_t {
  kNormal = 0,
  kDoubleStep = 1,  ///< a pawn's two-square step: leaves an en-passant target
  kEnPassant = 2,
  kCastling = 3,   ///< from/to are the king's squares; arg is the castling index
  kPromotion = 4,  ///< arg is the piece type promoted to
};

class Move {
 public:
  // Trivial, so that a MoveList's array is not zero-filled at every node; write `Move m{}`
  // for the null move.
  Move() = default;
  constexpr Move(Square from, Square to, MoveKind kind = MoveKind::kNormal, int arg = 0)
      : v_(static_cast<std::uint32_t>(from) | static_cast<std::uint32_t>(to) << 6 |
           static_cast<std::uint32_t>(kind) << 12 | static_cast<std::uint32_t>(arg) << 16) {}
  constexpr Square from() const { return static_cast<Square>(v_ & 63U); }
  constexpr Square to() const { return static_cast<Square>((v_ >> 6) & 63U); }
  constexpr MoveKind kind() const { return static_cast<MoveKind>((v_ >> 12) & 7U); }
  constexpr int arg() const { return static_cast<int>(v_ >> 16); }
  constexpr std::uint32_t raw() const { return v_; }
  constexpr bool is_null() const { return v_ == 0; }
  friend constexpr bool operator==(Move, Move) = default;

 private:
  std::uint32_t v_;
};

/// A fixed-capacity move list (no allocation on the hot path).
class MoveList {
 public:
  static constexpr int kCapacity = 1024;
  void push(Move m) { moves_[size_++] = m; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  Move operator[](int i) const { return moves_[i]; }
  Move& operator[](int i) { return moves_[i]; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  Move* begin() { return moves_; }
  Move* end() { return moves_ + size_; }
  void truncate(int n) { size_ = n; }

 private:
  Move moves_[kCapacity];
  int size_ = 0;
};

}  // namespace arbiter
