// The Diplomacy Chess resolver: a step-by-step simulation of the submitted moves. Every
// moving piece advances one square per time step; at each step the clauses of the rule text
// are applied in a fixed order until nothing changes (a piece that fails is back on its home
// square at once, and can itself be an obstacle in the same step, as in the rule text's
// Qh1/Rf6 example). After the travel, a king that ends on an attacked square fails, and the
// simulation runs again without its move. Clauses and decisions: docs/diplomacy.md.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>

#include "rules/diplomacy.hpp"
#include "rules/diplomacy_paths.hpp"
#include "rules/notation.hpp"

namespace arbiter {
namespace {

enum class MState { kMoving, kArrived, kFailed, kCaptured };

struct SimMover {
  int unit = 0;
  Color color = kWhite;
  Leg leg;
  int rank = 0;
  MState state = MState::kMoving;
  Square at = kNoSquare;  ///< while moving: the square of the previous step (kNoSquare: air)
  int settled = 0;        ///< the step it arrived or came back home
};

struct SimUnit {
  Color color = kWhite;
  Move move{};
  std::vector<int> movers;
  Square target = kNoSquare;  ///< the enemy piece the move captures on the start board
  bool pawn_diagonal = false;
  bool pawn_straight = false;
  bool royal = false;  ///< moves the king
  Fate fate = Fate::kExecuted;
  std::string text;  ///< "White's queen d1-d5"
};

struct Cell {
  Color color = kWhite;
  PieceType type = kNoPiece;
  int mover = -1;  ///< the moving piece standing here, or -1 for a piece that never moved
};

const char* side(Color c) {
  return c == kWhite ? "White" : "Black";
}

class Run {
 public:
  Run(const SimState& s, const std::vector<Submission>& subs, const DiplomacyKnobs& k,
      const std::vector<bool>& excluded, bool trace)
      : s_(s), v_(s.pos.variant()), k_(k), tracing_(trace) {
    for (Square sq = 0; sq < kSquares; ++sq)
      for (Color c : {kWhite, kBlack})
        if (s.pos.piece_on(c, sq) != kNoPiece) board_[sq] = Cell{c, s.pos.piece_on(c, sq), -1};
    for (std::size_t i = 0; i < subs.size(); ++i) add_unit(subs[i], excluded[i]);
  }

  void simulate() {
    int last = 0;
    for (const SimMover& m : movers_) last = std::max(last, m.leg.arrival());
    for (const SimMover& m : movers_)
      if (m.state == MState::kMoving) board_[m.leg.home].reset();
    for (int t = 1; t <= last; ++t) step(t);
    for (SimUnit& u : units_)
      for (int i : u.movers)
        if (movers_[i].state == MState::kCaptured) u.fate = Fate::kCaptured;
  }

  std::vector<SimUnit>& units() { return units_; }
  std::vector<TraceEntry>& trace() { return trace_; }
  bool king_captured(Color c) const { return king_captured_[c]; }

