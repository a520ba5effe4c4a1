#include "rules/diplomacy_record.hpp"

#include <fmt/format.h>

#include <memory>
#include <stdexcept>

#include "rules/diplomacy_move_text.hpp"
#include "rules/sim_rules.hpp"

namespace arbiter {
namespace {

const char* side_name(Color c) {
  return c == kWhite ? "White" : "Black";
}

/// "White is checkmated" and the like, for a finished game.
std::string describe_end(const SimStatus& st) {
  if (st.reason == "king captured")
    return st.winner ? fmt::format("{}'s king was captured", side_name(~*st.winner))
                     : std::string("both kings were captured");
  if (st.reason == "checkmate") return fmt::format("{} is checkmated", side_name(~*st.winner));
  if (st.reason == "both mated") return "both sides are checkmated";
  return "a side is stalemated";
}

class DiplomacyReplayer {
 public:
  DiplomacyReplayer(const VariantPtr& variant, const ReplayOptions& options)
      : variant_(variant), options_(options) {
    rules_ = sim_rules_for(variant);  // throws for a table without a built resolver
    if (options.fen) s_.emplace(parse_sim_fen(variant, *options.fen));
  }

  DiplomacyReplayResult run(std::string_view record) {
    const std::vector<RecordToken> tokens = tokenize_record(record);
    for (const RecordToken& t : tokens)
      if (!step(t)) break;
    if (!r_.error && ensure_position() && white_)
      fail(*white_, kWhite, "syntax",
           fmt::format("turn {} has White's move only: write both moves of a turn, "
                       "\"N. white black\"",
                       s_->pos.fullmove_number()));
    if (!s_) return std::move(r_);
    r_.final_fen = to_sim_fen(*s_);
    r_.status = rules_->status(*s_);
    if (!r_.error && r_.status.over && r_.result && result_token_ &&
        *r_.result != r_.status.result())
      warn(*result_token_, kWhite,
           fmt::format("the record says {} but {} ({}), so the result is {}", *r_.result,
                       describe_end(r_.status), r_.status.reason, r_.status.result()));
    return std::move(r_);
  }

 private:
  VariantPtr variant_;
  const ReplayOptions& options_;
  std::unique_ptr<SimRules> rules_;
  std::optional<SimState> s_;
  const RecordToken* fen_tag_ = nullptr;
  const RecordToken* result_token_ = nullptr;
  const RecordToken* white_ = nullptr;  ///< White's text of the turn being read
  Move white_move_{};
  bool moves_started_ = false;
  DiplomacyReplayResult r_;

  ReplayNote note(const RecordToken& t, Color side, std::string message) const {
    ReplayNote n;
    if (s_) {
      n.ply = r_.turns + 1;
      n.move_number = s_->pos.fullmove_number();
      n.side = side;
    }
    n.text = t.text;
    n.message = std::move(message);
    n.line = t.line;
    n.column = t.column;
    return n;
  }

  void warn(const RecordToken& t, Color side, std::string message) {
    r_.warnings.push_back(note(t, side, std::move(message)));
  }

  bool fail(const RecordToken& t, Color side, std::string reason, std::string message) {
    ReplayNote n = note(t, side, std::move(message));
    n.reason = std::move(reason);
    if (s_) n.fen_before = to_sim_fen(*s_);
    r_.error = std::move(n);
    return false;
  }

  bool ensure_position() {
    if (!s_) {
      const std::string fen = fen_tag_ ? fen_tag_->tag_value : variant_->table().setup_fen;
      try {
        s_.emplace(parse_sim_fen(variant_, fen));
      } catch (const std::exception& e) {
        if (!fen_tag_) throw;
        ReplayNote n;
        n.text = fen_tag_->text;
        n.reason = "bad FEN";
        n.message = e.what();
        n.line = fen_tag_->line;
        n.column = fen_tag_->column;
        r_.error = std::move(n);
        return false;
      }
    }
    if (r_.start_fen.empty()) r_.start_fen = to_sim_fen(*s_);
    return true;
  }

  /// The side whose text comes next.
  Color next_side() const { return white_ ? kBlack : kWhite; }

