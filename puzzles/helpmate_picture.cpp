// Helpmate pruning by mate pictures (see helpmate_picture.hpp).
#include "puzzles/helpmate_picture.hpp"

#include <algorithm>

namespace arbiter::puzzles {
namespace {

/// A search past this many steps gives up and says "reachable" (the safe answer).
constexpr int kStepLimit = 64;

/// The fewest moves `r` says its piece needs to stand on (attack) `x`, or past `most` when more.
int count_to(const std::array<Bitboard, HelpmateBound::kMaxCount + 1>& levels, Square x, int most) {
  int k = 0;
  while (k <= most && !has(levels[static_cast<std::size_t>(k)], x)) ++k;
  return k;
}

}  // namespace

/// One picture search: the king's square, the pieces and the moves left, then a depth-first
/// choice of a square for one more piece at a time, the most constrained need first.
struct HelpmatePictures::Search {
  /// A piece the picture may use: its fewest-move tables where it stands, and for a piece of
  /// one type the rows of its type (the squares it attacks from each square, and from which
  /// squares it attacks each square). Null rows: it may promote in the moves left.
  struct PicturePiece {
    const HelpmateBound::Reach* reach = nullptr;
    const HelpmateBound::Reach* row = nullptr;
    const Bitboard* attacked_from = nullptr;
    bool checks = true;
  };
  std::array<PicturePiece, kSquares> mating{};
  int mating_count = 0;
  std::array<const HelpmateBound::Reach*, kSquares> men{};
  int men_count = 0;
  int mating_moves = 0;
  int mated_moves = 0;
  const HelpmateBound::Reach* king = nullptr;  ///< the mated king's tables where it stands
  const Bitboard* flights_of = nullptr;        ///< the flights of each square
  Square s = kNoSquare;
  int steps = 0;
  // Each square on its own (HelpmateBound's test, cheaper than the search and most often
  // enough): what some mating piece (that can give check) attacks within the moves left, and
  // where some man of the mated side stands within k moves.
  Bitboard guard = 0;
  Bitboard check = 0;
  std::array<Bitboard, HelpmateBound::kMaxCount + 1> men_at{};

  /// The levels of a budget: moves beyond the tables' last level are not told apart.
  static std::size_t level(int k) {
    return static_cast<std::size_t>(std::min(k, HelpmateBound::kMaxCount));
  }

  /// The squares of `p`'s options for attacking `x` within `k` moves.
  Bitboard options(const PicturePiece& p, Square x, int k) const {
    if (!p.attacked_from) return has(p.reach->attack[level(k)], x) ? ~Bitboard{0} : 0;
    return p.reach->stand[level(k)] & p.attacked_from[x];
  }