  /// The board after the travel, with rights, en-passant targets and clocks moved on.
  SimState after() const {
    SimState out{s_.pos};
    bool reset_clock = captured_any_;
    std::uint8_t rights = s_.pos.castling_rights();
    for (Square sq = 0; sq < kSquares; ++sq) {
      const PieceType w = s_.pos.piece_on(kWhite, sq), b = s_.pos.piece_on(kBlack, sq);
      const std::optional<Cell>& cell = board_[sq];
      const bool same = cell ? (cell->color == kWhite ? w == cell->type && b == kNoPiece
                                                      : b == cell->type && w == kNoPiece)
                             : w == kNoPiece && b == kNoPiece;
      if (same) continue;
      if (w != kNoPiece) out.pos.remove(kWhite, sq);
      if (b != kNoPiece) out.pos.remove(kBlack, sq);
      if (cell) out.pos.put(cell->color, cell->type, sq);
    }
    for (Square sq : capture_squares_) rights &= v_.castling_keep_mask(sq);
    for (const SimUnit& u : units_) {
      if (u.fate != Fate::kExecuted) continue;
      for (int i : u.movers) {
        const SimMover& m = movers_[i];
        rights &= static_cast<std::uint8_t>(v_.castling_keep_mask(m.leg.home) &
                                            v_.castling_keep_mask(m.leg.dest()));
        if (v_.piece(m.leg.type).pawn) reset_clock = true;
      }
      if (u.move.kind() == MoveKind::kDoubleStep)
        out.ep_target[u.color] = movers_[static_cast<std::size_t>(u.movers[0])].leg.path[0];
    }
    for (const SimMover& m : movers_)
      if (m.state == MState::kCaptured) rights &= v_.castling_keep_mask(m.leg.home);
    out.pos.set_castling_rights(rights);
    out.pos.set_clocks(reset_clock ? 0 : s_.pos.halfmove_clock() + 1, s_.pos.fullmove_number() + 1);
    return out;
  }

 private:
  const SimState& s_;
  const Variant& v_;
  const DiplomacyKnobs& k_;
  bool tracing_ = true;
  std::array<std::optional<Cell>, kSquares> board_{};
  std::vector<SimMover> movers_;
  std::vector<SimUnit> units_;
  std::vector<TraceEntry> trace_;
  std::vector<Square> capture_squares_;
  bool king_captured_[2] = {false, false};
  bool captured_any_ = false;

  std::string name(PieceType t) const { return v_.piece(t).name; }
  std::string who(const SimMover& m) const {
    return fmt::format("{}'s {}", side(m.color), name(m.leg.type));
  }
  void note(DiplomacyClause clause, Square sq, int tick, std::string text) {
    if (tracing_) trace_.push_back({std::string(clause_name(clause)), sq, tick, std::move(text)});
  }

  int rank_of_type(PieceType t) const {
    const PieceDef* def = v_.table().piece(v_.piece(t).letter);
    return def != nullptr ? def->rank : 0;
  }

  void add_unit(const Submission& sub, bool excluded) {
    SimUnit u;
    u.color = sub.color;
    u.move = sub.move;
    const int index = static_cast<int>(units_.size());
    if (sub.move.is_null()) {
      u.fate = Fate::kFailed;
      units_.push_back(u);
      return;
    }
    const Position& pos = s_.pos;
    const Color them = ~sub.color;
    const PieceType mover_type = pos.piece_on(sub.color, sub.move.from());
    u.royal = mover_type == v_.royal();
    const bool pawn = v_.piece(mover_type).pawn;
    if (sub.move.kind() == MoveKind::kEnPassant) {
      u.target = en_passant_victim_of(sub.move.to(), sub.color);
    } else if (sub.move.kind() != MoveKind::kCastling &&
               pos.piece_on(them, sub.move.to()) != kNoPiece) {
      u.target = sub.move.to();
    }
    const bool diagonal = file_of(sub.move.from()) != file_of(sub.move.to());
    u.pawn_diagonal = pawn && diagonal;
    u.pawn_straight = pawn && !diagonal;
    if (tracing_)
      u.text = fmt::format("{}'s {} {}", side(sub.color), name(mover_type),
                           to_uci(view_for(s_, sub.color), sub.move));
    if (excluded) {
      u.fate = Fate::kFailed;
      units_.push_back(u);
      return;
    }
    Legs legs = legs_of(pos, sub.color, sub.move, k_);
    for (int l = 0; l < legs.count; ++l) {
      Leg& leg = legs.leg[l];
      SimMover m;
      m.unit = index;
      m.color = sub.color;
      m.rank = rank_of_type(leg.type);
      m.at = leg.home;
      m.leg = leg;  // a promoting pawn travels as a pawn (see arrive)
      u.movers.push_back(static_cast<int>(movers_.size()));
      movers_.push_back(std::move(m));
    }
    units_.push_back(std::move(u));
  }

