// The Diplomacy Chess resolver: the step-by-step simulation
// (rules/simultaneous/diplomacy/diplomacy_simulation.hpp) on the position's board. After the
// travel, a king that ends on (or castles across) an attacked square fails, and the simulation
// runs again without its move until every king that moved stands safe (under
// exposing-move=after-resolution, likewise a move that exposed its own king before the turn and
// leaves it attacked or taken). Clauses and decisions: docs/diplomacy.md.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>

#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "rules/simultaneous/diplomacy/diplomacy.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_paths.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_simulation.hpp"

namespace arbiter {
namespace {

/// The position's board, read and written by the simulation.
struct ConcreteBoard {
  std::array<std::optional<DiplomacyCell>, kSquares> cells{};
  Bitboard written = 0;  ///< the squares put() wrote: only they can differ from the position
  const std::optional<DiplomacyCell>& at(Square sq) const { return cells[sq]; }
  void put(Square sq, std::optional<DiplomacyCell> cell) {
    cells[sq] = cell;
    written |= bb(sq);
  }
};

/// The explanation's lines, built only as far as asked for.
struct TraceLines {
  TraceDetail detail;
  std::vector<TraceEntry> lines;
  template <typename TextFn>
  void operator()(DiplomacyClause clause, Square sq, int tick, TextFn&& text) {
    detail.add(lines, clause_name(clause), sq, tick, text);
  }
};

/// One run of the simulation on the position's board.
class Run {
 public:
  Run(const SimState& s, const std::vector<Submission>& subs, const DiplomacyKnobs& k,
      const std::vector<bool>& excluded, TraceDetail trace)
      : s_(s), v_(s.pos.variant()), trace_{trace, {}}, sim_(v_, k, board_, trace_) {
    for (Color c : {kWhite, kBlack})
      for (Bitboard b = s.pos.pieces(c); b;) {
        const Square sq = pop_lsb(b);
        board_.cells[sq] = DiplomacyCell{c, s.pos.piece_on(c, sq), -1, true};
      }
    sim_.reserve(subs.size());
    for (std::size_t i = 0; i < subs.size(); ++i) {
      const Submission& sub = subs[i];
      if (sub.move.is_null()) {
        sim_.add_unit(sub.color, sub.move, kNoPiece, Legs{}, excluded[i]);
        continue;
      }
      const PieceType mover_type = s.pos.piece_on(sub.color, sub.move.from());
      sim_.add_unit(sub.color, sub.move, mover_type,
                    excluded[i] ? Legs{} : legs_of(s.pos, sub.color, sub.move, k), excluded[i]);
      if (trace.texts())
        sim_.units().back().text =
            fmt::format("{}'s {} {}", side_name(sub.color), v_.piece(mover_type).name,
                        to_uci(view_for(s_, sub.color), sub.move));
    }
  }

  void simulate() { sim_.simulate(); }
  std::vector<DiplomacyUnit>& units() { return sim_.units(); }
  std::vector<TraceEntry>& trace() { return trace_.lines; }
  bool king_captured(Color c) const { return sim_.king_captured(c); }

