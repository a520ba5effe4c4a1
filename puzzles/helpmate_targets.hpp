// Helpmates solved target by target (Popeye's "intelligent" mode, in its idea): first every
// final picture of a mate that the moves allow, then, for each, a search that only keeps lines
// still able to reach that picture in time.
//
// A target is the mated king's final square s, some of the mating side's men with the square
// and type each stands on at the end, and the flights of s that men of the mated side must
// stand on. It is valid when, on a board holding only its mating men, s is attacked and every
// flight is attacked or blocked (a flight held by a mating man must be attacked), the mating
// king (when it is one of them) does not touch s, and the fewest moves add up within each
// side's moves. Every mate is covered by a target: take its checker, and, for each flight the
// men taken so far leave open, the man of the mated side on it or a mating man that attacks it
// in the mate, at its square; with fewer men on the board, their attacks there hold the more.
// Targets are sets of constraints; one that holds another (a man or a blocked flight more) is
// dropped, since every line reaching it reaches the smaller one.
//
// The search for one target cuts a line when the target's men (each the nearest man of its
// type, or a pawn that may promote) need more moves than the mating side has left, or the
// king's walk to s with the blockers' (distinct men) more than the mated side's: counts on an
// empty board, castling and promotion included (HelpmateBound's tables), so a cut never loses
// a line that reaches the target. While the side to move has moves to spare, the bound's own
// cuts (HelpmateBound::mated_moves, mate_possible: true of every mate, whatever the target)
// judge its moves as in the bounded search; without, only moves that bring the target nearer
// are made. The mated side, with no move or one to spare, moves only the men that a cheapest
// assignment of the blockers holds (or every one needs) toward their flights, as the counts
// allow (keep_within_need). The union over the targets is every helpmate line.
//
// A stalemate (the bound's goal: h=n, ser-h=n and ser-=n) is targeted the same way without
// the checker: the king on s with every flight covered, and, as in Popeye's intelligent mode, every
// man of the stalemated side that stands at the end placed (Target::stay: its type and square)
// where it cannot move in the target's picture; the others are taken, one a move of the other side.
// The picture is built as a stalemate's position would explain it: a flight is held by a man of
// that side of some type or attacked (never along a line through s: the king is not in check; a
// flight whose guard a later man cuts off is held again so); while the king is attacked in the
// picture a man stands in between; while a standing man has a move there, a man stands on the
// square it goes to or passes, or a mating man on the line the move opens to s (a pin); then more
// men may stand, on later squares. Each step adds a man that stalemate holds, so every stalemate is
// covered by a target, whichever move is stopped first (the one with the fewest ways to stop it).
// The search cuts a line when distinct men cannot reach the standing men's squares (the cheapest
// assignment), fewer men than the target's stand, or more are left to take than the other side has
// moves; a side that can take nothing more (every man of the other side that could be taken must
// stand at the end) has its men counted by the steps that take nothing (a pawn straight on). When
// these targets are too many, or their pictures too many to make, the stalemate's targets leave the
// men free (only the flights' blockers counted): that the king is not in check and the others
// cannot move is then asked of the last position only (an immobilising move counts as a spare one).
//
// What it gives the solver: the nodes on the lines (position key and move pairs left), which
// answer ProblemSearch::help_mates exactly from the root they were found from.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "puzzles/helpmate_bound.hpp"
#include "puzzles/problem_search.hpp"
#include "puzzles/transposition.hpp"
#include "puzzles/zeroed_pages.hpp"

