#include "solver/analysis/step_cases.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>

#include "rules/conditional/conditional_game.hpp"
#include "rules/conversion/conversion.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_conditional.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_progressive.hpp"
#include "rules/simultaneous/sim_rules.hpp"
#include "rules/simultaneous/simultaneous.hpp"

namespace arbiter::solver {
namespace {

bool simultaneous(const Variant& v) {
  return v.table().protocol == Protocol::kSimultaneous;
}
bool conditional(const Variant& v) {
  return v.table().protocol == Protocol::kConditional;
}
bool has_conversion(const Variant& v) {
  return v.conversion().enabled;
}

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

void add(std::vector<std::string>& clauses, const std::string& c) {
  if (std::find(clauses.begin(), clauses.end(), c) == clauses.end()) clauses.push_back(c);
}

// ---- sequential tables ------------------------------------------------------------------

/// "checkmate", "stalemate", "check" or "" for the side to move of `pos`.
std::string sequential_status(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  if (moves.empty()) return pos.in_check() ? "checkmate" : "stalemate";
  return pos.in_check() ? "check" : "";
}

/// The standing step "-": how the position stands before anyone moves (a knob that changes what
/// counts as check or mate shows here).
StepCase sequential_standing(const Position& pos) {
  const std::string st = sequential_status(pos);
  StepCase c{to_fen(pos), "-", st.empty() ? "in play" : st, "", {}};
  if (!st.empty()) add(c.clauses, st);
  return c;
}

/// Both sides' legal move counts (the side not to move as if it were its turn): a rule that
/// changes what a piece may do next, such as a converted pawn's double step, shows here.
std::string mobility(const Position& pos) {
  MoveList mine, theirs;
  generate_legal(pos, mine);
  Position other = pos;
  other.set_side_to_move(~pos.side_to_move());
  other.set_en_passant(kNoSquare);
  generate_legal(other, theirs);
  return fmt::format("moves {}/{}", mine.size(), theirs.size());
}

StepCase sequential_case(const Position& before, Move m) {
  StepCase c;
  c.fen = to_fen(before);
  c.moves = to_uci(before, m);
  const Color us = before.side_to_move();
  const bool capture =
      m.kind() == MoveKind::kEnPassant ||
      (m.kind() != MoveKind::kCastling && before.piece_on(~us, m.to()) != kNoPiece);
  Position after = before;
  Undo undo;
  after.make(m, undo);
  if (capture) add(c.clauses, "capture");
  if (m.kind() == MoveKind::kEnPassant) add(c.clauses, "en-passant");
  if (m.kind() == MoveKind::kCastling) add(c.clauses, "castling");
  if (m.kind() == MoveKind::kPromotion) add(c.clauses, "promotion");
  if (m.kind() == MoveKind::kDoubleStep) add(c.clauses, "double-step");
  if (has_conversion(before.variant())) {
    if (undo.converted) add(c.clauses, "conversion");
    if (popcount(undo.converted) >= 2) add(c.clauses, "multiple-conversion");
    if (undo.converted && m.kind() == MoveKind::kCastling) add(c.clauses, "conversion-by-castling");
  }
  const std::string status = sequential_status(after);
  if (!status.empty()) add(c.clauses, status);
  if (after.in_check() && has_conversion(before.variant())) {
    const Square k = after.king_square(after.side_to_move());
    if (k != kNoSquare && !after.attacked(k, us)) add(c.clauses, "check-by-conversion-threat");
  }
  c.after_fen = to_fen(after);
  c.outcome = c.after_fen + " | " + (status.empty() ? "" : status + " | ") + mobility(after);
  return c;
}

void sequential_steps(const VariantPtr& v, const std::string& fen,
                      const std::function<bool(const StepCase&)>& f) {
  const Position pos = parse_fen(v, fen);
  if (!f(sequential_standing(pos))) return;
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves)
    if (!f(sequential_case(pos, m))) return;
}

StepCase sequential_replay(const VariantPtr& v, const std::string& fen, const std::string& text) {
  const Position pos = parse_fen(v, fen);
  if (text == "-") return sequential_standing(pos);
  Move m{};
  try {
    m = parse_uci(pos, text);
  } catch (const NotationError& e) {
    return StepCase{to_fen(pos), text, std::string("refused: ") + e.what(), "", {}};
  }
  if (!is_legal(pos, m)) return StepCase{to_fen(pos), text, "refused: not a legal move", "", {}};
  return sequential_case(pos, m);
}

// ---- simultaneous tables ----------------------------------------------------------------

std::string sim_status_text(const SimStatus& st) {
  return st.over ? fmt::format("{} {}", st.reason, st.result()) : "";
}

StepCase sim_standing(const SimRules& rules, const SimState& s) {
  const SimStatus st = rules.status(s);
  StepCase c{to_sim_fen(s), "-", st.over ? sim_status_text(st) : "in play", "", {}};
  if (st.over) add(c.clauses, st.reason);
  for (Color col : {kWhite, kBlack})
    if (s.pos.king_in_check(col))
      c.outcome += col == kWhite ? " | White in check" : " | Black in check";
  return c;
}

StepCase sim_case(const SimRules& rules, const SimState& s, Move w, Move b) {
  StepCase c;
  c.fen = to_sim_fen(s);
  c.moves = to_uci(view_for(s, kWhite), w) + " " + to_uci(view_for(s, kBlack), b);
  const SimTurnOutcome r = rules.resolve_traced(s, w, b);
  for (const TraceEntry& e : r.trace) add(c.clauses, e.clause);
  const SimStatus st = rules.status(r.after);
  if (st.over) add(c.clauses, st.reason);
  c.after_fen = to_sim_fen(r.after);
  c.outcome = fmt::format("{} | white {}, black {}", c.after_fen, r.fates[kWhite], r.fates[kBlack]);
  if (st.over) c.outcome += " | " + sim_status_text(st);
  return c;
}

/// The submission of colour `c` written `uci` (matched by text: a submission may be no
/// orthodox move, e.g. under vacated-square=passable), or nullopt.
std::optional<Move> submission_by_text(const SimRules& rules, const SimState& s, Color c,
                                       const std::string& uci) {
  MoveList subs;
  rules.submissions(s, c, subs);
  const Position view = view_for(s, c);
  const auto it =
      std::find_if(subs.begin(), subs.end(), [&](Move x) { return to_uci(view, x) == uci; });
  if (it == subs.end()) return std::nullopt;
  return *it;
}

// Diplomacy's progressive play: each side hands in a set of moves resolved pair by pair. A
// step "P w1,w2,w3 b1" plays such sets; each entry (coordinates) is read on the board of its
// pair, so an entry may be no submission on the starting board.

std::string join(const std::vector<std::string>& parts, char sep) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : std::string(1, sep)) + p;
  return out;
}

