// Helpmate pruning: necessary conditions for a checkmate within the remaining moves, from the
// fewest moves each piece needs on an empty board to stand on, or to attack, each square.
//
// The idea is Popeye's "intelligent" helpmate mode (its files named *intelligent*): a mate
// is a picture, the mated king on some square s, in check, every flight of s blocked by one
// of its own pieces or guarded; a line that cannot reach any picture in the moves left is cut.
// Popeye enumerates the pictures; this file only bounds them, which is simpler and still cuts
// most of a helpmate's tree, because the last moves of every line are where the nodes are.
//
// Every bound is a relaxation, so a cut never loses a solution: a piece's real moves are
// moves on an empty board (captures, en passant, castling's king and rook steps, promotion
// to any choice all included), and a real attack is an empty-board attack. A picture needs
//  - the mated king on s, at most its remaining moves away;
//  - s attacked by a mating piece that can give check (not an orthodox king), in time;
//  - every flight t of s either attacked by the mating side or held by a piece of the mated
//    side; the flights no mating piece can reach in time need distinct blockers whose move
//    counts, with the king's, fit in the mated side's moves;
//  - with one or two mating moves left, at most that many mating pieces move: the squares that
//    need attacking (s, and the flights no blocker reaches in time) are attacked by the others
//    from where they stand, or by one or two movers from one square each that they reach in
//    time.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "puzzles/empty_board_attacks.hpp"
#include "puzzles/stipulation.hpp"
#include "rules/core/geometry.hpp"
#include "rules/core/position.hpp"

namespace arbiter::puzzles {

class HelpmateBound {
  friend class HelpmatePictures;  // reads the tables (helpmate_picture.hpp)
  friend class HelpmateTargets;   // ... and so does helpmate_targets.hpp

 public:
  /// Move counts beyond this are not told apart (a bound that says "any square" is still safe).
  static constexpr int kMaxCount = 7;
  /// A count for a square that cannot be reached (the count tables' "never").
  static constexpr std::uint8_t kFar = 0xFF;
  /// Fewest moves for a piece of colour `c` and type `t` on `from` to stand on each square, on
  /// an empty board, keeping its type (kFar: never; castling's king and rook steps count).
  static std::array<std::uint8_t, kSquares> stand_counts(const Variant& v, Color c, PieceType t,
                                                         Square from);
  /// The same from each square at once (the type's moves generated once for all 64).
  static std::array<std::array<std::uint8_t, kSquares>, kSquares> stand_counts_from_each(
      const Variant& v, Color c, PieceType t);
  /// The same by the moves that take nothing (no capture, no en passant; castling is quiet),
  /// or nothing when those are all the type's moves on an empty board (a pawn's differ).
  static std::optional<std::array<std::array<std::uint8_t, kSquares>, kSquares>>
  quiet_counts_from_each(const Variant& v, Color c, PieceType t);

  /// The tables for `variant`'s pieces. Not enabled() (every test passes) for what the bounds
  /// do not model: Conversion Chess (check includes a threat to convert), a promotion to a
  /// piece that promotes again; and every test passes for a position whose mated side has no
  /// or several royal pieces.
  ///
  /// With `goal` stalemate (h=n, ser-h=n, ser-=n) the pictures are the same but for the
  /// check: the king on s with every flight held or guarded; nothing needs to attack s. The
  /// other conditions of a stalemate (every other man of that side unable to move) are not
  /// modelled: a move that immobilises a man counts as a waiting move, so no line is lost.
  explicit HelpmateBound(const Variant& variant, Goal goal = Goal::kMate);

  Goal goal() const { return goal_; }

  bool enabled() const { return enabled_; }

  /// The mating side's next moves that may lead to a mate: for the piece on each square, the
  /// squares its next move may land on (none: it may not move; a castling lands on the king's
  /// square).
  struct NextMoves {
    std::array<Bitboard, kSquares> to{};
    bool allows(Move m) const { return has(to[static_cast<std::size_t>(m.from())], m.to()); }
  };

  /// False when `mated` cannot be checkmated after it makes at most `mated_moves` more moves
  /// and the other side exactly `mating_moves` (>= 1), the mating side moving last. With
  /// `next` (the mating side to move), its moves that may lead to a mate are stored there
  /// (every move when the bounds do not count the mating pieces that move).
  bool mate_possible(const Position& pos, Color mated, int mated_moves, int mating_moves,
                     NextMoves* next = nullptr) const;

  /// The mated side's moves other than castling that may lead to a mate when it is to move
  /// with `mated_moves` (>= 1) left and the other side `mating_moves`: a mate may follow at
  /// all; a move of the royal piece may; a move of another piece may when it starts on one of
  /// `men` and lands on one of `landing`. With one move left, the men land on a flight of the
  /// king's square or wait; with more, the men that cannot reach a flight in time move only
  /// when a waiting move will do. Castling is not judged here: `castling` says the rights
  /// allow it.
  struct MatedMoves {
    bool possible = true;
    bool king = true;
    Bitboard men = ~Bitboard{0};
    Bitboard landing = ~Bitboard{0};
    bool castling = true;
    /// Where a man on `from` may go (castling aside): everywhere or nowhere for the royal piece.
    Bitboard onto(Square from, Square king_square) const {
      if (from == king_square) return king ? ~Bitboard{0} : 0;
      return has(men, from) ? landing : 0;
    }
    bool allows(Move m, Square king_square) const {
      return m.kind() == MoveKind::kCastling || has(onto(m.from(), king_square), m.to());
    }
  };
  MatedMoves mated_moves(const Position& pos, Color mated, int mated_moves, int mating_moves) const;

