// Diplomacy Chess and Move-Neutral Chess under the monitor: each side hands in a sealed move,
// read as `arbiter resolve` reads it; when both are in, the table's resolver resolves the turn
// and both moves, their fates and the trace join the history.
#include <fmt/format.h>

#include <string>

#include "present/board/report_boards.hpp"
#include "present/board/svg_board.hpp"
#include "present/simultaneous/submission_text.hpp"
#include "present/simultaneous/trace_json.hpp"
#include "server/game_factory.hpp"
#include "server/sealed_game.hpp"

namespace arbiter::server {
namespace {

struct ResolvedTurn {
  int move_number = 0;  ///< the full-move number before the turn
  std::string fen_before;
  present::SideSubmission sides[2];
  SimTurnOutcome outcome;
  SimStatus status;  ///< after the turn
};

class SimultaneousGame final : public SealedGame<present::SideSubmission, ResolvedTurn> {
 public:
  explicit SimultaneousGame(VariantPtr v) : SealedGame(std::move(v)) {}

 private:
  present::SideSubmission seal(Color side, std::string_view text) const override {
    try {
      return present::read_side_submission(state_, side, std::string(text));
    } catch (const std::exception& e) {
      throw SubmissionError(submission_error_text(e));
    }
  }

  void resolve(present::SideSubmission white, present::SideSubmission black) override {
    SimTurnOutcome outcome = rules_->resolve_traced(state_, white.move, black.move);
    const SimState before = state_;
    state_ = outcome.after;
    status_ = rules_->status(state_);
    std::string written[2] = {white.written, black.written};
    add_turn(ResolvedTurn{before.pos.fullmove_number(),
                          to_sim_fen(before),
                          {std::move(white), std::move(black)},
                          std::move(outcome),
                          status_},
             before, std::move(written[kWhite]), std::move(written[kBlack]));
  }

  std::string record_line(const ResolvedTurn& t) const override {
    return fmt::format("{}. {} {}\n", t.move_number, record_word(t.sides[kWhite]),
                       record_word(t.sides[kBlack]));
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

  void write_turn(present::JsonWriter& w, const ResolvedTurn& t) const override {
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
    w.end_object();
  }

  /// The board before the turn with both moves, failed ones marked: the turn resolved again
  /// from the submissions as handed in (what the history keeps is text).
  present::SvgBoard board_of(const PlayedTurn& t) const override {
    const SimState before = parse_sim_fen(v_, t.fen_before);
    const present::SideSubmission white =
        present::read_side_submission(before, kWhite, t.written[kWhite]);
    const present::SideSubmission black =
        present::read_side_submission(before, kBlack, t.written[kBlack]);
    const SimTurnOutcome outcome = rules_->resolve_traced(before, white.move, black.move);
    return present::board_of_turn(before, white.move, black.move, outcome);
  }
};

}  // namespace

std::unique_ptr<Game> simultaneous_game(VariantPtr v) {
  return std::make_unique<SimultaneousGame>(std::move(v));
}

}  // namespace arbiter::server