using PlaySets = ProgressiveResult (*)(const SimState&, const MoveSet&, const MoveSet&);

StepCase progressive_case(const SimState& s, const std::vector<std::string> (&sets)[2],
                          PlaySets play = play_progressive) {
  StepCase c;
  c.fen = to_sim_fen(s);
  c.moves = "P " + (sets[kWhite].empty() ? "-" : join(sets[kWhite], ',')) + " " +
            (sets[kBlack].empty() ? "-" : join(sets[kBlack], ','));
  try {
    const ProgressiveResult r = play(s, move_set(sets[kWhite]), move_set(sets[kBlack]));
    std::vector<std::string> fates;
    for (const ProgressiveMoveResult& m : r.moves) {
      fates.push_back(
          fmt::format("{}{} {}", m.color == kWhite ? 'w' : 'b', m.index, to_string(m.outcome)));
      for (const TraceEntry& e : m.trace) add(c.clauses, e.clause);
    }
    c.outcome = fmt::format("{} | {}", to_sim_fen(r.final_state), join(fates, ','));
    if (r.status.over) c.outcome += " | " + sim_status_text(r.status);
  } catch (const ProgressiveError& e) {
    c.outcome = std::string("refused: ") + e.what();
  }
  return c;
}

/// A few progressive steps that put the knob progressive-illegal to work: Black's first move
/// takes a white piece, White's second entry moves that piece (so it is no longer a
/// submission at its turn) and a third entry moves another piece. The sets are unequal, which
/// puts unequal-sets to work too.
bool progressive_steps(const SimState& s, const MoveList& w, const MoveList& b,
                       const std::function<bool(const StepCase&)>& f) {
  const auto uci = [&s](Color c, Move m) { return to_uci(view_for(s, c), m); };
  int made = 0;
  for (Move mb : b) {
    if (s.pos.piece_on(kWhite, mb.to()) == kNoPiece) continue;
    for (Move w1 : w) {
      if (w1.from() == mb.to()) continue;
      const Move* w2 = nullptr;
      const Move* w3 = nullptr;
      for (const Move& m : w)
        if (!w2 && m.from() == mb.to()) w2 = &m;
      for (const Move& m : w)
        if (!w3 && m.from() != mb.to() && m.from() != w1.from() && m.to() != w1.to()) w3 = &m;
      if (!w2 || !w3) break;
      const std::vector<std::string> sets[2] = {
          {uci(kWhite, w1), uci(kWhite, *w2), uci(kWhite, *w3)}, {uci(kBlack, mb)}};
      if (!f(progressive_case(s, sets))) return false;
      if (++made == 8) return true;
      break;  // one white first move per black capture
    }
  }
  return true;
}