namespace arbiter::puzzles {

class HelpmateTargets {
 public:
  /// One man of a target: the mating side's man that stood on `from` at the root, of `type`
  /// at the end, on `at`.
  struct Man {
    Square from = kNoSquare;
    PieceType type = kNoPiece;
    Square at = kNoSquare;
    /// The checker whose check no line can discover (a leap, or a step next to the king):
    /// the king cannot stand in it before the mating side's last move, so that move brings
    /// this man onto `at` (one standing there leaves and comes back).
    bool arrives = false;
    /// The man placed as the checker (a mate's target takes its checker first) when it checks
    /// alone (Target::alone): the target's blockers are judged against its check.
    bool checks = false;
    friend auto operator<=>(const Man&, const Man&) = default;
  };
  struct Target {
    Square king = kNoSquare;
    std::vector<Man> men;  ///< sorted
    Bitboard blocked = 0;
    /// The checker checks alone: no other mating man can reach, in the mating moves its own
    /// leave, a square from which it attacks the king's square on an empty board, so no pin
    /// and no second check can come, and no blocker may be one that could stop the check
    /// (HelpmateTargets::spoilers).
    bool alone = false;
    /// A stalemate's men of the stalemated side that stand at the end (`from` unused), each
    /// unable to move there; its other men, its royal piece aside, are all taken. Empty for
    /// a mate.
    std::vector<Man> stay;  ///< sorted
    /// The stalemated side's men at the end, its royal piece aside: stay's count when its men
    /// are placed, -1 when they are free (a mate, or a stalemate with too many pictures).
    int survivors = -1;
    friend auto operator<=>(const Target&, const Target&) = default;
  };

  /// A stalemate's targets that place its standing men may be this many times the limit
  /// asked for: each fixes every man that stands, so its search is narrow. On Popeye's h=3
  /// (limit 1,500) twice the limit took `hpint` 12 (2,561 such targets) from the bounded
  /// search's 4.6 s to 0.5 s, and left every other one at most 0.3 of Popeye's time; five or
  /// ten times slowed a few to 0.8 of it, and `hpint` 115 (6,578 targets) still took 2.6 s.
  static constexpr std::size_t kPlacedPerLimit = 2;

  /// The tables are `bound`'s (it must outlive this). `table_log2`: the searches' own table of
  /// 2^table_log2 entries (made on first use).
  HelpmateTargets(const Variant& variant, const HelpmateBound& bound, ProgressFn progress = {},
                  int table_log2 = 18);

  /// True when the method applies: the bound is enabled (made for mates or stalemates), one
  /// royal piece each side.
  bool applies(const Position& pos) const;

  /// Every valid target from `pos` for `mated`, with `mated_moves` and `mating_moves` left
  /// (the mating side moving last); nothing when there are more than `limit` (a stalemate's
  /// that place its standing men: more than kPlacedPerLimit times `limit`, and then more than
  /// `limit` that leave them free).
  std::optional<std::vector<Target>> targets(const Position& pos, Color mated, int mated_moves,
                                             int mating_moves, std::size_t limit) const;

  /// Adds to `out` the nodes of every line from `pos` (the side to move is `pos`'s) to a mate
  /// of `mated` after `mated_moves` and `mating_moves`, the mating side moving last. False
  /// (with `out` untouched) when there are more than `limit` targets: then solve otherwise.
  bool line_nodes(Position& pos, Color mated, int mated_moves, int mating_moves, std::size_t limit,
                  HelpLineNodes& out);

  /// The same for a series from `pos` (the series side to move) of exactly `n` moves: ser-h#n
  /// (`help`: the series side is mated by one move of the other) or ser-#n (it mates the
  /// other, which stands still). The nodes are the series side's, with its moves left.
  bool series_line_nodes(Position& pos, bool help, int n, std::size_t limit, HelpLineNodes& out);
  /// series_line_nodes for every length from 1 to `n` into `out` (the short lines are
  /// solutions too). A stalemate's targets are made once, for `n`, and each shorter length
  /// searches those whose fewest moves fit its own: a stalemate it reaches is one `n` reaches,
  /// so some target made for `n` covers it, and that target's counts are at most the moves
  /// its line made. (The pictures of 1, 2, ... n moves each made anew were most of a long
  /// stalemate series' time: `hpint` 63, ser-h=12, 6.2 -> 3.6 s.)
  bool series_lengths_line_nodes(Position& pos, bool help, int n, std::size_t limit,
                                 HelpLineNodes& out);