  /// The board after the travel, with rights, en-passant targets and clocks moved on.
  SimState after() const {
    SimState out{s_.pos};
    bool reset_clock = sim_.captured_any();
    std::uint8_t rights = s_.pos.castling_rights();
    // A square the simulation never wrote holds what the position has, unless the position has
    // a piece of each colour there (the board keeps one of them).
    for (Bitboard todo = board_.written | (s_.pos.pieces(kWhite) & s_.pos.pieces(kBlack)); todo;) {
      const Square sq = pop_lsb(todo);
      const PieceType w = s_.pos.piece_on(kWhite, sq), b = s_.pos.piece_on(kBlack, sq);
      const std::optional<DiplomacyCell>& cell = board_.cells[sq];
      const bool same = cell ? (cell->color == kWhite ? w == cell->type && b == kNoPiece
                                                      : b == cell->type && w == kNoPiece)
                             : w == kNoPiece && b == kNoPiece;
      if (same) continue;
      if (w != kNoPiece) out.pos.remove(kWhite, sq);
      if (b != kNoPiece) out.pos.remove(kBlack, sq);
      if (cell) out.pos.put(cell->color, cell->type, sq);
    }
    const std::vector<DiplomacyMover>& movers = sim_.movers();
    for (Square sq : sim_.capture_squares()) rights &= v_.castling_keep_mask(sq);
    for (const DiplomacyUnit& u : sim_.units()) {
      if (u.fate != Fate::kExecuted) continue;
      for (int i : u.movers) {
        const DiplomacyMover& m = movers[i];
        rights &= static_cast<std::uint8_t>(v_.castling_keep_mask(m.leg.home) &
                                            v_.castling_keep_mask(m.leg.dest()));
        if (v_.piece(m.leg.type).pawn) reset_clock = true;
      }
      if (u.move.kind() == MoveKind::kDoubleStep)
        out.ep_target[u.color] = movers[static_cast<std::size_t>(u.movers[0])].leg.path[0];
    }
    for (const DiplomacyMover& m : movers)
      if (m.state == MoverState::kCaptured) rights &= v_.castling_keep_mask(m.leg.home);
    out.pos.set_castling_rights(rights);
    out.pos.set_clocks(reset_clock ? 0 : s_.pos.halfmove_clock() + 1, s_.pos.fullmove_number() + 1);
    return out;
  }

