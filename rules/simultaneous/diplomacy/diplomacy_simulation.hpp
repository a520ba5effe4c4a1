// The Diplomacy resolver's step-by-step simulation, written once for both interpreters: the
// engine runs it on the concrete board (rules/simultaneous/diplomacy/diplomacy_resolver.cpp), the
// Z3 step runs it on the classes of a symbolic board's cells, once per path through the squares it
// reads (solver/simultaneous/diplomacy/diplomacy_step.cpp). Every moving piece advances one square
// per time step; at each step the clauses of the rule text are applied in a fixed order until
// nothing changes (a piece that fails is back on its home square at once, and a piece passing
// there in the same step meets it, as in the rule text's Qh1/Rf6 example). Clauses and decisions:
// docs/diplomacy.md.
//
// The board is a policy with two members:
//   const std::optional<DiplomacyCell>& at(Square)   what stands on a square now
//   void put(Square, std::optional<DiplomacyCell>)    what stands there from now on
// and the trace a policy with one:
//   void operator()(DiplomacyClause, Square, int tick, TextFn text)
// which may call text() for the line of the explanation, or not (the text is built lazily).
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "rules/core/notation.hpp"
#include "rules/core/small_vector.hpp"
#include "rules/core/variant.hpp"
#include "rules/simultaneous/diplomacy/diplomacy.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_contest.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_knobs.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_paths.hpp"
#include "rules/simultaneous/trace_clauses.hpp"

namespace arbiter {

/// A piece on the board during the simulation.
struct DiplomacyCell {
  Color color = kWhite;
  PieceType type = kNoPiece;  ///< kNoPiece: a piece of a type the solver has not read
  int mover = -1;             ///< the moving piece standing here, or -1 for one that never moved
  bool original = false;      ///< it stood here at the start and never moved
};

enum class MoverState { kMoving, kArrived, kFailed, kCaptured };

/// One piece of a submitted move (two for castling).
struct DiplomacyMover {
  int unit = 0;
  Color color = kWhite;
  Leg leg;
  int rank = 0;       ///< its rank on the way and back home: the travelling piece's
  int dest_rank = 0;  ///< its rank at its destination (a promoting pawn: knob promotion-rank)
  MoverState state = MoverState::kMoving;
  Square at = kNoSquare;  ///< while moving: the square of the previous step (kNoSquare: air)
  int settled = 0;        ///< the step it arrived or came back home
};

/// One submitted move.
struct DiplomacyUnit {
  Color color = kWhite;
  Move move{};
  SmallVector<int, 2> movers;  ///< one per leg (Legs: at most two), no allocation
  Square target = kNoSquare;   ///< the enemy piece the move captures on the start board
  bool pawn_diagonal = false;
  bool pawn_straight = false;
  bool royal = false;  ///< moves the king
  Fate fate = Fate::kExecuted;
  std::string text;  ///< "White's queen d1-d5" (set by the engine when it traces)
};

template <typename Board, typename Trace>
class DiplomacySimulation {
 public:
  DiplomacySimulation(const Variant& v, const DiplomacyKnobs& k, Board& board, Trace& trace)
      : v_(v), k_(k), board_(board), trace_(trace) {}

  /// Room for `n` submitted moves (their pieces: at most two each), allocated once.
  void reserve(std::size_t n) {
    units_.reserve(n);
    movers_.reserve(2 * n);
  }

  /// Adds a submitted move: `mover_type` is the type of the piece on its from-square (the
  /// king for castling), `legs` its pieces' travels; an `excluded` move fails from the start.
  /// The piece it captures is read off the board.
  void add_unit(Color color, Move move, PieceType mover_type, const Legs& legs, bool excluded) {
    DiplomacyUnit u;
    u.color = color;
    u.move = move;
    const int index = static_cast<int>(units_.size());
    if (move.is_null()) {
      u.fate = Fate::kFailed;
      units_.push_back(std::move(u));
      return;
    }
    u.royal = mover_type == v_.royal();
    const bool pawn = v_.piece(mover_type).pawn;
    if (move.kind() == MoveKind::kEnPassant) {
      u.target = en_passant_victim_of(move.to(), color);
    } else if (move.kind() != MoveKind::kCastling) {
      const std::optional<DiplomacyCell>& there = board_.at(move.to());
      if (there && there->color != color) u.target = move.to();
    }
    const bool diagonal = file_of(move.from()) != file_of(move.to());
    u.pawn_diagonal = pawn && diagonal;
    u.pawn_straight = pawn && !diagonal;
    if (excluded) {
      u.fate = Fate::kFailed;
      units_.push_back(std::move(u));
      return;
    }
    for (int l = 0; l < legs.count; ++l) {
      DiplomacyMover m;
      m.unit = index;
      m.color = color;
      m.rank = rank_of_type(legs.leg[l].type);
      m.dest_rank = m.rank;
      if (move.kind() == MoveKind::kPromotion && v_.piece(legs.leg[l].type).pawn &&
          k_.promotion_rank == PromotionRank::kNewPiece)
        m.dest_rank = rank_of_type(static_cast<PieceType>(move.arg()));
      m.at = legs.leg[l].home;
      m.leg = legs.leg[l];  // a promoting pawn travels as a pawn (see arrive)
      u.movers.push_back(static_cast<int>(movers_.size()));
      movers_.push_back(m);
    }
    units_.push_back(std::move(u));
  }

