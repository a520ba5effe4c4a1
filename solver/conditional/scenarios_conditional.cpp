// Conditional Chess scenarios (docs/conditional.md): Z3 proposes the board (a piece within the
// B-mover's reach, a check within reach, the king's flights covered); the turn machine of
// rules/conditional/conditional_game.hpp plays the phases on each proposal and has the final word.
// The B-phase scenarios state an unconditional C-move ("!move") of the stater.
#include <fmt/format.h>

#include "rules/conditional/conditional_game.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "solver/conditional/conditional_step.hpp"
#include "solver/core/move_formulas.hpp"
#include "solver/core/scenarios.hpp"
#include "solver/core/z3_setup.hpp"
#include "solver/registry/solver_modules.hpp"

namespace arbiter::solver {

namespace {

ConditionalState state_in(const Position& pos, Phase phase) {
  ConditionalState s = conditional_start(pos.variant_ptr());
  s.pos = pos;
  s.phase = phase;
  return s;
}

/// The stater's legal moves on the board before the B-move (the board the C-move is stated on).
std::vector<std::pair<Move, std::string>> stater_moves(const Position& pos, Color stater) {
  Position view = pos;
  view.set_side_to_move(stater);
  MoveList moves;
  generate_legal(view, moves);
  std::vector<std::pair<Move, std::string>> out;
  for (Move m : moves) out.emplace_back(m, to_san(view, m));
  return out;
}

/// One B-phase story: the stater states "!c_san", the B-mover plays `b`, the C-move is decided.
struct BStory {
  ConditionalState before, after_b;
  ConditionalMove stated;
  Move b{};
  CDecision decision;
};

using BWanted = std::function<std::optional<std::string>(const BStory&)>;

/// Tries every stated C-move of the stater against every B-move of the side to move.
EngineVerdict judge_b_phase(const Position& pos, const BWanted& wanted,
                            const std::string& why_not) {
  const ConditionalState base = state_in(pos, Phase::kB);
  MoveList bs;
  phase_moves(base, bs);
  for (const auto& [c_move, c_san] : stater_moves(pos, base.stater())) {
    for (Move b : bs) {
      BStory st{base, base, ConditionalMove{std::nullopt, c_san, c_san, -1}, b, CDecision{}};
      try {
        state(st.before, st.stated);
        st.after_b = st.before;
        play(st.after_b, b);
        if (conditional_status(st.after_b).over()) continue;
        // As stated (state() rewrites the branches as UCI under c-move-resolution=statement).
        st.decision = decide_c(st.after_b, *st.before.pending);
      } catch (const ConditionalRuleError&) {
        continue;
      }
      const std::optional<std::string> what = wanted(st);
      if (!what) continue;
      const Variant& var = pos.variant();
      const std::string b_san = to_san(pos, b);
      Witness wit{pos, {b}, *what};
      wit.fen = to_conditional_fen(st.before);
      wit.moves_text = fmt::format("C-move stated {}, B-move {}", to_string(var, st.stated), b_san);
      wit.trace.push_back(fmt::format("phase B: {} plays {}{}",
                                      pos.side_to_move() ? "Black" : "White", b_san,
                                      st.after_b.pos.in_check() ? ", giving check" : ""));
      std::string decision;
      switch (st.decision.kind) {
        case CDecision::Kind::kExecute:
          decision = "execute " + to_san(st.after_b.pos, st.decision.move);
          break;
        case CDecision::Kind::kSkip:
          decision = "skip (" + st.decision.reason + ")";
          break;
        case CDecision::Kind::kReplace:
          decision = "replaced (" + st.decision.reason + ")";
          break;
      }
      wit.trace.push_back(fmt::format("phase C: {}: {}", to_string(var, st.stated), decision));
      ConditionalState end = st.after_b;
      try {
        const bool skip = st.decision.kind != CDecision::Kind::kExecute;
        apply_c(end, CStep{skip, st.decision.move});
        wit.trace.push_back(fmt::format("then phase {}, {} to move: {}", phase_letter(end.phase),
                                        end.pos.side_to_move() ? "Black" : "White",
                                        to_conditional_fen(end)));
      } catch (const ConditionalRuleError& e) {
        wit.trace.push_back(std::string("the C ply cannot be applied: ") + e.what());
      }
      return verdict_holds(std::move(wit));
    }
  }
  return verdict_fails(why_not);
}

/// The engine judge of a B-phase scenario: some story in which the B-move gives check or not
/// (`b_check`) and the stated C-move executes or not (`c_executes`) shows it, in `account`.
std::function<EngineVerdict(const Position&)> b_phase_judge(bool b_check, bool c_executes,
                                                            std::string account,
                                                            std::string why_not) {
  return [=](const Position& pos) {
    return judge_b_phase(
        pos,
        [&](const BStory& st) -> std::optional<std::string> {
          const bool executes = st.decision.kind == CDecision::Kind::kExecute;
          if (st.after_b.pos.in_check() != b_check || executes != c_executes) return std::nullopt;
          return account;
        },
        why_not);
  };
}

/// `c` can move a non-royal piece to attack the other side's royal piece.
z3::expr can_check(const ScenarioContext& sc, Color c) {
  const std::vector<z3::expr> reach = reach_by_type(sc, c, true);
  return royal_where(sc, ~c, [&](Square k) { return attacks_after_move(sc, c, reach, k); });
}

/// The B-move decides the stated C-move: without check it makes the C-move illegal (skipped),
/// or its check is cancelled by the C-move (executed). Exact over the symbolic B and C plies
/// (ordinary moves, the C-move's SAN naming one piece), the C-move's fate by the sufficient
/// ways of ConditionalStep::c_surely_skipped / c_surely_executes (small formulas).
ScenarioFormula b_decides_c_formula(bool b_check) {
  return [b_check](const ScenarioContext& sc) {
    const ConditionalStep step(sc.attacks, sc.side, b_check ? "cancel_" : "illegal_", false);
    // Terms made story first, then the B and C parts: the witness Z3 finds can depend on it.
    const z3::expr story = step.story() && step.same_piece_named();
    if (b_check) return story && step.b_gives_check() && step.c_surely_executes();
    return story && !step.b_gives_check() && step.c_surely_skipped();
  };
}

/// Proposal for "the B-move's check is not cancelled by the C-move": a check within reach.
z3::expr b_check_restarts_turn_formula(const ScenarioContext& sc) {
  return !sc.attacks.in_check(sc.side) && can_check(sc, sc.side);
}

/// Phase A: the side to move's king's flights are covered and it has a checking move.
z3::expr mate_shape(const ScenarioContext& sc) {
  return !sc.attacks.in_check(sc.side) && can_check(sc, sc.side) &&
         royal_cannot_step(other_side(sc));
}

EngineVerdict a_move_check_must_mate_engine(const Position& pos) {
  const ConditionalState st = state_in(pos, Phase::kA);
  MoveList legal;
  generate_legal(pos, legal);
  Move mate_move{}, refused{};
  bool has_mate = false, has_refused = false;
  for (Move m : legal) {
    bool mate = false;
    if (!gives_check(pos, m, &mate)) continue;
    if (mate && !has_mate) mate_move = m, has_mate = true;
    if (!mate && !has_refused) refused = m, has_refused = true;
  }
  if (!has_mate || !has_refused)
    return verdict_fails("no pair of a mating and a non-mating checking A-move");
  Witness wit{pos, {mate_move, refused}, "A-move check: the mating one is allowed, the other not"};
  wit.fen = to_conditional_fen(st);
  wit.moves_text = fmt::format("A-move {} (mate) allowed, {} (check) refused",
                               to_san(pos, mate_move), to_san(pos, refused));
  for (Move m : {mate_move, refused}) {
    ConditionalState t = st;
    try {
      play(t, m);
      wit.trace.push_back(fmt::format("A-move {}: played; then {}", to_san(pos, m),
                                      to_string(conditional_status(t).end)));
    } catch (const ConditionalRuleError& e) {
      wit.trace.push_back(fmt::format("A-move {}: refused ({})", to_san(pos, m), e.reason()));
    }
  }
  return verdict_holds(std::move(wit));
}

z3::expr every_move_checks(const ScenarioContext& sc) {
  const Variant& v = sc.board.variant();
  z3::expr_vector all(sc.board.ctx());
  for (int t = 0; t < v.piece_count(); ++t) {
    const PieceType pt = static_cast<PieceType>(t);
    if (pt == v.royal()) continue;
    for (Square z = 0; z < kSquares; ++z) {
      z3::expr_vector kings(sc.board.ctx());
      for (Square k = 0; k < kSquares; ++k) {
        const z3::expr a = sc.attacks.would_attack(sc.side, pt, z, k);
        if (!a.is_false()) kings.push_back(sc.board.is(k, ~sc.side, v.royal()) && a);
      }
      const z3::expr checks = any_of(sc.board.ctx(), kings);
      for (Square x = 0; x < kSquares; ++x) {
        const z3::expr r = sc.attacks.reaches(sc.side, pt, x, z);
        if (!r.is_false()) all.push_back(z3::implies(sc.board.is(x, sc.side, pt) && r, checks));
      }
    }
  }
  return z3::mk_and(all);
}

/// Proposal for "every legal A-move gives a non-mating check": the king cannot step, and every
/// move of the other pieces lands on a square from which it attacks the enemy king (lines
/// judged on the board before the move).
z3::expr forced_check_formula(const ScenarioContext& sc) {
  return !sc.attacks.in_check(sc.side) && can_check(sc, sc.side) && royal_cannot_step(sc) &&
         every_move_checks(sc);
}

EngineVerdict forced_check_engine(const Position& pos) {
  const ConditionalState st = state_in(pos, Phase::kA);
  const ConditionalStatus status = conditional_status(st);
  if (status.end != ConditionalEnd::kForcedCheck)
    return verdict_fails("the A-mover has a legal A-move, or no move at all");
  MoveList legal;
  generate_legal(pos, legal);
  Witness wit{pos,
              {},
              fmt::format("every legal A-move gives a non-mating check: {} ({})",
                          to_string(status.end), status.result())};
  wit.fen = to_conditional_fen(st);
  for (Move m : legal) {
    wit.moves.push_back(m);
    if (!wit.moves_text.empty()) wit.moves_text += ' ';
    wit.moves_text += to_san(pos, m);
  }
  wit.trace.push_back(fmt::format("phase A: {} legal move(s), all non-mating checks; result {}",
                                  legal.size(), status.result()));
  return verdict_holds(std::move(wit));
}

}  // namespace

std::vector<ScenarioRow> conditional_scenarios() {
  return {
      exact_row("c-move-illegal-after-b",
                "The B-move (no check) makes the stated C-move illegal: the C-move is skipped",
                b_decides_c_formula(false),
                b_phase_judge(false, false,
                              "the C-move was legal when stated; after the B-move it is not",
                              "no B-move without check makes a stated C-move illegal")),
      exact_row("b-check-cancelled-by-c",
                "The B-move gives check and the stated C-move gets out of it",
                b_decides_c_formula(true),
                b_phase_judge(true, true, "the B-move's check is cancelled by the C-move",
                              "no B-move check is answered by a stated C-move")),
      filter_row(
          "b-check-not-cancelled",
          "The B-move gives check that the stated C-move does not cancel: the C-move is skipped",
          b_check_restarts_turn_formula,
          b_phase_judge(true, false, "the B-move's check stands; the C-move does not execute",
                        "no B-move check leaves a stated C-move unplayable")),
      filter_row("a-move-check-must-mate",
                 "An A-move may give check only when it mates: one check allowed, one refused",
                 mate_shape, a_move_check_must_mate_engine),
      filter_row("forced-non-mating-check",
                 "Every legal A-move gives a non-mating check: the game ends (forced check)",
                 forced_check_formula, forced_check_engine)};
}

}  // namespace arbiter::solver
