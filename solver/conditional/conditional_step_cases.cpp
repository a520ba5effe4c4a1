// The step cases of Conditional Chess tables (solver/analysis/step_case_source.hpp): in phase A
// an A-move, "A e2e4"; in phase B a whole turn's tail: the stater's unconditional C-move, the
// B-move and what the C-move did, "!Nf3 e7e5".
#include <fmt/format.h>

#include <stdexcept>
#include <string>
#include <variant>

#include "rules/conditional/conditional_game.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "solver/analysis/step_case_source.hpp"

namespace arbiter::solver {
namespace {

/// Phase A: an A-move.
struct AMove {
  Move move{};
};
/// Phase B: the stater's unconditional C-move (SAN, "Nf3") and the B-move.
struct TurnTail {
  std::string statement;
  Move b_move{};
};
using ConditionalStep = std::variant<AMove, TurnTail>;

std::string status_text(const ConditionalStatus& st) {
  return st.over() ? fmt::format("{} {}", to_string(st.end), st.result()) : "";
}

std::string status_text(const ConditionalState& s) {
  return status_text(conditional_status(s));
}

// Each step of a position is given the position's FEN `fen` (its steps share it: writing it is
// a large part of a step's work). The standing step is given the position's status `st` too.
StepCase standing_step(const ConditionalState& s, const std::string& fen,
                       const ConditionalStatus& st) {
  const std::string text = status_text(st);
  StepCase c{fen, "-", text.empty() ? "in play" : text, "", {}};
  if (st.over()) add_clause(c.clauses, to_string(st.end));
  if (s.pos.in_check()) c.outcome += " | in check";
  return c;
}

StepCase play_step(const ConditionalState& s, const std::string& fen, AMove a) {
  const Move m = a.move;
  StepCase c;
  c.fen = fen;
  c.moves = "A " + to_uci(s.pos, m);
  ConditionalState next = s;
  try {
    play(next, m);
  } catch (const ConditionalRuleError& e) {
    add_clause(c.clauses, "a-move-refused");
    c.outcome = "refused: " + e.reason();
    return c;
  }
  add_clause(c.clauses, "a-move");
  bool mate = false;
  // The clause of a mating A-move carries the name of the knob that decides such checks.
  if (gives_check(s.pos, m, &mate))
    add_clause(c.clauses, mate ? knob_name<&ConditionalKnobs::a_move_mate>() : "a-move-check");
  const std::string st = status_text(next);
  if (!st.empty()) add_clause(c.clauses, to_string(conditional_status(next).end));
  c.after_fen = to_conditional_fen(next);
  c.outcome = st.empty() ? c.after_fen : c.after_fen + " | " + st;
  return c;
}

// The B-move is legal and the game goes on (both callers know it): it is played without
// play()'s checks, which generate the legal moves again.
StepCase play_step(const ConditionalState& s, const std::string& fen, const TurnTail& tail) {
  const Move b = tail.b_move;
  StepCase c;
  c.fen = fen;
  c.moves = fmt::format("!{} {}", tail.statement, to_uci(s.pos, b));
  ConditionalState next = s;
  try {
    state(next, parse_conditional(next.pos.variant(), "!" + tail.statement));
    play_allowed(next, b);
  } catch (const ConditionalRuleError& e) {
    c.outcome = "refused: " + e.reason();
    return c;
  }
  add_clause(c.clauses, "b-move");
  if (next.pos.in_check()) add_clause(c.clauses, knob_name<&ConditionalKnobs::b_move_check>());
  std::string st = status_text(next);
  if (!st.empty() || next.phase != Phase::kC) {
    if (!st.empty()) add_clause(c.clauses, to_string(conditional_status(next).end));
    c.after_fen = to_conditional_fen(next);
    c.outcome = st.empty() ? c.after_fen : c.after_fen + " | " + st;
    return c;
  }
  // decide_c checked the phase and that the game goes on, and an executed move is legal:
  // apply_c's checks would only repeat them.
  const CDecision d = decide_c(next, *next.pending);
  switch (d.kind) {
    case CDecision::Kind::kExecute:
      add_clause(c.clauses, "c-move-executes");
      apply_c_allowed(next, CStep{false, d.move});
      c.outcome = "C executes " + to_uci(s.pos, d.move);
      break;
    case CDecision::Kind::kSkip:
      add_clause(c.clauses, next.pos.in_check() ? "c-move-skipped-in-check" : "c-move-skipped");
      apply_c_allowed(next, CStep{});
      c.outcome = "C skipped";
      break;
    case CDecision::Kind::kReplace:
      add_clause(c.clauses, d.chooser == next.pos.side_to_move() ? "c-move-replaced-by-stater"
                                                                 : "c-move-replaced-by-opponent");
      c.outcome = fmt::format("C replaced: {} chooses any legal move",
                              d.chooser == kWhite ? "White" : "Black");
      return c;
  }
  st = status_text(next);
  if (!st.empty()) add_clause(c.clauses, to_string(conditional_status(next).end));
  c.after_fen = to_conditional_fen(next);
  c.outcome += " | " + c.after_fen;
  if (!st.empty()) c.outcome += " | " + st;
  return c;
}

StepCase play_step(const ConditionalState& s, const ConditionalStep& step) {
  const std::string fen = to_conditional_fen(s);
  return std::visit([&](const auto& x) { return play_step(s, fen, x); }, step);
}

ConditionalState read_state(const VariantPtr& v, const std::string& fen) {
  ConditionalState s = parse_conditional_fen(v, fen);
  if (s.phase == Phase::kC)
    throw std::invalid_argument("a step starts in phase A or B, not in phase C");
  s.pending.reset();
  s.statement_moves.reset();
  return s;
}

class ConditionalStepCases final : public StepCaseSource {
 public:
  std::string_view name() const override { return "conditional"; }

