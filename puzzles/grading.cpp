// Grading a sound problem (see grading.hpp).
#include "puzzles/grading.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <stdexcept>

#include "puzzles/legality.hpp"
#include "puzzles/mate_tree.hpp"
#include "puzzles/material.hpp"
#include "rules/conversion/conversion.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"

namespace arbiter::puzzles {
namespace {

/// The squares the side to move's king can go to by a legal move other than castling.
Bitboard king_flights(const Position& pos) {
  const Square k = pos.king_square(pos.side_to_move());
  MoveList moves;
  generate_legal(pos, moves);
  Bitboard out = 0;
  for (Move m : moves)
    if (m.from() == k && m.kind() != MoveKind::kCastling) out |= bb(m.to());
  return out;
}

/// The defender's flights in the diagram: the turn handed over (no en-passant target).
Bitboard diagram_flights(const Position& pos) {
  Position passed = pos;
  passed.set_en_passant(kNoSquare);
  passed.set_side_to_move(~pos.side_to_move());
  return king_flights(passed);
}

/// The position after the SAN moves of `line`, played from `pos`.
Position after_line(Position pos, const std::vector<std::string>& line) {
  Undo undo;
  for (const std::string& san : line) pos.make(parse_san(pos, san), undo);
  return pos;
}

/// The squares of the king's field: its own and the adjacent ones.
Bitboard king_field(Square k) {
  Bitboard out = 0;
  for (int df = -1; df <= 1; ++df)
    for (int dr = -1; dr <= 1; ++dr)
      if (on_board(file_of(k) + df, rank_of(k) + dr))
        out |= bb(make_square(file_of(k) + df, rank_of(k) + dr));
  return out;
}

bool is_pure(const Position& pos) {
  const Color mated = pos.side_to_move();
  const Square k = pos.king_square(mated);
  const Bitboard occ = pos.occupied() & ~bb(k);
  for (Bitboard b = king_field(k); b;) {
    const Square s = pop_lsb(b);
    const int guards = popcount(pos.attackers(s, ~mated, occ));
    const bool blocked = s != k && has(pos.pieces(mated), s);
    if (blocked ? guards != 0 : guards != 1) return false;
  }
  return true;
}

/// The mating side ("White" of surplus men and force): the side to move in #n, s#n, h#n.5 and
/// ser-#n, its opponent in h#n and ser-h#n.
Color mating_side(const Position& pos, const Stipulation& stip) {
  const bool other = (stip.kind == StipulationKind::kHelpMate && !stip.half) ||
                     stip.kind == StipulationKind::kSeriesHelp;
  return other ? ~pos.side_to_move() : pos.side_to_move();
}

bool is_economical(const Position& pos) {
  const Color mater = ~pos.side_to_move();
  const Variant& v = pos.variant();
  for (Bitboard b = pos.pieces(mater); b;) {
    const Square s = pop_lsb(b);
    const PieceType t = pos.piece_on(mater, s);
    if (t == v.royal() || v.piece(t).pawn) continue;
    Position without = pos;
    without.remove(mater, s);
    if (is_checkmate(without)) return false;  // this man takes no part
  }
  return true;
}

}  // namespace

KeyKind key_kind(const Position& pos, const std::string& key) {
  const Move m = parse_san(pos, key);
  Position after = pos;
  Undo undo;
  after.make(m, undo);
  if (after.in_check()) return KeyKind::kCheck;
  // Conversion Chess: a key that converts takes material as a capture does.
  if (undo.captured != kNoPiece || m.kind() == MoveKind::kEnPassant || undo.converted != 0)
    return KeyKind::kCapture;
  const Bitboard before = diagram_flights(pos);
  const Bitboard now = king_flights(after);
  if (before & ~now) return KeyKind::kFlightTaking;
  if (now & ~before) return KeyKind::kFlightGiving;
  return KeyKind::kQuiet;
}

namespace {

int key_points(KeyKind k) {
  switch (k) {
    case KeyKind::kFlightGiving:
      return 3;
    case KeyKind::kQuiet:
      return 2;
    case KeyKind::kFlightTaking:
      return 1;
    default:
      return 0;
  }
}

/// The final positions of the solution: #1 the key, #2 every defence and its mates, h#n every
/// solution line. Empty for longer direct mates and selfmates.
std::vector<Position> final_positions(const Position& pos, const Verdict& v,
                                      std::set<std::string>& mates) {
  std::vector<Position> out;
  const Stipulation& stip = v.stipulation;
  if (is_series(stip.kind)) return out;  // a series line is no alternation of moves to replay
  if (stip.kind == StipulationKind::kHelpMate) {
    for (const auto& line : v.solutions) {
      out.push_back(after_line(pos, line));
      mates.insert(line.back());
    }
    return out;
  }
  if (stip.kind != StipulationKind::kDirectMate || v.keys.empty()) return out;
  const KeyMove& key = v.keys.front();
  if (stip.moves == 1) {
    out.push_back(after_line(pos, {key.move}));
    mates.insert(key.move);
    return out;
  }
  const Position after_key = after_line(pos, {key.move});
  if (stip.moves == 2) {
    for (const Variation& var : key.variations)
      for (const std::string& mate : var.continuations) {
        out.push_back(after_line(after_key, {var.defence, mate}));
        mates.insert(mate);
      }
    return out;
  }
  // #3 and longer: the play below the key as the solution tree prints it, the mates that come
  // soonest after each defence.
  const auto collect = [&](const auto& self, const Position& at, const MateTreeDefence& d) -> void {
    for (const MateTreeAnswer& a : d.answers) {
      const Position next = after_line(at, {a.move});
      if (a.defences.empty()) {
        out.push_back(next);
        mates.insert(a.move);
        continue;
      }
      for (const MateTreeDefence& reply : a.defences)
        self(self, after_line(next, {reply.defence}), reply);
    }
  };
  // One table for the trees below every defence (their solves share a goal).
  TranspositionTable table = mate_tree_table(stip.moves - 1);
  for (const Variation& var : key.variations) {
    const Position at = after_line(after_key, {var.defence});
    collect(collect, at, mate_tree(at, var.defence, stip.moves - 1, stip.goal, &table));
  }
  return out;
}

}  // namespace

std::string to_string(KeyKind k) {
  switch (k) {
    case KeyKind::kCheck:
      return "check";
    case KeyKind::kCapture:
      return "capture";
    case KeyKind::kFlightTaking:
      return "flight-taking";
    case KeyKind::kFlightGiving:
      return "flight-giving";
    case KeyKind::kQuiet:
      return "quiet";
    case KeyKind::kNone:
      break;
  }
  return "none";
}

bool counts_mates(StipulationKind kind) {
  return kind == StipulationKind::kHelpMate || kind == StipulationKind::kDirectMate;
}

std::string men_class(int men) {
  return men <= 7 ? "miniature" : men <= 12 ? "meredith" : "other";
}

bool is_model_mate(const Position& mated) {
  return is_checkmate(mated) && is_pure(mated) && is_economical(mated);
}

std::vector<std::string> surplus_men(const Position& pos, const Stipulation& stip,
                                     const Verdict& v) {
  std::vector<std::string> out;
  if (v.soundness != Soundness::kSound) return out;
  const bool help = is_line_play(stip.kind);
  const Color white = mating_side(pos, stip);
  const Variant& var = pos.variant();
  SolveOptions keys_only;
  keys_only.details = false;
  keys_only.table_log2 = 12;
  const std::string key = help ? "" : v.keys.front().move;
  for (Bitboard b = pos.pieces(white); b;) {
    const Square s = pop_lsb(b);
    const PieceType t = pos.piece_on(white, s);
    if (t == var.royal()) continue;
    Position without = pos;
    without.remove(white, s);
    try {
      check_problem_position(without);
    } catch (const std::invalid_argument&) {
      continue;
    }
    const Verdict w = solve(without, stip, keys_only);
    if (w.soundness != Soundness::kSound) continue;
    if (help ? w.solutions != v.solutions : w.keys.front().move != key) continue;
    if (!help && stip.moves > 1 &&
        solve(without, shorter(stip), keys_only).soundness != Soundness::kNoSolution)
      continue;
    const char letter = var.piece(t).letter;
    out.push_back((var.piece(t).pawn ? std::string() : std::string(1, letter)) + square_name(s));
  }
  return out;
}

Grade grade_problem(const Position& pos, const Verdict& v, const GradeOptions& o) {
  Grade g;
  const std::vector<LegalityFailure> failures = legality_failures(pos);
  g.legal = failures.empty();
  g.illegal = legality_text(failures);
  g.men = popcount(pos.occupied());
  g.promoted = promoted_men(pos);
  g.force = material_points(pos, mating_side(pos, v.stipulation));
  if (v.soundness != Soundness::kSound) return g;
  const bool help = is_line_play(v.stipulation.kind);
  if (!help) {
    const KeyMove& key = v.keys.front();
    g.key_kind = key_kind(pos, key.move);
    g.flights = popcount(diagram_flights(pos));
    g.flights_after_key = popcount(king_flights(after_line(pos, {key.move})));
    g.threats = static_cast<int>(key.threats.size());
    g.defences = static_cast<int>(key.variations.size());
    g.duals = static_cast<int>(key.duals.size());
    for (const Dual& d : key.duals) g.dual_moves += static_cast<int>(d.continuations.size()) - 1;
    g.tries = static_cast<int>(v.tries.size());
    g.variations = count_variations(key);
  }
  std::set<std::string> mates;
  std::set<std::uint64_t> models;
  // A model mate counts guards; in Conversion Chess a square is also kept from the king by a
  // conversion threat, which no guard count sees, so no mate is called model there.
  const bool guards_mean_model = !pos.variant().effect();
  for (const Position& final : final_positions(pos, v, mates))
    if (guards_mean_model && is_model_mate(final)) models.insert(final.key());
  g.distinct_mates = static_cast<int>(mates.size());
  g.model_mates = static_cast<int>(models.size());
  g.mates_counted = counts_mates(v.stipulation.kind);
  if (o.surplus) g.surplus = surplus_men(pos, v.stipulation, v);
  g.score = grade_score(g, o.surplus);
  return g;
}

int count_variations(const KeyMove& key) {
  std::set<std::string> answers;
  for (const Variation& var : key.variations)
    for (const std::string& c : var.continuations)
      if (std::find(key.threats.begin(), key.threats.end(), c) == key.threats.end())
        answers.insert(c);
  return static_cast<int>(answers.size());
}

int Grade::task() const {
  return std::max(1, mates_counted ? distinct_mates : variations + 1);
}

int Grade::economy_points() const {
  return force <= 4 * task() ? 2 : force <= 8 * task() ? 1 : 0;
}

int Grade::variety_points() const {
  return variations >= 3 ? 2 : variations == 2 ? 1 : 0;
}

int grade_score(const Grade& g, bool surplus_checked) {
  // A helpmate has no key to judge: it gets the points of a quiet one.
  const int key = g.key_kind == KeyKind::kNone ? 2 : key_points(g.key_kind);
  return key + (g.dual_free() ? 2 : 0) + (surplus_checked && g.surplus.empty() ? 2 : 0) +
         std::min(3, g.model_mates) + std::min(2, g.tries) + (g.distinct_mates >= 3 ? 1 : 0) +
         g.economy_points() + g.variety_points() + (g.promoted == 0 ? 1 : 0);
}

}  // namespace arbiter::puzzles
