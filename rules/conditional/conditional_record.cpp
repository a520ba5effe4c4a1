#include "rules/conditional/conditional_record.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "rules/conditional/conditional_move.hpp"
#include "rules/core/notation.hpp"
#include "rules/core/record_reader.hpp"
#include "rules/registry/rule_knobs.hpp"

namespace arbiter {
namespace {

const char* branch_name(int branch) {
  return branch == 0 ? "then-branch" : "else-branch";
}

/// Whether two statements of a C-move make the same move in every position.
bool agrees(const ConditionalMove& a, const ConditionalMove& b) {
  const bool a_single = same_stated_move(a.then_text, a.else_text);
  const bool b_single = same_stated_move(b.then_text, b.else_text);
  if (a_single || b_single)
    return a_single && b_single && same_stated_move(a.then_text, b.then_text);
  return a.condition == b.condition && same_stated_move(a.then_text, b.then_text) &&
         same_stated_move(a.else_text, b.else_text);
}

/// "Black is checkmated", for a status that is over; `stuck` is the side to move.
std::string describe_end(const ConditionalStatus& st, Color stuck) {
  switch (st.end) {
    case ConditionalEnd::kCheckmate:
      return fmt::format("{} is checkmated", side_name(stuck));
    case ConditionalEnd::kStalemate:
      return fmt::format("{} is stalemated", side_name(stuck));
    case ConditionalEnd::kForcedCheck:
      return fmt::format("every A-move of {} gives check without mating", side_name(stuck));
    case ConditionalEnd::kNone:
      break;
  }
  return "the game goes on";
}

class ConditionalReplayer final : public RecordReader<ConditionalReplayResult, ConditionalNote> {
 public:
  ConditionalReplayer(const VariantPtr& variant, const ReplayOptions& options)
      : RecordReader(variant, options) {
    require_module(*variant, RulesKind::kConditional, "a Conditional Chess replay");
    knobs_ = variant->knobs().conditional;
  }

  template <class Tokens>
  ConditionalReplayResult run(Tokens&& record) {
    if (!read(std::forward<Tokens>(record))) return std::move(r_);
    r_.final_fen = to_conditional_fen(*s_);
    r_.final_side_to_move = s_->pos.side_to_move();
    r_.status = conditional_status(*s_);
    if (r_.status.over())
      check_stated_result(r_.status.result(), describe_end(r_.status, s_->pos.side_to_move()));
    return std::move(r_);
  }

 private:
  ConditionalKnobs knobs_;
  std::optional<ConditionalState> s_;
  /// The state right after this turn's A-move (phase B, before the B-move): where the C-move
  /// was stated, for knob c-move-resolution=statement. None outside phases B and C and when the
  /// start position is already in phase C.
  std::optional<ConditionalState> b_start_;
  long long slot_base_ = 0;  ///< the 0-based slot of the first ply (2N-2 or 2N-1 for move N)
  long long slots_ = 0;      ///< plies written so far

  long long slot_index() const { return slot_base_ + slots_; }
  int move_label() const {
    return static_cast<int>(std::min<long long>(slot_index() / 2 + 1, 999'999'999));
  }

  bool has_position() const override { return s_.has_value(); }
  void set_up(const std::string& fen) override { s_.emplace(parse_conditional_fen(variant_, fen)); }
  std::string position_fen() const override { return to_conditional_fen(*s_); }

  void on_start() override {
    // Numbering follows the start position as in orthodox records: White to move in move N
    // fills slot 2N-1, Black slot 2N.
    slot_base_ = 2LL * (s_->pos.fullmove_number() - 1) + (s_->pos.side_to_move() == kBlack);
    if (slot_base_ < 0) slot_base_ = 0;
    if (s_->phase == Phase::kB) b_start_ = *s_;
  }

  void place(ConditionalNote& n) const override {
    n.ply = r_.plies + 1;
    n.move_number = move_label();
    n.side = s_->pos.side_to_move();
    n.phase = s_->phase;
  }

  bool resign(const RecordToken& t) override { return accept_resign(t, s_->pos.side_to_move()); }