/// A progressive step that puts ep-over-idle-pair to work: White double-steps a pawn beside a
/// black pawn in pair 1; in pair 2 White's set is over and Black repeats its first move, which
/// is no submission any more (skipped: nobody moves); in pair 3 Black takes en passant.
bool progressive_idle_pair_steps(const SimState& s, const MoveList& w, const MoveList& b,
                                 const std::function<bool(const StepCase&)>& f) {
  const Variant& v = s.pos.variant();
  for (Move dw : w) {
    if (dw.kind() != MoveKind::kDoubleStep) continue;
    const Square passed = (dw.from() + dw.to()) / 2;
    for (Square from = 0; from < kSquares; ++from) {
      const PieceType t = s.pos.piece_on(kBlack, from);
      if (t == kNoPiece || !has(v.piece(t).moves.at[kBlack][from].en_passant, passed)) continue;
      const auto other = std::find_if(b.begin(), b.end(), [&](Move m) {
        return m.from() != from && m.to() != passed && m.to() != dw.to();
      });
      if (other == b.end()) continue;
      const std::string first = to_uci(view_for(s, kBlack), *other);
      const std::vector<std::string> sets[2] = {
          {to_uci(view_for(s, kWhite), dw)},
          {first, first, square_name(from) + square_name(passed)}};
      return f(progressive_case(s, sets));
    }
  }
  return true;
}

// Simultaneously progressive play: "S w1,w2 b1" resolves every entry at once on the starting
// board.

StepCase simultaneous_sets_case(const SimState& s, const std::vector<std::string> (&sets)[2]) {
  StepCase c = progressive_case(s, sets, play_simultaneously_progressive);
  c.moves[0] = 'S';
  return c;
}

/// A step that puts own-pieces-one-square to work: two white pieces sent to one square, Black
/// playing its first submission.
bool simultaneous_sets_steps(const SimState& s, const MoveList& w, const MoveList& b,
                             const std::function<bool(const StepCase&)>& f) {
  if (b.empty()) return true;
  for (int i = 0; i < w.size(); ++i)
    for (int j = i + 1; j < w.size(); ++j)
      if (w[i].to() == w[j].to() && w[i].from() != w[j].from()) {
        const std::vector<std::string> sets[2] = {
            {to_uci(view_for(s, kWhite), w[i]), to_uci(view_for(s, kWhite), w[j])},
            {to_uci(view_for(s, kBlack), b[0])}};
        return f(simultaneous_sets_case(s, sets));
      }
  return true;
}

// Diplomacy's conditional moves: a step "C <white> <black>" plays each side's text (a plain
// move or a conditional in the rule text's syntax, coordinates for the moves) on the board.