  bool step(const RecordToken& t) {
    using K = RecordTokenKind;
    if (t.kind == K::kComment) return true;
    if (t.kind == K::kTag && !moves_started_) {
      r_.tags.emplace_back(t.tag_name, t.tag_value);
      if (t.tag_name == "FEN") {
        if (options_.fen)
          r_.warnings.push_back(
              note(t, kWhite, "ignored: the start position is given separately (--fen)"));
        else if (fen_tag_)
          r_.warnings.push_back(note(t, kWhite, "a second [FEN] tag: this one replaces the first"));
        if (!options_.fen) fen_tag_ = &t;
      }
      return true;
    }
    if (!ensure_position()) return false;
    moves_started_ = true;
    const Color side = next_side();
    if (t.kind == K::kError) return fail(t, side, "syntax", t.message);
    if (t.kind == K::kTag)
      return fail(t, side, "syntax",
                  "a tag pair after the moves: tag pairs come before the movetext");
    if (result_token_)
      return fail(
          t, side, "syntax",
          fmt::format("text after the result '{}': a record holds one game", result_token_->text));
    switch (t.kind) {
      case K::kMoveNumber:
      case K::kEllipsis:
        if (white_)
          return fail(t, kBlack, "syntax",
                      "a move number between White's and Black's moves: a turn is written on "
                      "one numbered line, \"N. white black\"");
        if (t.kind == K::kEllipsis || t.dots > 1)
          return fail(t, kWhite, "syntax",
                      "both sides move at once: a turn is \"N. white black\", never \"N...\"");
        if (t.number != s_->pos.fullmove_number())
          warn(t, kWhite,
               fmt::format("move number '{}' does not match the record: expected {}.", t.text,
                           s_->pos.fullmove_number()));
        return true;
      case K::kResign:
        return fail(t, side, "syntax",
                    "'Resigns' does not say who resigned when both sides move at once: write "
                    "the result (1-0, 0-1)");
      case K::kResult:
        if (white_)
          return fail(t, kBlack, "syntax",
                      fmt::format("turn {} has White's move only: write both moves of a turn, "
                                  "\"N. white black\"",
                                  s_->pos.fullmove_number()));
        r_.result = t.result;
        result_token_ = &t;
        return true;
      case K::kMove:
        return move(t, side);
      default:
        return true;  // annotations, NAGs and variations
    }
  }

  bool move(const RecordToken& t, Color side) {
    const SimStatus st = rules_->status(*s_);
    if (st.over)
      return fail(t, side, "game over",
                  fmt::format("the game is over: {} ({})", describe_end(st), st.result()));
    if (t.text == "--")
      return fail(t, side, "pass",
                  "a side cannot pass: every turn both sides submit a move "
                  "(docs/replay.md, Diplomacy Chess)");
    Move m{};
    DiplomacyMoveText d;
    try {
      MoveList subs;
      rules_->submissions(*s_, side, subs);
      m = read_sim_move(*s_, side, t.text, subs, &d);
    } catch (const NotationError& e) {
      return fail(t, side, to_string(e.kind()), e.what());
    }
    if (!d.coordinates && d.capture_mark != diplomacy_capture(*s_, side, m))
      warn(t, side,
           d.capture_mark ? "an 'x' but the destination square is empty: nothing to take"
                          : "a capture written without 'x'");
    if (side == kWhite) {
      white_ = &t;
      white_move_ = m;
      return true;
    }
    resolve(t, m);
    return true;
  }

  DiplomacyTurnMove entry(const RecordToken& t, Color side, Move m, std::string fate) const {
    DiplomacyTurnMove e;
    e.text = t.text;
    MoveList subs;
    rules_->submissions(*s_, side, subs);
    e.san = sim_san(*s_, side, m, subs);
    e.uci = to_uci(view_for(*s_, side), m);
    e.fate = std::move(fate);
    e.line = t.line;
    e.column = t.column;
    return e;
  }

  void resolve(const RecordToken& black, Move black_move) {
    SimTurnOutcome res = rules_->resolve_traced(*s_, white_move_, black_move);
    DiplomacyTurn turn;
    turn.turn = r_.turns + 1;
    turn.move_number = s_->pos.fullmove_number();
    turn.white = entry(*white_, kWhite, white_move_, res.fates[kWhite]);
    turn.black = entry(black, kBlack, black_move, res.fates[kBlack]);
    turn.trace = std::move(res.trace);
    turn.fen_after = to_sim_fen(res.after);
    r_.moves.push_back(std::move(turn));
    ++r_.turns;
    s_ = std::move(res.after);
    white_ = nullptr;
  }
};

}  // namespace

DiplomacyReplayResult replay_diplomacy_record(const VariantPtr& variant, std::string_view record,
                                              const ReplayOptions& options) {
  return DiplomacyReplayer(variant, options).run(record);
}

}  // namespace arbiter