  /// The turn machine has no pass: a ply is a move, and a C-move that does not run is written
  /// as its conditional (skipped or replaced), never as "--".
  bool null_move(const RecordToken& t) override {
    return refuse_null_move(
        t,
        "Conditional Chess has no pass: every A- and B-ply is a move, and a C-move that does "
        "not execute is written as its conditional");
  }

  /// A move number labels a pair of slots, whoever moves in them (after a B-move check the
  /// same colour can fill both).
  bool move(const RecordToken& t) override {
    check_move_number(move_label(), slot_index() % 2 == 1, "record");
    return ply(t);
  }

  bool ply(const RecordToken& t) {
    const ConditionalStatus st = conditional_status(*s_);
    if (st.over())
      return fail(t, "game over",
                  fmt::format("the game is over: {} ({})", describe_end(st, s_->pos.side_to_move()),
                              st.result()));
    return s_->phase == Phase::kC ? c_ply(t) : free_ply(t);
  }

  ConditionalPly ply_entry(const ConditionalNote& before, bool written) const {
    ConditionalPly p;
    p.ply = before.ply;
    p.move_number = before.move_number;
    p.phase = *before.phase;
    p.side = *before.side;
    p.written = written;
    if (written) p.text = before.text;
    p.line = before.line;
    p.column = before.column;
    return p;
  }

  /// The warnings for the marks a SAN was written with, the move made on `after`.
  void warn_marks(const ConditionalNote& before, const SanDetails& d, bool capture,
                  const Position& after) {
    const bool check = after.in_check();
    warn_san_marks(before, d, capture, check, check && is_checkmate(after));
  }

  /// An A- or B-move: SAN.
  bool free_ply(const RecordToken& t) {
    if (looks_like_conditional(t.move))
      return fail(t, "conditional in A/B",
                  fmt::format("this is {}'s {}-move, a plain move: a conditional move is written "
                              "where it executes, as the C-move",
                              side_name(s_->pos.side_to_move()), phase_letter(s_->phase)));
    SanDetails d;
    Move m{};
    try {
      m = parse_san(s_->pos, t.move, &d);
    } catch (const NotationError& e) {
      return fail(t, to_string(e.kind()), notation_reason(e, t.move, *variant_));
    }
    ConditionalState next = *s_;
    try {
      play(next, m);
    } catch (const ConditionalRuleError& e) {
      return fail(t, e.reason(), e.what());
    }
    const ConditionalNote before = note(t, "");
    warn_marks(before, d, is_capture(s_->pos, m), next.pos);
    ConditionalPly p = ply_entry(before, true);
    p.canonical = to_san(s_->pos, m);
    r_.moves.push_back(std::move(p));
    *s_ = std::move(next);
    ++r_.plies;
    ++slots_;
    if (s_->phase == Phase::kB) b_start_ = *s_;
    return true;
  }

  /// A C slot: the conditional, optionally "=>SAN" for the move made in its place.
  bool c_ply(const RecordToken& t) {
    std::string_view text = t.move;
    std::optional<std::string> replacement;
    if (const std::size_t arrow = text.find("=>"); arrow != std::string_view::npos) {
      replacement = std::string(text.substr(arrow + 2));
      text = text.substr(0, arrow);
    }
    if (!looks_like_conditional(text)) {
      if (replacement)
        return fail(t, "expected conditional",
                    "'=>' follows the C-move written as a conditional: cond?then/else=>SAN or "
                    "!move=>SAN");
      return unwritten_c(t);
    }
    ConditionalMove cm;
    try {
      cm = parse_conditional(*variant_, text);
    } catch (const ConditionalNotationError& e) {
      return fail(t, to_string(e.kind()), e.what());
    }
    ConditionalMove used = cm;
    if (s_->pending) {
      // Stated before the record starts (the start FEN's pending move): the record may repeat
      // it but not change it.
      if (!agrees(cm, *s_->pending))
        return fail(t, "mismatch",
                    fmt::format("the start position's pending conditional move is {}, but the "
                                "record writes {}",
                                to_string(*variant_, *s_->pending), to_string(*variant_, cm)));
      used = *s_->pending;
    } else if (knobs_.c_move_resolution == CMoveResolution::kStatement) {
      if (b_start_) {
        ConditionalState at_statement = *b_start_;
        try {
          state(at_statement, cm);
        } catch (const ConditionalRuleError& e) {
          return fail(t, e.reason(), e.what());
        }
        used = *at_statement.pending;
      } else {
        warn(
            t,
            "the record starts in phase C without a pending conditional move, so the board "
            "where it was stated is unknown: it is resolved where it executes (knob " +
                knob_setting_of<&ConditionalKnobs::c_move_resolution>(CMoveResolution::kStatement) +
                " cannot apply)");
      }
    }
    return run_c(t, true, cm, used, replacement);
  }