  void simulate() {
    int last = 0;
    for (const DiplomacyMover& m : movers_) last = std::max(last, m.leg.arrival());
    for (const DiplomacyMover& m : movers_)
      if (m.state == MoverState::kMoving) board_.put(m.leg.home, std::nullopt);
    for (int t = 1; t <= last; ++t) step(t);
    for (DiplomacyUnit& u : units_)
      for (int i : u.movers)
        if (movers_[i].state == MoverState::kCaptured) u.fate = Fate::kCaptured;
  }

  std::vector<DiplomacyUnit>& units() { return units_; }
  const std::vector<DiplomacyUnit>& units() const { return units_; }
  const std::vector<DiplomacyMover>& movers() const { return movers_; }
  /// The squares where a piece was taken (castling rights there are lost).
  const std::vector<Square>& capture_squares() const { return capture_squares_; }
  bool king_captured(Color c) const { return king_captured_[c]; }
  bool captured_any() const { return captured_any_; }

 private:
  const Variant& v_;
  const DiplomacyKnobs& k_;
  Board& board_;
  Trace& trace_;
  std::vector<DiplomacyMover> movers_;
  std::vector<DiplomacyUnit> units_;
  std::vector<Square> capture_squares_;
  bool king_captured_[2] = {false, false};
  bool captured_any_ = false;
  // Buffers of step() and meetings(), kept between calls: allocating them anew on every step
  // was a large part of a resolution's time.
  std::vector<Square> next_;
  std::vector<int> group_;

  template <typename TextFn>
  void note(DiplomacyClause clause, Square sq, int tick, TextFn&& text) {
    trace_(clause, sq, tick, std::forward<TextFn>(text));
  }

  int rank_of_type(PieceType t) const { return conflict_rank(v_, t); }
  std::string name(PieceType t) const { return v_.piece(t).name; }
  std::string who(const DiplomacyMover& m) const {
    return fmt::format("{}'s {}", side_name(m.color), name(m.leg.type));
  }
  /// The letter a same-destination line shows: "P", or "P=Q" for a promoting pawn whose
  /// rank at its destination is the new piece's.
  std::string letter(const DiplomacyMover& m, bool at_dest = true) const {
    std::string out(1, v_.piece(m.leg.type).letter);
    if (at_dest && m.dest_rank != m.rank)
      out += fmt::format("={}", v_.piece(static_cast<PieceType>(units_[m.unit].move.arg())).letter);
    return out;
  }
  std::string names(const std::vector<int>& group) const {
    std::string out;
    for (int j : group) {
      if (!out.empty()) out += " and ";
      out += who(movers_[j]);
    }
    return out;
  }

  /// The unit of `i` fails at step t: each of its pieces is back home at once.
  void fail(int i, int t) {
    DiplomacyUnit& u = units_[movers_[i].unit];
    if (u.fate == Fate::kCaptured) return;
    u.fate = Fate::kFailed;
    for (int j : u.movers) {
      DiplomacyMover& m = movers_[j];
      if (m.state == MoverState::kFailed || m.state == MoverState::kCaptured) continue;
      if (m.state == MoverState::kArrived) {
        const std::optional<DiplomacyCell>& d = board_.at(m.leg.dest());
        if (d && d->mover == j) board_.put(m.leg.dest(), std::nullopt);
      }
      m.state = MoverState::kFailed;
      m.settled = t;
      go_home(j, t);
    }
  }