  std::vector<ClauseSpec> clauses(const Variant&) const override {
    using K = ConditionalKnobs;
    std::vector<ClauseSpec> out;
    add_plain_clauses(out, {"a-move", "a-move-refused", knob_name<&K::a_move_mate>(), "b-move",
                            knob_name<&K::b_move_check>(), "c-move-executes", "c-move-skipped",
                            "c-move-skipped-in-check", "checkmate", "stalemate"});
    out.push_back({"a-move-check", knob_setting_of<&K::a_move_mate>(AMoveMate::kEndOfTurn)});
    out.push_back({"c-move-replaced-by-opponent",
                   knob_setting_of<&K::illegal_c_move>(IllegalCMove::kOpponentMoves)});
    out.push_back({"c-move-replaced-by-stater",
                   knob_setting_of<&K::b_move_check>(BMoveCheck::kReplaceCMove)});
    return out;
  }

  void for_each(const VariantPtr& v, const std::string& fen, const StepVisitor& f) const override {
    const ConditionalState s = read_state(v, fen);
    const std::string fen_text = to_conditional_fen(s);
    const ConditionalStatus st = conditional_status(s);
    if (!f(standing_step(s, fen_text, st)) || st.over()) return;
    MoveList moves;
    generate_legal(s.pos, moves);
    if (s.phase == Phase::kA) {
      for (Move m : moves)
        if (!f(play_step(s, fen_text, AMove{m}))) return;
      return;
    }
    const Position view = stater_view(s);
    MoveList stated;
    generate_legal(view, stated);
    for (Move cm : stated) {
      const std::string san = to_san(view, cm);
      for (Move b : moves)
        if (!f(play_step(s, fen_text, TurnTail{san, b}))) return;
    }
  }

  StepCase replay(const VariantPtr& v, const std::string& fen,
                  const std::string& text) const override {
    const ConditionalState s = read_state(v, fen);
    const ConditionalStatus st = conditional_status(s);
    if (text == "-") return standing_step(s, to_conditional_fen(s), st);
    if (st.over()) return refused_step(to_conditional_fen(s), text, "game over");
    const std::vector<std::string> parts = step_words(text);
    if (parts.size() != 2)
      throw std::invalid_argument(
          fmt::format("step '{}': expected 'A <move>' or '!<C-move> <B-move>'", text));
    if (s.phase == Phase::kA) {
      if (parts[0] != "A")
        throw std::invalid_argument(fmt::format("step '{}': phase A takes 'A <move>'", text));
    } else if (parts[0].size() < 2 || parts[0][0] != '!') {
      throw std::invalid_argument(
          fmt::format("step '{}': phase B takes '!<C-move> <B-move>'", text));
    }
    Move m{};
    try {
      m = parse_uci(s.pos, parts[1]);
    } catch (const NotationError& e) {
      return refused_step(to_conditional_fen(s), text, e.what());
    }
    if (!is_legal(s.pos, m)) return refused_step(to_conditional_fen(s), text, "illegal");
    const ConditionalStep step = s.phase == Phase::kA
                                     ? ConditionalStep{AMove{m}}
                                     : ConditionalStep{TurnTail{parts[0].substr(1), m}};
    return play_step(s, step);
  }
};

}  // namespace

const StepCaseSource& conditional_step_cases() {
  static const ConditionalStepCases source;
  return source;
}

}  // namespace arbiter::solver