StepCase conditional_turn_case(const SimRules& rules, const SimState& s, const std::string& w,
                               const std::string& b) {
  Move m[2];
  const std::string* text[2] = {&w, &b};
  for (Color c : {kWhite, kBlack}) {
    try {
      m[c] = read_diplomacy_turn(s, c, *text[c]);
    } catch (const NotationError& e) {
      return StepCase{
          to_sim_fen(s), fmt::format("C {} {}", w, b), std::string("refused: ") + e.what(), "", {}};
    }
  }
  StepCase c = sim_case(rules, s, m[kWhite], m[kBlack]);
  c.moves = fmt::format("C {} {}", w, b);
  return c;
}

/// A conditional step that puts the knob condition-count to work: White asks whether there
/// are as many pieces of a type as White has (kings always qualify: one of each colour), then
/// plays its first submission, else its second; Black plays its first.
void conditional_turn_steps(const SimRules& rules, const SimState& s, const MoveList& w,
                            const MoveList& b, const std::function<bool(const StepCase&)>& f) {
  if (w.size() < 2 || b.empty()) return;
  const Variant& v = s.pos.variant();
  for (int t = 0; t < v.piece_count(); ++t) {
    const auto type = static_cast<PieceType>(t);
    const int own = popcount(s.pos.pieces(kWhite, type));
    if (own == 0 || s.pos.pieces(kBlack, type) == 0) continue;
    const std::string text =
        fmt::format("{}{}?{}:{}", own, v.piece(type).letter, to_uci(view_for(s, kWhite), w[0]),
                    to_uci(view_for(s, kWhite), w[1]));
    f(conditional_turn_case(rules, s, text, to_uci(view_for(s, kBlack), b[0])));
    return;
  }
}

void sim_steps(const VariantPtr& v, const std::string& fen,
               const std::function<bool(const StepCase&)>& f) {
  const SimState s = parse_sim_fen(v, fen);
  const std::unique_ptr<SimRules> rules = sim_rules_for(v);
  const SimStatus st = rules->status(s);
  if (!f(sim_standing(*rules, s)) || st.over) return;
  MoveList w, b;
  rules->submissions(s, kWhite, w);
  rules->submissions(s, kBlack, b);
  for (Move mw : w)
    for (Move mb : b)
      if (!f(sim_case(*rules, s, mw, mb))) return;
  if (v->table().resolver != Resolver::kDiplomacy) return;
  if (!progressive_steps(s, w, b, f) || !progressive_idle_pair_steps(s, w, b, f) ||
      !simultaneous_sets_steps(s, w, b, f))
    return;
  conditional_turn_steps(*rules, s, w, b, f);
}

StepCase progressive_replay(const SimState& s, const std::vector<std::string>& parts) {
  const bool at_once = parts[0] == "S";
  std::vector<std::string> sets[2];
  for (Color c : {kWhite, kBlack}) {
    if (parts[1 + c] == "-") continue;
    std::string entry;
    std::istringstream in(parts[1 + c]);
    while (std::getline(in, entry, ',')) sets[c].push_back(entry);
  }
  return at_once ? simultaneous_sets_case(s, sets) : progressive_case(s, sets);
}

StepCase sim_replay(const VariantPtr& v, const std::string& fen, const std::string& text) {
  const SimState s = parse_sim_fen(v, fen);
  const std::unique_ptr<SimRules> rules = sim_rules_for(v);
  const SimStatus st = rules->status(s);
  if (text == "-") return sim_standing(*rules, s);
  const std::vector<std::string> parts = words(text);
  if (parts.size() == 3 && (parts[0] == "P" || parts[0] == "S") &&
      v->table().resolver == Resolver::kDiplomacy)
    return progressive_replay(s, parts);
  if (parts.size() == 3 && parts[0] == "C" && v->table().resolver == Resolver::kDiplomacy)
    return st.over ? StepCase{to_sim_fen(s), text, "refused: the game is over", "", {}}
                   : conditional_turn_case(*rules, s, parts[1], parts[2]);
  if (parts.size() != 2)
    throw std::invalid_argument(fmt::format(
        "step '{}': expected two moves, White's and Black's (Diplomacy also 'P <white set> "
        "<black set>', 'S <white set> <black set>' or 'C <white move or conditional> <black "
        "move or conditional>')",
        text));
  if (st.over) return StepCase{to_sim_fen(s), text, "refused: the game is over", "", {}};
  // Matched against the submissions by text: a submission may be no orthodox move (under
  // vacated-square=passable a line may cross a square its piece leaves this turn).
  Move m[2];
  for (Color c : {kWhite, kBlack}) {
    const std::optional<Move> found = submission_by_text(*rules, s, c, parts[c]);
    if (!found)
      return StepCase{to_sim_fen(s),
                      text,
                      fmt::format("refused: {} is not a submission of {}", parts[c],
                                  c == kWhite ? "White" : "Black"),
                      "",
                      {}};
    m[c] = *found;
  }
  return sim_case(*rules, s, m[kWhite], m[kBlack]);
}