  /// Puts a failed piece back on its home square. If an enemy piece moved in meanwhile, the
  /// two are going to the same square: the higher rank stays, equal ranks both go home.
  void go_home(int j, int t) {
    DiplomacyMover& m = movers_[j];
    const Square home = m.leg.home;
    const std::optional<DiplomacyCell> other = board_.at(home);
    // (an own piece or one that never moved cannot be there: nobody else was)
    if (!other || other->mover < 0 || other->color == m.color) {
      board_.put(home, DiplomacyCell{m.color, m.leg.type, j, false});
      return;
    }
    DiplomacyMover& o = movers_[other->mover];  // it arrived: at its destination
    switch (contest(m.rank, o.dest_rank)) {
      case ContestWinner::kFirst:
        note(DiplomacyClause::kSameDestination, home, t, [&] {
          return fmt::format("{}: {} comes back home, outranks {}: takes it", square_name(home),
                             who(m), who(o));
        });
        capture_mover(other->mover, home);
        board_.put(home, DiplomacyCell{m.color, m.leg.type, j, false});
        return;
      case ContestWinner::kSecond:
        note(DiplomacyClause::kSameDestination, home, t, [&] {
          return fmt::format("{}: {} comes back home to {}, which outranks it: taken",
                             square_name(home), who(m), who(o));
        });
        m.state = MoverState::kCaptured;
        units_[m.unit].fate = Fate::kCaptured;
        captured_any_ = true;
        return;
      case ContestWinner::kNeither:
        note(DiplomacyClause::kSameDestination, home, t, [&] {
          return fmt::format("{}: {} comes back home to {} of equal rank: both go home",
                             square_name(home), who(m), who(o));
        });
        board_.put(home, DiplomacyCell{m.color, m.leg.type, j, false});
        fail(other->mover, t);
        return;
    }
  }

  void capture_mover(int j, Square where) {
    DiplomacyMover& m = movers_[j];
    const std::optional<DiplomacyCell>& there = board_.at(where);
    if (there && there->mover == j) board_.put(where, std::nullopt);
    m.state = MoverState::kCaptured;
    units_[m.unit].fate = Fate::kCaptured;
    captured_any_ = true;
    capture_squares_.push_back(where);
  }

  bool moving(int i) const { return movers_[i].state == MoverState::kMoving; }
  static bool arrives(const DiplomacyMover& m, int t) { return t == m.leg.arrival(); }

  void step(int t) {
    const int n = static_cast<int>(movers_.size());
    std::vector<Square>& next = next_;
    next.assign(static_cast<std::size_t>(n), kNoSquare);
    for (int i = 0; i < n; ++i)
      if (moving(i)) next[i] = movers_[i].leg.path[t - 1];
    // Until nothing changes: crossings and meetings, then each piece against what stands on
    // its square, and only when all that has settled, captures whose target has gone (the
    // target may still bounce back home in this step). Each failure puts a piece back home at
    // once, so everything is looked at again: the result does not depend on the order of
    // the submissions.
    for (bool changed = true; changed;) {
      changed = head_on(t, next) || meetings(t, next);
      for (int i = 0; i < n && !changed; ++i)
        if (moving(i) && next[i] != kNoSquare) changed = enter(i, t, next[i], false);
      for (int i = 0; i < n && !changed; ++i)
        if (moving(i) && next[i] != kNoSquare) changed = enter(i, t, next[i], true);
    }
    for (int i = 0; i < n; ++i) {
      if (!moving(i)) continue;
      movers_[i].at = next[i];
      if (arrives(movers_[i], t)) arrive(i, t);
    }
  }

  bool head_on(int t, const std::vector<Square>& next) {
    if (k_.head_on_swap == HeadOnSwap::kPass) return false;
    const int n = static_cast<int>(movers_.size());
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        if (!moving(i) || !moving(j) || movers_[i].unit == movers_[j].unit) continue;
        const Square a0 = movers_[i].at, b0 = movers_[j].at;
        if (a0 == kNoSquare || b0 == kNoSquare || next[i] == kNoSquare) continue;
        if (next[i] != b0 || next[j] != a0) continue;
        note(DiplomacyClause::kHeadOn, a0, t, [&] {
          return fmt::format(
              "{}-{}: {} and {} meet head-on between the squares: neither move executes",
              square_name(a0), square_name(b0), who(movers_[i]), who(movers_[j]));
        });
        fail(i, t);
        fail(j, t);
        return true;
      }
    return false;
  }

