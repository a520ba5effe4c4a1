#include "rules/simultaneous/diplomacy/diplomacy_record.hpp"

#include <fmt/format.h>

#include <memory>
#include <stdexcept>

#include "rules/core/record_reader.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_move_text.hpp"
#include "rules/simultaneous/sim_rules.hpp"

namespace arbiter {
namespace {

/// "White is checkmated" and the like, for a finished game.
std::string describe_end(const SimStatus& st) {
  if (st.reason == "king captured")
    return st.winner ? fmt::format("{}'s king was captured", side_name(~*st.winner))
                     : std::string("both kings were captured");
  if (st.reason == "checkmate") return fmt::format("{} is checkmated", side_name(~*st.winner));
  if (st.reason == "both mated") return "both sides are checkmated";
  return "a side is stalemated";
}

class DiplomacyReplayer final : public RecordReader<DiplomacyReplayResult, ReplayNote> {
 public:
  DiplomacyReplayer(const VariantPtr& variant, const ReplayOptions& options)
      : RecordReader(variant, options) {
    rules_ = sim_rules_for(variant);  // throws for a table without a built resolver
  }

  DiplomacyReplayResult run(std::string_view record) {
    if (!read(record)) return std::move(r_);
    if (!r_.error && white_) {
      // The unfinished turn is White's text: the note is White's, not the side due next.
      ReplayNote n = note(*white_, fmt::format("turn {} has White's move only: write both moves "
                                               "of a turn, \"N. white black\"",
                                               s_->pos.fullmove_number()));
      n.side = kWhite;
      fail(std::move(n), "syntax");
    }
    r_.final_fen = to_sim_fen(*s_);
    r_.status = rules_->status(*s_);
    if (r_.status.over)
      check_stated_result(r_.status.result(),
                          fmt::format("{} ({})", describe_end(r_.status), r_.status.reason));
    return std::move(r_);
  }

 private:
  std::unique_ptr<SimRules> rules_;
  std::optional<SimState> s_;
  const RecordToken* white_ = nullptr;  ///< White's text of the turn being read
  Move white_move_{};

  bool has_position() const override { return s_.has_value(); }
  void set_up(const std::string& fen) override { s_.emplace(parse_sim_fen(variant_, fen)); }
  std::string position_fen() const override { return to_sim_fen(*s_); }

  /// The side whose text comes next.
  Color next_side() const { return white_ ? kBlack : kWhite; }

  /// A note belongs to the side whose text comes next (White for a token between turns).
  void place(ReplayNote& n) const override {
    n.ply = r_.turns + 1;
    n.move_number = s_->pos.fullmove_number();
    n.side = next_side();
  }

  /// Both sides move at once, so the number is checked where it stands.
  bool move_number(const RecordToken& t) override {
    if (white_)
      return fail(t, "syntax",
                  "a move number between White's and Black's moves: a turn is written on "
                  "one numbered line, \"N. white black\"");
    if (t.kind == RecordTokenKind::kEllipsis || t.dots > 1)
      return fail(t, "syntax",
                  "both sides move at once: a turn is \"N. white black\", never \"N...\"");
    RecordReader::move_number(t);
    check_move_number(s_->pos.fullmove_number(), false, "record");
    return true;
  }

  bool resign(const RecordToken& t) override {
    return fail(t, "syntax",
                "'Resigns' does not say who resigned when both sides move at once: write "
                "the result (1-0, 0-1)");
  }

  bool result(const RecordToken& t) override {
    if (white_)
      return fail(t, "syntax",
                  fmt::format("turn {} has White's move only: write both moves of a turn, "
                              "\"N. white black\"",
                              s_->pos.fullmove_number()));
    return accept_result(t);
  }

  bool move(const RecordToken& t) override {
    const Color side = next_side();
    const SimStatus st = rules_->status(*s_);
    if (st.over)
      return fail(t, "game over",
                  fmt::format("the game is over: {} ({})", describe_end(st), st.result()));
    if (t.text == "--")
      return fail(t, "pass",
                  "a side cannot pass: every turn both sides submit a move "
                  "(docs/replay.md, Diplomacy Chess)");
    Move m{};
    DiplomacyMoveText d;
    try {
      MoveList subs;
      rules_->submissions(*s_, side, subs);
      m = read_sim_move(*s_, side, t.text, subs, &d);
    } catch (const NotationError& e) {
      return fail(t, to_string(e.kind()), e.what());
    }
    if (!d.coordinates && d.capture_mark != diplomacy_capture(*s_, side, m))
      warn(t, d.capture_mark ? "an 'x' but the destination square is empty: nothing to take"
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