// ---- conditional ------------------------------------------------------------------------

std::string conditional_status_text(const ConditionalState& s) {
  const ConditionalStatus st = conditional_status(s);
  return st.over() ? fmt::format("{} {}", to_string(st.end), st.result()) : "";
}

StepCase conditional_a_case(const ConditionalState& s, Move m) {
  StepCase c;
  c.fen = to_conditional_fen(s);
  c.moves = "A " + to_uci(s.pos, m);
  ConditionalState next = s;
  try {
    play(next, m);
  } catch (const ConditionalRuleError& e) {
    add(c.clauses, "a-move-refused");
    c.outcome = "refused: " + e.reason();
    return c;
  }
  add(c.clauses, "a-move");
  bool mate = false;
  // The clause of a mating A-move carries the name of the knob that decides such checks.
  if (gives_check(s.pos, m, &mate))
    add(c.clauses,
        mate ? std::string(knob_name<&ConditionalKnobs::a_move_mate>()) : "a-move-check");
  const std::string st = conditional_status_text(next);
  if (!st.empty()) add(c.clauses, to_string(conditional_status(next).end));
  c.after_fen = to_conditional_fen(next);
  c.outcome = st.empty() ? c.after_fen : c.after_fen + " | " + st;
  return c;
}

StepCase conditional_b_case(const ConditionalState& s, const std::string& statement, Move b) {
  StepCase c;
  c.fen = to_conditional_fen(s);
  c.moves = fmt::format("!{} {}", statement, to_uci(s.pos, b));
  ConditionalState next = s;
  try {
    state(next, parse_conditional(next.pos.variant(), "!" + statement));
    play(next, b);
  } catch (const ConditionalRuleError& e) {
    c.outcome = "refused: " + e.reason();
    return c;
  }
  add(c.clauses, "b-move");
  if (next.pos.in_check())
    add(c.clauses, std::string(knob_name<&ConditionalKnobs::b_move_check>()));
  std::string st = conditional_status_text(next);
  if (!st.empty() || next.phase != Phase::kC) {
    if (!st.empty()) add(c.clauses, to_string(conditional_status(next).end));
    c.after_fen = to_conditional_fen(next);
    c.outcome = st.empty() ? c.after_fen : c.after_fen + " | " + st;
    return c;
  }
  const CDecision d = decide_c(next, *next.pending);
  switch (d.kind) {
    case CDecision::Kind::kExecute:
      add(c.clauses, "c-move-executes");
      apply_c(next, CStep{false, d.move});
      c.outcome = "C executes " + to_uci(s.pos, d.move);
      break;
    case CDecision::Kind::kSkip:
      add(c.clauses, next.pos.in_check() ? "c-move-skipped-in-check" : "c-move-skipped");
      apply_c(next, CStep{});
      c.outcome = "C skipped";
      break;
    case CDecision::Kind::kReplace:
      add(c.clauses, d.chooser == next.pos.side_to_move() ? "c-move-replaced-by-stater"
                                                          : "c-move-replaced-by-opponent");
      c.outcome = fmt::format("C replaced: {} chooses any legal move",
                              d.chooser == kWhite ? "White" : "Black");
      return c;
  }
  st = conditional_status_text(next);
  if (!st.empty()) add(c.clauses, to_string(conditional_status(next).end));
  c.after_fen = to_conditional_fen(next);
  c.outcome += " | " + c.after_fen;
  if (!st.empty()) c.outcome += " | " + st;
  return c;
}