 private:
  const SimState& s_;
  const Variant& v_;
  ConcreteBoard board_;
  TraceLines trace_;
  DiplomacySimulation<ConcreteBoard, TraceLines> sim_;
};

/// The square on which an executed king move of `u` stands attacked after resolution (its
/// landing square first, then a square its castling crosses), or kNoSquare.
Square king_danger(const Variant& v, const SimState& after, const DiplomacyUnit& u,
                   const DiplomacyKnobs& k) {
  if (u.fate != Fate::kExecuted || !u.royal || u.move.is_null()) return kNoSquare;
  const Square landing = u.move.kind() == MoveKind::kCastling
                             ? v.castling(u.color)[u.move.arg()].king_to
                             : u.move.to();
  if (after.pos.attacked(landing, ~u.color)) return landing;
  for (Bitboard b = king_judged_squares(v, u.color, u.move, k) & ~bb(landing); b;) {
    const Square sq = pop_lsb(b);
    if (after.pos.attacked(sq, ~u.color)) return sq;
  }
  return kNoSquare;
}

/// The square of `u`'s own king when `u` is a move that exposed it on the board before the
/// turn, executed, and leaves it attacked, or taken, after resolution
/// (exposing-move=after-resolution); else kNoSquare. `exposing` says whether the move exposed
/// the king before the turn.
Square exposed_king(const SimState& before, const SimState& after, const DiplomacyUnit& u,
                    bool exposing) {
  if (!exposing || u.fate != Fate::kExecuted) return kNoSquare;
  const Square king = after.pos.king_square(u.color);
  if (king == kNoSquare) return before.pos.king_square(u.color);  // taken in this turn
  return after.pos.attacked(king, ~u.color) ? king : kNoSquare;
}

/// What a resolution judges after the travel: an executed king move that ends on (or castles
/// across) an attacked square, and an executed move that exposed its king before the turn and
/// leaves it attacked (exposing-move=after-resolution).
Square judged_danger(const SimState& before, const SimState& after, const DiplomacyUnit& u,
                     const DiplomacyKnobs& k, bool exposing) {
  return u.royal ? king_danger(before.pos.variant(), after, u, k)
                 : exposed_king(before, after, u, exposing);
}

/// Per submission: a non-king move that leaves its own king attacked on the board before the
/// turn, when exposing-move=after-resolution judges such moves after resolution.
std::vector<bool> exposing_moves(const SimState& s, const std::vector<Submission>& subs,
                                 const DiplomacyKnobs& k) {
  std::vector<bool> out(subs.size(), false);
  if (k.exposing_move != ExposingMove::kAfterResolution) return out;
  const PieceType royal = s.pos.variant().royal();
  for (std::size_t i = 0; i < subs.size(); ++i) {
    const Submission& sub = subs[i];
    if (sub.move.is_null() || s.pos.piece_on(sub.color, sub.move.from()) == royal) continue;
    out[i] = !leaves_king_safe(view_for(s, sub.color), sub.move);
  }
  return out;
}

/// A king move judged attacked after a resolution: the submission and the square.
struct Endangered {
  std::size_t index;
  Square square;
};

/// Which of the `endangered` king moves fail now (knob king-safety-rejudge). all-at-once:
/// every one. fixed-point: those still attacked when the turn is resolved with the other
/// endangered kings' moves withdrawn as well; when none is (the kings only endanger each
/// other), every one, as equal ranks bound for one square both fail.
std::vector<Endangered> failing_kings(const SimState& s, const std::vector<Submission>& subs,
                                      const DiplomacyKnobs& k, const std::vector<bool>& excluded,
                                      const std::vector<bool>& exposing,
                                      const std::vector<Endangered>& endangered) {
  if (endangered.size() < 2 || k.king_safety_rejudge == KingSafetyRejudge::kAllAtOnce)
    return endangered;
  std::vector<Endangered> sure;
  for (const Endangered& e : endangered) {
    std::vector<bool> without = excluded;
    for (const Endangered& other : endangered)
      if (other.index != e.index) without[other.index] = true;
    Run trial(s, subs, k, without, false);
    trial.simulate();
    const Square sq = judged_danger(s, trial.after(), trial.units()[e.index], k, exposing[e.index]);
    if (sq != kNoSquare) sure.push_back({e.index, sq});
  }
  return sure.empty() ? endangered : sure;
}

/// The general resolution: the step-by-step simulation, run again without the king moves that
/// would end on (or, castling, cross) a square attacked after resolution, until none does.
DiplomacyResolution resolve_general(const SimState& s, const std::vector<Submission>& subs,
                                    const DiplomacyKnobs& k, TraceDetail trace) {
  const Variant& v = s.pos.variant();
  std::vector<bool> excluded(subs.size(), false);
  const std::vector<bool> exposing = exposing_moves(s, subs, k);
  std::vector<TraceEntry> safety;
  for (;;) {
    Run run(s, subs, k, excluded, trace);
    run.simulate();
    SimState after = run.after();
    // A king may not end on a square attacked after resolution: its move fails, and the
    // turn is resolved again without it (the king on its own square may block or be taken).
    std::vector<Endangered> endangered;
    for (std::size_t i = 0; i < subs.size(); ++i) {
      const Square sq = judged_danger(s, after, run.units()[i], k, exposing[i]);
      if (sq != kNoSquare) endangered.push_back({i, sq});
    }
    if (!endangered.empty()) {
      for (const Endangered& e : failing_kings(s, subs, k, excluded, exposing, endangered)) {
        const DiplomacyUnit& u = run.units()[e.index];
        trace.add(safety, clause_name(DiplomacyClause::kKingSafety), e.square, 0, [&] {
          if (!u.royal)
            return fmt::format(
                "{}: {} would leave its king attacked after resolution ({}): the move does not "
                "execute",
                square_name(e.square), u.text,
                knob_setting_of<&DiplomacyKnobs::exposing_move>(ExposingMove::kAfterResolution));
          return u.move.kind() != MoveKind::kCastling ||
                         e.square == v.castling(u.color)[u.move.arg()].king_to
                     ? fmt::format(
                           "{}: {} would stand attacked after resolution: the king does "
                           "not move",
                           square_name(e.square), u.text)
                     : fmt::format(
                           "{}: {} would cross a square attacked after resolution ({}): "
                           "the castling does not execute",
                           square_name(e.square), u.text,
                           knob_setting_of<&DiplomacyKnobs::castling_transit>(
                               CastlingTransit::kAfterResolution));
        });
        excluded[e.index] = true;
      }
      continue;
    }
    DiplomacyResolution out{std::move(after), {}, {}, {false, false}};
    for (const DiplomacyUnit& u : run.units()) out.fates.push_back(u.fate);
    out.trace = std::move(safety);
    for (TraceEntry& e : run.trace()) out.trace.push_back(std::move(e));
    for (std::size_t i = 0; trace.entries() && i < subs.size(); ++i) {
      const DiplomacyUnit& u = run.units()[i];
      if (u.move.is_null()) continue;
      trace.add(out.trace,
                clause_name(u.fate == Fate::kExecuted ? DiplomacyClause::kExecuted
                                                      : DiplomacyClause::kNotExecuted),
                u.move.to(), 0, [&] { return fmt::format("{}: {}", u.text, to_string(u.fate)); });
    }
    for (Color c : {kWhite, kBlack}) out.king_captured[c] = run.king_captured(c);
    return out;
  }
}

/// The squares a move involves: its pieces' homes and paths, and the piece it takes.
Bitboard involved(const SimState& s, Color c, Move m, const DiplomacyKnobs& k) {
  Bitboard b = move_squares(s.pos, c, m, k);
  if (m.kind() == MoveKind::kEnPassant) b |= bb(en_passant_victim_of(m.to(), c));
  return b;
}

/// Two moves that share no square and take no king cannot conflict: each executes as it
/// would alone. Returns nothing when that does not hold, or when a king would end attacked.
std::optional<DiplomacyResolution> resolve_independent(const SimState& s, Move white, Move black,
                                                       const DiplomacyKnobs& k, TraceDetail trace) {
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
  if (trace.entries()) {
    for (const auto& [c, m] : {std::pair{kWhite, white}, std::pair{kBlack, black}}) {
      const Square taken =
          m.kind() == MoveKind::kEnPassant ? en_passant_victim_of(m.to(), c) : m.to();
      if (s.pos.piece_on(~c, taken) != kNoPiece)
        // Copies of the bindings: clang 14 does not let a lambda capture a structured binding.
        trace.add(
            out.trace, clause_name(DiplomacyClause::kCapture), taken, 0, [&, side = c, move = m] {
              return fmt::format("{}: {}'s {} takes {}'s {}", square_name(taken), side_name(side),
                                 s.pos.variant().piece(s.pos.piece_on(side, move.from())).name,
                                 side_name(~side),
                                 s.pos.variant().piece(s.pos.piece_on(~side, taken)).name);
            });
    }
    for (const auto& [c, m] : {std::pair{kWhite, white}, std::pair{kBlack, black}})
      trace.add(
          out.trace, clause_name(DiplomacyClause::kExecuted), m.to(), 0, [&, side = c, move = m] {
            return fmt::format("{}'s {} {}: executed (no square in common with the other move)",
                               side_name(side),
                               s.pos.variant().piece(s.pos.piece_on(side, move.from())).name,
                               to_uci(view_for(s, side), move));
          });
  }
  return out;
}

void validate(const SimState& s, const std::vector<Submission>& subs) {
  for (const Submission& sub : subs)
    if (!sub.move.is_null() && !is_diplomacy_submission(s, sub.color, sub.move))
      throw std::invalid_argument(
          fmt::format("{} may not submit {}: not a Diplomacy Chess move in this position",
                      side_name(sub.color), to_uci(view_for(s, sub.color), sub.move)));
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
  // The fast path judges kings only; moves exposing their king are judged by the general one.
  if (!white.is_null() && !black.is_null() && k.exposing_move != ExposingMove::kAfterResolution)
    if (auto fast = resolve_independent(s, white, black, k, options.trace)) return std::move(*fast);
  return resolve_general(s, subs, k, options.trace);
}

}  // namespace arbiter