  /// The target as its search reads it: each man by its type and square (the search counts
  /// the nearest man of the type), not by the man it was made from. Targets with the same key
  /// search the same lines, so each key is searched once (`hpint` 69, h=5: a knight on e8
  /// promoted from b2 or from e2, 200k -> 152k nodes).
  static Target search_key(const Target& t);

  std::uint64_t nodes() const { return nodes_; }
  std::size_t target_count() const { return target_count_; }

  /// A row of counts by levels (helpmate_targets.cpp, row_levels): the squares under each
  /// count.
  using RowLevels = std::array<Bitboard, 16>;
  /// What the cheapest assignments of the blockers (blockers_needed) say of the mated side's
  /// men other than its royal piece, the first kMostMen in the board's order (index k: the
  /// k-th); flights as bits (bit i: the target's blocked flight i).
  struct BlockerRoles {
    static constexpr std::size_t kMostMen = 16;
    /// The flights the man holds in some cheapest assignment (every such pair is marked,
    /// perhaps more).
    std::array<std::uint8_t, kMostMen> cheapest{};
    /// The same for the assignments at most one move dearer.
    std::array<std::uint8_t, kMostMen> dearer{};
    /// Men that every cheapest assignment uses (some of those: the ones proven so), as bits.
    std::uint32_t needed = 0;
  };