StepCase conditional_standing(const ConditionalState& s) {
  const std::string st = conditional_status_text(s);
  StepCase c{to_conditional_fen(s), "-", st.empty() ? "in play" : st, "", {}};
  if (!st.empty()) add(c.clauses, to_string(conditional_status(s).end));
  if (s.pos.in_check()) c.outcome += " | in check";
  return c;
}

ConditionalState read_conditional(const VariantPtr& v, const std::string& fen) {
  ConditionalState s = parse_conditional_fen(v, fen);
  if (s.phase == Phase::kC)
    throw std::invalid_argument("a step starts in phase A or B, not in phase C");
  s.pending.reset();
  s.statement_moves.reset();
  return s;
}

void conditional_steps(const VariantPtr& v, const std::string& fen,
                       const std::function<bool(const StepCase&)>& f) {
  const ConditionalState s = read_conditional(v, fen);
  if (!f(conditional_standing(s)) || conditional_status(s).over()) return;
  MoveList moves;
  generate_legal(s.pos, moves);
  if (s.phase == Phase::kA) {
    for (Move m : moves)
      if (!f(conditional_a_case(s, m))) return;
    return;
  }
  const Position view = stater_view(s);
  MoveList stated;
  generate_legal(view, stated);
  for (Move cm : stated) {
    const std::string san = to_san(view, cm);
    for (Move b : moves)
      if (!f(conditional_b_case(s, san, b))) return;
  }
}

StepCase conditional_replay(const VariantPtr& v, const std::string& fen, const std::string& text) {
  const ConditionalState s = read_conditional(v, fen);
  const std::string st = conditional_status_text(s);
  if (text == "-") return conditional_standing(s);
  if (!st.empty()) return StepCase{to_conditional_fen(s), text, "refused: game over", "", {}};
  const std::vector<std::string> parts = words(text);
  if (parts.size() != 2)
    throw std::invalid_argument(
        fmt::format("step '{}': expected 'A <move>' or '!<C-move> <B-move>'", text));
  if (s.phase == Phase::kA) {
    if (parts[0] != "A")
      throw std::invalid_argument(fmt::format("step '{}': phase A takes 'A <move>'", text));
    Move m{};
    try {
      m = parse_uci(s.pos, parts[1]);
    } catch (const NotationError& e) {
      return StepCase{to_conditional_fen(s), text, std::string("refused: ") + e.what(), "", {}};
    }
    if (!is_legal(s.pos, m))
      return StepCase{to_conditional_fen(s), text, "refused: illegal", "", {}};
    return conditional_a_case(s, m);
  }
  if (parts[0].size() < 2 || parts[0][0] != '!')
    throw std::invalid_argument(fmt::format("step '{}': phase B takes '!<C-move> <B-move>'", text));
  Move b{};
  try {
    b = parse_uci(s.pos, parts[1]);
  } catch (const NotationError& e) {
    return StepCase{to_conditional_fen(s), text, std::string("refused: ") + e.what(), "", {}};
  }
  if (!is_legal(s.pos, b)) return StepCase{to_conditional_fen(s), text, "refused: illegal", "", {}};
  return conditional_b_case(s, parts[0].substr(1), b);
}

}  // namespace