  /// A plain SAN where the C-move is due: the C-move was left out. That is allowed when the
  /// start FEN holds it (it executes as stated) and, with a warning, when a B-move check stands
  /// under knob b-move-check=restart-turn (taken as skipped: the text is the checked side's
  /// A-move). The text is then read again as the next ply.
  bool unwritten_c(const RecordToken& t) {
    if (s_->pending) {
      const ConditionalMove pending = *s_->pending;
      return run_c(t, false, pending, pending, std::nullopt) && ply(t);
    }
    if (s_->pos.in_check() && knobs_.b_move_check == BMoveCheck::kRestartTurn) {
      const Color us = s_->pos.side_to_move();
      warn(t, fmt::format("{}'s C-move is not written: {} is in check from the B-move, so the "
                          "C-move is taken as skipped (it did not cancel the check) and '{}' as "
                          "{}'s A-move",
                          side_name(us), side_name(us), t.text, side_name(us)));
      CDecision skip;
      skip.reason = "not written; the B-move's check stands";
      return apply(t, false, nullptr, skip, std::nullopt) && ply(t);
    }
    return fail(t, "expected conditional",
                fmt::format("expected {}'s C-move as a conditional: cond?then/else or !move",
                            side_name(s_->pos.side_to_move())));
  }

  /// Decides the C-move `used` (as `written` in the record, or the pending one when not
  /// written), checks the record's marks and replacement against the decision, and applies it.
  bool run_c(const RecordToken& t, bool written, const ConditionalMove& as_written,
             const ConditionalMove& used, const std::optional<std::string>& replacement) {
    CDecision d;
    try {
      d = decide_c(*s_, used);
    } catch (const ConditionalRuleError& e) {
      return fail(t, e.reason(), e.what());
    }
    const int mark = written ? as_written.marked : -1;
    // With two equal moves the condition cannot matter ("h5?Qe2/Qe2" is "!Qe2").
    const bool single = same_stated_move(as_written.then_text, as_written.else_text);
    if (mark >= 0 && mark != d.branch && !single) {
      if (d.kind == CDecision::Kind::kExecute)
        return fail(t, "wrong mark",
                    fmt::format("the record marks the {} but the {} executes ({})",
                                branch_name(mark), branch_name(d.branch), to_san(s_->pos, d.move)));
      return fail(t, "wrong mark",
                  fmt::format("the record marks the {} but the condition chose the {}, which did "
                              "not execute: {}",
                              branch_name(mark), branch_name(d.branch), d.reason));
    }
    if (mark >= 0 && d.kind != CDecision::Kind::kExecute)
      warn(t, fmt::format("the record marks the {}, which the condition chose, but it did not "
                          "execute: {}",
                          branch_name(mark), d.reason));
    if (d.kind != CDecision::Kind::kReplace && replacement) {
      const std::string what =
          d.kind == CDecision::Kind::kExecute
              ? fmt::format("the {} executes ({})", branch_name(d.branch), to_san(s_->pos, d.move))
              : fmt::format("the C-move is skipped ({})", d.reason);
      return fail(
          t, "unexpected replacement",
          fmt::format("{}, so no move is made in its place: remove '=>{}'", what, *replacement));
    }
    if (d.kind == CDecision::Kind::kReplace && !replacement) {
      const std::string knob =
          s_->pos.in_check()
              ? knob_setting_of<&ConditionalKnobs::b_move_check>(BMoveCheck::kReplaceCMove)
              : knob_setting_of<&ConditionalKnobs::illegal_c_move>(IllegalCMove::kOpponentMoves);
      return fail(
          t, "missing replacement",
          fmt::format("the C-move does not execute ({}), so under knob {} {} chooses the "
                      "move {} makes in its place: write it after the conditional, as "
                      "in d2?Nh4/e6=>Kh1",
                      d.reason, knob, side_name(d.chooser), side_name(s_->pos.side_to_move())));
    }
    return apply(t, written, &as_written, d, replacement);
  }