  /// True when the needs not yet met (`checked`: s is in check; `attacked`, `held`: flights
  /// attacked, held) can be met with the pieces not used (bits of `used`, `men_used`) in the
  /// moves left (`w`, `b`).
  bool cover(bool checked, Bitboard attacked, Bitboard held, std::uint64_t used,
             std::uint64_t men_used, int w, int b) {
    if (++steps > kStepLimit) return true;
    const Bitboard open = flights_of[s] & ~attacked & ~held;
    if (checked && open == 0) return true;
    // The need with the fewest options (s first while it is not in check).
    Square need = kNoSquare;
    int fewest = 1 << 30;
    const auto count_options = [&](Square x, bool checker) {
      int n = 0;
      for (int i = 0; i < mating_count; ++i) {
        const PicturePiece& p = mating[static_cast<std::size_t>(i)];
        if ((used >> i & 1) || (checker && !p.checks)) continue;
        const Bitboard o = options(p, x, w);
        n += p.attacked_from ? popcount(o) : (o ? w + 1 : 0);
      }
      if (!checker)
        for (int j = 0; j < men_count; ++j)
          if (!(men_used >> j & 1) && has(men[static_cast<std::size_t>(j)]->stand[level(b)], x))
            ++n;
      return n;
    };
    if (!checked) {
      fewest = count_options(s, true);
      need = s;
      if (fewest == 0) return false;
    }
    for (Bitboard o = open; o;) {
      const Square x = pop_lsb(o);
      const int n = count_options(x, false);
      if (n == 0) return false;
      if (n < fewest) {
        fewest = n;
        need = x;
      }
    }
    const bool check_need = !checked && need == s;
    // A mating piece on a square attacking the need.
    for (int i = 0; i < mating_count; ++i) {
      const PicturePiece& p = mating[static_cast<std::size_t>(i)];
      if ((used >> i & 1) || (check_need && !p.checks)) continue;
      const std::uint64_t u = used | std::uint64_t{1} << i;
      if (!p.attacked_from) {
        // Every cost from the need's up: each attacks what the piece attacks within it.
        for (int k = count_to(p.reach->attack, need, w); k <= w; ++k) {
          const Bitboard a = p.reach->attack[level(k)];
          if (cover(checked || (p.checks && has(a, s)), attacked | a, held, u, men_used, w - k, b))
            return true;
        }
        continue;
      }
      Bitboard before = 0;
      for (int k = 0; k <= w; ++k) {
        const Bitboard at_k = p.reach->stand[level(k)];
        for (Bitboard ys = at_k & ~before & p.attacked_from[need]; ys;) {
          const Bitboard a = p.row[pop_lsb(ys)].attack[0];
          if (cover(checked || (p.checks && has(a, s)), attacked | a, held, u, men_used, w - k, b))
            return true;
        }
        before = at_k;
      }
    }
    if (check_need) return false;
    // A man of the mated side on the flight.
    for (int j = 0; j < men_count; ++j) {
      if (men_used >> j & 1) continue;
      const int k = count_to(men[static_cast<std::size_t>(j)]->stand, need, b);
      if (k <= b && cover(checked, attacked, held | bb(need), used,
                          men_used | std::uint64_t{1} << j, w, b - k))
        return true;
    }
    return false;
  }
};

bool HelpmatePictures::prepare(const Position& pos, Color mated, int mated_moves, int mating_moves,
                               Search& ps) const {
  const HelpmateBound& hb = bound_;
  const Color mating = ~mated;
  const Bitboard kings = pos.pieces(mated, hb.royal_);
  if (!hb.enabled_ || mating_moves < 1 || popcount(kings) != 1) return false;
  // Castling moves a rook with the king in one move: the tables count two.
  ps.mating_moves = mating_moves + ((pos.castling_rights() & hb.castling_rights_[mating]) ? 1 : 0);
  ps.mated_moves = mated_moves + ((pos.castling_rights() & hb.castling_rights_[mated]) ? 1 : 0);
  const int wi = std::min(ps.mating_moves, HelpmateBound::kMaxCount);
  for (Bitboard p = pos.pieces(mating); p;) {
    const Square at = pop_lsb(p);
    const PieceType t = pos.piece_on(mating, at);
    const std::size_t row = (static_cast<std::size_t>(mating) * hb.types_ + t) * kSquares;
    Search::PicturePiece& pp = ps.mating[static_cast<std::size_t>(ps.mating_count++)];
    pp.reach = &hb.reach_[row + static_cast<std::size_t>(at)];
    pp.checks = t != hb.royal_ || hb.royal_checks_[mating];
    const Bitboard promotes =
        hb.promotion_squares_[static_cast<std::size_t>(mating) * hb.types_ + t];
    if ((pp.reach->stand[static_cast<std::size_t>(wi)] & promotes) == 0) {
      pp.row = &hb.reach_[row];
      pp.attacked_from = hb.attacks_.row(mating, t);
    }
  }
  for (Bitboard p = pos.pieces(mated) & ~kings; p;) {
    const Square at = pop_lsb(p);
    ps.men[static_cast<std::size_t>(ps.men_count++)] =
        &hb.reach(mated, pos.piece_on(mated, at), at);
  }
  ps.king = &hb.reach(mated, hb.royal_, lsb(kings));
  ps.flights_of = hb.royal_flights_[mated].data();
  for (int i = 0; i < ps.mating_count; ++i) {
    const Search::PicturePiece& pp = ps.mating[static_cast<std::size_t>(i)];
    ps.guard |= pp.reach->attack[static_cast<std::size_t>(wi)];
    if (pp.checks) ps.check |= pp.reach->attack[static_cast<std::size_t>(wi)];
  }
  for (int j = 0; j < ps.men_count; ++j)
    for (std::size_t k = 0; k <= HelpmateBound::kMaxCount; ++k)
      ps.men_at[k] |= ps.men[static_cast<std::size_t>(j)]->stand[k];
  return true;
}

Bitboard HelpmatePictures::king_square(Search& ps, Bitboard squares, Bitboard* tried) const {
  const int bi = std::min(ps.mated_moves, HelpmateBound::kMaxCount);
  for (squares &= ps.king->stand[static_cast<std::size_t>(bi)] & ps.check; squares;) {
    ps.s = pop_lsb(squares);
    if (tried) *tried |= bb(ps.s);
    const int king_moves = count_to(ps.king->stand, ps.s, bi);
    const Bitboard unguarded = ps.flights_of[ps.s] & ~ps.guard;
    if (unguarded & ~ps.men_at[Search::level(ps.mated_moves - king_moves)]) continue;
    ps.steps = 0;
    if (ps.cover(false, 0, 0, 0, 0, ps.mating_moves, ps.mated_moves - king_moves)) return bb(ps.s);
  }
  return 0;
}

bool HelpmatePictures::reachable(const Position& pos, Color mated, int mated_moves,
                                 int mating_moves) const {
  Search ps;
  if (!prepare(pos, mated, mated_moves, mating_moves, ps)) return true;
  return king_square(ps, ~Bitboard{0}) != 0;
}

HelpmatePictures::MatedMoves HelpmatePictures::mated_moves(const Position& pos, Color mated,
                                                           int mated_moves,
                                                           int mating_moves) const {
  Search ps;
  MatedMoves out;
  if (mated_moves < 1 || !prepare(pos, mated, mated_moves, mating_moves, ps)) return out;
  // With three moves or more the king's steps are hardly narrowed: the first square will do.
  if (mated_moves > 2) {
    out.possible = king_square(ps, ~Bitboard{0}) != 0;
    return out;
  }
  // After the move, mated_moves - 1 are left (one more while castling is still allowed). The
  // men may move when a mate square is within that of the king where it stands, the king to
  // each step with one within that of the step: each asks for one square of its own set, so
  // the pictures are searched until each has one (or none is left), not on every square.
  const auto after =
      static_cast<std::size_t>(std::min(ps.mated_moves - 1, HelpmateBound::kMaxCount));
  Bitboard tried = 0;
  Bitboard good = king_square(ps, ps.king->stand[after], &tried);
  out.men = good != 0;
  out.king_to = 0;
  const HelpmateBound& hb = bound_;
  const Square king = pos.king_square(mated);
  for (Bitboard to = ps.king->stand[1] & ~bb(king); to;) {
    const Square c = pop_lsb(to);
    const Bitboard within = hb.reach(mated, hb.royal_, c).stand[after];
    if (!(within & good)) good |= king_square(ps, within & ~tried, &tried);
    if (within & good) out.king_to |= bb(c);
  }
  out.possible = good != 0 || king_square(ps, ~tried) != 0;
  return out;
}

}  // namespace arbiter::puzzles