  /// The unit of `i` fails at step t: each of its pieces is back home at once.
  void fail(int i, int t) {
    SimUnit& u = units_[movers_[i].unit];
    if (u.fate == Fate::kCaptured) return;
    u.fate = Fate::kFailed;
    for (int j : u.movers) {
      SimMover& m = movers_[j];
      if (m.state == MState::kFailed || m.state == MState::kCaptured) continue;
      if (m.state == MState::kArrived && board_[m.leg.dest()] && board_[m.leg.dest()]->mover == j)
        board_[m.leg.dest()].reset();
      m.state = MState::kFailed;
      m.settled = t;
      go_home(j, t);
    }
  }

  /// Puts a failed piece back on its home square. If an enemy piece moved in meanwhile, the
  /// two are going to the same square: the higher rank stays, equal ranks both go home.
  void go_home(int j, int t) {
    SimMover& m = movers_[j];
    const Square home = m.leg.home;
    if (!board_[home]) {
      board_[home] = Cell{m.color, m.leg.type, j};
      return;
    }
    const Cell other = *board_[home];
    if (other.mover < 0 || other.color == m.color) {  // cannot happen: nobody else was there
      board_[home] = Cell{m.color, m.leg.type, j};
      return;
    }
    SimMover& o = movers_[other.mover];
    if (m.rank > o.rank) {
      note(DiplomacyClause::kSameDestination, home, t,
           fmt::format("{}: {} comes back home, outranks {}: takes it", square_name(home), who(m),
                       who(o)));
      capture_mover(other.mover, home);
      board_[home] = Cell{m.color, m.leg.type, j};
    } else if (m.rank < o.rank) {
      note(DiplomacyClause::kSameDestination, home, t,
           fmt::format("{}: {} comes back home to {}, which outranks it: taken", square_name(home),
                       who(m), who(o)));
      m.state = MState::kCaptured;
      units_[m.unit].fate = Fate::kCaptured;
      captured_any_ = true;
    } else {
      note(DiplomacyClause::kSameDestination, home, t,
           fmt::format("{}: {} comes back home to {} of equal rank: both go home",
                       square_name(home), who(m), who(o)));
      board_[home] = Cell{m.color, m.leg.type, j};
      fail(other.mover, t);
    }
  }

  void capture_mover(int j, Square where) {
    SimMover& m = movers_[j];
    if (board_[where] && board_[where]->mover == j) board_[where].reset();
    m.state = MState::kCaptured;
    units_[m.unit].fate = Fate::kCaptured;
    captured_any_ = true;
    capture_squares_.push_back(where);
  }

  bool moving(int i) const { return movers_[i].state == MState::kMoving; }
  bool arrives(const SimMover& m, int t) const { return t == m.leg.arrival(); }

  void step(int t) {
    const int n = static_cast<int>(movers_.size());
    std::vector<Square> next(n, kNoSquare);
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
      SimMover& m = movers_[i];
      m.at = next[i];
      if (arrives(m, t)) arrive(i, t);
    }
  }