  /// Two or more moving pieces of different moves on one square at step t.
  bool meetings(int t, const std::vector<Square>& next) {
    const int n = static_cast<int>(movers_.size());
    for (int i = 0; i < n; ++i) {
      if (!moving(i) || next[i] == kNoSquare) continue;
      std::vector<int>& group = group_;
      group.clear();
      for (int j = 0; j < n; ++j)
        if (moving(j) && next[j] == next[i]) group.push_back(j);
      const bool several_units = std::any_of(group.begin(), group.end(), [&](int j) {
        return movers_[j].unit != movers_[group[0]].unit;
      });
      if (!several_units) continue;
      const Square sq = next[i];
      const bool all_arrive = std::all_of(group.begin(), group.end(), [&](int j) {
        return arrives(movers_[j], t) && movers_[j].leg.dest() == sq;
      });
      if (!all_arrive) {
        note(DiplomacyClause::kMeetInTransit, sq, t, [&] {
          return fmt::format(
              "{}: {} reach the square at step {}: ranks do not matter, no move executes",
              square_name(sq), names(group), t);
        });
        for (int j : group) fail(j, t);
        return true;
      }
      // Ranks decide between the two sides only: two pieces of one side (simultaneously
      // progressive play) bound for one square both fail.
      const auto count_of = [&](Color c) {
        return std::count_if(group.begin(), group.end(),
                             [&](int j) { return movers_[j].color == c; });
      };
      if (count_of(kWhite) > 1 || count_of(kBlack) > 1) {
        note(DiplomacyClause::kSameDestination, sq, t, [&] {
          return fmt::format("{}: {} reach the square together, two of one side: no move executes",
                             square_name(sq), names(group));
        });
        for (int j : group) fail(j, t);
        return true;
      }
      // One piece of each side is left: the group is a pair.
      const int a = group[0], b = group[1];
      const ContestWinner winner = contest(movers_[a].dest_rank, movers_[b].dest_rank);
      if (winner == ContestWinner::kNeither) {
        note(DiplomacyClause::kSameDestination, sq, t, [&] {
          return fmt::format("{}: same destination, equal ranks ({}): neither move executes",
                             square_name(sq), names(group));
        });
        for (int j : group) fail(j, t);
        return true;
      }
      const int top = winner == ContestWinner::kFirst ? a : b;
      const int taken = top == a ? b : a;
      note(DiplomacyClause::kSameDestination, sq, t, [&] {
        return fmt::format("{}: same destination, {} outranks {}: {} takes {}", square_name(sq),
                           letter(movers_[top]), letter(movers_[taken]),
                           name(movers_[top].leg.type), name(movers_[taken].leg.type));
      });
      capture_mover(taken, sq);
      return true;
    }
    return false;
  }