 private:
  struct Aim;  // one target as the search reads it
  /// The targets found, those that hold a smaller one too, each with the fewest moves of the
  /// mated side and of the mating side to reach it (castling's move counted as the making
  /// counts it; a stalemate's only: a mate's are 0).
  using FoundTargets = std::map<Target, std::array<int, 2>>;
  /// targets() before keeping the smallest: nothing when they are too many for `limit`.
  /// `standing_men`: a stalemate's targets place the men that stand (Target::stay), at most
  /// kMostPictures pictures made.
  std::optional<FoundTargets> find_targets(const Position& pos, Color mated, int mated_moves,
                                           int mating_moves, std::size_t limit,
                                           bool standing_men) const;
  /// The targets of `found` that hold no other (found.size() of them at the most).
  static std::vector<Target> keep_smallest(const FoundTargets& found);
  /// Targets found and the ones kept of them (keep_smallest).
  struct Made {
    FoundTargets found;
    std::vector<Target> kept;
  };
  /// find_targets, then keep_smallest: nothing when more than `limit` are kept.
  std::optional<Made> make_targets(const Position& pos, Color mated, int mated_moves,
                                   int mating_moves, std::size_t limit, bool standing_men) const;
  /// A stalemate's targets for `mated_moves` and `mating_moves`: placed (within
  /// kPlacedPerLimit times `limit`), or free when those are too many.
  std::optional<Made> stalemate_targets(const Position& pos, Color mated, int mated_moves,
                                        int mating_moves, std::size_t limit) const;
  /// The targets kept of a stalemate's `made` with more moves (from `pos`): those within
  /// `mated_moves` and `mating_moves`. No more than made.kept: a target kept here holds no
  /// target found with fewer moves, and one it holds in `made` has at most its counts, so is
  /// found here too; the kept ones are therefore kept in `made`.
  std::vector<Target> targets_within(const Position& pos, Color mated, const Made& made,
                                     int mated_moves, int mating_moves) const;
  /// Searches each of `ts` from `pos` (see line_nodes).
  void search_targets(Position& pos, Color mated, int mated_moves, int mating_moves, bool series,
                      const std::vector<Target>& ts, HelpLineNodes& out);
  static constexpr std::uint64_t kMostPictures = 2'000'000;
  /// Targets found (before those that hold a smaller one are dropped) per target the limit
  /// allows: the making stops past that many.
  static constexpr std::size_t kFoundPerKept = 2;
  bool solve_targets(Position& pos, Color mated, int mated_moves, int mating_moves, bool series,
                     std::size_t limit, HelpLineNodes& out);
  bool live(Position& pos, const Aim& g, int mated_left, int mating_left);
  /// Makes each move of the side to move (only those that bring a man nearer when it has no
  /// move to spare, `room` slack() of the side to move, or kRoomUnknown; in a series, not one
  /// that checks before the last, then the other side passes) and calls visit(mated_left,
  /// mating_left) after it, until it returns true; returns that. With `last_mated_move`
  /// (last_mated_move()), only the moves that may complete the picture.
  static constexpr int kRoomUnknown = 1 << 20;
  template <typename Visit>
  bool for_each_child(Position& pos, const Aim& g, int mated_left, int mating_left, int room,
                      bool last_mated_move, Visit visit);
  /// The mated side is to move with one move left and no castling, for a mate's target (not a
  /// series): after its move, slack() cuts every line whose king is not on the target's square
  /// or whose blocked flights are not all held by its men (a need of one move, none left).
  bool last_mated_move(const Position& pos, const Aim& g, int mated_left) const;
  /// For last_mated_move(): narrows each of the mated side's entries of `onto` to the moves
  /// that leave its king (on `king`) on the target's square and every blocked flight held.
  void keep_to_completing(const Position& pos, const Aim& g, Square king,
                          std::array<Bitboard, kSquares>& onto) const;
  /// The side to move is the series side with moves left after this one (the other passes).
  bool continues_series(const Position& pos, const Aim& g, int mated_left, int mating_left) const;
  void collect(Position& pos, const Aim& g, int mated_left, int mating_left, HelpLineNodes& out);
  /// The moves the side to move may spend on anything but the target (its moves left less
  /// the fewest it needs); -1 when a side cannot reach the target in its moves left. Not const:
  /// it fills the blockers' memory.
  int slack(const Position& pos, const Aim& g, int mated_left, int mating_left);
  /// With no move to spare, where each man of the side to move may go (onto[its square]):
  /// the squares that bring a man of the target (or the mated king, or a man toward a blocked
  /// flight) a move nearer, every square for an arriving checker on its square, and the
  /// promotion squares. A move elsewhere is cut ungenerated.
  void progress_onto(const Position& pos, const Aim& g, std::array<Bitboard, kSquares>& onto) const;
  /// For a mate's target, the mated side to move (its king on `king`) with `room` moves to
  /// spare, 0 or 1: narrows its entries of `onto` to the moves after which its need still fits
  /// its moves. A move changes a man's counts by one at the most, so an assignment of blockers
  /// that costs less after it (with no room: one move less) held that man, toward a flight it
  /// comes nearer, in a cheapest assignment before; with one move of room, a man every
  /// cheapest assignment uses comes no farther from a flight it holds in one, or nearer one it
  /// holds in an assignment a move dearer, and the king comes no farther.
  /// Not const: it fills the roles' memory.
  void keep_within_need(const Position& pos, const Aim& g, int room, Square king,
                        std::array<Bitboard, kSquares>& onto);
  /// The key of the target and the mated side's men (not its royal piece) that slack()'s and
  /// keep_within_need()'s memories are read by (checked there with the men's squares).
  std::uint64_t men_key(const Position& pos, const Aim& g) const;
  /// The fewest moves of a man of colour `c` and type `t` standing on `at` to leave it and
  /// stand on it again (kFar when it cannot come back).
  int leave_and_return(Color c, PieceType t, Square at) const;
  /// Castling moves two men in one move: one move more for a side that may still castle.
  int castling_move(const Position& pos, Color side) const;
  /// 1 when `pos` still holds one of `rights` (castling rights' bits), else 0.
  static int one_if_held(const Position& pos, std::uint8_t rights) {
    return (pos.castling_rights() & rights) ? 1 : 0;
  }
  /// The fewest walk of a man of `side` and type `t` from `from` to `to` may begin with the
  /// castling step from -> step (its count through it one less than without).
  bool castling_step_first(Color side, PieceType t, Square from, Square step, Square to) const;
  /// castling_move, for counts whose royal piece of `side` ends on `to`: 1 only while a
  /// castling it may still make is on a fewest walk of its royal piece to `to` (the castling
  /// step's count one less than the walk's). The tables count castling as a step of the king
  /// and one of the rook, two for the one move. A line that castles otherwise walks its king
  /// at least one move more than the king's count, which makes up for the rook's step.
  int castling_saves(const Position& pos, Color side, Square to) const;
  /// The castling rights (bits) of `side` whose castling is on a fewest walk to `to`.
  std::uint8_t saving_rights(Color side, Square to) const;
  /// The same for a target's men of `side`: by its royal piece's square, none without one
  /// (the castling move is then counted once, as the rook's).
  std::uint8_t saving_rights(Color side, const std::vector<Man>& men) const;
  int castling_saves(const Position& pos, Color side, const std::vector<Man>& men) const {
    return one_if_held(pos, saving_rights(side, men));
  }
  /// For each square of `on` (flights of the king), the types of the mated side (bits) that,
  /// standing there, could capture the checker or step between it and the king with no square
  /// in between; 0 elsewhere. Such a man stops a check that comes alone (Target::alone)
  /// unless pinned, so then no blocker is one of them (a type that may promote is judged by
  /// the type it ends as).
  using Spoilers = std::array<std::uint64_t, kSquares>;
  void spoilers(const Variant& v, Color mated, PieceType checker, Square from, Square king,
                Bitboard on, Spoilers& out) const;
  /// The fewest moves that put distinct men of `mated` (not its royal piece) on each of
  /// `flights` (the first eight), or `cap` when that is `cap` or more (kFar: some flight cannot
  /// be reached); with `spoil`, a man never stands on a flight where its type spoils the mate.
  int blockers_needed(const Position& pos, Color mated, const Square* flights, std::size_t count,
                      const Spoilers* spoil, int cap = HelpmateBound::kFar) const;
  /// The same for a target's search: its blocked flights and spoilers (the counts read from
  /// the target's rows). With `roles` (they must come empty), under `cap`, fills them.
  int blockers_needed(const Position& pos, const Aim& g, int cap,
                      BlockerRoles* roles = nullptr) const;
  /// count(cap) for the target and the mated side's men as they stand, asked of the blockers'
  /// memory first (the count depends on those only, and repeats across the lines: most moves
  /// leave those men as they were). More than the moves left cut the line whatever the count,
  /// so it is asked only up to `cap` (a count remembered under a lower cap is exact below it).
  /// The blockers' count, or a stalemate's standing men's when the target blocks no flight.
  /// `quiet`: the count read as the side may take nothing (a key of its own).
  template <typename Count>
  int remembered_count(const Position& pos, const Aim& g, int cap, bool quiet, Count count);
  /// The fewest moves of distinct men to stand as the target's needs: a stalemate's men that
  /// stand (`standing`: Aim::stay, the stalemated side's) or the target's men (Aim::men, the
  /// other side's). The first eight but a royal one by the cheapest assignment (as the
  /// blockers), the others each by its nearest man; `cap` when that is `cap` or more.
  /// `quiet`: the side can take nothing (quiet_dist_).
  int distinct_needed(const Position& pos, const Aim& g, bool standing, int cap, bool quiet) const;
  /// The counts blockers_needed reads for the target's blocked flight i (of the first eight)
  /// and a man of type `t`, from each square, and their levels: the distance table's row,
  /// or with spoilers blocker_count's (made when first asked).
  std::pair<const std::uint8_t*, const RowLevels*> blocker_row(const Aim& g, std::size_t i,
                                                               PieceType t) const;
  void make_blocker_row(const Aim& g, std::size_t i, PieceType t) const;
  /// Target men of a mate that only a capture brings to their squares: every man of the type
  /// that reaches the square within `mating_left` moves takes on its way (a pawn to another
  /// file). Each takes a man of the mated side of its own, standing on a square of its way:
  /// their count, and the squares of those ways (0 and 0 when none takes).
  std::pair<int, Bitboard> takers(const Position& pos, const Aim& g, int mating_left) const;
  /// One man's count for blocked flight `f`: a man of the mated side of type `t` on `x`, with
  /// `spoil`, never standing there as a type that spoils the mate (kFar: it cannot).
  int blocker_count(Color mated, PieceType t, Square x, Square f, const Spoilers* spoil) const;
  /// The fewest moves of distinct men for the first eight of `count` flights, each man's count
  /// for flight i being count_of(type, square, i), or `cap`.
  template <typename Count>
  int fewest_blockers(const Position& pos, Color mated, std::size_t count, int cap, Count count_of,
                      BlockerRoles* roles = nullptr) const;
  void count_node();