  bool head_on(int t, const std::vector<Square>& next) {
    if (k_.head_on_swap == HeadOnSwap::kPass) return false;
    const int n = static_cast<int>(movers_.size());
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        if (!moving(i) || !moving(j) || movers_[i].unit == movers_[j].unit) continue;
        const Square a0 = movers_[i].at, b0 = movers_[j].at;
        if (a0 == kNoSquare || b0 == kNoSquare || next[i] == kNoSquare) continue;
        if (next[i] != b0 || next[j] != a0) continue;
        note(DiplomacyClause::kHeadOn, a0, t,
             fmt::format("{}-{}: {} and {} meet head-on between the squares: neither move "
                         "executes",
                         square_name(a0), square_name(b0), who(movers_[i]), who(movers_[j])));
        fail(i, t);
        fail(j, t);
        return true;
      }
    }
    return false;
  }

  /// Two or more moving pieces of different moves on one square at step t.
  bool meetings(int t, const std::vector<Square>& next) {
    const int n = static_cast<int>(movers_.size());
    for (int i = 0; i < n; ++i) {
      if (!moving(i) || next[i] == kNoSquare) continue;
      std::vector<int> group;
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
        note(DiplomacyClause::kMeetInTransit, sq, t,
             fmt::format("{}: {} reach the square at step {}: ranks do not matter, no move "
                         "executes",
                         square_name(sq), names(group), t));
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
        note(DiplomacyClause::kSameDestination, sq, t,
             fmt::format("{}: {} reach the square together, two of one side: no move executes",
                         square_name(sq), names(group)));
        for (int j : group) fail(j, t);
        return true;
      }
      int top = 0;
      for (int j : group) top = std::max(top, movers_[j].rank);
      std::vector<int> best;
      for (int j : group)
        if (movers_[j].rank == top) best.push_back(j);
      if (best.size() > 1) {
        note(DiplomacyClause::kSameDestination, sq, t,
             fmt::format("{}: same destination, equal ranks ({}): neither move executes",
                         square_name(sq), names(group)));
        for (int j : group) fail(j, t);
        return true;
      }
      for (int j : group) {
        if (j == best[0]) continue;
        note(DiplomacyClause::kSameDestination, sq, t,
             fmt::format("{}: same destination, {} outranks {}: {} takes {}", square_name(sq),
                         letter(movers_[best[0]]), letter(movers_[j]),
                         name(movers_[best[0]].leg.type), name(movers_[j].leg.type)));
        capture_mover(j, sq);
      }
      return true;
    }
    return false;
  }

  std::string letter(const SimMover& m) const {
    return std::string(1, v_.piece(m.leg.type).letter);
  }
  std::string names(const std::vector<int>& group) const {
    std::string out;
    for (int j : group) {
      if (!out.empty()) out += " and ";
      out += who(movers_[j]);
    }
    return out;
  }

  /// Mover i steps onto `sq` at step t: what stands there decides. With `departed`, an
  /// empty destination whose piece to take has gone is judged too.
  bool enter(int i, int t, Square sq, bool departed) {
    SimMover& m = movers_[i];
    const SimUnit& u = units_[m.unit];
    const bool dest = arrives(m, t) && sq == m.leg.dest();
    if (!board_[sq]) {
      if (!departed || !dest || u.target == kNoSquare) return false;
      if (u.move.kind() == MoveKind::kEnPassant && board_[u.target] &&
          board_[u.target]->color != m.color)
        return false;  // the pawn to take is still there
      const bool fails = u.pawn_diagonal
                             ? k_.pawn_capture_of_departed == PawnCaptureOfDeparted::kFails
                             : k_.capture_of_departed == CaptureOfDeparted::kFails;
      note(DiplomacyClause::kCaptureOfDeparted, sq, t,
           fmt::format("{}: {} finds the piece it meant to take gone: {}", square_name(sq), who(m),
                       fails ? "the move fails" : "it lands on the empty square"));
      if (!fails) {
        units_[m.unit].target = kNoSquare;  // noted once; lands as a plain move
        return false;
      }
      fail(i, t);
      return true;
    }
    const Cell cell = *board_[sq];
    if (cell.color == m.color) {
      note(
          DiplomacyClause::kObstacle, sq, t,
          fmt::format("{}: {} is stopped by its own {}", square_name(sq), who(m), name(cell.type)));
      fail(i, t);
      return true;
    }
    if (!dest) {
      note(DiplomacyClause::kObstacle, sq, t,
           fmt::format("{}: {} finds {}'s {} in its way{}: the move fails", square_name(sq), who(m),
                       side(cell.color), name(cell.type),
                       cell.mover >= 0 ? " (it got there first)" : ""));
      fail(i, t);
      return true;
    }
    if (u.pawn_straight) {
      note(DiplomacyClause::kObstacle, sq, t,
           fmt::format("{}: {} cannot take straight ahead: the move fails", square_name(sq),
                       who(m)));
      fail(i, t);
      return true;
    }
    if (cell.mover >= 0) {  // a piece that moved this turn: both were going to this square
      SimMover& o = movers_[cell.mover];
      const bool contest = o.state == MState::kFailed
                               ? o.settled == t
                               : k_.same_destination == SameDestination::kRank;
      if (contest && m.rank != o.rank) {
        if (m.rank < o.rank) {
          note(DiplomacyClause::kSameDestination, sq, t,
               fmt::format("{}: same destination, {} outranks {}: {} takes {}", square_name(sq),
                           letter(o), letter(m), name(o.leg.type), name(m.leg.type)));
          capture_mover(i, sq);
          return true;
        }
        note(DiplomacyClause::kSameDestination, sq, t,
             fmt::format("{}: same destination, {} outranks {}: {} takes {}", square_name(sq),
                         letter(m), letter(o), name(m.leg.type), name(o.leg.type)));
        capture_mover(cell.mover, sq);
        units_[m.unit].target = kNoSquare;  // it took what it found there
        return true;
      }
      if (contest) {
        note(DiplomacyClause::kSameDestination, sq, t,
             fmt::format("{}: same destination, equal ranks ({} and {}): neither move executes",
                         square_name(sq), who(m), who(o)));
        fail(i, t);
        if (o.state == MState::kArrived) fail(cell.mover, t);
        return true;
      }
    }
    if (cell.type == v_.royal() && k_.king_capture == KingCapture::kIllegal) {
      note(DiplomacyClause::kKingCapture, sq, t,
           fmt::format("{}: {} may not take the king ({}): the move fails", square_name(sq), who(m),
                       knob_setting_of<&DiplomacyKnobs::king_capture>(KingCapture::kIllegal)));
      fail(i, t);
      return true;
    }
    return false;
  }

  void arrive(int i, int t) {
    SimMover& m = movers_[i];
    SimUnit& u = units_[m.unit];
    const Square dest = m.leg.dest();
    PieceType type = m.leg.type;
    if (u.move.kind() == MoveKind::kPromotion && v_.piece(type).pawn)
      type = static_cast<PieceType>(u.move.arg());
    if (board_[dest] && board_[dest]->color != m.color) take(dest, i, t);
    // (target cleared: the pawn to take had left and pawn-capture-of-departed=lands)
    if (u.move.kind() == MoveKind::kEnPassant && u.target != kNoSquare && board_[u.target] &&
        board_[u.target]->color != m.color)
      take(u.target, i, t);
    board_[dest] = Cell{m.color, type, i};
    m.state = MState::kArrived;
    m.settled = t;
  }

  void take(Square sq, int i, int t) {
    const Cell victim = *board_[sq];
    note(DiplomacyClause::kCapture, sq, t,
         fmt::format("{}: {} takes {}'s {}", square_name(sq), who(movers_[i]), side(victim.color),
                     name(victim.type)));
    if (victim.type == v_.royal()) king_captured_[victim.color] = true;
    if (victim.mover >= 0) {
      capture_mover(victim.mover, sq);
    } else {
      board_[sq].reset();
      captured_any_ = true;
      capture_squares_.push_back(sq);
    }
  }
};