  /// Mover i steps onto `sq` at step t: what stands there decides. With `departed`, an
  /// empty destination whose piece to take has gone is judged too.
  bool enter(int i, int t, Square sq, bool departed) {
    DiplomacyMover& m = movers_[i];
    DiplomacyUnit& u = units_[m.unit];
    const bool dest = arrives(m, t) && sq == m.leg.dest();
    const std::optional<DiplomacyCell> there = board_.at(sq);
    if (!there) {
      if (!departed || !dest || u.target == kNoSquare) return false;
      if (u.move.kind() == MoveKind::kEnPassant) {
        const std::optional<DiplomacyCell>& victim = board_.at(u.target);
        if (victim && victim->color != m.color) return false;  // the pawn to take is still there
      }
      const bool fails = u.pawn_diagonal
                             ? k_.pawn_capture_of_departed == PawnCaptureOfDeparted::kFails
                             : k_.capture_of_departed == CaptureOfDeparted::kFails;
      note(DiplomacyClause::kCaptureOfDeparted, sq, t, [&] {
        return fmt::format("{}: {} finds the piece it meant to take gone: {}", square_name(sq),
                           who(m), fails ? "the move fails" : "it lands on the empty square");
      });
      if (!fails) {
        u.target = kNoSquare;  // noted once; lands as a plain move
        return false;
      }
      fail(i, t);
      return true;
    }
    const DiplomacyCell cell = *there;
    if (cell.color == m.color) {
      note(DiplomacyClause::kObstacle, sq, t, [&] {
        return fmt::format("{}: {} is stopped by its own {}", square_name(sq), who(m),
                           name(cell.type));
      });
      fail(i, t);
      return true;
    }
    if (!dest) {
      // A piece that failed and came back home in this very step is there at the same time
      // as the passing one: a meeting (conflict rule 3), as in the rule text's Qh1/Rf6 example
      // ("exactly at the same time, the queen passes at h6"), not an obstacle standing there.
      const bool home_now = cell.mover >= 0 && movers_[cell.mover].state == MoverState::kFailed &&
                            movers_[cell.mover].settled == t;
      if (home_now) {
        note(DiplomacyClause::kMeetInTransit, sq, t, [&] {
          return fmt::format(
              "{}: {} passes the square at step {} just as {}'s {} comes back home there: ranks "
              "do not matter, the move fails",
              square_name(sq), who(m), t, side_name(cell.color), name(cell.type));
        });
        fail(i, t);
        return true;
      }
      note(DiplomacyClause::kObstacle, sq, t, [&] {
        const char* why = cell.mover < 0 ? ""
                          : movers_[cell.mover].state == MoverState::kFailed
                              ? " (it came back home)"
                              : " (it got there first)";
        return fmt::format("{}: {} finds {}'s {} in its way{}: the move fails", square_name(sq),
                           who(m), side_name(cell.color), name(cell.type), why);
      });
      fail(i, t);
      return true;
    }
    if (cell.mover >= 0) {  // a piece that moved this turn: both were going to this square
      DiplomacyMover& o = movers_[cell.mover];
      // Under same-destination=rank the time of arrival does not matter: a piece that got
      // there first, or that came back home there in this step, is in conflict with this one
      // whatever moves they make (a straight pawn move included: conflict rule 1 speaks of
      // ranks only, as for two pieces arriving in one step).
      const bool back_home = o.state == MoverState::kFailed;
      const bool in_conflict =
          back_home ? o.settled == t : k_.same_destination == SameDestination::kRank;
      if (in_conflict) {
        switch (contest(m.dest_rank, back_home ? o.rank : o.dest_rank)) {
          case ContestWinner::kSecond:
            note(DiplomacyClause::kSameDestination, sq, t, [&] {
              return fmt::format("{}: same destination, {} outranks {}: {} takes {}",
                                 square_name(sq), letter(o, !back_home), letter(m),
                                 name(o.leg.type), name(m.leg.type));
            });
            capture_mover(i, sq);
            return true;
          case ContestWinner::kFirst:
            note(DiplomacyClause::kSameDestination, sq, t, [&] {
              return fmt::format("{}: same destination, {} outranks {}: {} takes {}",
                                 square_name(sq), letter(m), letter(o, !back_home),
                                 name(m.leg.type), name(o.leg.type));
            });
            capture_mover(cell.mover, sq);
            u.target = kNoSquare;  // it took what it found there
            return true;
          case ContestWinner::kNeither:
            note(DiplomacyClause::kSameDestination, sq, t, [&] {
              return fmt::format(
                  "{}: same destination, equal ranks ({} and {}): neither move executes",
                  square_name(sq), who(m), who(o));
            });
            fail(i, t);
            if (o.state == MoverState::kArrived) fail(cell.mover, t);
            return true;
        }
      }
    }
    if (u.pawn_straight) {
      note(DiplomacyClause::kObstacle, sq, t, [&] {
        return fmt::format("{}: {} cannot take straight ahead: the move fails", square_name(sq),
                           who(m));
      });
      fail(i, t);
      return true;
    }
    if (cell.type == v_.royal() && k_.king_capture == KingCapture::kIllegal) {
      note(DiplomacyClause::kKingCapture, sq, t, [&] {
        return fmt::format("{}: {} may not take the king ({}): the move fails", square_name(sq),
                           who(m),
                           knob_setting_of<&DiplomacyKnobs::king_capture>(KingCapture::kIllegal));
      });
      fail(i, t);
      return true;
    }
    return false;
  }

  void arrive(int i, int t) {
    DiplomacyMover& m = movers_[i];
    DiplomacyUnit& u = units_[m.unit];
    const Square dest = m.leg.dest();
    PieceType type = m.leg.type;
    if (u.move.kind() == MoveKind::kPromotion && v_.piece(type).pawn)
      type = static_cast<PieceType>(u.move.arg());
    const std::optional<DiplomacyCell> there = board_.at(dest);
    if (there && there->color != m.color) take(dest, i, t);
    // (target cleared: the pawn to take had left and pawn-capture-of-departed=lands)
    if (u.move.kind() == MoveKind::kEnPassant && u.target != kNoSquare) {
      const std::optional<DiplomacyCell> victim = board_.at(u.target);
      if (victim && victim->color != m.color) take(u.target, i, t);
    }
    board_.put(dest, DiplomacyCell{m.color, type, i, false});
    m.state = MoverState::kArrived;
    m.settled = t;
  }

  void take(Square sq, int i, int t) {
    const DiplomacyCell victim = *board_.at(sq);
    note(DiplomacyClause::kCapture, sq, t, [&] {
      return fmt::format("{}: {} takes {}'s {}", square_name(sq), who(movers_[i]),
                         side_name(victim.color), name(victim.type));
    });
    if (victim.type == v_.royal()) king_captured_[victim.color] = true;
    if (victim.mover >= 0) {
      capture_mover(victim.mover, sq);
    } else {
      board_.put(sq, std::nullopt);
      captured_any_ = true;
      capture_squares_.push_back(sq);
    }
  }
};

}  // namespace arbiter
