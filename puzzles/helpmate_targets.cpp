// Helpmates target by target (see helpmate_targets.hpp).
#include "puzzles/helpmate_targets.hpp"

#include <algorithm>
#include <array>
#include <deque>
#include <functional>
#include <limits>
#include <optional>
#include <set>

#include "puzzles/series_search.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/piece_moves.hpp"
#include "rules/core/splitmix.hpp"

namespace arbiter::puzzles {
namespace {

constexpr int kFar = HelpmateBound::kFar;

/// What a piece of colour `c` and type `t` on `from` does whatever stands around it: its leaps
/// and its steps with no square in between (the moves and the captures of piece_targets on a
/// full board, without the initial-only targets, which another man may stop).
void fixed_targets(const Variant& v, Color c, PieceType t, Square from, Bitboard& quiet,
                   Bitboard& captures) {
  const PieceMoves& pm = v.piece(t).moves;
  piece_targets(pm, v.sliders(), c, from, ~Bitboard{0}, quiet, captures);
  quiet &= ~pm.at[c][from].initial_only;
}

/// The squares a piece of colour `c` and type `t` on `from` attacks, the board occupied as
/// `occupied`; `reach`: the squares it attacks on an empty board (EmptyBoardAttacks).
Bitboard attacks(const Variant& v, Color c, PieceType t, Square from, Bitboard occupied,
                 Bitboard reach) {
  const PieceMoves& pm = v.piece(t).moves;
  Bitboard quiet = 0, captures = 0;
  if (!pm.has_riders) {
    piece_targets(pm, v.sliders(), c, from, occupied, quiet, captures);
    return captures;
  }
  // A step-by-step rider captures only on the first occupied square of its ride: each square
  // it may attack is asked with that square occupied too.
  Bitboard attacked = 0;
  for (Bitboard xs = reach; xs;) {
    const Square x = pop_lsb(xs);
    piece_targets(pm, v.sliders(), c, from, occupied | bb(x), quiet, captures);
    if (has(captures, x)) attacked |= bb(x);
  }
  return attacked;
}

/// The squares an assignment of distinct men counts at the most (a fairy royal piece may have
/// more flights, a stalemate more standing men: the first ones are counted, which is still a
/// lower bound), and its cost matrix: cost[k][i], man k's count to square i.
constexpr std::size_t kMostAssigned = 8;

/// The progress callback (and with it the time limit) is called every this many nodes, and
/// every this many pictures while a stalemate's targets are made (a power of two).
constexpr std::uint64_t kProgressEvery = std::uint64_t{1} << 14;
using AssignmentCosts = std::array<std::array<std::uint8_t, kMostAssigned>, kSquares>;

/// What the cheapest assignments say of each man, by its index in the costs (see
/// HelpmateTargets::BlockerRoles, which holds the same by the men's order on the board).
struct AssignmentRoles {
  std::array<std::uint8_t, kSquares> cheapest{};
  std::array<std::uint8_t, kSquares> dearer{};
  std::uint64_t needed = 0;
};

/// Fills `roles` from potentials that prove `total` the cheapest (u[i] + v[k] <= cost[k][i],
/// v[k] <= 0, their sum `total`). An assignment then costs `total` plus the reduced costs
/// (cost - u - v) of its pairs, plus minus the v of the men it leaves out: one that costs
/// `total` has only pairs of reduced cost 0, one that costs a move more only pairs of reduced
/// cost 1 at most, and one without man k at least `total - v[k]`, and at least each flight's
/// nearest man but k summed.
void mark_roles(const AssignmentCosts& cost, std::size_t men, std::size_t n, int total,
                const int* u, const int* v, AssignmentRoles& roles) {
  std::array<int, kMostAssigned> best{}, second{}, nearest_man{};
  for (std::size_t i = 0; i < n; ++i) {
    best[i] = second[i] = kFar;
    for (std::size_t k = 0; k < men; ++k) {
      const int c = cost[k][i];
      if (c < best[i])
        second[i] = best[i], best[i] = c, nearest_man[i] = static_cast<int>(k);
      else if (c < second[i])
        second[i] = c;
    }
  }
  for (std::size_t k = 0; k < men; ++k) {
    int without = 0;  // each flight's nearest man but k
    for (std::size_t i = 0; i < n; ++i) {
      without += nearest_man[i] == static_cast<int>(k) ? second[i] : best[i];
      const int c = cost[k][i];
      if (c >= kFar) continue;
      const int reduced = c - u[i] - v[k];
      if (reduced == 0) roles.cheapest[k] |= static_cast<std::uint8_t>(1U << i);
      if (reduced <= 1) roles.dearer[k] |= static_cast<std::uint8_t>(1U << i);
    }
    if (v[k] < 0 || without > total) roles.needed |= std::uint64_t{1} << k;
  }
}

/// The fewest moves for distinct men to stand on all `n` flights (at most eight), `cost[k][i]`
/// man k's count to flight i (kFar: never), or `cap` when that is `cap` or more: the Hungarian
/// method, flights as rows and men as columns, in O(n^2 men). With `roles`, under `cap`, marks
/// them from the final potentials: they prove the count (a man's v only falls, and only once it
/// holds a flight, so every v is at most 0 and the potentials add up to the count).
int cheapest_assignment(const AssignmentCosts& cost, std::size_t men, std::size_t n, int cap,
                        AssignmentRoles* roles = nullptr) {
  if (men < n) return cap;
  constexpr int kNever = 1 << 20;  // an edge never taken while a finite assignment exists
  std::array<int, 9> u{};
  std::array<int, kSquares + 1> v{}, minv{};
  std::array<std::size_t, kSquares + 1> p{}, way{};  // p[j]: the flight (1-based) man j holds
  std::array<bool, kSquares + 1> used{};
  for (std::size_t i = 1; i <= n; ++i) {
    p[0] = i;
    std::size_t j0 = 0;
    std::fill(minv.begin(), minv.begin() + static_cast<std::ptrdiff_t>(men + 1), 2 * kNever);
    std::fill(used.begin(), used.begin() + static_cast<std::ptrdiff_t>(men + 1), false);
    do {
      used[j0] = true;
      const std::size_t i0 = p[j0];
      int delta = 2 * kNever;
      std::size_t j1 = 0;
      for (std::size_t j = 1; j <= men; ++j) {
        if (used[j]) continue;
        const std::uint8_t c = cost[j - 1][i0 - 1];
        const int cur = (c >= kFar ? kNever : c) - u[i0] - v[j];
        if (cur < minv[j]) minv[j] = cur, way[j] = j0;
        if (minv[j] < delta) delta = minv[j], j1 = j;
      }
      for (std::size_t j = 0; j <= men; ++j) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (p[j0] != 0);
    do {
      const std::size_t j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0 != 0);
  }
  const int total = -v[0];
  if (total >= cap) return cap;
  if (roles) mark_roles(cost, men, n, total, &u[1], &v[1], *roles);
  return total;
}

/// The same count: each square's nearest man when they are distinct men (their counts then add
/// up exactly), else cheapest_assignment. `roles` as there (they must come empty); when the
/// nearest men are distinct, the potentials are each flight's nearest count and 0 for the men.
int fewest_distinct(const AssignmentCosts& cost, std::size_t men, std::size_t n, int cap,
                    AssignmentRoles* roles = nullptr) {
  int sum = 0;
  std::uint64_t chosen = 0;
  bool shared = false;
  std::array<int, kMostAssigned> nearest{};
  for (std::size_t i = 0; i < n; ++i) {
    int best = kFar;
    std::size_t who = 0;
    for (std::size_t k = 0; k < men; ++k)
      if (cost[k][i] < best) best = cost[k][i], who = k;
    if (best >= kFar) return cap;
    nearest[i] = best;
    sum += best;
    if (sum >= cap) return cap;
    shared |= (chosen >> who) & 1U;
    chosen |= std::uint64_t{1} << who;
  }
  if (shared) return cheapest_assignment(cost, men, n, cap, roles);
  if (roles) {
    const std::array<int, kSquares> none{};
    mark_roles(cost, men, n, sum, nearest.data(), none.data(), *roles);
  }
  return sum;
}

/// A row of counts (one square's fewest moves from each square; kFar: never) by level: [k]
/// holds the squares whose count is under k, for k < kTopLevel, and [kTopLevel] every square
/// whose count is not kFar. What the search reads to list only the moves that bring a man
/// nearer (HelpmateTargets::progress_onto).
using RowLevels = HelpmateTargets::RowLevels;
constexpr std::size_t kTopLevel = RowLevels{}.size() - 1;

RowLevels row_levels(const std::uint8_t* row) {
  RowLevels below{};
  std::array<Bitboard, kTopLevel> exactly{};
  for (Square x = 0; x < kSquares; ++x) {
    if (row[x] < kTopLevel) exactly[row[x]] |= bb(x);
    if (row[x] != kFar) below[kTopLevel] |= bb(x);
  }
  for (std::size_t k = 1; k < kTopLevel; ++k) below[k] = below[k - 1] | exactly[k - 1];
  return below;
}

/// The squares whose count in `row` is under the count of `from`: where a man on `from`
/// comes nearer.
Bitboard nearer(const std::uint8_t* row, const RowLevels& below, Square from) {
  const std::uint8_t d = row[from];
  if (d < kTopLevel) return below[d];
  if (d == kFar) return below[kTopLevel];
  Bitboard out = 0;  // a count past the levels (a promotion's long way)
  for (Square x = 0; x < kSquares; ++x)
    if (row[x] < d) out |= bb(x);
  return out;
}

/// The squares whose count in `row` is at most the count of `from`: where a man on `from`
/// comes no farther.
Bitboard not_farther(const std::uint8_t* row, const RowLevels& below, Square from) {
  const std::uint8_t d = row[from];
  if (d == kFar) return ~Bitboard{0};
  if (d + 1U < kTopLevel) return below[d + 1U];
  Bitboard out = 0;
  for (Square x = 0; x < kSquares; ++x)
    if (row[x] <= d) out |= bb(x);
  return out;
}

/// A row of counts and its levels.
struct LeveledRow {
  const std::uint8_t* row = nullptr;
  const RowLevels* levels = nullptr;
  Bitboard nearer(Square from) const { return puzzles::nearer(row, *levels, from); }
  Bitboard not_farther(Square from) const { return puzzles::not_farther(row, *levels, from); }
};

}  // namespace

/// One target as the search reads it.
struct HelpmateTargets::Aim {
  Color mated = kBlack;
  bool series = false;  ///< the series side moves all its moves in a row
  Color series_side = kBlack;
  Square king = kNoSquare;
  struct Need {
    /// For each type of man that may end as this one: the fewest moves from each square.
    std::vector<std::pair<PieceType, const std::uint8_t*>> rows;
    /// An arriving checker's square (Man::arrives; else kNoSquare): standing there before the
    /// last move, a man of the first row's type needs `back` moves, not none.
    Square arrive = kNoSquare;
    int back = 0;
    /// `rows` with the man's own type's row taking nothing on its way (quiet_dist_).
    std::vector<std::pair<PieceType, const std::uint8_t*>> quiet_rows;
  };
  std::vector<Need> men;
  /// The mating side's men of `men` that can be taken (its royal piece aside): when it has no
  /// more, the mated side can take nothing.
  int men_takable = 0;
  /// A stalemate's men that stand (Target::stay; -1 survivors for a mate): their needs, and
  /// for each type of the stalemated side the rows of the men it may end as.
  std::vector<Need> stay;
  int survivors = -1;
  std::vector<std::vector<LeveledRow>> stay_rows_by_type;
  std::vector<Square> flights;  ///< the blocked ones
  Bitboard blocked = 0;         ///< the same as a set
  /// For each blocked flight and each type of the mated side: the fewest moves from each square.
  std::vector<LeveledRow> flight_rows;
  LeveledRow king_row;  ///< the mated king's fewest moves to `king`
  /// For each type of the mating side, the rows of the men it may end as.
  std::vector<std::vector<LeveledRow>> rows_by_type;
  /// The levels of the rows above that are not the distance table's (a promotion's): a
  /// deque, since the rows point into it.
  std::deque<RowLevels> own_levels;
  /// The arriving checkers' types and squares (Man::arrives): leaving it is progress.
  std::vector<std::pair<PieceType, Square>> leaving;
  /// The checker's spoilers (HelpmateTargets::spoilers), when its check comes alone.
  std::optional<Spoilers> spoil;
  /// With spoilers: for each blocked flight (the first eight) and each type, the blockers'
  /// counts from each square (blocker_count) and their levels, a row made when first read
  /// (then marked made).
  mutable std::vector<std::uint8_t> blocker_counts;
  mutable std::vector<RowLevels> blocker_levels;
  mutable std::vector<bool> blocker_row_made;
  /// Per side: the castling rights whose castling may make the target's counts one over the
  /// moves (saving_rights: the mated king's square, the mating side's royal man).
  std::array<std::uint8_t, 2> saving{};
  std::uint64_t salt = 0;
};

inline std::pair<const std::uint8_t*, const HelpmateTargets::RowLevels*>
HelpmateTargets::blocker_row(const Aim& g, std::size_t i, PieceType t) const {
  const std::size_t r = i * types_ + t;
  if (!g.spoil) return {g.flight_rows[r].row, g.flight_rows[r].levels};
  // Made once a target the first time they are read (the search asks them at most of its
  // nodes).
  if (!g.blocker_row_made[r]) make_blocker_row(g, i, t);
  return {&g.blocker_counts[r * kSquares], &g.blocker_levels[r]};
}

HelpmateTargets::HelpmateTargets(const Variant& variant, const HelpmateBound& bound,
                                 ProgressFn progress, int table_log2)
    : bound_(bound), table_log2_(table_log2), progress_(std::move(progress)), types_(bound.types_) {
  if (!bound_.enabled()) return;
  dist_.assign(2 * types_ * kSquares * kSquares, kFar);
  for (Color c : {kWhite, kBlack})
    for (std::size_t t = 0; t < types_; ++t)
      for (Square from = 0; from < kSquares; ++from) {
        // Each square's count is the first level that holds it. The last level holds every
        // square reachable at all (counts past it are not told apart): kMaxCount there is a
        // lower bound.
        const HelpmateBound::Reach& r = bound_.reach(c, static_cast<PieceType>(t), from);
        Bitboard below = 0;
        for (int k = 0; k <= HelpmateBound::kMaxCount; ++k) {
          for (Bitboard level = r.stand[k] & ~below; level;)
            dist_[row(c, static_cast<PieceType>(t), pop_lsb(level)) + from] =
                static_cast<std::uint8_t>(k);
          below = r.stand[k];
        }
      }
  // A man that takes nothing on its way: its quiet moves' counts, for the types whose moves on
  // an empty board differ from their captures (a pawn's).
  quiet_dist_ = dist_;
  for (Color c : {kWhite, kBlack})
    for (std::size_t t = 0; t < types_; ++t) {
      const auto type = static_cast<PieceType>(t);
      const auto quiet = HelpmateBound::quiet_counts_from_each(variant, c, type);
      if (!quiet) continue;
      for (Square from = 0; from < kSquares; ++from)
        for (Square to = 0; to < kSquares; ++to)
          quiet_dist_[row(c, type, to) + from] = (*quiet)[from][to];
    }
  // A man that promotes stands on a square as the new type only through a promotion square.
  for (Color c : {kWhite, kBlack})
    for (std::size_t t = 0; t < types_; ++t) {
      const Bitboard squares = bound_.promotion_squares_[static_cast<std::size_t>(c) * types_ + t];
      if (!squares) continue;
      for (PieceType u : variant.piece(static_cast<PieceType>(t)).promotion_choices) {
        Promotion p{c, static_cast<PieceType>(t), u, {}};
        p.dist.assign(kSquares * kSquares, kFar);
        for (Bitboard qs = squares; qs;) {
          const Square q = pop_lsb(qs);
          for (Square to = 0; to < kSquares; ++to) {
            const int on = moves(c, u, q, to);
            if (on == kFar) continue;
            for (Square from = 0; from < kSquares; ++from) {
              const int reach = moves(c, static_cast<PieceType>(t), from, q);
              if (reach == kFar) continue;
              auto& d = p.dist[static_cast<std::size_t>(to) * kSquares + from];
              d = static_cast<std::uint8_t>(std::min(static_cast<int>(d), reach + on));
            }
          }
        }
        promotions_.push_back(std::move(p));
      }
    }
  // A man that may promote, counted while it stays what it is: the bound's counts keeping the
  // type, where a promotion square is never stood on as it (arriving there promotes).
  unpromoted_.assign(2 * types_ * kSquares * kSquares, kFar);
  for (Color c : {kWhite, kBlack})
    for (std::size_t t = 0; t < types_; ++t) {
      const Bitboard promoting =
          bound_.promotion_squares_[static_cast<std::size_t>(c) * types_ + t];
      if (!promoting) continue;
      const auto from_each =
          HelpmateBound::stand_counts_from_each(variant, c, static_cast<PieceType>(t));
      for (Square from = 0; from < kSquares; ++from) {
        if (has(promoting, from)) continue;
        for (Square to = 0; to < kSquares; ++to)
          if (!has(promoting, to))
            unpromoted_[row(c, static_cast<PieceType>(t), to) + from] = from_each[from][to];
      }
    }
}

bool HelpmateTargets::applies(const Position& pos) const {
  return bound_.enabled() && popcount(pos.pieces(kWhite, bound_.royal_)) == 1 &&
         popcount(pos.pieces(kBlack, bound_.royal_)) == 1;
}

void HelpmateTargets::count_node() {
  if ((++nodes_ & (kProgressEvery - 1)) != 0) return;
  // A search this long keeps more lines than the first table holds: a larger one from here
  // (the answers are the same, only found again).
  if (nodes_ == kGrowTableAt && table_log2_ > kFirstTableLog2) tt_ = &table_.emplace(table_log2_);
  if (progress_) progress_(nodes_);
}

std::optional<std::vector<HelpmateTargets::Target>> HelpmateTargets::targets(
    const Position& pos, Color mated, int mated_moves, int mating_moves, std::size_t limit) const {
  auto made = bound_.goal() == Goal::kMate
                  ? make_targets(pos, mated, mated_moves, mating_moves, limit, false)
                  : stalemate_targets(pos, mated, mated_moves, mating_moves, limit);
  if (!made) return std::nullopt;
  return std::move(made->kept);
}

std::optional<HelpmateTargets::Made> HelpmateTargets::make_targets(const Position& pos, Color mated,
                                                                   int mated_moves,
                                                                   int mating_moves,
                                                                   std::size_t limit,
                                                                   bool standing_men) const {
  auto found = find_targets(pos, mated, mated_moves, mating_moves, limit, standing_men);
  if (!found) return std::nullopt;
  std::vector<Target> kept = keep_smallest(*found);
  if (kept.size() > limit) return std::nullopt;
  return Made{std::move(*found), std::move(kept)};
}

std::optional<HelpmateTargets::Made> HelpmateTargets::stalemate_targets(
    const Position& pos, Color mated, int mated_moves, int mating_moves, std::size_t limit) const {
  // A stalemate's targets place the men that stand, each unable to move (a tighter cut than
  // leaving them free, and often fewer targets). When they are more than kPlacedPerLimit
  // times `limit`, or take more than kMostPictures pictures to make, the targets that leave
  // them free are made (within the limit itself: each of those is a wider search).
  if (auto placed =
          make_targets(pos, mated, mated_moves, mating_moves, limit * kPlacedPerLimit, true))
    return placed;
  return make_targets(pos, mated, mated_moves, mating_moves, limit, false);
}

std::vector<HelpmateTargets::Target> HelpmateTargets::targets_within(const Position& pos,
                                                                     Color mated, const Made& made,
                                                                     int mated_moves,
                                                                     int mating_moves) const {
  // The making's own cuts, at these moves: each side's fewest moves, and the men that do not
  // stand all taken, one a move of the other side.
  const int mated_men = popcount(pos.pieces(mated) & ~pos.pieces(mated, bound_.royal_));
  FoundTargets within;
  for (const auto& [t, cost] : made.found)
    if (cost[0] <= mated_moves + castling_saves(pos, mated, t.king) &&
        cost[1] <= mating_moves + castling_saves(pos, ~mated, t.men) &&
        (t.survivors < 0 || mated_men - t.survivors <= mating_moves))
      within.emplace_hint(within.end(), t, cost);
  return keep_smallest(within);
}

std::optional<HelpmateTargets::FoundTargets> HelpmateTargets::find_targets(
    const Position& pos, Color mated, int mated_moves, int mating_moves, std::size_t limit,
    bool standing_men) const {
  const Variant& v = pos.variant();
  const Color mating = ~mated;
  const PieceType royal = bound_.royal_;
  const Square king = pos.king_square(mated);
  const bool mate = bound_.goal() == Goal::kMate;
  // The mating side's moves as its men's counts may add up (castling_move): a target is
  // judged by its own (castling_saves) once made. The mated side's, by its king's square.
  const int mating_budget = mating_moves + castling_move(pos, mating);
  std::array<std::uint8_t, kSquares> mating_king_saves{};
  for (Square x = 0; x < kSquares; ++x)
    mating_king_saves[x] = static_cast<std::uint8_t>(castling_saves(pos, mating, x));
  // A mating man of type t can give check (a royal piece only where the table says so).
  const auto can_check = [&](PieceType t) { return t != royal || bound_.royal_checks_[mating]; };

  // The mating men, and for each the types it may end as with the fewest moves to stand on
  // each square as that type.
  struct Piece {
    Square from;
    PieceType type;
    std::vector<std::pair<PieceType, std::array<std::uint8_t, kSquares>>> ends;
  };
  std::vector<Piece> pieces;
  for (Bitboard ps = pos.pieces(mating); ps;) {
    const Square x = pop_lsb(ps);
    const PieceType t = pos.piece_on(mating, x);
    Piece p{x, t, {}};
    std::array<std::uint8_t, kSquares> own{};
    for (Square g = 0; g < kSquares; ++g)
      own[g] = static_cast<std::uint8_t>(moves(mating, t, x, g));
    p.ends.emplace_back(t, own);
    for (const Promotion& pr : promotions_) {
      if (pr.color != mating || pr.from != t) continue;
      std::array<std::uint8_t, kSquares> cost{};
      for (Square g = 0; g < kSquares; ++g)
        cost[g] = pr.dist[static_cast<std::size_t>(g) * kSquares + x];
      p.ends.emplace_back(pr.to, cost);
    }
    pieces.push_back(std::move(p));
  }
  // A stalemate's men that stand (Target::stay): for each type, the fewest moves of any man
  // of the stalemated side (its royal piece aside) to stand on each square as that type.
  const int mated_men = popcount(pos.pieces(mated) & ~pos.pieces(mated, royal));
  // man_cost[k][u][g]: man k's (in square order); stay_cost[u][g]: the nearest man's.
  using Costs = std::vector<std::array<std::uint8_t, kSquares>>;
  std::vector<Costs> man_cost;
  Costs stay_cost;
  std::vector<std::array<std::uint8_t, kSquares + 1>> stand_later;  // per man, by first square
  std::vector<PieceType> stand_types;  // the types some man may stand as (the royal one aside)
  if (standing_men) {
    const auto far = [&] {
      Costs c(types_);
      for (auto& row_ : c) row_.fill(static_cast<std::uint8_t>(kFar));
      return c;
    };
    stay_cost = far();
    for (Bitboard xs = pos.pieces(mated) & ~pos.pieces(mated, royal); xs;) {
      const Square x = pop_lsb(xs);
      const PieceType t = pos.piece_on(mated, x);
      const bool promotes =
          bound_.promotion_squares_[static_cast<std::size_t>(mated) * types_ + t] != 0;
      Costs mc = far();
      for (Square g = 0; g < kSquares; ++g) {
        // A man that may promote stands as itself only where it has not promoted.
        mc[t][g] = promotes ? unpromoted_[row(mated, t, g) + x]
                            : static_cast<std::uint8_t>(moves(mated, t, x, g));
        for (const Promotion& pr : promotions_)
          if (pr.color == mated && pr.from == t)
            mc[pr.to][g] =
                std::min(mc[pr.to][g], pr.dist[static_cast<std::size_t>(g) * kSquares + x]);
      }
      for (std::size_t u = 0; u < types_; ++u)
        for (Square g = 0; g < kSquares; ++g) stay_cost[u][g] = std::min(stay_cost[u][g], mc[u][g]);
      // The fewest moves to stand, as any type, on a square from z on.
      std::array<std::uint8_t, kSquares + 1> later{};
      later[kSquares] = static_cast<std::uint8_t>(kFar);
      for (int z = kSquares - 1; z >= 0; --z) {
        later[z] = later[z + 1];
        for (std::size_t u = 0; u < types_; ++u) later[z] = std::min(later[z], mc[u][z]);
      }
      stand_later.push_back(later);
      man_cost.push_back(std::move(mc));
    }
    for (std::size_t u = 0; u < types_; ++u)
      if (static_cast<PieceType>(u) != royal &&
          std::any_of(stay_cost[u].begin(), stay_cost[u].end(), [](int c) { return c < kFar; }))
        stand_types.push_back(static_cast<PieceType>(u));
  }
  // Per type: the squares from which it attacks each square on an empty board, and the
  // squares it attacks from each square.
  const EmptyBoardAttacks& empty = bound_.attacks_;
  const auto attacked_from = [&](PieceType t, Square x) { return empty.from(mating, t, x); };
  const auto reaches = [&](PieceType t, Square y) { return empty.to(mating, t, y); };
  // A check from `g` on `k` that holds with every other square occupied cannot be discovered.
  const auto undiscoverable = [&](PieceType t, Square g, Square k) {
    Bitboard quiet = 0, captures = 0;
    fixed_targets(v, mating, t, g, quiet, captures);
    return has(captures, k);
  };

  // Each mating man's fewest moves to stand on each square as each type it may end as that
  // can give check: where a second checker or a pinner could stand.
  struct Checking {
    std::size_t man;
    PieceType type;
    const std::array<std::uint8_t, kSquares>* cost;
  };
  std::vector<Checking> checking;
  for (std::size_t i = 0; i < pieces.size(); ++i)
    for (const auto& [u, cost] : pieces[i].ends)
      if (can_check(u)) checking.push_back({i, u, &cost});
  // The limit is on the targets kept, those that hold no smaller one (a stalemate's pictures
  // find many that do); the ones found before that are allowed a few times as many.
  FoundTargets found;
  const std::size_t most_found = limit * kFoundPerKept;
  bool over = false;
  std::uint64_t pictures = 0;  // a stalemate's pictures made (immobilise)
  // The pictures made, by key (0: none): zeroed pages, so a stalemate with few pictures does
  // not clear (and fault in) all 2 MiB of it.
  ZeroedArray<std::uint64_t> seen(standing_men ? std::size_t{1} << 18 : 0);
  // The standing men's counts (with_stayer), by their set and s.
  struct StayCount {
    std::uint64_t key;
    std::uint8_t count;
  };
  ZeroedArray<StayCount> stay_counts(standing_men ? std::size_t{1} << 14 : 0);
  const auto standing_hash = [](PieceType u, Square x) {
    return splitmix64((static_cast<std::uint64_t>(u) << 8 | x) + 0x10000);
  };
  Spoilers spoil{};       // the placed checker's
  bool spoiling = false;  // ... when it checks alone (Target::alone)
  const auto blockers_cost = [&](Bitboard flights) {
    std::array<Square, kSquares> fl{};
    std::size_t n = 0;
    for (Bitboard f = flights; f;) fl[n++] = pop_lsb(f);
    return blockers_needed(pos, mated, fl.data(), n, spoiling ? &spoil : nullptr);
  };

  // Per type (a stalemate's targets): the squares from which it attacks the king's square s
  // on an empty board along a line that a man standing between would close (for a type
  // without step-by-step riders: a slide, closed exactly by a man on Variant::between).
  std::vector<Bitboard> slides_to_s(types_, 0);
  for (Square s = 0; s < kSquares && !over; ++s) {
    // The king's count alone is at most its moves (castling one of them). With the men that
    // block or stand it may be one over, when a castling saves (castling_saves).
    const int saves = castling_saves(pos, mated, s);
    const int mated_budget = mated_moves + saves;
    const int king_moves = moves(mated, royal, king, s);
    if (king_moves > mated_moves) continue;
    // A stalemate's standing men are counted exactly instead: the rook of a castling that
    // saves counts one move less where its own count takes the castling step. A line that
    // castles so walks its king at least the king's count (with castling) and its rook at
    // least that less one; a line that castles otherwise or not at all, each at least its
    // count.
    const std::vector<Costs>* stand_costs = &man_cost;
    std::vector<Costs> reduced;
    if (standing_men && saves) {
      const Bitboard men = pos.pieces(mated) & ~pos.pieces(mated, royal);
      const std::uint8_t saving = pos.castling_rights() & saving_rights(mated, s);
      for (const CastlingMove& cm : bound_.castling_[mated]) {
        if (!(saving & cm.right) || !has(men, cm.rook_from) ||
            pos.piece_on(mated, cm.rook_from) != cm.rook_type)
          continue;
        if (reduced.empty()) reduced = man_cost;
        auto& row_ =
            reduced[static_cast<std::size_t>(popcount(men & (bb(cm.rook_from) - 1)))][cm.rook_type];
        for (Square x = 0; x < kSquares; ++x)
          if (row_[x] > 0 && castling_step_first(mated, cm.rook_type, cm.rook_from, cm.rook_to, x))
            --row_[x];
      }
      if (!reduced.empty()) stand_costs = &reduced;
    }
    const Bitboard flights = bound_.royal_flights_[mated][s];
    bool alone = false;  // the placed checker's, whatever the other men do (Target::alone)
    std::vector<Man> placed;
    std::uint64_t used = 0;  // the mating men placed, by their index in `pieces`
    // True when, with its men placed (`spent` mating moves), the checker checks alone: no
    // placed man but it attacks s from its square, and no man left out reaches a square that
    // does (but `taken`) in the moves left. Asked as the checker is placed (`alone`) and again
    // once the target is complete: placing men only fixes them, so `alone` implies the second.
    const auto checks_alone = [&](int spent, Bitboard taken) {
      for (std::size_t k = 1; k < placed.size(); ++k) {
        const Man& m = placed[k];
        if (can_check(m.type) && has(attacked_from(m.type, s), m.at)) return false;
      }
      for (const Checking& o : checking) {
        if (used >> o.man & 1U) continue;
        for (Bitboard xs = attacked_from(o.type, s) & ~taken; xs;)
          if (spent + (*o.cost)[pop_lsb(xs)] <= mating_budget) return false;
      }
      return true;
    };
    Bitboard blocked = 0;
    std::vector<Man> stay;       // a stalemate's (Target::stay)
    int stay_spent = 0;          // their fewest moves
    std::uint64_t stay_key = 0;  // their set's (standing_hash of each)
    // The squares of the placed men (the only men on the target's board).
    const auto occupied = [&] {
      Bitboard occ = 0;
      for (const Man& m : placed) occ |= bb(m.at);
      for (const Man& m : stay) occ |= bb(m.at);
      return occ;
    };
    // A man of the stalemated side of type u may stand on x more: a man is left and its
    // nearest one's moves fit (adding a man costs at least those more, or one less for a
    // rook counted as stand_costs reduces it: mated_budget has that one more).
    const auto stayer_may = [&](PieceType u, Square x) {
      return stay_cost[u][x] < kFar && static_cast<int>(stay.size()) < mated_men &&
             king_moves + stay_spent + stay_cost[u][x] <= mated_budget;
    };
    // A mating man that needs `cost` moves to stand on x as type u may, `spent` moves so far
    // (a royal piece not next to s).
    // The mating side's moves: one more only with its royal man placed where a castling saves
    // (castling_saves), as the target is judged at the end. Before the royal man is placed,
    // none more: placing it there adds at least the castling step.
    int mating_most = mating_moves;
    const auto most_with = [&](PieceType u, Square x) {
      return u == royal ? mating_moves + mating_king_saves[x] : mating_most;
    };
    const auto mating_may = [&](PieceType u, int cost, Square x, int spent) {
      return spent + cost <= most_with(u, x) && !(u == royal && (has(flights, x) || x == s));
    };
    // Calls next() with a man of the stalemated side of type u standing on x, when the fewest
    // moves of distinct men to stand as `stay` (the first eight) fit with the king's.
    // The pictures meet the same standing men again and again (with other mating men): their
    // count is remembered by the set and s, while it is the set's (at most kMostAssigned men;
    // past that the first ones are counted, so the order counts).
    const auto with_stayer = [&](PieceType u, Square x, const auto& next) {
      if (!stayer_may(u, x)) return;
      stay.push_back({kNoSquare, u, x});
      const std::uint64_t saved_key = stay_key;
      stay_key ^= standing_hash(u, x);
      const int saved = stay_spent;
      const int cap = mated_moves - king_moves + 1;
      const std::uint64_t key = stay_key ^ splitmix64(kSplitmixGamma + s);
      StayCount* known = nullptr;
      if (stay.size() <= kMostAssigned) {
        known = &stay_counts[key & (stay_counts.size() - 1)];
        if (known->key != key) known = nullptr;
      }
      if (known) {
        stay_spent = known->count;
      } else {
        AssignmentCosts cost{};  // (only the men's first n columns are read)
        const std::size_t n = std::min(stay.size(), kMostAssigned);
        const std::vector<Costs>& mc = *stand_costs;
        for (std::size_t k = 0; k < mc.size(); ++k)
          for (std::size_t i = 0; i < n; ++i) cost[k][i] = mc[k][stay[i].type][stay[i].at];
        stay_spent = fewest_distinct(cost, mc.size(), n, cap);
        if (stay.size() <= kMostAssigned)
          stay_counts[key & (stay_counts.size() - 1)] = {key,
                                                         static_cast<std::uint8_t>(stay_spent)};
      }
      if (stay_spent < cap) next();
      stay_spent = saved;
      stay_key = saved_key;
      stay.pop_back();
    };
    // Calls next() with `m` placed (mating_most then its own).
    const auto with_placed = [&](const Man& m, const auto& next) {
      placed.push_back(m);
      const int saved_most = mating_most;
      mating_most = most_with(m.type, m.at);
      next();
      mating_most = saved_most;
      placed.pop_back();
    };
    // Calls next(spent) with each mating man left out so far standing on x as each type it
    // may end as, when its moves fit (`spent` mating moves so far) and `fits(type)`.
    const auto with_mating_man = [&](Square x, int spent, const auto& fits, const auto& next) {
      for (std::size_t i = 0; i < pieces.size(); ++i) {
        if (used >> i & 1U) continue;
        used |= std::uint64_t{1} << i;
        for (const auto& [u, cost] : pieces[i].ends) {
          if (!fits(u) || !mating_may(u, cost[x], x, spent)) continue;
          const int c = cost[x];  // (a structured binding no lambda may capture in clang)
          with_placed({pieces[i].from, u, x}, [&] { next(spent + c); });
        }
        used &= ~(std::uint64_t{1} << i);
      }
    };
    // Calls next(spent) with each mating man left out so far standing, as each type it may end
    // as, on a square (not in `excluded`) from which it attacks f on an empty board, when its
    // moves fit (mating_may: a royal piece never on s or a flight, where cover() would drop
    // the target at the end).
    const auto with_guard = [&](Square f, int spent, Bitboard excluded, const auto& next) {
      for (std::size_t i = 0; i < pieces.size(); ++i) {
        if (used >> i & 1U) continue;
        used |= std::uint64_t{1} << i;
        for (const auto& [u, cost] : pieces[i].ends)
          for (Bitboard gs = attacked_from(u, f) & ~excluded; gs;) {
            const Square g = pop_lsb(gs);
            if (!mating_may(u, cost[g], g, spent)) continue;
            const int c = cost[g];
            with_placed({pieces[i].from, u, g}, [&] { next(spent + c); });
          }
        used &= ~(std::uint64_t{1} << i);
      }
    };
    const auto any_type = [](PieceType) { return true; };
    // A mating man of type w on z attacks s, the board occupied as `o`: for a type without
    // step-by-step riders, from a square of slides_to_s exactly when no man stands between.
    const auto attacks_s = [&](PieceType w, Square z, Bitboard o) {
      if (!v.piece(w).moves.has_riders) return !(v.between(z, s) & o);
      return has(attacks(v, mating, w, z, o, reaches(w, z)), s);
    };
    if (standing_men)
      for (std::size_t u = 0; u < types_; ++u) {
        const auto w = static_cast<PieceType>(u);
        slides_to_s[u] = 0;
        for (Bitboard zs = can_check(w) ? attacked_from(w, s) : 0; zs;) {
          const Square z = pop_lsb(zs);
          if (!undiscoverable(w, z, s)) slides_to_s[u] |= bb(z);
        }
      }
    // A stalemate's picture (the stalemated king on s, the placed men): the king is not in
    // check and each standing man of the stalemated side has no move there. Takes a move it
    // has and, in turn, each way the final position stops it: a man on its square or on a
    // square it passes, or a mating man whose line to s it opens (a pin). A picture where none
    // can move is a target, and so is each with more men that stand (on later squares, so each
    // set is made once). Every stalemate is covered: its position stops each move these
    // steps meet with men it holds, and they end with the men it holds.
    const auto immobilise = [&](const auto& self, int spent, Square extra_from) -> void {
      if (over) return;
      // The time limit (the progress callback) is asked while pictures are made too.
      if ((++pictures & (kProgressEvery - 1)) == 0 && progress_) progress_(nodes_);
      if (pictures > kMostPictures) {
        over = true;
        return;
      }
      // A picture met before (its men placed in another order) gives the same targets: a
      // table of the pictures' keys (64-bit, as the transposition tables') asked first.
      {
        std::uint64_t key =
            splitmix64(kSplitmixGamma ^ (static_cast<std::uint64_t>(s) << 8 | extra_from));
        for (const Man& m : placed)
          key ^= splitmix64((static_cast<std::uint64_t>(m.from) << 16 | m.type << 8 | m.at) + 1);
        key ^= stay_key;  // the standing men's
        std::uint64_t& slot = seen[key & (seen.size() - 1)];
        if (slot == key) return;
        slot = key;
      }
      Bitboard mating_occ = 0;
      for (const Man& m : placed) mating_occ |= bb(m.at);
      const Bitboard occ = occupied() | bb(s);
      // Each placed man's attacks (s is no line's end but its own, so standing there changes
      // none of them); the men that check s.
      Bitboard a = 0, checks = 0;
      for (const Man& m : placed) {
        const Bitboard at = attacks(v, mating, m.type, m.at, occ, reaches(m.type, m.at));
        a |= at;
        if (has(at, s) && can_check(m.type)) checks |= bb(m.at);
      }
      // Each of them goes on with the picture.
      const auto place_stayer = [&](PieceType u, Square z) {
        with_stayer(u, z, [&] { self(self, spent, extra_from); });
      };
      const auto place_mating_man = [&](Square z, const auto& fits) {
        with_mating_man(z, spent, fits, [&](int sp) { self(self, sp, extra_from); });
      };
      // Every flight still covered: a man placed on a guard's line may have cut it (a line
      // through s never covers a flight: the king would be in check). Then the stalemate
      // holds that flight otherwise, as cover() places its men: a man of the stalemated side
      // stands on it, or another mating man attacks it from where it stands.
      if (const Bitboard open = flights & ~a & ~(occ & ~mating_occ)) {
        const Square f = lsb(open);
        if (!has(occ, f))
          for (PieceType u : stand_types) place_stayer(u, f);
        with_guard(f, spent, occ, [&](int sp) { self(self, sp, extra_from); });
        return;
      }
      // s attacked by the placed mating men (but the one on `taken`), the board as `o`.
      const auto attacked = [&](Bitboard o, Square taken) {
        for (const Man& m : placed)
          if (m.at != taken && can_check(m.type) &&
              has(attacks(v, mating, m.type, m.at, o, reaches(m.type, m.at)), s))
            return true;
        return false;
      };
      // The king is not in check: a man stands between it and a placed man's line to it.
      for (std::size_t k = 0; k < placed.size(); ++k) {
        const Man m = placed[k];  // a copy: the steps below add to `placed`
        if (!has(checks, m.at)) continue;
        for (Bitboard zs = reaches(m.type, m.at) & ~occ; zs;) {
          const Square z = pop_lsb(zs);
          if (has(attacks(v, mating, m.type, m.at, occ | bb(z), reaches(m.type, m.at)), s))
            continue;
          for (PieceType u : stand_types) place_stayer(u, z);
          place_mating_man(z, any_type);
        }
        return;
      }
      Bitboard kings = 0;
      for (const Man& m : placed)
        if (m.type == royal) kings |= bb(m.at);
      // The squares (with the type) from which a mating man would attack s once `st` left its
      // square, its line not one that holds whatever stands between.
      struct Pin {
        PieceType type;
        Square at;
      };
      const auto pins_of = [&](const Man& st, std::vector<Pin>& out) {
        out.clear();
        const Bitboard left = occ & ~bb(st.at);
        for (std::size_t u = 0; u < types_; ++u) {
          const auto w = static_cast<PieceType>(u);
          if (!can_check(w)) continue;
          if (!v.piece(w).moves.has_riders) {
            // Only lines that st alone closes: a line no man closes would be a check in the
            // picture, and a line another man closes stays closed, in the stalemate too (its
            // men hold the picture's, and st's move opens a line only when st was all that
            // closed it there).
            for (Bitboard zs = slides_to_s[u] & ~occ; zs;) {
              const Square z = pop_lsb(zs);
              if ((v.between(z, s) & occ) == bb(st.at)) out.push_back({w, z});
            }
            continue;
          }
          for (Bitboard zs = attacked_from(w, s) & ~occ; zs;) {
            const Square z = pop_lsb(zs);
            if (!undiscoverable(w, z, s) &&
                has(attacks(v, mating, w, z, left | bb(z), reaches(w, z)), s))
              out.push_back({w, z});
          }
        }
      };
      // Each way the final position may stop the standing man `st` (its quiet moves `quiet` in
      // the picture) going to x, the board then `after`, `pins` its pins_of: black(type,
      // square) for a man of the stalemated side, mating_man(square, fits) for a mating man of
      // a type that fits.
      const auto each_stop = [&](const Man& st, Bitboard quiet, Square x, Bitboard after,
                                 const std::vector<Pin>& pins, const auto& black,
                                 const auto& mating_man) {
        const PieceMoves& pm = v.piece(st.type).moves;
        // A man on x, when it is empty.
        if (has(quiet, x)) {
          for (PieceType u : stand_types) black(u, x);
          mating_man(x, any_type);
        }
        // A man on a square the move passes.
        for (Bitboard zs = quiet & ~bb(x); zs;) {
          const Square z = pop_lsb(zs);
          Bitboard q2 = 0, c2 = 0;
          piece_targets(pm, v.sliders(), mated, st.at, occ | bb(z), q2, c2);
          if (has(has(quiet, x) ? q2 : c2, x)) continue;
          for (PieceType u : stand_types) black(u, z);
          mating_man(z, any_type);
        }
        // A mating man whose line to s the move opens (it could not check s whatever stood
        // between: then s would be in check), unless the man's new square closes it again.
        for (const Pin& p : pins) {
          if (p.at == x || !attacks_s(p.type, p.at, after | bb(p.at))) continue;
          const PieceType w = p.type;
          mating_man(p.at, [w](PieceType t) { return t == w; });
        }
      };
      // The standing men's moves in the picture. Each must be stopped, and any one may be
      // taken first (each of its stops adds a man the stalemate holds): the one with the
      // fewest ways, and none when one has no way at all.
      struct Open {
        Man st;
        Bitboard quiet;
        Square x;
        Bitboard after;
      };
      std::optional<Open> fewest;
      std::vector<Pin> pins, fewest_pins;
      int fewest_ways = std::numeric_limits<int>::max();
      for (const Man& st : stay) {
        const PieceMoves& pm = v.piece(st.type).moves;
        Bitboard quiet = 0, captures = 0;
        piece_targets(pm, v.sliders(), mated, st.at, occ, quiet, captures);
        quiet &= ~occ;
        captures &= mating_occ & ~kings;
        if (!(quiet | captures)) continue;
        // A placed man's attack on s can only come through the square it leaves.
        const bool exposed = attacked(occ & ~bb(st.at), kNoSquare);
        pins_of(st, pins);
        for (Bitboard xs = quiet | captures; xs;) {
          const Square x = pop_lsb(xs);
          const Bitboard after = (occ & ~bb(st.at)) | bb(x);
          if (exposed && attacked(after, has(captures, x) ? x : kNoSquare)) continue;
          // Counted as they would be tried (the stalemated side's men by their nearest man).
          // Past fewest_ways the count no longer matters: it stops there.
          int ways = 0;
          each_stop(
              st, quiet, x, after, pins,
              [&](PieceType u, Square z) {
                if (ways < fewest_ways) ways += stayer_may(u, z);
              },
              [&](Square z, const auto& fits) {
                for (std::size_t i = 0; i < pieces.size() && ways < fewest_ways; ++i) {
                  if (used >> i & 1U) continue;
                  for (const auto& [u, cost] : pieces[i].ends)
                    ways += fits(u) && mating_may(u, cost[z], z, spent);
                }
              });
          if (ways == 0) return;  // this picture stops nothing it must
          if (ways < fewest_ways) {
            fewest_ways = ways;
            fewest = Open{st, quiet, x, after};
            fewest_pins = pins;
          }
        }
      }
      if (fewest) {
        each_stop(fewest->st, fewest->quiet, fewest->x, fewest->after, fewest_pins, place_stayer,
                  place_mating_man);
        return;
      }
      // No standing man can move: a target, when the men left out can all be taken.
      if (mated_men - static_cast<int>(stay.size()) <= mating_moves) {
        Target t{s, placed, 0, false, stay, static_cast<int>(stay.size())};
        std::sort(t.men.begin(), t.men.end());
        std::sort(t.stay.begin(), t.stay.end());
        // The mated side's count as targets_within compares it (with castling_saves).
        found.emplace(std::move(t), std::array<int, 2>{king_moves + stay_spent + saves, spent});
        if (found.size() > most_found) {
          over = true;
          return;
        }
      }
      // More men that stand, each on a later square than the last one added so: none when
      // too few men could stand from there on (with the moves left) to leave the men taken
      // within the other side's moves.
      {
        const int left = mated_budget - king_moves - stay_spent;
        int could = 0;
        for (const auto& later : stand_later) could += later[extra_from] <= left;
        could = std::min(could, mated_men - static_cast<int>(stay.size()));
        if (mated_men - static_cast<int>(stay.size()) - could > mating_moves) return;
      }
      for (Square z = extra_from; z < kSquares; ++z) {
        if (has(occ, z)) continue;
        for (PieceType u : stand_types)
          with_stayer(u, z, [&] { self(self, spent, static_cast<Square>(z + 1)); });
      }
    };
    // Places the next man (or blocks the next open flight), `spent` mating moves so far.
    const auto cover = [&](const auto& self, int spent) -> void {
      if (over) return;
      // A stalemated king is not in check, so no line through s covers a flight: s counts
      // as occupied (for a mate, a line through s covers the flight behind the king).
      const Bitboard occ = occupied() | (mate ? 0 : bb(s));
      Bitboard checkers_attack = 0;
      Bitboard a = 0;
      for (const Man& m : placed) {
        const Bitboard at = attacks(v, mating, m.type, m.at, occ, reaches(m.type, m.at));
        a |= at;
        if (can_check(m.type)) checkers_attack |= at;
      }
      if (mate && !has(checkers_attack, s)) return;  // more men only close lines
      Bitboard standing = 0;
      for (const Man& m : stay) standing |= bb(m.at);
      const Bitboard open = flights & ~a & ~standing & ~(blocked & ~occ);
      if (!open) {
        for (const Man& m : placed)
          if (m.type == royal && (has(flights, m.at) || m.at == s)) return;
        if (standing_men) {
          immobilise(immobilise, spent, 0);
          return;
        }
        Target t{s, placed, blocked, alone, {}, -1};
        if (mate && !alone && checks_alone(spent, 0)) {
          // Alone with its men where they end: judge the blockers against the check now.
          spoilers(v, mated, placed.front().type, placed.front().at, s, flights, spoil);
          spoiling = true;
          const int blocking = blockers_cost(blocked & flights);
          spoiling = false;
          if (king_moves + blocking > mated_budget) return;
          t.alone = true;
        }
        if (mate) t.men.front().checks = t.alone;  // the checker is placed first
        std::sort(t.men.begin(), t.men.end());
        // A stalemate's fewest moves (targets_within); a mate's are not asked.
        const int mated_cost = mate ? 0 : king_moves + blockers_cost(blocked & flights);
        found.emplace(std::move(t), std::array<int, 2>{mated_cost, mate ? 0 : spent});
        if (found.size() > most_found) over = true;
        return;
      }
      const Square f = lsb(open);
      // A man of the mated side on f (not when a mating man stands there): a stalemate's
      // stands there, of its type.
      if (standing_men && !has(occ, f)) {
        for (PieceType u : stand_types) with_stayer(u, f, [&] { self(self, spent); });
      } else if (!has(occ, f) && !has(blocked, f)) {
        blocked |= bb(f);
        if (king_moves + blockers_cost(blocked & flights) <= mated_budget) self(self, spent);
        blocked &= ~bb(f);
      }
      // A mating man that attacks f from its square.
      with_guard(f, spent, occ | bb(s) | blocked, [&](int sp) { self(self, sp); });
    };
    // A stalemate needs no checker: the flights are covered from an empty picture.
    if (!mate) {
      cover(cover, 0);
      continue;
    }
    // The checker first: a mating man that can give check, attacking s from its square.
    for (std::size_t i = 0; i < pieces.size() && !over; ++i) {
      used = std::uint64_t{1} << i;
      for (const auto& [u, cost] : pieces[i].ends) {
        if (!can_check(u)) continue;
        for (Bitboard gs = attacked_from(u, s) & ~bb(s); gs;) {
          const Square g = pop_lsb(gs);
          const bool arrives = undiscoverable(u, g, s);
          // Such a checker makes the last move onto g: one already there leaves and returns.
          const int c = arrives && cost[g] == 0 ? leave_and_return(mating, u, g) : cost[g];
          if (c > most_with(u, g)) continue;
          // A blocker that could take the checker or step into its line stops the mate unless
          // pinned, or the check is double: either needs another man that attacks s from
          // where it stands (on an empty board), in the moves the checker leaves.
          alone = checks_alone(c, bb(g));  // nothing placed yet but the checker (used)
          spoiling = alone;
          if (alone) spoilers(v, mated, u, g, s, flights, spoil);
          with_placed({pieces[i].from, u, g, arrives}, [&] { cover(cover, c); });
        }
      }
      used = 0;
    }
  }
  if (over) return std::nullopt;
  return found;
}

std::vector<HelpmateTargets::Target> HelpmateTargets::keep_smallest(const FoundTargets& found) {
  // Drop a target that holds another (one man or one blocked flight more), the other with the
  // same checker checking alone or with no check alone: its search then asks no more.
  const auto known = [&](Target smaller) {
    if (found.count(smaller) != 0) return true;
    if (!smaller.alone) return false;
    smaller.alone = false;
    for (Man& m : smaller.men) m.checks = false;
    std::sort(smaller.men.begin(), smaller.men.end());
    return found.count(smaller) != 0;
  };
  std::vector<Target> out;
  for (const auto& [t, cost] : found) {
    bool holds_another = false;
    for (std::size_t i = 0; i < t.men.size() && !holds_another; ++i) {
      Target smaller = t;
      smaller.men.erase(smaller.men.begin() + static_cast<std::ptrdiff_t>(i));
      holds_another = known(std::move(smaller));
    }
    for (Bitboard b = t.blocked; b && !holds_another;) {
      Target smaller = t;
      smaller.blocked &= ~bb(pop_lsb(b));
      holds_another = known(std::move(smaller));
    }
    if (!holds_another) out.push_back(t);
  }
  return out;
}

int HelpmateTargets::leave_and_return(Color c, PieceType t, Square at) const {
  int best = kFar;
  for (Square y = 0; y < kSquares; ++y)
    if (y != at && moves(c, t, at, y) == 1 && moves(c, t, y, at) < kFar)
      best = std::min(best, 1 + moves(c, t, y, at));
  return best;
}

int HelpmateTargets::castling_move(const Position& pos, Color side) const {
  return one_if_held(pos, bound_.castling_rights_[side]);
}

bool HelpmateTargets::castling_step_first(Color side, PieceType t, Square from, Square step,
                                          Square to) const {
  return moves(side, t, from, to) == 1 + moves(side, t, step, to);
}

std::uint8_t HelpmateTargets::saving_rights(Color side, Square to) const {
  std::uint8_t rights = 0;
  for (const CastlingMove& cm : bound_.castling_[side])
    if (castling_step_first(side, bound_.royal_, cm.king_from, cm.king_to, to)) rights |= cm.right;
  return rights;
}

std::uint8_t HelpmateTargets::saving_rights(Color side, const std::vector<Man>& men) const {
  for (const Man& m : men)
    if (m.type == bound_.royal_) return saving_rights(side, m.at);
  return 0;
}

int HelpmateTargets::castling_saves(const Position& pos, Color side, Square to) const {
  return one_if_held(pos, saving_rights(side, to));
}

void HelpmateTargets::spoilers(const Variant& v, Color mated, PieceType checker, Square from,
                               Square king, Bitboard on, Spoilers& out) const {
  out.fill(0);
  if (!on) return;
  // The check line: the squares whose man would stop the check.
  Bitboard line = 0;
  const PieceMoves& cm = v.piece(checker).moves;
  for (Square x = 0; x < kSquares; ++x) {
    if (x == from || x == king) continue;
    Bitboard quiet = 0, captures = 0;
    piece_targets(cm, v.sliders(), ~mated, from, bb(x) | bb(king), quiet, captures);
    if (!has(captures, king)) line |= bb(x);
  }
  for (std::size_t t = 0; t < types_; ++t) {
    if (static_cast<PieceType>(t) == bound_.royal_) continue;
    for (Bitboard fs = on; fs;) {
      const Square f = pop_lsb(fs);
      Bitboard quiet = 0, captures = 0;
      fixed_targets(v, mated, static_cast<PieceType>(t), f, quiet, captures);
      if (has(captures, from) || (quiet & line)) out[f] |= std::uint64_t{1} << t;
    }
  }
}

int HelpmateTargets::blocker_count(Color mated, PieceType t, Square x, Square f,
                                   const Spoilers* spoil) const {
  const std::uint64_t spoiling = spoil ? (*spoil)[f] : 0;
  if (spoiling && bound_.promotion_squares_[static_cast<std::size_t>(mated) * types_ + t]) {
    // Judged by the type it ends as: itself, or each type it may promote to.
    int c = (spoiling >> t & 1U) ? kFar : unpromoted_[row(mated, t, f) + x];
    for (const Promotion& p : promotions_)
      if (p.color == mated && p.from == t && !(spoiling >> p.to & 1U))
        c = std::min<int>(c, p.dist[static_cast<std::size_t>(f) * kSquares + x]);
    return c;
  }
  return (spoiling >> t & 1U) ? kFar : moves(mated, t, x, f);
}

template <typename Count>
int HelpmateTargets::fewest_blockers(const Position& pos, Color mated, std::size_t count, int cap,
                                     Count count_of, BlockerRoles* roles) const {
  // A royal piece of a fairy table may have more than eight flights: the first eight are
  // counted (fewer flights to fill is still a lower bound).
  const std::size_t n = std::min(count, kMostAssigned);
  if (n == 0) return 0;
  // Each man's count to each flight, read once (a man that reaches none is left out).
  AssignmentCosts cost;
  std::array<std::uint8_t, kSquares> order;  // each row's man: its index in the board's order
  std::size_t men = 0, seen = 0;
  for (Bitboard xs = pos.pieces(mated) & ~pos.pieces(mated, bound_.royal_); xs; ++seen) {
    const Square x = pop_lsb(xs);
    order[men] = static_cast<std::uint8_t>(seen);
    const PieceType t = pos.piece_on(mated, x);
    bool reaches = false;
    for (std::size_t i = 0; i < n; ++i) {
      const int c = count_of(t, x, i);
      // A man that needs `cap` moves or more for a flight is no better than none: the answer
      // is then `cap` whoever stands there.
      cost[men][i] = static_cast<std::uint8_t>(c < cap ? c : kFar);
      reaches |= cost[men][i] < kFar;
    }
    if (reaches) ++men;
  }
  if (men < n) return cap;  // some flight has no man
  if (!roles) return fewest_distinct(cost, men, n, cap);
  AssignmentRoles by_row;
  const int fewest = fewest_distinct(cost, men, n, cap, &by_row);
  for (std::size_t k = 0; k < men && order[k] < BlockerRoles::kMostMen; ++k) {
    roles->cheapest[order[k]] = by_row.cheapest[k];
    roles->dearer[order[k]] = by_row.dearer[k];
    if (by_row.needed >> k & 1U) roles->needed |= 1U << order[k];
  }
  return fewest;
}

int HelpmateTargets::blockers_needed(const Position& pos, Color mated, const Square* flights,
                                     std::size_t count, const Spoilers* spoil, int cap) const {
  return fewest_blockers(pos, mated, count, cap, [&](PieceType t, Square x, std::size_t i) {
    return blocker_count(mated, t, x, flights[i], spoil);
  });
}

std::pair<int, Bitboard> HelpmateTargets::takers(const Position& pos, const Aim& g,
                                                 int mating_left) const {
  const Color mating = ~g.mated;
  int count = 0;
  Bitboard ways = 0;
  for (const Aim::Need& n : g.men) {
    if (n.rows.size() != 1) continue;  // a promotion's rows: no quiet count to read
    const PieceType t = n.rows.front().first;
    const std::uint8_t* row = n.rows.front().second;
    const std::uint8_t* quiet = n.quiet_rows.front().second;
    Bitboard way = 0;
    bool takes = false;
    for (Bitboard xs = pos.pieces(mating, t); xs;) {
      const Square x = pop_lsb(xs);
      if (row[x] > mating_left) continue;
      if (quiet[x] <= mating_left) {  // this man gets there taking nothing
        takes = false;
        break;
      }
      takes = true;
      for (Square s = 0; s < kSquares; ++s)
        if (s != x && moves(mating, t, x, s) + row[s] <= mating_left) way |= bb(s);
    }
    if (takes) {
      ++count;
      ways |= way;
    }
  }
  return {count, ways};
}

int HelpmateTargets::blockers_needed(const Position& pos, const Aim& g, int cap,
                                     BlockerRoles* roles) const {
  if (!g.spoil)
    return fewest_blockers(
        pos, g.mated, g.flights.size(), cap,
        [&](PieceType t, Square x, std::size_t i) { return g.flight_rows[i * types_ + t].row[x]; },
        roles);
  // A check that comes alone: each flight's counts by type, spoilers judged (blocker_row).
  return fewest_blockers(
      pos, g.mated, g.flights.size(), cap,
      [&](PieceType t, Square x, std::size_t i) { return blocker_row(g, i, t).first[x]; }, roles);
}

void HelpmateTargets::make_blocker_row(const Aim& g, std::size_t i, PieceType t) const {
  const std::size_t r = i * types_ + t;
  std::uint8_t* row = &g.blocker_counts[r * kSquares];
  for (Square y = 0; y < kSquares; ++y)
    row[y] = static_cast<std::uint8_t>(blocker_count(g.mated, t, y, g.flights[i], &*g.spoil));
  g.blocker_levels[r] = row_levels(row);
  g.blocker_row_made[r] = true;
}

std::uint64_t HelpmateTargets::men_key(const Position& pos, const Aim& g) const {
  // One hash per type, each of its own (type, squares) and independent of the others, so the
  // processor computes them side by side; a type without men adds nothing.
  std::uint64_t key = g.salt;
  for (std::size_t t = 0; t < types_; ++t)
    if (const Bitboard of_type = pos.pieces(g.mated, static_cast<PieceType>(t));
        of_type && static_cast<PieceType>(t) != bound_.royal_)
      key ^= splitmix64(of_type ^ ((t + 1) * 0xD6E8FEB86659FD93ULL));
  return key;
}

template <typename Count>
int HelpmateTargets::remembered_count(const Position& pos, const Aim& g, int cap, bool quiet,
                                      Count count) {
  const Bitboard men = pos.pieces(g.mated) & ~pos.pieces(g.mated, bound_.royal_);
  const std::uint64_t key = men_key(pos, g) ^ (quiet ? 0x9E3779B97F4A7C15ULL : 0);
  if (blockers_seen_.empty())
    blockers_seen_ = ZeroedArray<BlockersSeen>(std::size_t{1} << kBlockersSeenLog2);
  BlockersSeen& seen = blockers_seen_[key & ((std::size_t{1} << kBlockersSeenLog2) - 1)];
  if (seen.key != key || seen.men != men || (seen.count >= seen.cap && seen.cap < cap)) {
    seen.key = key;
    seen.men = men;
    seen.cap = static_cast<std::uint8_t>(cap);
    seen.count = static_cast<std::uint8_t>(count(cap));
  }
  return std::min<int>(seen.count, cap);
}

int HelpmateTargets::slack(const Position& pos, const Aim& g, int mated_left, int mating_left) {
  const Color mated = g.mated, mating = ~mated;
  mating_left += one_if_held(pos, g.saving[mating]);
  mated_left += one_if_held(pos, g.saving[mated]);
  const Bitboard mated_men = pos.pieces(mated) & ~pos.pieces(mated, bound_.royal_);
  // A side takes nothing more when every man of the other side that can be taken must stand
  // at the end (each target man is a man of its own on its own square, and no side gains
  // men): the mating side when a stalemate's standing men are all the mated side's men left,
  // the mated side when the target's men are all the mating side's. Its men's counts are
  // then those of their steps that take nothing (a pawn's straight on).
  const bool mating_quiet = g.survivors >= 0 && popcount(mated_men) <= g.survivors;
  const bool mated_quiet =
      popcount(pos.pieces(mating) & ~pos.pieces(mating, bound_.royal_)) <= g.men_takable;
  int need = 0;
  for (const Aim::Need& n : g.men) {
    int best = kFar;
    for (const auto& [t, row] : mating_quiet ? n.quiet_rows : n.rows)
      for (Bitboard xs = pos.pieces(mating, t); xs;) best = std::min<int>(best, row[pop_lsb(xs)]);
    if (n.arrive != kNoSquare && has(pos.pieces(mating, n.rows.front().first), n.arrive)) {
      // The man on the arrival square is not there yet: it leaves and comes back (the others
      // of its type are counted above as they stand).
      int others = kFar;
      for (const auto& [t, row] : n.rows)
        for (Bitboard xs = pos.pieces(mating, t) & ~bb(n.arrive); xs;)
          others = std::min<int>(others, row[pop_lsb(xs)]);
      best = std::min(others, n.back);
    }
    need += best;
    if (need > mating_left) return -1;
  }
  // A stalemate's target men are distinct men as well (each on a square of its own at the
  // end): with two or more besides the royal one, the cheapest assignment of distinct men.
  if (g.survivors >= 0 && g.men_takable >= 2) {
    const int distinct = distinct_needed(pos, g, false, mating_left + 1, mating_quiet);
    if (distinct > mating_left) return -1;
    need = std::max(need, distinct);
  }
  const Square king = pos.king_square(mated);
  if (king == kNoSquare) return -1;
  const int king_need = moves(mated, bound_.royal_, king, g.king);
  int mated_need = king_need;
  if (mated_need > mated_left) return -1;
  if (g.survivors >= 0) {
    // A stalemate's men that stand are still there, the others are taken one a move, and the
    // standing ones reach their squares.
    const int standing = popcount(mated_men);
    if (standing < g.survivors || standing - g.survivors > mating_left) return -1;
    // Distinct men stand (each man's nearest would count one man for two squares). A target
    // that places its standing men blocks no flight, so the blockers' memory is free for it.
    const int cap = mated_left - mated_need + 1;
    mated_need +=
        g.flights.empty()
            ? remembered_count(pos, g, cap, mated_quiet,
                               [&](int c) { return distinct_needed(pos, g, true, c, mated_quiet); })
            : distinct_needed(pos, g, true, cap, mated_quiet);
    if (mated_need > mated_left) return -1;
  }
  if (!g.flights.empty())
    mated_need += remembered_count(pos, g, mated_left - mated_need + 1, false,
                                   [&](int c) { return blockers_needed(pos, g, c); });
  if (mated_need > mated_left) return -1;
  // A mate's target man that only a capture brings to its square takes a man of the mated side
  // where its way passes; that man is gone at the end, so no blocker: the blockers and the men
  // taken are distinct men. A cut only (the moves to spare that the search reads stay the
  // blockers' alone). Not while an en passant capture is open (its man stands past the square).
  if (g.survivors < 0 && !g.flights.empty() && pos.en_passant() == kNoSquare) {
    const std::pair<int, Bitboard> taken = takers(pos, g, mating_left);
    if (taken.first > 0) {
      const Bitboard ways = taken.second;
      const std::size_t flights = g.flights.size();
      const std::vector<std::uint8_t>& dist = mated_quiet ? quiet_dist_ : dist_;
      const int cap = mated_left - king_need + 1;
      const int joint =
          fewest_blockers(pos, mated, flights + static_cast<std::size_t>(taken.first), cap,
                          [&](PieceType t, Square x, std::size_t i) {
                            if (i < flights) return int{blocker_row(g, i, t).first[x]};
                            int best = kFar;
                            for (Bitboard s = ways; s;)
                              best = std::min<int>(best, dist[row(mated, t, pop_lsb(s)) + x]);
                            return best;
                          });
      if (king_need + joint > mated_left) return -1;
    }
  }
  return pos.side_to_move() == mated ? mated_left - mated_need : mating_left - need;
}

int HelpmateTargets::distinct_needed(const Position& pos, const Aim& g, bool standing, int cap,
                                     bool quiet) const {
  const Color side = standing ? g.mated : ~g.mated;
  const std::vector<Aim::Need>& needs = standing ? g.stay : g.men;
  const auto rows = [&](const Aim::Need& n) -> const auto& {
    return quiet ? n.quiet_rows : n.rows;
  };
  // The royal man's need and those past the first eight, each by its nearest man.
  std::array<std::size_t, kMostAssigned> assigned{};
  std::size_t k = 0;
  int apart = 0;
  for (std::size_t i = 0; i < needs.size(); ++i) {
    if (needs[i].rows.front().first != bound_.royal_ && k < kMostAssigned) {
      assigned[k++] = i;
      continue;
    }
    int best = kFar;
    for (const auto& [t, row] : rows(needs[i]))
      for (Bitboard xs = pos.pieces(side, t); xs;) best = std::min<int>(best, row[pop_lsb(xs)]);
    apart += best;
    if (apart >= cap) return cap;
  }
  // The others as the blockers are counted: distinct men, each man's count the least of the
  // rows of its type.
  return apart +
         fewest_blockers(pos, side, k, cap - apart, [&](PieceType t, Square x, std::size_t j) {
           int c = kFar;
           for (const auto& [type, row] : rows(needs[assigned[j]]))
             if (type == t) c = std::min<int>(c, row[x]);
           return c;
         });
}

void HelpmateTargets::progress_onto(const Position& pos, const Aim& g,
                                    std::array<Bitboard, kSquares>& onto) const {
  const Color c = pos.side_to_move();
  const Variant& v = pos.variant();
  for (std::size_t ti = 0; ti < types_; ++ti) {
    const auto t = static_cast<PieceType>(ti);
    // A promotion always progresses: every promotion square is open.
    const Bitboard promotions = v.piece(t).promotion_squares[c];
    for (Bitboard xs = pos.pieces(c, t); xs;) {
      const Square x = pop_lsb(xs);
      Bitboard m = promotions;
      if (c == g.mated) {
        if (t == bound_.royal_) {
          m |= g.king_row.nearer(x);
        } else {
          if (!g.stay_rows_by_type.empty())
            for (const LeveledRow& r : g.stay_rows_by_type[ti]) m |= r.nearer(x);
          // Toward a flight by its blockers' counts (with spoilers, as the type it may end as).
          for (std::size_t i = 0; i < g.flights.size(); ++i) {
            if (g.spoil && i < kMostAssigned) {
              const auto [row, levels] = blocker_row(g, i, t);
              m |= nearer(row, *levels, x);
            } else {
              m |= g.flight_rows[i * types_ + ti].nearer(x);
            }
          }
        }
      } else {
        for (const LeveledRow& r : g.rows_by_type[ti]) m |= r.nearer(x);
        for (const auto& [type, at] : g.leaving)
          if (type == t && at == x) m = ~Bitboard{0};
      }
      onto[static_cast<std::size_t>(x)] = m;
    }
  }
}

template <typename Visit>
bool HelpmateTargets::for_each_child(Position& pos, const Aim& g, int mated_left, int mating_left,
                                     int room, bool last_mated_move, Visit visit) {
  const bool mated_moves = pos.side_to_move() == g.mated;
  const int ml = mated_moves ? mated_left - 1 : mated_left;
  const int gl = mated_moves ? mating_left : mating_left - 1;
  const bool series_on = continues_series(pos, g, ml, gl);
  // Each man's moves are generated onto the squares the cuts leave it, then of those the legal
  // ones are kept (most moves are cut: checking them for legality first would cost more than
  // the cuts). With moves to spare a target cuts little (a stalemate's, or one whose men stand
  // near): the bound's cuts, which hold for every target, then judge the moves, as in the
  // bounded search (helpmate_bound.hpp: MatedMoves, NextMoves). Without, only the moves that
  // bring a man of the target, the mated king or a man toward a blocked flight nearer, or take
  // an arriving checker off its square (a promotion or castling always does). The mated side's
  // moves are then narrowed to those that keep its need within its moves (keep_within_need).
  // Only the side to move's entries of `onto` are written and read.
  const Square king = pos.king_square(g.mated);
  std::array<Bitboard, kSquares> onto;
  const std::array<Bitboard, kSquares>* squares = &onto;
  std::optional<HelpmateBound::NextMoves> next;  // mate_possible fills every entry
  if (room == 0) {
    progress_onto(pos, g, onto);
  } else if (mated_moves) {
    const HelpmateBound::MatedMoves own = bound_.mated_moves(pos, g.mated, mated_left, mating_left);
    if (!own.possible && !own.castling) return false;
    for (Bitboard xs = pos.pieces(g.mated); xs;) {
      const Square x = pop_lsb(xs);
      onto[static_cast<std::size_t>(x)] = own.onto(x, king);
    }
  } else {
    if (!bound_.mate_possible(pos, g.mated, mated_left, mating_left, &next.emplace())) return false;
    squares = &next->to;
  }
  // The last move narrows the most of the two (and its own way costs less).
  if (last_mated_move)
    keep_to_completing(pos, g, king, onto);
  else if (mated_moves && room <= 1)
    keep_within_need(pos, g, room, king, onto);
  MoveList moves;
  generate_pseudo_legal(pos, moves, *squares);
  if (next) {  // castling, listed whatever the squares hold, asks `next` too
    int kept = 0;
    for (int i = 0; i < moves.size(); ++i)
      if (moves[i].kind() != MoveKind::kCastling || next->allows(moves[i]))
        moves[kept++] = moves[i];
    moves.truncate(kept);
  }
  keep_legal(pos, moves, 0);
  Undo undo;
  bool stop = false;
  for (Move m : moves) {
    pos.make(m, undo);
    count_node();
    if (!series_on) {
      stop = visit(ml, gl);
    } else if (!pos.in_check()) {  // a check on the way would hand the other side a move
      SeriesPass pass(pos);
      stop = visit(ml, gl);
    }
    pos.unmake(m, undo);
    if (stop) break;
  }
  return stop;
}

void HelpmateTargets::keep_within_need(const Position& pos, const Aim& g, int room, Square king,
                                       std::array<Bitboard, kSquares>& onto) {
  if (g.survivors >= 0 || king == kNoSquare) return;  // a stalemate's need counts more
  // The need is the king's walk and the blockers' count; a move changes one of them by one at
  // the most, and castling is listed whatever `onto` holds.
  if (room == 1) onto[static_cast<std::size_t>(king)] &= g.king_row.not_farther(king);
  const Bitboard men = pos.pieces(g.mated) & ~pos.pieces(g.mated, bound_.royal_);
  if (g.flights.empty() || popcount(men) > static_cast<int>(BlockerRoles::kMostMen)) return;
  // The roles hold whatever the cap (they are the cheapest assignments'), so they are asked
  // without one and remembered like slack()'s count: the mated side's men repeat.
  const std::uint64_t key = men_key(pos, g);
  if (roles_seen_.empty()) roles_seen_ = ZeroedArray<RolesSeen>(std::size_t{1} << kRolesSeenLog2);
  RolesSeen& seen = roles_seen_[key & ((std::size_t{1} << kRolesSeenLog2) - 1)];
  if (seen.key != key || seen.men != men) {
    seen = RolesSeen{key, men, {}};
    blockers_needed(pos, g, kFar, &seen.roles);
  }
  const BlockerRoles& roles = seen.roles;
  const Variant& v = pos.variant();
  const std::size_t n = std::min(g.flights.size(), kMostAssigned);
  std::size_t k = 0;  // the man's index in the board's order
  for (Bitboard xs = men; xs; ++k) {
    const Square x = pop_lsb(xs);
    // With a move to spare, a man that some cheapest assignment leaves out may go anywhere.
    if (room == 1 && !(roles.needed >> k & 1U)) continue;
    const PieceType t = pos.piece_on(g.mated, x);
    Bitboard keep = v.piece(t).promotion_squares[g.mated];  // a promotion changes every count
    for (std::size_t i = 0; i < n; ++i) {
      const auto [row, levels] = blocker_row(g, i, t);  // the counts the assignment read
      if (room == 0 ? roles.cheapest[k] >> i & 1U : roles.dearer[k] >> i & 1U)
        keep |= nearer(row, *levels, x);
      if (room == 1 && (roles.cheapest[k] >> i & 1U)) keep |= not_farther(row, *levels, x);
    }
    onto[static_cast<std::size_t>(x)] &= keep;
  }
}

bool HelpmateTargets::last_mated_move(const Position& pos, const Aim& g, int mated_left) const {
  // With a castling still allowed that slack() counts as one move more (Aim::saving), a need
  // of one could fit.
  return mated_left == 1 && pos.side_to_move() == g.mated && g.survivors < 0 && !g.series &&
         one_if_held(pos, g.saving[g.mated]) == 0;
}

void HelpmateTargets::keep_to_completing(const Position& pos, const Aim& g, Square king,
                                         std::array<Bitboard, kSquares>& onto) const {
  const Bitboard men = pos.pieces(g.mated) & ~bb(king);
  const Bitboard open = g.blocked & ~men;  // blocked flights no man of the mated side holds
  for (Bitboard xs = pos.pieces(g.mated); xs;) {
    const Square x = pop_lsb(xs);
    Bitboard& to = onto[static_cast<std::size_t>(x)];
    if (x == king)  // the king steps onto the target's square, every flight already held
      to &= king != g.king && open == 0 ? bb(g.king) : 0;
    else if (king != g.king || has(g.blocked, x) || popcount(open) > 1)
      to = 0;  // the king must step, a blocked flight would open, or two are open
    else if (open != 0)
      to &= open;  // onto the one open flight
  }
}

bool HelpmateTargets::live(Position& pos, const Aim& g, int mated_left, int mating_left) {
  if (mated_left == 0 && mating_left == 0)
    return pos.in_check() == (bound_.goal() == Goal::kMate) && !has_legal_move(pos);
  const std::uint64_t key =
      pos.key() ^ g.salt ^ splitmix64(static_cast<std::uint64_t>(mated_left * 64 + mating_left));
  tt_->prefetch(key);  // read after slack(): its entry is rarely in the caches
  const int room = slack(pos, g, mated_left, mating_left);
  if (room < 0) return false;
  if (const auto known = tt_->probe(key, 1)) return *known;
  const bool ok =
      for_each_child(pos, g, mated_left, mating_left, room, last_mated_move(pos, g, mated_left),
                     [&](int ml, int gl) { return live(pos, g, ml, gl); });
  tt_->store(key, 1, ok);
  return ok;
}

void HelpmateTargets::collect(Position& pos, const Aim& g, int mated_left, int mating_left,
                              HelpLineNodes& out) {
  if (mated_left == 0 && mating_left == 0) return;
  const Color mover = pos.side_to_move();
  const bool mated_moves = mover == g.mated;
  // The nodes the solver asks about: the mated side's in a helpmate (move pairs left), the
  // series side's in a series (its moves left).
  if (g.series ? mover == g.series_side : mated_moves)
    out.insert({pos.key(), mated_moves ? mated_left : mating_left});
  for_each_child(pos, g, mated_left, mating_left, kRoomUnknown, false, [&](int ml, int gl) {
    if (live(pos, g, ml, gl)) collect(pos, g, ml, gl, out);
    return false;
  });
}

bool HelpmateTargets::continues_series(const Position& pos, const Aim& g, int mated_left,
                                       int mating_left) const {
  if (!g.series || pos.side_to_move() != g.series_side) return false;
  return (g.series_side == g.mated ? mated_left : mating_left) > 0;
}

bool HelpmateTargets::line_nodes(Position& pos, Color mated, int mated_moves, int mating_moves,
                                 std::size_t limit, HelpLineNodes& out) {
  return solve_targets(pos, mated, mated_moves, mating_moves, false, limit, out);
}

bool HelpmateTargets::series_line_nodes(Position& pos, bool help, int n, std::size_t limit,
                                        HelpLineNodes& out) {
  const Color series = pos.side_to_move();
  return help ? solve_targets(pos, series, n, 1, true, limit, out)
              : solve_targets(pos, ~series, 0, n, true, limit, out);
}

bool HelpmateTargets::series_lengths_line_nodes(Position& pos, bool help, int n, std::size_t limit,
                                                HelpLineNodes& out) {
  if (bound_.goal() == Goal::kMate || !applies(pos)) {
    for (int k = 1; k <= n; ++k)
      if (!series_line_nodes(pos, help, k, limit, out)) return false;
    return true;
  }
  const Color series = pos.side_to_move();
  const Color mated = help ? series : ~series;
  // (mated side's moves, mating side's moves) of a series of k moves
  const auto moves_of = [&](int k) {
    return help ? std::array<int, 2>{k, 1} : std::array<int, 2>{0, k};
  };
  const auto [mated_n, mating_n] = moves_of(n);
  const auto made = stalemate_targets(pos, mated, mated_n, mating_n, limit);
  if (!made) return false;
  for (int k = 1; k < n; ++k) {
    const auto [mated_k, mating_k] = moves_of(k);
    search_targets(pos, mated, mated_k, mating_k, true,
                   targets_within(pos, mated, *made, mated_k, mating_k), out);
  }
  search_targets(pos, mated, mated_n, mating_n, true, made->kept, out);
  return true;
}

HelpmateTargets::Target HelpmateTargets::search_key(const Target& t) {
  Target key = t;
  for (Man& m : key.men) m.from = kNoSquare;
  std::sort(key.men.begin(), key.men.end());
  return key;
}

bool HelpmateTargets::solve_targets(Position& pos, Color mated, int mated_moves, int mating_moves,
                                    bool series, std::size_t limit, HelpLineNodes& out) {
  if (!applies(pos)) return false;
  const auto ts = targets(pos, mated, mated_moves, mating_moves, limit);
  if (!ts) return false;
  search_targets(pos, mated, mated_moves, mating_moves, series, *ts, out);
  return true;
}

void HelpmateTargets::search_targets(Position& pos, Color mated, int mated_moves, int mating_moves,
                                     bool series, const std::vector<Target>& ts,
                                     HelpLineNodes& out) {
  if (!tt_) tt_ = &table_.emplace(std::min(table_log2_, kFirstTableLog2));
  target_count_ = ts.size();
  std::set<Target> searched;  // each search_key once
  for (const Target& made : ts) {
    Target t = search_key(made);
    if (!searched.insert(t).second) continue;
    Aim g;
    // A row and its levels. The distance table's rows are shared by the targets: their levels
    // are made once, when first read (every row holds its own square at count 0, so a made
    // entry is never all zero); a promotion's row gets its own.
    const auto leveled = [&](const std::uint8_t* r) -> LeveledRow {
      const std::uint8_t* base = dist_.data();
      if (std::less<>{}(r, base) || !std::less<>{}(r, base + dist_.size()))
        return {r, &g.own_levels.emplace_back(row_levels(r))};
      if (dist_levels_.empty()) dist_levels_ = ZeroedArray<RowLevels>(dist_.size() / kSquares);
      RowLevels& levels = dist_levels_[static_cast<std::size_t>(r - base) / kSquares];
      if (levels[kTopLevel] == 0) levels = row_levels(r);
      return {r, &levels};
    };
    // A need's rows with its own type's row from quiet_dist_ (a promotion's stays: a lower
    // count is the safe side).
    const auto quiet_rows = [&](Color c, const Man& m, const auto& rows) {
      auto q = rows;
      q.front().second = &quiet_dist_[row(c, m.type, m.at)];
      return q;
    };
    g.mated = mated;
    g.series = series;
    g.series_side = pos.side_to_move();
    g.king = t.king;
    g.saving[mated] = saving_rights(mated, t.king);
    g.saving[~mated] = saving_rights(~mated, t.men);
    for (const Man& m : t.men) {
      Aim::Need n;
      n.rows.emplace_back(m.type, &dist_[row(~mated, m.type, m.at)]);
      if (m.arrives) {
        n.arrive = m.at;
        n.back = leave_and_return(~mated, m.type, m.at);
        g.leaving.emplace_back(m.type, m.at);
      }
      // A man that may promote to this type may end as it, counted through its promotion.
      for (const Promotion& p : promotions_)
        if (p.color == ~mated && p.to == m.type)
          n.rows.emplace_back(p.from, &p.dist[static_cast<std::size_t>(m.at) * kSquares]);
      n.quiet_rows = quiet_rows(~mated, m, n.rows);
      g.men_takable += m.type != bound_.royal_;
      g.men.push_back(std::move(n));
    }
    for (const Man& m : t.men)
      if (m.checks && t.alone)
        spoilers(pos.variant(), mated, m.type, m.at, t.king, bound_.royal_flights_[mated][t.king],
                 g.spoil.emplace());
    if (g.spoil) {
      g.blocker_counts.resize(kMostAssigned * types_ * kSquares);
      g.blocker_levels.resize(kMostAssigned * types_);
      g.blocker_row_made.assign(kMostAssigned * types_, false);
    }
    if (t.survivors >= 0) {
      g.survivors = t.survivors;
      g.stay_rows_by_type.assign(types_, {});
      for (const Man& m : t.stay) {
        Aim::Need n;
        n.rows.emplace_back(m.type, &dist_[row(mated, m.type, m.at)]);
        for (const Promotion& p : promotions_)
          if (p.color == mated && p.to == m.type)
            n.rows.emplace_back(p.from, &p.dist[static_cast<std::size_t>(m.at) * kSquares]);
        n.quiet_rows = quiet_rows(mated, m, n.rows);
        for (const auto& [type, r] : n.rows) g.stay_rows_by_type[type].push_back(leveled(r));
        g.stay.push_back(std::move(n));
      }
    }
    g.king_row = leveled(&dist_[row(mated, bound_.royal_, t.king)]);
    g.rows_by_type.assign(types_, {});
    for (const Aim::Need& n : g.men)
      for (const auto& [type, r] : n.rows) g.rows_by_type[type].push_back(leveled(r));
    g.blocked = t.blocked;
    for (Bitboard b = t.blocked; b;) {
      const Square f = pop_lsb(b);
      g.flights.push_back(f);
      for (std::size_t u = 0; u < types_; ++u)
        g.flight_rows.push_back(leveled(&dist_[row(mated, static_cast<PieceType>(u), f)]));
    }
    // A salt of its own for each target this object searches: the table and the blockers'
    // memory outlive one call (the series ask for each length in turn).
    g.salt = splitmix64(0x5DEECE66DULL + ++aims_);
    if (live(pos, g, mated_moves, mating_moves)) collect(pos, g, mated_moves, mating_moves, out);
  }
}

}  // namespace arbiter::puzzles
