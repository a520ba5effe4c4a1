// RapidCheck properties of the Conditional Chess turn machine on states reached by random
// play (each C ply one of c_outcomes): "!m" behaves as "c?m/m" for every condition c; the
// conditional notation and the extended FEN read back what they print; a C-move whose
// condition the B-move cannot change behaves as the plain move played by the sequential
// engine; the phase and colour bookkeeping stays consistent.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "rules/conditional/conditional_game.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "tests/support/random_play.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::conditional;

// Start states: the setup and positions where checks, skips and replacements happen soon.
const std::vector<std::string>& start_fens() {
  static const std::vector<std::string> fens = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 A -",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 A -",
      "4k2r/8/8/8/8/6N1/P7/4K3 b - - 0 1 B -",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 C -",
      "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1 C -",
      "4k3/8/8/8/8/6N1/P7/4K2r w - - 1 1 C -",  // right after a B-move check
  };
  return fens;
}

/// Plays a random game: A/B plies pick among phase_moves, C plies among c_outcomes.
ConditionalState random_state(const VariantPtr& v, int max_plies = 40) {
  const auto game = *test::gen_random_game(start_fens().size(), max_plies);
  ConditionalState s = parse_conditional_fen(v, start_fens()[game.start]);
  for (std::uint16_t choice : game.choices) {
    if (conditional_status(s).over()) break;
    if (s.phase == Phase::kC) {
      const std::vector<CStep> steps = c_outcomes(s);
      if (steps.empty()) break;
      apply_c(s, steps[choice % steps.size()]);
    } else {
      MoveList moves;
      phase_moves(s, moves);
      if (moves.empty()) break;
      play(s, moves.begin()[choice % static_cast<unsigned>(moves.size())]);
    }
  }
  RC_LOG() << "state: " << to_conditional_fen(s) << "\n";
  return s;
}

std::string random_square_name() {
  const int sq = *rc::gen::inRange(0, 64);
  return std::string{static_cast<char>('a' + sq % 8), static_cast<char>('1' + sq / 8)};
}

/// A random condition text: "a8", "Eg7" or "Bg5" with any of the table's letters.
std::string random_condition() {
  switch (*rc::gen::inRange(0, 3)) {
    case 0:
      return random_square_name();
    case 1:
      return random_square_name().insert(0, 1, 'E');
    default:
      return random_square_name().insert(0, 1, *rc::gen::element('K', 'Q', 'R', 'B', 'N', 'P'));
  }
}

/// SAN of one of `pos`'s legal moves, or of a move that may well be illegal there.
std::string random_move_text(const Position& pos) {
  MoveList legal;
  generate_legal(pos, legal);
  if (!legal.empty() && *rc::gen::inRange(0, 4) != 0)
    return to_san(pos, legal.begin()[*rc::gen::inRange(0, legal.size())]);
  return std::string{*rc::gen::element('Q', 'R', 'B', 'N', 'K')} + random_square_name();
}

/// A random state in phase C (random play until the C-move is due).
ConditionalState random_c_state(const VariantPtr& v) {
  ConditionalState s = random_state(v);
  RC_PRE(s.phase == Phase::kC && !conditional_status(s).over());
  return s;
}

/// What executing a decision does, as a FEN (a replacement takes the first legal move).
std::string after_decision(ConditionalState s, const CDecision& d) {
  CStep step;
  if (d.kind == CDecision::Kind::kExecute) step = {false, d.move};
  if (d.kind == CDecision::Kind::kReplace) {
    MoveList legal;
    generate_legal(s.pos, legal);
    step = {false, legal.begin()[0]};
  }
  apply_c(s, step);
  return to_conditional_fen(s);
}

void check_bang_equals_any_condition(const KnobSettings& knobs) {
  const ConditionalState s = random_c_state(conditional(knobs));
  const Variant& v = s.pos.variant();
  const std::string m = random_move_text(s.pos);
  const ConditionalMove bang = parse_conditional(v, "!" + m);
  const ConditionalMove both = parse_conditional(v, random_condition() + "?" + m + "/" + m);
  RC_LOG() << "!" << m << " vs " << to_string(v, both) << "\n";
  const CDecision a = decide_c(s, bang), b = decide_c(s, both);
  RC_ASSERT(a.kind == b.kind);
  RC_ASSERT(a.move == b.move);
  if (a.kind == CDecision::Kind::kReplace) RC_ASSERT(a.chooser == b.chooser);
  RC_ASSERT(after_decision(s, a) == after_decision(s, b));
}

RC_GTEST_PROP(ConditionalProperties, BangMoveEqualsEveryConditionWithEqualBranches, ()) {
  check_bang_equals_any_condition({});
}

RC_GTEST_PROP(ConditionalProperties, BangMoveEqualsEveryConditionUnderOtherKnobs, ()) {
  check_bang_equals_any_condition(
      {{"illegal-c-move", "opponent-moves"}, {"b-move-check", "replace-c-move"}});
}

