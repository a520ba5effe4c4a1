// Diplomacy Chess and Move-Neutral Chess under the monitor: each side hands in a sealed move,
// read as `arbiter resolve` reads it; when both are in, the table's resolver resolves the turn
// and both moves, their fates and the trace join the history.
#include <fmt/format.h>

#include <optional>
#include <vector>

#include "present/board/report_boards.hpp"
#include "present/board/svg_board.hpp"
#include "present/simultaneous/submission_text.hpp"
#include "present/simultaneous/trace_json.hpp"
#include "rules/simultaneous/sim_rules.hpp"
#include "server/game.hpp"
#include "server/game_factory.hpp"
#include "server/game_view.hpp"

namespace arbiter::server {
namespace {

struct ResolvedTurn {
  int move_number = 0;  ///< the full-move number before the turn
  std::string fen_before;
  present::SideSubmission sides[2];
  SimTurnOutcome outcome;
  SimStatus status;  ///< after the turn
  std::string svg;   ///< the board before the turn with both moves, failed ones marked
};

class SimultaneousGame final : public Game {
 public:
  explicit SimultaneousGame(VariantPtr v)
      : v_(std::move(v)), rules_(sim_rules_for(v_)), state_(sim_start(v_)) {
    status_ = rules_->status(state_);
  }

  void submit(Color side, std::string_view text) override {
    if (status_.over)
      throw SubmissionError(
          fmt::format("the game is over: {} ({})", status_.result(), status_.reason));
    try {
      pending_[side] = present::read_side_submission(state_, side, std::string(text));
    } catch (const std::exception& e) {
      throw SubmissionError(submission_error_text(e));
    }
    if (pending_[kWhite] && pending_[kBlack]) resolve();
  }

  void write_view(present::JsonWriter& w, Color side) const override {
    write_sealed_view(w, *v_, *rules_, state_, status_, pending_, history_, side,
                      [](present::JsonWriter& out, const ResolvedTurn& t) { write_turn(out, t); });
  }

  std::string record() const override {
    std::string out = record_header(v_->name(), replay_options(*v_) + " --null-move pass");
    for (const ResolvedTurn& t : history_)
      out += fmt::format("{}. {} {}\n", t.move_number, record_word(t.sides[kWhite]),
                         record_word(t.sides[kBlack]));
    out += status_.over ? status_.result() : "*";
    return out + '\n';
  }

  int public_version() const override {
    return sealed_public_version(history_.size(), pending_[kWhite].has_value(),
                                 pending_[kBlack].has_value());
  }
  bool over() const override { return status_.over; }

 private:
  void resolve() {
    present::SideSubmission white = std::move(*pending_[kWhite]),
                            black = std::move(*pending_[kBlack]);
    pending_[kWhite].reset();
    pending_[kBlack].reset();
    SimTurnOutcome outcome = rules_->resolve_traced(state_, white.move, black.move);
    std::string svg =
        present::svg_board(present::board_of_turn(state_, white.move, black.move, outcome));
    const int move_number = state_.pos.fullmove_number();
    std::string fen_before = to_sim_fen(state_);
    state_ = outcome.after;
    status_ = rules_->status(state_);
    history_.push_back(ResolvedTurn{move_number,
                                    std::move(fen_before),
                                    {std::move(white), std::move(black)},
                                    std::move(outcome),
                                    status_,
                                    std::move(svg)});
  }

  /// A side's word in the record: its SAN, a conditional move as written (without spaces, so
  /// that it stays one word), "--" for a pass.
  static std::string record_word(const present::SideSubmission& s) {
    if (s.move.is_null()) return "--";
    if (s.branch.empty()) return s.san;
    std::string word;
    for (char c : s.written)
      if (c != ' ' && c != '\t') word += c;
    return word;
  }

  static void write_turn(present::JsonWriter& w, const ResolvedTurn& t) {
    w.begin_object().field("move_number", t.move_number).field("fen_before", t.fen_before);
    w.key("moves").begin_object();
    for (Color c : {kWhite, kBlack}) {
      const present::SideSubmission& s = t.sides[c];
      w.key(side_word(c)).begin_object().field("written", s.written);
      if (!s.branch.empty()) w.field("branch", s.branch);
      w.field("san", s.move.is_null() ? std::string("--") : s.san);
      w.field("fate", s.move.is_null() ? std::string("passed") : t.outcome.fates[c]);
      w.end_object();
    }
    w.end_object();
    present::write_trace(w, t.outcome.trace);
    w.field("fen_after", to_sim_fen(t.outcome.after));
    write_status(w, t.status.over, t.status.result(), t.status.reason);
    w.field("board", t.svg).end_object();
  }

  VariantPtr v_;
  std::unique_ptr<SimRules> rules_;
  SimState state_;
  SimStatus status_;
  std::optional<present::SideSubmission> pending_[2];
  std::vector<ResolvedTurn> history_;
};

}  // namespace

std::unique_ptr<Game> simultaneous_game(VariantPtr v) {
  return std::make_unique<SimultaneousGame>(std::move(v));
}

}  // namespace arbiter::server