  const HelpmateBound& bound_;
  /// slack()'s memory of blockers_needed: the key hashes the target and the mated side's men
  /// (a 64-bit hash, as the transposition tables' keys), checked with the men's squares. Made
  /// on first use; an entry of zero bytes is empty (its cap, 0, is below every cap asked).
  struct BlockersSeen {
    std::uint64_t key = 0;
    Bitboard men = 0;
    std::uint8_t count = 0;
    std::uint8_t cap = 0;  ///< the cap it was asked under: `count` is exact below it
  };
  static constexpr int kBlockersSeenLog2 = 14;
  ZeroedArray<BlockersSeen> blockers_seen_;
  /// keep_within_need()'s memory of the blockers' roles, by the same key.
  struct RolesSeen {
    std::uint64_t key = 0;
    Bitboard men = 0;  ///< 0: empty (a target with blocked flights has men to block them)
    BlockerRoles roles;
  };
  static constexpr int kRolesSeenLog2 = 12;
  ZeroedArray<RolesSeen> roles_seen_;
  /// The searches' own table: their keys are salted by target and not shared with the
  /// solver's; a table that stays in the caches pays more than a larger one. It starts with
  /// 2^kFirstTableLog2 entries (1 MiB) and has 2^table_log2_ once the searches have made
  /// kGrowTableAt nodes (its entries are then dropped: they are only found again).
  std::optional<TranspositionTable> table_;  ///< made on first use
  static constexpr int kFirstTableLog2 = 16;
  static constexpr std::uint64_t kGrowTableAt = std::uint64_t{1} << 18;
  int table_log2_ = 18;
  TranspositionTable* tt_ = nullptr;
  ProgressFn progress_;
  std::uint64_t nodes_ = 0;
  std::uint64_t aims_ = 0;  ///< targets searched so far, by all calls: each one's salt
  std::size_t target_count_ = 0;
  /// Fewest moves for (colour, type) from each square to stand on each square:
  /// dist_[((c * types + t) * 64 + to) * 64 + from].
  std::vector<std::uint8_t> dist_;
  /// The same for a man that takes nothing on its way (a pawn's steps only), laid out as dist_.
  /// Read where the other side's every man that could be taken must stand at the end (slack).
  std::vector<std::uint8_t> quiet_dist_;
  std::size_t types_ = 0;
  std::size_t row(Color c, PieceType t, Square to) const {
    return ((static_cast<std::size_t>(c) * types_ + t) * kSquares + to) * kSquares;
  }
  int moves(Color c, PieceType t, Square from, Square to) const {
    return dist_[row(c, t, to) + from];
  }
  /// A promoting type `from` of colour `color` ending as `to`: the fewest moves from each
  /// square to stand on each square as `to` (dist[to * 64 + from]).
  struct Promotion {
    Color color;
    PieceType from, to;
    std::vector<std::uint8_t> dist;
  };
  std::vector<Promotion> promotions_;
  /// For a type that may promote, the fewest moves from each square to stand on each square
  /// still as that type (never through a promotion square): unpromoted_[((c * types + t) * 64
  /// + to) * 64 + from]; empty rows for the other types. Read by blockers_needed with spoilers.
  std::vector<std::uint8_t> unpromoted_;

  /// The levels of dist_'s rows, one entry a row, each made when a target first reads it.
  ZeroedArray<RowLevels> dist_levels_;
};

}  // namespace arbiter::puzzles