RC_GTEST_PROP(ConditionalProperties, NotationRoundTrip, ()) {
  const ConditionalState s = random_state(conditional());
  const Variant& v = s.pos.variant();
  const Position view = stater_view(s);
  const bool bang = *rc::gen::inRange(0, 4) == 0;
  const std::string then_text = random_move_text(view), else_text = random_move_text(view);
  const std::string text =
      bang ? "!" + then_text : random_condition() + "?" + then_text + "/" + else_text;
  const ConditionalMove parsed = parse_conditional(v, text);
  const std::string printed = to_string(v, parsed);
  RC_LOG() << text << " -> " << printed << "\n";
  const ConditionalMove reread = parse_conditional(v, printed);
  RC_ASSERT(to_string(v, reread) == printed);
  RC_ASSERT(reread.then_text == parsed.then_text);
  if (!same_stated_move(then_text, else_text)) RC_ASSERT(reread == parsed);
  // With a marked branch the marks survive too.
  ConditionalMove marked = parsed;
  marked.marked = reread.condition ? *rc::gen::inRange(0, 2) : 0;
  RC_ASSERT(parse_conditional(v, to_string(v, marked, true)).marked == marked.marked);
}

RC_GTEST_PROP(ConditionalProperties, ExtendedFenRoundTrip, ()) {
  ConditionalState s = random_state(conditional());
  if (s.phase != Phase::kA && *rc::gen::inRange(0, 2) == 0) {
    const Position view = stater_view(s);
    s.pending =
        parse_conditional(s.pos.variant(), random_condition() + "?" + random_move_text(view) + "/" +
                                               random_move_text(view));
  }
  const std::string fen = to_conditional_fen(s);
  const ConditionalState back = parse_conditional_fen(s.pos.variant_ptr(), fen);
  RC_ASSERT(back.pos == s.pos);
  RC_ASSERT(back.phase == s.phase);
  RC_ASSERT(back.mate_due == s.mate_due);
  RC_ASSERT(to_conditional_fen(back) == fen);
  RC_ASSERT(s.pos.key() == s.pos.compute_key());
}

/// Phase B: the pending conditional's condition has the same value before and after the
/// B-move, so the C-move is decided before the B-move: it must do what the sequential engine
/// does with the plain move it names (the B-move, then that move, or nothing if illegal).
RC_GTEST_PROP(ConditionalProperties, ConditionDecidedBeforeTheBMoveActsAsThePlainMove, ()) {
  ConditionalState s = random_state(conditional());
  RC_PRE(s.phase == Phase::kB && !conditional_status(s).over());
  const Variant& v = s.pos.variant();
  const Position view = stater_view(s);
  const ConditionalMove cm = parse_conditional(
      v, random_condition() + "?" + random_move_text(view) + "/" + random_move_text(view));
  const bool before = evaluate(*cm.condition, s.pos, s.stater());

  MoveList moves;
  phase_moves(s, moves);
  const Move b = moves.begin()[*rc::gen::inRange(0, moves.size())];
  ConditionalState c = s;
  play(c, b);
  RC_PRE(!conditional_status(c).over());
  RC_PRE(evaluate(*cm.condition, c.pos, c.stater()) == before);
  const std::string& plain = before ? cm.then_text : cm.else_text;
  RC_LOG() << to_string(v, cm) << " decided " << (before ? "then" : "else") << " after "
           << to_uci(s.pos, b) << "\n";

  // The sequential engine: the orthodox table, the same board, b then the plain move.
  Position seq = parse_fen(test::orthodox(), to_fen(s.pos));
  Undo undo;
  seq.make(test::legal_move(seq, to_uci(s.pos, b)), undo);
  bool legal = true;
  Move m{};
  try {
    m = parse_san(seq, plain);
  } catch (const NotationError&) {
    legal = false;
  }
  const CDecision d = decide_c(c, cm);
  RC_ASSERT(d.kind == (legal ? CDecision::Kind::kExecute : CDecision::Kind::kSkip));
  if (!legal) return;
  seq.make(m, undo);
  apply_c(c, {false, d.move});
  RC_ASSERT(to_fen(c.pos) == to_fen(seq));
  RC_ASSERT(c.phase == Phase::kA);
}

/// Colours alternate on every ply except a skip under a B-move check, which gives the checked
/// side its own A-move; the phase cycles A, B, C.
RC_GTEST_PROP(ConditionalProperties, PhaseAndColourBookkeeping, ()) {
  ConditionalState s = random_state(conditional(), 20);
  RC_PRE(!conditional_status(s).over());
  const Color mover = s.pos.side_to_move();
  const Phase phase = s.phase;
  const bool checked = s.pos.in_check();
  CStep step;
  if (phase == Phase::kC) {
    const std::vector<CStep> steps = c_outcomes(s);
    step = steps[*rc::gen::inRange<std::size_t>(0, steps.size())];
    apply_c(s, step);
  } else {
    MoveList moves;
    phase_moves(s, moves);
    play(s, moves.begin()[*rc::gen::inRange(0, moves.size())]);
  }
  const Phase next = phase == Phase::kA ? Phase::kB : phase == Phase::kB ? Phase::kC : Phase::kA;
  RC_ASSERT(s.phase == next);
  const bool restarts = phase == Phase::kC && step.skip && checked;
  RC_ASSERT(s.pos.side_to_move() == (restarts ? mover : ~mover));
  RC_ASSERT(s.pos.key() == s.pos.compute_key());
  if (s.phase == Phase::kA) RC_ASSERT(!s.pending.has_value());
}

}  // namespace
}  // namespace arbiter