/// The general resolution: the step-by-step simulation, run again without any king move
/// that would end on an attacked square.
DiplomacyResolution resolve_general(const SimState& s, const std::vector<Submission>& subs,
                                    const DiplomacyKnobs& k, bool trace) {
  std::vector<bool> excluded(subs.size(), false);
  std::vector<TraceEntry> safety;
  for (;;) {
    Run run(s, subs, k, excluded, trace);
    run.simulate();
    SimState after = run.after();
    // A king may not end on a square attacked after resolution: its move fails, and the
    // turn is resolved again without it.
    bool again = false;
    for (std::size_t i = 0; i < subs.size(); ++i) {
      const SimUnit& u = run.units()[i];
      if (u.fate != Fate::kExecuted || !u.royal || u.move.is_null()) continue;
      const Square dest = u.move.kind() == MoveKind::kCastling
                              ? s.pos.variant().castling(u.color)[u.move.arg()].king_to
                              : u.move.to();
      if (!after.pos.attacked(dest, ~u.color)) continue;
      if (trace)
        safety.push_back({std::string(clause_name(DiplomacyClause::kKingSafety)), dest, 0,
                          fmt::format("{}: {} would stand attacked after resolution: the king "
                                      "does not move",
                                      square_name(dest), u.text)});
      excluded[i] = true;
      again = true;
    }
    if (again) continue;
    DiplomacyResolution out{std::move(after), {}, {}, {false, false}};
    for (const SimUnit& u : run.units()) out.fates.push_back(u.fate);
    out.trace = std::move(safety);
    for (TraceEntry& e : run.trace()) out.trace.push_back(std::move(e));
    for (std::size_t i = 0; trace && i < subs.size(); ++i) {
      const SimUnit& u = run.units()[i];
      if (u.move.is_null()) continue;
      out.trace.push_back(
          {std::string(clause_name(u.fate == Fate::kExecuted ? DiplomacyClause::kExecuted
                                                             : DiplomacyClause::kNotExecuted)),
           u.move.to(), 0, fmt::format("{}: {}", u.text, to_string(u.fate))});
    }
    for (Color c : {kWhite, kBlack}) out.king_captured[c] = run.king_captured(c);
    return out;
  }
}

