#include "rules/conditional/conditional_game.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "rules/registry/rule_knobs.hpp"

namespace arbiter {

char phase_letter(Phase p) {
  return "ABC"[static_cast<int>(p)];
}

ConditionalState conditional_start(const VariantPtr& v) {
  require_module(*v, RulesKind::kConditional, "a Conditional Chess game");
  return parse_conditional_fen(v, v->table().setup_fen);
}

std::string to_string(ConditionalEnd e) {
  switch (e) {
    case ConditionalEnd::kNone:
      return "none";
    case ConditionalEnd::kCheckmate:
      return "checkmate";
    case ConditionalEnd::kStalemate:
      return "stalemate";
    case ConditionalEnd::kForcedCheck:
      return "forced non-mating check in an A-move";
  }
  return "?";
}

std::string ConditionalStatus::result() const {
  if (!over()) return "";
  if (!winner) return "1/2-1/2";
  return *winner == kWhite ? "1-0" : "0-1";
}

namespace {

MoveList legal_moves(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  return moves;
}

/// The status for `stuck`, who has no legal move, by the table's [end] outcomes.
ConditionalStatus no_move_status(const Position& pos) {
  const Color stuck = pos.side_to_move();
  const bool check = pos.in_check();
  const EndRules& end = pos.variant().table().end;
  ConditionalStatus st;
  st.end = check ? ConditionalEnd::kCheckmate : ConditionalEnd::kStalemate;
  switch (check ? end.checkmate : end.stalemate) {
    case Outcome::kLoss:
      st.winner = ~stuck;
      break;
    case Outcome::kWin:
      st.winner = stuck;
      break;
    case Outcome::kDraw:
      break;
  }
  return st;
}

/// Passes the ply without a move: the other side is to move, no en-passant right survives.
void pass_turn(Position& pos) {
  const Color next = ~pos.side_to_move();
  pos.set_en_passant(kNoSquare);
  pos.set_side_to_move(next);
  if (next == kWhite) pos.set_clocks(pos.halfmove_clock(), pos.fullmove_number() + 1);
}

/// Reads a branch as UCI (how statement-time resolution stores it) or SAN.
Move read_branch(const Position& pos, const std::string& text) {
  return looks_like_uci(text) ? parse_uci(pos, text) : parse_san(pos, text);
}

bool a_move_allowed(const Position& pos, Move m, bool mate_by_end_of_turn) {
  if (mate_by_end_of_turn) return true;
  bool mate = false;
  return !gives_check(pos, m, &mate) || mate;
}

/// The same from and to squares and promotion (the kind may differ: a capture on the board
/// where it was stated can be an en-passant capture on another).
bool same_squares(Move a, Move b) {
  const auto promo = [](Move m) { return m.kind() == MoveKind::kPromotion ? m.arg() : -1; };
  return a.from() == b.from() && a.to() == b.to() && promo(a) == promo(b);
}

bool was_stateable(const ConditionalState& s, Move m) {
  if (!s.statement_moves) return true;
  return std::any_of(s.statement_moves->begin(), s.statement_moves->end(),
                     [&](Move x) { return same_squares(x, m); });
}

void record_statement_board(ConditionalState& s) {
  if (s.pos.variant().knobs().conditional.c_move_resolution == CMoveResolution::kExecution) return;
  const MoveList moves = legal_moves(stater_view(s));
  s.statement_moves.emplace(moves.begin(), moves.end());
}

void require_phase(const ConditionalState& s, bool ok, const char* what) {
  if (!ok)
    throw ConditionalRuleError("wrong phase",
                               fmt::format("{} is not possible in phase {} ({} to move)", what,
                                           phase_letter(s.phase), side_name(s.pos.side_to_move())));
}

void require_ongoing(const ConditionalState& s) {
  const ConditionalStatus st = conditional_status(s);
  if (st.over())
    throw ConditionalRuleError(
        "game over", fmt::format("the game is over ({}, {})", to_string(st.end), st.result()));
}

}  // namespace

bool gives_check(const Position& pos, Move m, bool* mate) {
  Position after = pos;
  Undo undo;
  after.make(m, undo);
  const bool check = after.in_check();
  if (mate != nullptr) *mate = check && legal_moves(after).empty();
  return check;
}

namespace {

std::string statement_setting() {
  return knob_setting_of<&ConditionalKnobs::c_move_resolution>(CMoveResolution::kStatement);
}

/// The status judged on `legal`, the legal moves of s.pos. In phases A and B the moves the
/// phase allows are collected in `*allowed` when given (each A-move's check test runs once);
/// without it the search stops at the first allowed move.
ConditionalStatus judge(const ConditionalState& s, const ConditionalKnobs& k, const MoveList& legal,
                        MoveList* allowed) {
  if (s.phase == Phase::kC) {
    if (legal.empty() && (s.pos.in_check() || k.no_legal_c_move == NoLegalCMove::kStalemate))
      return no_move_status(s.pos);
    return {};
  }
  if (legal.empty()) return no_move_status(s.pos);
  const bool any_move = s.phase == Phase::kB || k.a_move_mate == AMoveMate::kEndOfTurn;
  bool some = false;
  for (Move m : legal) {
    if (!any_move && !a_move_allowed(s.pos, m, false)) continue;
    some = true;
    if (allowed == nullptr) break;
    allowed->push(m);
  }
  if (some) return {};
  ConditionalStatus st;
  st.end = ConditionalEnd::kForcedCheck;
  if (k.forced_a_move_check == ForcedAMoveCheck::kLoss) st.winner = ~s.pos.side_to_move();
  return st;
}

}  // namespace

ConditionalStatus conditional_status(const ConditionalState& s) {
  return judge(s, s.pos.variant().knobs().conditional, legal_moves(s.pos), nullptr);
}

void phase_moves(const ConditionalState& s, MoveList& out) {
  if (s.phase == Phase::kC) return;
  MoveList allowed;
  if (judge(s, s.pos.variant().knobs().conditional, legal_moves(s.pos), &allowed).over()) return;
  for (Move m : allowed) out.push(m);
}

void play(ConditionalState& s, Move m) {
  require_phase(s, s.phase != Phase::kC, "a free move (the C-move is due)");
  require_ongoing(s);
  if (!is_legal(s.pos, m))
    throw ConditionalRuleError("illegal", "the move is not legal in this position");
  const bool end_of_turn = s.pos.variant().knobs().conditional.a_move_mate == AMoveMate::kEndOfTurn;
  if (s.phase == Phase::kA && !a_move_allowed(s.pos, m, end_of_turn))
    throw ConditionalRuleError(
        "check in A-move",
        "an A-move may give check only when it mates (knob " +
            knob_setting_of<&ConditionalKnobs::a_move_mate>(AMoveMate::kImmediate) + ")");
  play_allowed(s, m);
}

void play_allowed(ConditionalState& s, Move m) {
  bool checks = false;
  if (s.phase == Phase::kA &&
      s.pos.variant().knobs().conditional.a_move_mate == AMoveMate::kEndOfTurn)
    checks = gives_check(s.pos, m);
  // A position read in phase B: the board before the B-move is the statement board.
  if (s.phase == Phase::kB && !s.statement_moves) record_statement_board(s);
  Undo undo;
  s.pos.make(m, undo);
  if (s.phase == Phase::kA) {
    s.phase = Phase::kB;
    s.pending.reset();
    s.mate_due = checks;
    s.statement_moves.reset();
    record_statement_board(s);
  } else {
    s.phase = Phase::kC;
  }
}

Position stater_view(const ConditionalState& s) {
  Position view = s.pos;
  view.set_en_passant(kNoSquare);
  view.set_side_to_move(s.stater());
  return view;
}

void state(ConditionalState& s, ConditionalMove cm) {
  require_phase(s, s.phase == Phase::kB, "stating a conditional move");
  if (s.pending)
    throw ConditionalRuleError("mismatch",
                               fmt::format("{} has already stated {}", side_name(s.stater()),
                                           to_string(s.pos.variant(), *s.pending)));
  if (s.pos.variant().knobs().conditional.c_move_resolution == CMoveResolution::kStatement) {
    // The stater's moves on the current board, as if it were the stater's turn.
    const Position view = stater_view(s);
    if (!s.statement_moves) record_statement_board(s);
    for (std::string* text : {&cm.then_text, &cm.else_text}) {
      try {
        *text = to_uci(view, read_branch(view, *text));
      } catch (const NotationError&) {
        // Left as SAN: it named no single legal move when stated, so it is illegal when due.
      }
    }
  }
  cm.marked = -1;
  s.pending = std::move(cm);
}

CDecision decide_c(const ConditionalState& s, const ConditionalMove& cm) {
  require_phase(s, s.phase == Phase::kC, "a C-move");
  require_ongoing(s);
  const Position& pos = s.pos;
  const ConditionalKnobs& k = pos.variant().knobs().conditional;
  CDecision d;
  d.branch = cm.condition && !evaluate(*cm.condition, pos, pos.side_to_move()) ? 1 : 0;
  const std::string& text = d.branch == 0 ? cm.then_text : cm.else_text;
  try {
    if (k.c_move_resolution == CMoveResolution::kStatement && !looks_like_uci(text))
      throw NotationError(NotationErrorKind::kIllegal,
                          fmt::format("'{}' named no single legal move when it was stated "
                                      "(knob {})",
                                      text, statement_setting()));
    d.move = read_branch(pos, text);
    if (k.c_move_resolution == CMoveResolution::kStatement && !was_stateable(s, d.move))
      throw NotationError(NotationErrorKind::kIllegal,
                          fmt::format("'{}' was not a legal move when it was stated (knob {})",
                                      text, statement_setting()));
    d.kind = CDecision::Kind::kExecute;
    return d;
  } catch (const NotationError& e) {
    d.reason = e.what();
  }
  const bool in_check = pos.in_check();
  if (in_check) {
    d.reason += "; the B-move's check stands";
    if (k.b_move_check == BMoveCheck::kReplaceCMove) {
      d.kind = CDecision::Kind::kReplace;
      d.chooser = pos.side_to_move();
    } else {
      d.kind = CDecision::Kind::kSkip;
    }
    return d;
  }
  if (k.illegal_c_move == IllegalCMove::kOpponentMoves && !legal_moves(pos).empty()) {
    d.kind = CDecision::Kind::kReplace;
    d.chooser = ~pos.side_to_move();
    return d;
  }
  d.kind = CDecision::Kind::kSkip;
  return d;
}

void apply_c(ConditionalState& s, CStep step) {
  require_phase(s, s.phase == Phase::kC, "a C-move");
  require_ongoing(s);
  if (!step.skip && !is_legal(s.pos, step.move))
    throw ConditionalRuleError("illegal", "the C-move is not legal in this position");
  apply_c_allowed(s, step);
}

void apply_c_allowed(ConditionalState& s, CStep step) {
  s.pending.reset();
  s.mate_due = false;
  s.statement_moves.reset();
  s.phase = Phase::kA;
  if (!step.skip) {
    Undo undo;
    s.pos.make(step.move, undo);
    return;
  }
  // A skip under a B-move check gives the checked side its own A-move; otherwise the
  // opponent's A-move follows.
  if (!s.pos.in_check()) {
    pass_turn(s.pos);
  } else if (s.pos.variant().knobs().conditional.ep_after_skipped_c_move ==
             EpAfterSkippedCMove::kLapses) {
    s.pos.set_en_passant(kNoSquare);
  }
}

std::vector<CStep> c_outcomes(const ConditionalState& s) {
  std::vector<CStep> out;
  if (s.phase != Phase::kC) return out;
  const ConditionalKnobs& k = s.pos.variant().knobs().conditional;
  const MoveList legal = legal_moves(s.pos);
  if (judge(s, k, legal, nullptr).over()) return out;
  // A chosen replacement can be any legal move; an executed statement only one that was
  // stateable (c-move-resolution=statement).
  const bool replaced = s.pos.in_check() ? k.b_move_check == BMoveCheck::kReplaceCMove
                                         : k.illegal_c_move == IllegalCMove::kOpponentMoves;
  for (Move m : legal) {
    if (k.c_move_resolution == CMoveResolution::kStatement && !replaced && !was_stateable(s, m))
      continue;
    if (s.mate_due) {
      bool mate = false;
      if (!gives_check(s.pos, m, &mate) || !mate) continue;
    }
    out.push_back({false, m});
  }
  if (s.mate_due) return out;
  // A statement naming no legal move is always possible; whether it leads to a skip or to a
  // chosen replacement (which is one of the moves above) is the knobs' to say.
  if (legal.empty() || !replaced) out.push_back({});
  return out;
}

bool owed_mate_delivered(const ConditionalState& after, bool mate_was_due) {
  if (!mate_was_due) return true;
  return after.pos.in_check() && legal_moves(after.pos).empty();
}

}  // namespace arbiter