  /// Applies the decided C ply (reading the replacement SAN for kReplace) and records it.
  bool apply(const RecordToken& t, bool written, const ConditionalMove* as_written,
             const CDecision& d, const std::optional<std::string>& replacement) {
    CStep step;
    SanDetails details;
    if (d.kind == CDecision::Kind::kExecute) step = {false, d.move};
    if (d.kind == CDecision::Kind::kReplace) {
      try {
        step = {false, parse_san(s_->pos, *replacement, &details)};
      } catch (const NotationError& e) {
        return fail(t, to_string(e.kind()),
                    fmt::format("the move made in the C-move's place '{}': {}", *replacement,
                                notation_reason(e, *replacement, *variant_)));
      }
    }
    const bool mate_was_due = s_->mate_due;
    ConditionalState next = *s_;
    try {
      apply_c(next, step);
    } catch (const ConditionalRuleError& e) {
      return fail(t, e.reason(), e.what());
    }
    const std::string san = step.skip ? "" : to_san(s_->pos, step.move);
    if (!owed_mate_delivered(next, mate_was_due))
      return fail(
          t, "owed mate",
          fmt::format("{}'s A-move gave check, so this turn had to end in mate (knob "
                      "{}), but {}",
                      side_name(s_->pos.side_to_move()),
                      knob_setting_of<&ConditionalKnobs::a_move_mate>(AMoveMate::kEndOfTurn),
                      step.skip ? "the C-move was skipped" : "'" + san + "' does not mate"));
    const ConditionalNote before = note(t, "");
    if (d.kind == CDecision::Kind::kReplace)
      warn_marks(before, details, is_capture(s_->pos, step.move), next.pos);
    ConditionalPly p = ply_entry(before, written);
    if (as_written) {
      ConditionalMove shown = *as_written;
      shown.marked = d.kind == CDecision::Kind::kExecute ? d.branch : -1;
      p.canonical = to_string(*variant_, shown, true);
    }
    p.outcome = d.kind == CDecision::Kind::kExecute   ? COutcome::kExecuted
                : d.kind == CDecision::Kind::kReplace ? COutcome::kReplaced
                                                      : COutcome::kSkipped;
    p.move = san;
    if (d.kind != CDecision::Kind::kExecute) p.why = d.reason;
    r_.moves.push_back(std::move(p));
    *s_ = std::move(next);
    ++r_.plies;
    if (written) ++slots_;
    b_start_.reset();
    return true;
  }
};

}  // namespace

std::string conditional_note_location(const ConditionalNote& note) {
  if (!note.side || !note.phase) return fmt::format("line {} '{}'", note.line, note.text);
  return fmt::format("move {} ({} {}-move) '{}'", note.move_number, side_name(*note.side),
                     phase_letter(*note.phase), note.text);
}

std::string to_string(COutcome o) {
  switch (o) {
    case COutcome::kExecuted:
      return "executed";
    case COutcome::kSkipped:
      return "skipped";
    case COutcome::kReplaced:
      return "replaced";
  }
  return "?";
}

ConditionalReplayResult replay_conditional_record(const VariantPtr& variant,
                                                  std::string_view record,
                                                  const ReplayOptions& options) {
  return ConditionalReplayer(variant, options).run(record);
}

ConditionalReplayResult replay_conditional_record(const VariantPtr& variant,
                                                  std::vector<RecordToken> game,
                                                  const ReplayOptions& options) {
  return ConditionalReplayer(variant, options).run(std::move(game));
}

}  // namespace arbiter