/// The squares a move involves: its pieces' homes and paths, and the piece it takes.
Bitboard involved(const SimState& s, Color c, Move m, const DiplomacyKnobs& k) {
  const Legs legs = legs_of(s.pos, c, m, k);
  Bitboard b = 0;
  for (int i = 0; i < legs.count; ++i) b |= legs.leg[i].squares();
  if (m.kind() == MoveKind::kEnPassant) b |= bb(en_passant_victim_of(m.to(), c));
  return b;
}

/// Two moves that share no square and take no king cannot conflict: each executes as it
/// would alone. Returns nothing when that does not hold, or when a king would end attacked.
std::optional<DiplomacyResolution> resolve_independent(const SimState& s, Move white, Move black,
                                                       const DiplomacyKnobs& k, bool trace) {
  const Bitboard w = involved(s, kWhite, white, k), b = involved(s, kBlack, black, k);
  if (w & b) return std::nullopt;
  // A piece standing still in the way (a path across an enemy piece that stays, or a knight's
  // two-step path through any piece) or a king taken needs the full rules.
  const Bitboard w_pass = w & ~bb(white.from()) & ~bb(white.to());
  const Bitboard b_pass = b & ~bb(black.from()) & ~bb(black.to());
  if ((w_pass & s.pos.occupied()) || (b_pass & s.pos.occupied())) return std::nullopt;
  if ((w & s.pos.pieces(kBlack, s.pos.variant().royal())) ||
      (b & s.pos.pieces(kWhite, s.pos.variant().royal())))
    return std::nullopt;
  if (white.kind() == MoveKind::kCastling || black.kind() == MoveKind::kCastling)
    return std::nullopt;  // two pieces each: leave it to the simulation
  Position p = s.pos;
  Undo undo;
  p.set_en_passant(s.ep_target[kBlack]);
  p.make(white, undo);
  const Square white_ep = p.en_passant();
  p.set_en_passant(s.ep_target[kWhite]);
  p.make(black, undo);
  const Square black_ep = p.en_passant();
  p.set_en_passant(kNoSquare);
  p.set_side_to_move(kWhite);
  const PieceType royal = p.variant().royal();
  for (const auto& [c, m] : {std::pair{kWhite, white}, std::pair{kBlack, black}})
    if (p.piece_on(c, m.to()) == royal && p.attacked(m.to(), ~c)) return std::nullopt;
  const bool quiet = s.pos.piece_on(kBlack, white.to()) == kNoPiece &&
                     s.pos.piece_on(kWhite, black.to()) == kNoPiece &&
                     white.kind() != MoveKind::kEnPassant && black.kind() != MoveKind::kEnPassant &&
                     !p.variant().piece(s.pos.piece_on(kWhite, white.from())).pawn &&
                     !p.variant().piece(s.pos.piece_on(kBlack, black.from())).pawn;
  p.set_clocks(quiet ? s.pos.halfmove_clock() + 1 : 0, s.pos.fullmove_number() + 1);
  DiplomacyResolution out{
      SimState{std::move(p)}, {Fate::kExecuted, Fate::kExecuted}, {}, {false, false}};
  out.after.ep_target[kWhite] = white.kind() == MoveKind::kDoubleStep ? white_ep : kNoSquare;
  out.after.ep_target[kBlack] = black.kind() == MoveKind::kDoubleStep ? black_ep : kNoSquare;
  if (trace) {
    for (const auto& [c, m] : {std::pair{kWhite, white}, std::pair{kBlack, black}}) {
      const Square taken =
          m.kind() == MoveKind::kEnPassant ? en_passant_victim_of(m.to(), c) : m.to();
      if (s.pos.piece_on(~c, taken) != kNoPiece)
        out.trace.push_back(
            {"capture", taken, 0,
             fmt::format("{}: {}'s {} takes {}'s {}", square_name(taken), side(c),
                         s.pos.variant().piece(s.pos.piece_on(c, m.from())).name, side(~c),
                         s.pos.variant().piece(s.pos.piece_on(~c, taken)).name)});
    }
    for (const auto& [c, m] : {std::pair{kWhite, white}, std::pair{kBlack, black}})
      out.trace.push_back(
          {std::string(clause_name(DiplomacyClause::kExecuted)), m.to(), 0,
           fmt::format("{}'s {} {}: executed (no square in common with the other move)", side(c),
                       s.pos.variant().piece(s.pos.piece_on(c, m.from())).name,
                       to_uci(view_for(s, c), m))});
  }
  return out;
}