std::vector<ClauseSpec> clause_names(const Variant& v) {
  std::vector<ClauseSpec> out;
  auto plain = [&](std::initializer_list<std::string_view> names) {
    for (const std::string_view n : names) out.push_back({std::string(n), ""});
  };
  if (simultaneous(v)) {
    if (v.table().resolver == Resolver::kDiplomacy) {
      using C = DiplomacyClause;
      using K = DiplomacyKnobs;
      for (const C c : {C::kExecuted, C::kNotExecuted, C::kCapture, C::kSameDestination,
                        C::kMeetInTransit, C::kObstacle, C::kCaptureOfDeparted, C::kKingSafety})
        plain({clause_name(c)});
      plain({"checkmate", "stalemate"});
      out.push_back({std::string(clause_name(C::kHeadOn)),
                     knob_setting_of<&K::head_on_swap>(HeadOnSwap::kConflict)});
      out.push_back({std::string(clause_name(C::kKingCapture)),
                     knob_setting_of<&K::king_capture>(KingCapture::kIllegal)});
      return out;
    }
    using C = MoveNeutralClause;
    for (const C c : {C::kExecuted, C::kCapture, C::kTradePlaces, C::kTargetLeft, C::kSharedSquare})
      plain({clause_name(c)});
    plain({"checkmate", "stalemate"});
    return out;
  }
  if (conditional(v)) {
    using K = ConditionalKnobs;
    plain({"a-move", "a-move-refused", knob_name<&K::a_move_mate>(), "b-move",
           knob_name<&K::b_move_check>(), "c-move-executes", "c-move-skipped",
           "c-move-skipped-in-check", "checkmate", "stalemate"});
    out.push_back({"a-move-check", knob_setting_of<&K::a_move_mate>(AMoveMate::kEndOfTurn)});
    out.push_back({"c-move-replaced-by-opponent",
                   knob_setting_of<&K::illegal_c_move>(IllegalCMove::kOpponentMoves)});
    out.push_back({"c-move-replaced-by-stater",
                   knob_setting_of<&K::b_move_check>(BMoveCheck::kReplaceCMove)});
    return out;
  }
  plain({"capture", "en-passant", "castling", "promotion", "double-step", "check", "checkmate",
         "stalemate"});
  if (has_conversion(v))
    plain({"conversion", "multiple-conversion", "conversion-by-castling",
           "check-by-conversion-threat"});
  return out;
}

void for_each_step(const VariantPtr& v, const std::string& fen,
                   const std::function<bool(const StepCase&)>& f) {
  if (simultaneous(*v)) return sim_steps(v, fen, f);
  if (conditional(*v)) return conditional_steps(v, fen, f);
  sequential_steps(v, fen, f);
}

StepCase replay_step(const VariantPtr& v, const std::string& fen, const std::string& moves) {
  if (simultaneous(*v)) return sim_replay(v, fen, moves);
  if (conditional(*v)) return conditional_replay(v, fen, moves);
  return sequential_replay(v, fen, moves);
}

std::vector<std::string> sweep_positions(const VariantPtr& v, int count, int plies, unsigned seed) {
  std::vector<std::string> starts{v->table().setup_fen};
  for (const PerftCheck& p : v->table().perft_checks) starts.push_back(p.fen);
  std::vector<std::string> out;
  std::mt19937 rng(seed);
  // Starts where no step begins (a conditional FEN in phase C) are left out.
  std::erase_if(starts, [&](const std::string& fen) {
    try {
      for_each_step(v, fen, [](const StepCase&) { return false; });
      return false;
    } catch (const std::exception&) {
      return true;
    }
  });
  if (starts.empty()) return out;
  // Every position along each walk is kept (a rare situation is often passed on the way).
  std::set<std::string> seen;
  auto keep = [&](const std::string& fen) {
    if (static_cast<int>(out.size()) < count && seen.insert(fen).second) out.push_back(fen);
  };
  for (const std::string& fen : starts) keep(fen);
  for (std::size_t walk = 0; static_cast<int>(out.size()) < count && walk < 100u * count; ++walk) {
    std::string fen = starts[walk % starts.size()];
    const int n = 1 + static_cast<int>(rng() % static_cast<unsigned>(std::max(plies, 1)));
    for (int p = 0; p < n && static_cast<int>(out.size()) < count; ++p) {
      std::vector<std::string> next;
      for_each_step(v, fen, [&](const StepCase& c) {
        if (!c.after_fen.empty()) next.push_back(c.after_fen);
        return true;
      });
      if (next.empty()) break;
      fen = next[rng() % next.size()];
      keep(fen);
    }
  }
  return out;
}

}  // namespace arbiter::solver