 private:
  /// For one piece (colour, type) standing on one square: the squares it can stand on, and
  /// the squares it can attack, after at most k moves (k = 0..kMaxCount).
  struct Reach {
    std::array<Bitboard, kMaxCount + 1> stand{};
    std::array<Bitboard, kMaxCount + 1> attack{};
  };
  /// `r` from a piece's counts to stand on and to attack each square (kFar: never).
  static void fill_reach(Reach& r, const std::array<std::uint8_t, kSquares>& stand,
                         const std::array<std::uint8_t, kSquares>& attack);
  const Reach& reach(Color c, PieceType t, Square from) const {
    return reach_[(static_cast<std::size_t>(c) * types_ + t) * kSquares + from];
  }
  /// A piece of the mating side: where it stands and its type's rows of the tables.
  struct Mover {
    const Reach* row = nullptr;  ///< the type's Reach for each square
    Square at = kNoSquare;
    /// For each square x, the squares from which the type attacks x; null for a piece that
    /// may promote in the moves left (then where it may attack from is not one type's).
    const Bitboard* attacked_from = nullptr;
    bool checks = true;  ///< false for a royal piece that cannot give check
    const Reach& reach() const { return row[at]; }
  };
  /// The squares `m` can stand on after at most `k` moves that attack all of `r` (every
  /// square, for a piece that may promote, when its attacks from all squares cover `r`).
  static Bitboard end_squares(const Mover& m, int k, Bitboard r);
  /// What both sides can do in the moves left, gathered once per position.
  struct Forces {
    Square king = kNoSquare;  ///< the mated royal piece
    int mated_moves = 0;
    Bitboard guard = 0;   ///< squares some mating piece can attack in time
    Bitboard check = 0;   ///< ... some mating piece that can give check
    Bitboard once = 0;    ///< squares mating pieces attack from where they stand: one or more
    Bitboard twice = 0;   ///< ... two or more
    Bitboard thrice = 0;  ///< ... three or more
    Bitboard check_once = 0, check_twice = 0, check_thrice = 0;  ///< the same, by checkers
    std::array<Mover, kSquares> mating{};                        ///< the mating side's pieces
    int mating_count = 0;
    std::array<Bitboard, kMaxCount + 1> block{};    ///< squares the mated side's men reach in k
    int blockers = 0;                               ///< the mated side's pieces but the royal
    std::array<const Reach*, kSquares> men{};       ///< their tables, by square
    std::array<const Reach*, kSquares> man_list{};  ///< the same, the first `blockers` filled
    int mating_moves = 0;
    bool count_movers = false;  ///< the mating pieces that move are counted
    bool need_check = true;     ///< the picture needs s attacked (mate; not stalemate)
    std::array<const CastlingMove*, 2 * kMaxCastlingPerSide> castles{};  ///< the mating side's
    int castle_count = 0;  ///< castlings its rights allow (with one move left)
  };
  /// Fills `f`; false when the bounds do not apply (not enabled(), no single mated royal).
  /// `mated_castles`: the mated side may still castle, moving a rook with its king.
  bool gather(const Position& pos, Color mated, int mated_moves, int mating_moves,
              bool mated_castles, Forces& f) const;
  /// True when a mate with the mated king on `s`, `king_moves` away, fits the forces. With
  /// `next`, adds the next moves of the ways to the picture.
  bool picture_possible(const Forces& f, Color mated, Square s, int king_moves,
                        NextMoves* next) const;
  /// True when the mating side's few moves (one or two) can leave every square of `needed`
  /// attacked and the king on `s` in check: at most that many pieces move, the others attack
  /// from where they stand. With `next`, every way is tried and the first moves of each are
  /// added.
  static bool movers_cover(const Forces& f, Square s, Bitboard needed, NextMoves* next);
  /// True when distinct men of the mated side can stand on every square of `flights` (at most
  /// 8) with their fewest moves adding up to at most `left`: the cheapest assignment of men
  /// to flights, not each flight's nearest man counted again for every flight it is nearest to.
  static bool blockers_fit(const Forces& f, Bitboard flights, int left);
  /// True when `next` lets every mating piece make each of its moves (more ways add none).
  static bool saturated(const Forces& f, const NextMoves& next);

  bool enabled_ = true;
  Goal goal_ = Goal::kMate;
  std::size_t types_ = 0;
  PieceType royal_ = kNoPiece;
  std::vector<Reach> reach_;
  EmptyBoardAttacks attacks_;                 ///< where each piece attacks from (empty board)
  std::vector<Bitboard> promotion_squares_;   ///< per colour and type (0: it never promotes)
  std::uint8_t castling_rights_[2] = {0, 0};  ///< each side's bits of the castling rights
  std::vector<CastlingMove> castling_[2];     ///< each side's castling moves
  bool royal_checks_[2] = {false, false};     ///< each side's royal piece can give check
  std::array<Bitboard, kSquares> royal_flights_[2] = {};  ///< where a royal on s could step
};

}  // namespace arbiter::puzzles
