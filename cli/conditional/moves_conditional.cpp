// `arbiter moves` on Conditional Chess tables: --play walks the turn machine ply by ply, then
// the plies of the current phase are listed (A and B: the allowed moves; C: every outcome of
// the due conditional move, a skip included). The ply syntax is in docs/cli.md.
#include <fmt/format.h>

#include <algorithm>
#include <iostream>

#include "cli/core/moves_options.hpp"
#include "present/core/json_writer.hpp"
#include "rules/conditional/conditional_game.hpp"
#include "rules/core/notation.hpp"
#include "rules/registry/rule_knobs.hpp"

namespace arbiter::cli {
namespace {

/// A conditional move is written "cond?then/else" or "!move"; a SAN move never has a '/'
/// (Conversion Chess suffixes do not exist in this protocol) nor starts with '!'.
bool is_conditional_text(std::string_view t) {
  return looks_like_conditional(t) || t.find('/') != std::string_view::npos;
}

/// SAN, or failing that UCI ("e2e4"); the SAN error is the one reported.
Move read_move(const Position& pos, const std::string& text) {
  try {
    return parse_san(pos, text);
  } catch (const NotationError&) {
    try {
      return parse_uci(pos, text);
    } catch (const NotationError&) {
    }
    throw;
  }
}

bool same_step(const CStep& a, const CStep& b) {
  return a.skip == b.skip && (a.skip || a.move == b.move);
}

/// The C ply written as `skip`, a bare move (one outcome) or a conditional move, which is
/// decided on the current board as if stated now.
CStep read_c_ply(const ConditionalState& s, const std::string& text) {
  if (text == "skip") return {};
  if (!is_conditional_text(text)) return {false, read_move(s.pos, text)};
  // decide_c would read the SAN branches as never resolved and skip them.
  if (s.pos.variant().knobs().conditional.c_move_resolution == CMoveResolution::kStatement)
    throw ConditionalRuleError(
        "not stated",
        "under " +
            knob_setting_of<&ConditionalKnobs::c_move_resolution>(CMoveResolution::kStatement) +
            " a conditional move is matched on the board where it was stated, which --play does "
            "not record: write the C-move's outcome (a move or skip)");
  const CDecision d = decide_c(s, parse_conditional(s.pos.variant(), text));
  switch (d.kind) {
    case CDecision::Kind::kExecute:
      return {false, d.move};
    case CDecision::Kind::kSkip:
      return {};
    case CDecision::Kind::kReplace:
      break;
  }
  throw ConditionalRuleError(
      "not stated", fmt::format("it does not execute ({}): {} picks a move of {} in its place; "
                                "write that move as the ply",
                                d.reason, side_name(d.chooser), side_name(s.pos.side_to_move())));
}

void play_c(ConditionalState& s, const std::string& text) {
  const CStep step = read_c_ply(s, text);
  const std::vector<CStep> outcomes = c_outcomes(s);
  if (std::none_of(outcomes.begin(), outcomes.end(),
                   [&](const CStep& o) { return same_step(o, step); }))
    throw ConditionalRuleError(
        "illegal", step.skip
                       ? "the C-move cannot be skipped here (a knob gives the move to a player, or "
                         "an owed mate must be delivered)"
                       : fmt::format("{} is not a possible C-move here", to_san(s.pos, step.move)));
  apply_c(s, step);
}

void play_one(ConditionalState& s, const std::string& text) {
  if (s.phase == Phase::kC) return play_c(s, text);
  if (is_conditional_text(text))
    throw ConditionalRuleError("wrong phase",
                               fmt::format("a conditional move executes in phase C; phase {} "
                                           "needs a move",
                                           phase_letter(s.phase)));
  play(s, read_move(s.pos, text));
}

std::string state_of(const ConditionalState& s) {
  const ConditionalStatus st = conditional_status(s);
  if (st.over()) return fmt::format("{} {}", to_string(st.end), st.result());
  return s.pos.in_check() ? "check" : "normal";
}

}  // namespace

int run_conditional_moves(const MovesOptions& o, const VariantPtr& v) {
  ConditionalState s = o.fen.empty() ? conditional_start(v) : parse_conditional_fen(v, o.fen);
  for (std::size_t i = 0; i < o.play.size(); ++i) {
    const char phase = phase_letter(s.phase);
    try {
      play_one(s, o.play[i]);
    } catch (const NotationError& e) {
      throw NotationError(e.kind(), fmt::format("--play ply {} ('{}', phase {}): {}", i + 1,
                                                o.play[i], phase, e.what()));
    } catch (const ConditionalRuleError& e) {
      throw ConditionalRuleError(e.reason(), fmt::format("--play ply {} ('{}', phase {}): {}",
                                                         i + 1, o.play[i], phase, e.what()));
    }
  }
  // The plies of the current phase: a null move stands for a skip.
  std::vector<Move> plies;
  if (s.phase == Phase::kC) {
    for (const CStep& step : c_outcomes(s)) plies.push_back(step.skip ? Move{} : step.move);
  } else {
    MoveList moves;
    phase_moves(s, moves);
    plies.assign(moves.begin(), moves.end());
  }
  const auto san = [&](Move m) { return m.is_null() ? std::string("skip") : to_san(s.pos, m); };
  const auto uci = [&](Move m) { return m.is_null() ? std::string("skip") : to_uci(s.pos, m); };
  const std::string phase(1, phase_letter(s.phase));
  const char* side = s.pos.side_to_move() == kWhite ? "white" : "black";
  if (o.json) {
    JsonWriter w;
    w.begin_object().field("fen", to_conditional_fen(s)).field("phase", phase);
    w.field("side", side).field("state", state_of(s)).key("moves").begin_array();
    for (Move m : plies) w.begin_object().field("san", san(m)).field("uci", uci(m)).end_object();
    std::cout << w.end_array().end_object().str() << '\n';
    return 0;
  }
  std::cout << "fen " << to_conditional_fen(s) << '\n';
  std::cout << fmt::format("phase {}: {}'s {}-move\n", phase, side_name(s.pos.side_to_move()),
                           phase);
  std::cout << "state " << state_of(s) << '\n';
  std::cout << fmt::format("{} {}:", plies.size(), s.phase == Phase::kC ? "outcomes" : "moves");
  for (Move m : plies) std::cout << ' ' << san(m);
  std::cout << '\n';
  return 0;
}

}  // namespace arbiter::cli
