// Helpmate pruning by empty-board move counts (see helpmate_bound.hpp).
#include "puzzles/helpmate_bound.hpp"

#include <algorithm>

#include "rules/conversion/conversion.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/piece_moves.hpp"

namespace arbiter::puzzles {
namespace {

constexpr std::uint8_t kFar = HelpmateBound::kFar;
using Counts = std::array<std::uint8_t, kSquares>;

/// Where a piece goes in one move on an empty board, captures included (`quiet`: only the
/// moves that take nothing).
Bitboard one_move(const Variant& v, Color c, PieceType t, Square from, bool quiet_only = false) {
  const PieceMoves& pm = v.piece(t).moves;
  Bitboard quiet = 0, captures = 0;
  piece_targets(pm, v.sliders(), c, from, 0, quiet, captures);
  return quiet_only ? quiet : quiet | captures | pm.at[c][from].en_passant;
}

bool promotes(const Variant& v, Color c, PieceType t) {
  const PieceInfo& p = v.piece(t);
  return p.promotion_squares[c] != 0 && !p.promotion_choices.empty();
}

/// Fewest moves for a piece of colour `c` and type `t` to attack each square, given the fewest
/// moves to stand on each square (a walk's counts, below 64): the least count of a square it
/// attacks it from. The squares attacked from each count's squares, the least count first.
Counts attack_counts(const EmptyBoardAttacks& attacks, Color c, PieceType t, const Counts& stand) {
  std::array<Bitboard, kSquares> by_count{};
  for (Square y = 0; y < kSquares; ++y)
    if (stand[y] != kFar) by_count[stand[y]] |= attacks.to(c, t, y);
  Counts a;
  a.fill(kFar);
  Bitboard done = 0;
  for (std::size_t k = 0; k < kSquares; ++k) {
    for (Bitboard fresh = by_count[k] & ~done; fresh;)
      a[pop_lsb(fresh)] = static_cast<std::uint8_t>(k);
    done |= by_count[k];
  }
  return a;
}

/// Where a piece of colour `c` and type `t` goes in one move from each square on an empty
/// board, castling's king and rook steps included: read by every walk of the type, so each
/// square's moves are generated once, not once a walk.
std::array<Bitboard, kSquares> one_moves(const Variant& v, Color c, PieceType t,
                                         bool quiet_only = false) {
  std::array<Bitboard, kSquares> one{};
  for (Square y = 0; y < kSquares; ++y) one[y] = one_move(v, c, t, y, quiet_only);
  for (const CastlingMove& cm : v.castling(c)) {
    if (t == v.royal()) one[cm.king_from] |= bb(cm.king_to);
    if (t == cm.rook_type) one[cm.rook_from] |= bb(cm.rook_to);
  }
  return one;
}

/// Fewest moves from `from` to each square along `one` (breadth first, a level at a time: the
/// next level is the union of the level's moves, so each square's moves are read as one word).
Counts walk(const std::array<Bitboard, kSquares>& one, Square from) {
  Counts d;
  d.fill(kFar);
  d[from] = 0;
  Bitboard seen = bb(from);
  Bitboard level = seen;
  for (std::uint8_t k = 1; level; ++k) {
    Bitboard next = 0;
    for (Bitboard l = level; l;) next |= one[pop_lsb(l)];
    level = next & ~seen;
    seen |= level;
    for (Bitboard l = level; l;) d[pop_lsb(l)] = k;
  }
  return d;
}

/// Lowers each square's count in `to` to `k` moves and then `row`'s count (kFar: never; a sum
/// stops below kFar).
void lower_by(Counts& to, std::uint8_t k, const Counts& row) {
  if (k == kFar) return;
  for (std::size_t x = 0; x < kSquares; ++x) {
    // No branch, so the loop runs on vectors.
    const auto sum = static_cast<std::uint8_t>(std::min(k + row[x], kFar - 1));
    to[x] = std::min(to[x], row[x] == kFar ? kFar : sum);
  }
}

}  // namespace

Counts HelpmateBound::stand_counts(const Variant& v, Color c, PieceType t, Square from) {
  return walk(one_moves(v, c, t), from);
}

std::array<Counts, kSquares> HelpmateBound::stand_counts_from_each(const Variant& v, Color c,
                                                                   PieceType t) {
  const std::array<Bitboard, kSquares> one = one_moves(v, c, t);
  std::array<Counts, kSquares> out;
  for (Square from = 0; from < kSquares; ++from) out[from] = walk(one, from);
  return out;
}

std::optional<std::array<Counts, kSquares>> HelpmateBound::quiet_counts_from_each(const Variant& v,
                                                                                  Color c,
                                                                                  PieceType t) {
  const std::array<Bitboard, kSquares> quiet = one_moves(v, c, t, true);
  if (quiet == one_moves(v, c, t)) return std::nullopt;
  std::array<Counts, kSquares> out;
  for (Square from = 0; from < kSquares; ++from) out[from] = walk(quiet, from);
  return out;
}

/// A square's Reach row from its counts: each square on the level of its count, then every
/// level holds the ones below it. The last level holds every square reachable at all: counts
/// past it are not told apart, and more squares is the safe side.
void HelpmateBound::fill_reach(Reach& r, const Counts& stand, const Counts& attack) {
  constexpr int kMax = kMaxCount;
  for (Square x = 0; x < kSquares; ++x) {
    if (stand[x] != kFar) r.stand[std::min<int>(stand[x], kMax)] |= bb(x);
    if (attack[x] != kFar) r.attack[std::min<int>(attack[x], kMax)] |= bb(x);
  }
  for (int k = 1; k <= kMax; ++k) {
    r.stand[k] |= r.stand[k - 1];
    r.attack[k] |= r.attack[k - 1];
  }
}

HelpmateBound::HelpmateBound(const Variant& variant, Goal goal)
    : goal_(goal),
      types_(static_cast<std::size_t>(variant.piece_count())),
      royal_(variant.royal()),
      attacks_(variant) {
  if (variant.effect() || royal_ == kNoPiece) {
    enabled_ = false;
    return;
  }
  for (Color c : {kWhite, kBlack})
    for (const CastlingMove& cm : variant.castling(c)) {
      castling_rights_[c] |= cm.right;
      castling_[c].push_back(cm);
    }
  // Each colour's, type's and square's counts go straight into its Reach row (the counts
  // themselves are not kept: two tables of 96 KiB each, fresh pages at every start).
  reach_.resize(2 * types_ * kSquares);
  const auto row = [&](Color c, std::size_t t, Square s) -> Reach& {
    return reach_[(static_cast<std::size_t>(c) * types_ + t) * kSquares +
                  static_cast<std::size_t>(s)];
  };
  for (Color c : {kWhite, kBlack}) {
    for (std::size_t t = 0; t < types_; ++t) {
      const auto type = static_cast<PieceType>(t);
      if (promotes(variant, c, type)) continue;
      const std::array<Counts, kSquares> from_each = stand_counts_from_each(variant, c, type);
      for (Square s = 0; s < kSquares; ++s)
        fill_reach(row(c, t, s), from_each[s], attack_counts(attacks_, c, type, from_each[s]));
    }
    for (std::size_t t = 0; t < types_; ++t) {
      const auto type = static_cast<PieceType>(t);
      if (!promotes(variant, c, type)) continue;
      const PieceInfo& info = variant.piece(type);
      for (PieceType u : info.promotion_choices)
        if (promotes(variant, c, u)) {
          enabled_ = false;
          return;
        }
      // From each promotion square, the fewest moves over the choices (the sum's least term).
      std::array<Counts, kSquares> best_stand, best_attack;
      for (Bitboard ps = info.promotion_squares[c]; ps;) {
        const Square p = pop_lsb(ps);
        best_stand[p].fill(kFar);
        best_attack[p].fill(kFar);
      }
      for (PieceType u : info.promotion_choices) {
        const std::array<Bitboard, kSquares> one = one_moves(variant, c, u);
        for (Bitboard ps = info.promotion_squares[c]; ps;) {
          const Square p = pop_lsb(ps);
          const Counts st = walk(one, p);
          const Counts at = attack_counts(attacks_, c, u, st);
          for (Square x = 0; x < kSquares; ++x) {
            best_stand[p][x] = std::min(best_stand[p][x], st[x]);
            best_attack[p][x] = std::min(best_attack[p][x], at[x]);
          }
        }
      }
      const std::array<Counts, kSquares> from_each = stand_counts_from_each(variant, c, type);
      for (Square s = 0; s < kSquares; ++s) {
        // Moving on as the same type through a promotion square is counted too (a table
        // where promotion is optional); then every choice from each promotion square.
        Counts st = from_each[s];
        Counts at = attack_counts(attacks_, c, type, st);
        for (Bitboard ps = info.promotion_squares[c]; ps;) {
          const Square p = pop_lsb(ps);
          const std::uint8_t to_p = st[p];  // read once: lower_by may lower st[p] itself
          lower_by(st, to_p, best_stand[p]);
          lower_by(at, to_p, best_attack[p]);
        }
        fill_reach(row(c, t, s), st, at);
      }
    }
  }
  promotion_squares_.assign(2 * types_, 0);
  for (Color c : {kWhite, kBlack})
    for (std::size_t t = 0; t < types_; ++t)
      if (promotes(variant, c, static_cast<PieceType>(t)))
        promotion_squares_[c * types_ + t] =
            variant.piece(static_cast<PieceType>(t)).promotion_squares[c];
  // A royal piece checks the other only if the other does not attack it back from there
  // (its move would be illegal): never with the same moves for both colours.
  for (Color c : {kWhite, kBlack})
    for (Square y = 0; y < kSquares; ++y)
      for (Bitboard att = reach(c, royal_, y).attack[0]; att;) {
        const Square s = pop_lsb(att);
        if (!has(reach(~c, royal_, s).attack[0], y)) royal_checks_[c] = true;
      }
  for (Color c : {kWhite, kBlack})
    for (Square s = 0; s < kSquares; ++s) {
      // A flight is a square the royal piece steps to both when it is empty and to capture,
      // whatever stands between: then a mate needs it attacked or held by the king's side.
      const SquareMoves& sm = variant.piece(royal_).moves.at[c][s];
      royal_flights_[c][s] = sm.leap_move & sm.leap_capture & ~sm.initial_only;
    }
}

bool HelpmateBound::gather(const Position& pos, Color mated, int mated_moves, int mating_moves,
                           bool mated_castles, Forces& f) const {
  const Color mating = ~mated;
  const Bitboard kings = pos.pieces(mated, royal_);
  if (!enabled_ || mating_moves < 1 || popcount(kings) != 1) return false;
  // The mated side's castling moves its rook with the king: one move more for its men.
  if (mated_castles && (pos.castling_rights() & castling_rights_[mated])) ++mated_moves;
  const int wi = std::min(mating_moves, kMaxCount);
  const int bi = std::min(mated_moves, kMaxCount);
  f.king = lsb(kings);
  f.need_check = goal_ == Goal::kMate;
  f.mated_moves = mated_moves;
  f.mating_moves = mating_moves;
  for (Bitboard ps = pos.pieces(mating); ps;) {
    const Square p = pop_lsb(ps);
    const Reach& r = reach(mating, pos.piece_on(mating, p), p);
    const PieceType t = pos.piece_on(mating, p);
    const bool checks = t != royal_ || royal_checks_[mating];
    f.guard |= r.attack[wi];
    if (checks) f.check |= r.attack[wi];
    f.thrice |= f.twice & r.attack[0];
    f.twice |= f.once & r.attack[0];
    f.once |= r.attack[0];
    if (checks) {
      f.check_thrice |= f.check_twice & r.attack[0];
      f.check_twice |= f.check_once & r.attack[0];
      f.check_once |= r.attack[0];
    }
    const std::size_t row = (static_cast<std::size_t>(mating) * types_ + t) * kSquares;
    f.mating[static_cast<std::size_t>(f.mating_count++)] = {
        &reach_[row], p,
        // A piece that may promote in the moves left attacks as it will be: no one type's table.
        (r.stand[wi] & promotion_squares_[static_cast<std::size_t>(mating) * types_ + t]) != 0
            ? nullptr
            : attacks_.row(mating, t),
        checks};
  }
  // A stalemate picture needs no check: every square the king may stand on will do.
  if (!f.need_check) f.check = ~Bitboard{0};
  for (Bitboard ps = pos.pieces(mated) & ~kings; ps;) {
    const Square p = pop_lsb(ps);
    const Reach& r = reach(mated, pos.piece_on(mated, p), p);
    for (int k = 0; k <= bi; ++k) f.block[k] |= r.stand[k];
    f.man_list[static_cast<std::size_t>(f.blockers++)] = &r;
    f.men[static_cast<std::size_t>(p)] = &r;
  }
  // Castling moves two pieces at once: then the movers are not counted.
  // Castling moves two pieces at once: with one move left, it is tried as a way of its own;
  // with two, the movers are not counted.
  const std::uint8_t rights = pos.castling_rights() & castling_rights_[mating];
  f.count_movers = mating_moves == 1 || (mating_moves == 2 && rights == 0);
  if (mating_moves == 1)
    for (const CastlingMove& cm : castling_[mating])
      if (rights & cm.right) f.castles[static_cast<std::size_t>(f.castle_count++)] = &cm;
  return true;
}

bool HelpmateBound::mate_possible(const Position& pos, Color mated, int mated_moves,
                                  int mating_moves, NextMoves* next) const {
  if (next) next->to.fill(~Bitboard{0});
  Forces f;
  if (!gather(pos, mated, mated_moves, mating_moves, true, f)) return true;
  const int bi = std::min(f.mated_moves, kMaxCount);
  const Reach& king = reach(mated, royal_, f.king);
  // Collecting the next moves tries every picture; else the first possible one answers.
  NextMoves* collect = next && f.count_movers ? next : nullptr;
  if (collect) collect->to.fill(0);
  bool possible = false;
  for (Bitboard squares = king.stand[bi] & f.check; squares;) {
    const Square s = pop_lsb(squares);
    int king_moves = 0;
    while (!has(king.stand[king_moves], s)) ++king_moves;
    if (picture_possible(f, mated, s, king_moves, collect)) {
      possible = true;
      // Once every mating piece may make each of its moves, no picture adds one.
      if (!collect || saturated(f, *collect)) break;
    }
  }
  return possible;
}

bool HelpmateBound::saturated(const Forces& f, const NextMoves& next) {
  for (int i = 0; i < f.mating_count; ++i) {
    const Mover& m = f.mating[static_cast<std::size_t>(i)];
    const Bitboard all = m.reach().stand[1];
    if ((next.to[static_cast<std::size_t>(m.at)] & all) != all) return false;
  }
  return true;
}

HelpmateBound::MatedMoves HelpmateBound::mated_moves(const Position& pos, Color mated,
                                                     int mated_moves, int mating_moves) const {
  Forces f;
  // Castling is left out (the caller keeps it): every other move moves one man. With more
  // moves to come, a castling later still saves one.
  if (!gather(pos, mated, mated_moves, mating_moves, mated_moves > 1, f)) return {};
  MatedMoves out;
  out.castling = (pos.castling_rights() & castling_rights_[mated]) != 0;
  out.king = out.possible = false;
  out.men = out.landing = 0;
  if (mated_moves == 1) {
    // The king steps to some s and mates there with every other piece standing still.
    for (Bitboard squares = reach(mated, royal_, f.king).stand[1] & f.check & ~bb(f.king);
         squares && !out.king;)
      out.king = picture_possible(f, mated, pop_lsb(squares), 1, nullptr);
    // The king stays: a waiting move will do, or one landing on a flight to block it.
    out.men = ~Bitboard{0};
    if (has(f.check, f.king)) {
      if (picture_possible(f, mated, f.king, 1, nullptr))
        out.landing = ~Bitboard{0};
      else if (picture_possible(f, mated, f.king, 0, nullptr))
        out.landing = royal_flights_[mated][f.king];
    }
    out.possible = out.king || out.landing != 0;
    return out;
  }
  // More moves: a man that reaches no open flight of a possible picture in time only waits,
  // and waiting (one move fewer for the men) must leave some picture possible.
  const Reach& king = reach(mated, royal_, f.king);
  const int bi = std::min(f.mated_moves, kMaxCount);
  bool waiting = false;
  for (Bitboard squares = king.stand[bi] & f.check; squares && !waiting;) {
    const Square s = pop_lsb(squares);
    int king_moves = 0;
    while (!has(king.stand[king_moves], s)) ++king_moves;
    if (!picture_possible(f, mated, s, king_moves, nullptr)) continue;
    out.possible = out.king = true;
    if (king_moves < f.mated_moves && picture_possible(f, mated, s, king_moves + 1, nullptr)) {
      waiting = true;
      break;
    }
    const Bitboard open = royal_flights_[mated][s] & ~f.block[0];
    const auto left = static_cast<std::size_t>(std::min(f.mated_moves - king_moves, kMaxCount));
    for (Bitboard ms = pos.pieces(mated) & ~bb(f.king); ms;) {
      const Square m = pop_lsb(ms);
      if (f.men[static_cast<std::size_t>(m)]->stand[left] & open) out.men |= bb(m);
    }
  }
  out.men = waiting ? ~Bitboard{0} : out.men;
  out.landing = ~Bitboard{0};
  return out;
}

bool HelpmateBound::picture_possible(const Forces& f, Color mated, Square s, int king_moves,
                                     NextMoves* next) const {
  const int left = f.mated_moves - king_moves;  // moves the other pieces of the mated side have
  const int li = std::min(left, kMaxCount);
  const Bitboard flights = royal_flights_[mated][s];
  // Flights no mating piece can attack in time need blockers, one piece each.
  int blockers = 0, moves = 0;
  const Bitboard unguarded = flights & ~f.guard;
  for (Bitboard need = unguarded; need;) {
    const Square t = pop_lsb(need);
    int k = 0;
    while (k <= li && !has(f.block[k], t)) ++k;
    if (k > li) return false;
    moves += k;
    if (++blockers > f.blockers || moves > left) return false;
  }
  // The nearest man of each flight may be the same man: with two or more, assign them.
  if (blockers >= 2 && !blockers_fit(f, unguarded, left)) return false;
  if (!f.count_movers) return true;
  // Squares that must be attacked after the last move: s (check) and the flights not held by
  // a man of the mated side. With one or two moves left for its men, the flights they can
  // still take are chosen every way (one flight a move, or two in one move each); with more,
  // every flight some man reaches counts as held.
  const Bitboard open = flights & ~f.block[0];
  if (left > 2 || (open & f.block[static_cast<std::size_t>(std::max(left, 0))]) == 0)
    return movers_cover(f, s, flights & ~f.block[li], next);
  bool possible = false;
  // True when the search may stop.
  const auto held = [&](Bitboard taken) {
    if (!movers_cover(f, s, open & ~taken, next)) return false;
    possible = true;
    return !next;
  };
  for (Bitboard one = open & f.block[static_cast<std::size_t>(left)]; one;)
    if (held(bb(pop_lsb(one)))) return true;
  if (left == 2 && f.blockers >= 2) {
    const Bitboard near = open & f.block[1];
    for (Bitboard a = near; a;) {
      const Square t = pop_lsb(a);
      for (Bitboard b = a; b;)
        if (held(bb(t) | bb(pop_lsb(b)))) return true;
    }
  }
  return possible;
}

bool HelpmateBound::blockers_fit(const Forces& f, Bitboard flights, int left) {
  std::array<Square, 8> ts{};
  int k = 0;
  for (Bitboard b = flights; b && k < 8;) ts[static_cast<std::size_t>(k++)] = pop_lsb(b);
  if (flights != 0 && popcount(flights) > 8) return true;  // not a royal step's flights
  constexpr std::uint8_t kNever = 0xFF;
  const int li = std::min(left, kMaxCount);
  // cost[mask]: the fewest moves for distinct men, among those seen so far, to stand on the
  // flights of `mask`; each man adds at most one flight (masks taken from the largest down).
  std::array<std::uint8_t, 256> cost;
  cost.fill(kNever);
  cost[0] = 0;
  const std::size_t full = (std::size_t{1} << k) - 1;
  for (int i = 0; i < f.blockers; ++i) {
    const Reach& r = *f.man_list[static_cast<std::size_t>(i)];
    std::array<std::uint8_t, 8> to{};
    bool any = false;
    for (int j = 0; j < k; ++j) {
      int d = 0;
      while (d <= li && !has(r.stand[static_cast<std::size_t>(d)], ts[static_cast<std::size_t>(j)]))
        ++d;
      to[static_cast<std::size_t>(j)] = d <= li ? static_cast<std::uint8_t>(d) : kNever;
      any = any || d <= li;
    }
    if (!any) continue;
    for (std::size_t mask = full + 1; mask-- > 0;) {
      if (cost[mask] == kNever) continue;
      for (int j = 0; j < k; ++j) {
        const std::size_t bit = std::size_t{1} << j;
        if ((mask & bit) || to[static_cast<std::size_t>(j)] == kNever) continue;
        const int c = cost[mask] + to[static_cast<std::size_t>(j)];
        if (c <= left && c < cost[mask | bit]) cost[mask | bit] = static_cast<std::uint8_t>(c);
      }
    }
    if (cost[full] != kNever) return true;
  }
  return cost[full] != kNever;
}

Bitboard HelpmateBound::end_squares(const Mover& m, int k, Bitboard r) {
  const Reach& at = m.reach();
  // A piece that may promote: its attacks from any square it reaches, in any of its shapes.
  if (!m.attacked_from) return (r & ~at.attack[k]) == 0 ? ~Bitboard{0} : 0;
  Bitboard from = at.stand[k];
  while (r && from) from &= m.attacked_from[pop_lsb(r)];
  return from;
}

bool HelpmateBound::movers_cover(const Forces& f, Square s, Bitboard needed, NextMoves* next) {
  const auto n = static_cast<std::size_t>(f.mating_count);
  const int w = f.mating_moves;
  // How many pieces that can give check attack s from where they stand.
  // (A stalemate needs no check: as if three gave it, none of them moving.)
  const int checkers = !f.need_check
                           ? 3
                           : (has(f.check_once, s) ? 1 : 0) + (has(f.check_twice, s) ? 1 : 0) +
                                 (has(f.check_thrice, s) ? 1 : 0);  // 3: three or more
  const auto checks_now = [&](const Mover& m) {
    return f.need_check && m.checks && has(m.reach().attack[0], s) ? 1 : 0;
  };
  bool covered = false;
  // Notes that the piece on `from` may move to `to` next; true when the search may stop.
  const auto found = [&](Square from, Bitboard to) {
    covered = true;
    if (next) next->to[static_cast<std::size_t>(from)] |= to;
    return !next;
  };
  // Both movers' moves are recorded, so both calls are made (no short circuit).
  const auto found_both = [&](Square p_from, Bitboard p_to, Square q_from, Bitboard q_to) {
    const bool by_p = found(p_from, p_to);
    const bool by_q = found(q_from, q_to);
    return by_p || by_q;
  };
  for (std::size_t i = 0; i < n; ++i) {
    // One piece makes every move; if no other piece gives the check, it does.
    const Mover& p = f.mating[i];
    const Bitboard p0 = p.reach().attack[0];
    Bitboard need = needed & ~(f.twice | (f.once & ~p0));
    const bool check_left = checkers - checks_now(p) == 0;
    if (!check_left || p.checks) {
      const Bitboard ends = end_squares(p, w, need | (check_left ? bb(s) : 0));
      if (ends != 0) {
        // Its next move lands where it can still reach one of `ends` in the moves after it.
        Bitboard to = ~Bitboard{0};
        if (w == 1) {
          to = ends;
        } else if (p.attacked_from) {
          to = 0;
          for (Bitboard zs = p.reach().stand[1]; zs;) {
            const Square z = pop_lsb(zs);
            if (p.row[z].stand[static_cast<std::size_t>(w - 1)] & ends) to |= bb(z);
          }
        }
        if (to != 0 && found(p.at, to)) return true;
      }
    }
    if (w < 2) continue;
    // Two pieces one move each: p to some square y, then q covers what is left.
    for (std::size_t j = i + 1; j < n; ++j) {
      const Mover& q = f.mating[j];
      const Bitboard q0 = q.reach().attack[0];
      need = needed & ~(f.thrice | (f.twice & ~(p0 & q0)) | (f.once & ~(p0 | q0)));
      const bool no_check = checkers - checks_now(p) - checks_now(q) == 0;
      if (no_check && !p.checks && !q.checks) continue;
      const Bitboard check = no_check ? bb(s) : 0;
      // Each attacking from every square it reaches is not enough: no square for p will do.
      if (((need | check) & ~(p.reach().attack[1] | q.reach().attack[1])) != 0) continue;
      // Where q, in one move, attacks what p attacking `by_p` leaves (and gives the check
      // when it is left to give and p does not).
      const auto q_ends = [&](Bitboard by_p) -> Bitboard {
        const bool q_checks = no_check && !(p.checks && has(by_p, s));
        if (q_checks && !q.checks) return 0;
        return end_squares(q, 1, (need & ~by_p) | (q_checks ? check : 0));
      };
      if (!p.attacked_from) {
        const Bitboard to_q = q_ends(p.reach().attack[1]);
        if (to_q != 0 && found_both(p.at, ~Bitboard{0}, q.at, to_q)) return true;
        continue;
      }
      // With `next`, a square y for p already noted, and every move of q, adds nothing.
      const Bitboard q_all = q.reach().stand[1];
      const bool q_done = next && (next->to[static_cast<std::size_t>(q.at)] & q_all) == q_all;
      for (Bitboard ys = p.reach().stand[1]; ys;) {
        const Square y = pop_lsb(ys);
        if (q_done && has(next->to[static_cast<std::size_t>(p.at)], y)) continue;
        const Bitboard to_q = q_ends(p.row[y].attack[0]);
        if (to_q != 0 && found_both(p.at, bb(y), q.at, to_q)) return true;
      }
    }
  }
  // The one move is castling: king and rook land on their squares, the others stand.
  for (int c = 0; c < f.castle_count; ++c) {
    const CastlingMove& cm = *f.castles[static_cast<std::size_t>(c)];
    const Mover* king = nullptr;
    const Mover* rook = nullptr;
    for (std::size_t i = 0; i < n; ++i) {
      if (f.mating[i].at == cm.king_from) king = &f.mating[i];
      if (f.mating[i].at == cm.rook_from) rook = &f.mating[i];
    }
    if (!king || !rook) continue;
    const Bitboard k0 = king->reach().attack[0], r0 = rook->reach().attack[0];
    const Bitboard k1 = king->row[cm.king_to].attack[0], r1 = rook->row[cm.rook_to].attack[0];
    const Bitboard rest = f.thrice | (f.twice & ~(k0 & r0)) | (f.once & ~(k0 | r0));
    const bool checked = checkers - checks_now(*king) - checks_now(*rook) > 0 ||
                         (king->checks && has(k1, s)) || (rook->checks && has(r1, s));
    if (checked && (needed & ~(rest | k1 | r1)) == 0 && found(cm.king_from, bb(cm.king_to)))
      return true;
  }
  return covered;
}

}  // namespace arbiter::puzzles