void validate(const SimState& s, const std::vector<Submission>& subs) {
  for (const Submission& sub : subs)
    if (!sub.move.is_null() && !is_diplomacy_submission(s, sub.color, sub.move))
      throw std::invalid_argument(
          fmt::format("{} may not submit {}: not a Diplomacy Chess move in this position",
                      side(sub.color), to_uci(view_for(s, sub.color), sub.move)));
}

}  // namespace

DiplomacyResolution resolve_diplomacy(const SimState& s, const std::vector<Submission>& subs,
                                      const ResolveOptions& options) {
  if (options.validate) validate(s, subs);
  const DiplomacyKnobs& k = options.knobs ? *options.knobs : s.pos.variant().knobs().diplomacy;
  return resolve_general(s, subs, k, options.trace);
}

DiplomacyResolution resolve_diplomacy(const SimState& s, Move white, Move black,
                                      const ResolveOptions& options) {
  const std::vector<Submission> subs = {{kWhite, white}, {kBlack, black}};
  if (options.validate) validate(s, subs);
  const DiplomacyKnobs& k = options.knobs ? *options.knobs : s.pos.variant().knobs().diplomacy;
  if (!white.is_null() && !black.is_null())
    if (auto fast = resolve_independent(s, white, black, k, options.trace)) return std::move(*fast);
  return resolve_general(s, subs, k, options.trace);
}

}  // namespace arbiter
