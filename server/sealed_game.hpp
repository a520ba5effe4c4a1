// What both games of sealed submissions share (game_simultaneous.cpp: one move a turn,
// game_sets.cpp: a set of moves a turn): the table's rules and state, each side's sealed
// submission until both are in, the history of turns, and from them the view, the record and
// the public version. A game says how it reads a submission, resolves a turn, and writes a turn
// into the record and the view.
#pragma once

#include <fmt/format.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/simultaneous/sim_rules.hpp"
#include "rules/simultaneous/simultaneous.hpp"
#include "server/game.hpp"
#include "server/game_factory.hpp"
#include "server/game_view.hpp"

namespace arbiter::server {

/// `Pending` holds a side's sealed submission, its text in `written`; `Turn` one entry of the
/// history.
template <class Pending, class Turn>
class SealedGame : public Game {
 public:
  void submit(Color side, std::string_view text) final {
    if (status_.over)
      throw SubmissionError(
          fmt::format("the game is over: {} ({})", status_.result(), status_.reason));
    pending_[side] = seal(side, text);
    if (!pending_[kWhite] || !pending_[kBlack]) return;
    Pending white = std::move(*pending_[kWhite]), black = std::move(*pending_[kBlack]);
    pending_[kWhite].reset();
    pending_[kBlack].reset();
    resolve(std::move(white), std::move(black));
  }

  void write_view(present::JsonWriter& w, Viewer viewer) const final {
    write_sealed_view(w, *v_, *rules_, state_, status_, pending_, history_, viewer,
                      [this](present::JsonWriter& out, const Turn& t) { write_turn(out, t); });
  }

  std::string record() const final {
    std::string out =
        record_header(v_->name(), replay_options(*v_) + " --null-move pass" + record_options());
    for (const Turn& t : history_) out += record_line(t);
    out += status_.over ? status_.result() : "*";
    return out + '\n';
  }

  int public_version() const final {
    return sealed_public_version(history_.size(), pending_[kWhite].has_value(),
                                 pending_[kBlack].has_value());
  }

  bool over() const final { return status_.over; }
  const Position* claim_position() const final { return &state_.pos; }
  std::array<bool, 2> waiting() const final {
    return {!status_.over && !pending_[kWhite], !status_.over && !pending_[kBlack]};
  }
  int turn() const final { return static_cast<int>(history_.size()) + 1; }
  void write_history_entry(present::JsonWriter& w, int turn) const final {
    write_turn(w, history_.at(static_cast<std::size_t>(turn - 1)));
  }

 protected:
  explicit SealedGame(VariantPtr v)
      : v_(std::move(v)), rules_(sim_rules_for(v_)), state_(sim_start(v_)) {
    status_ = rules_->status(state_);
  }

  /// `side`'s submission read and checked as far as it can be alone; SubmissionError when the
  /// rules refuse it (the sealed one, if any, stays).
  virtual Pending seal(Color side, std::string_view text) const = 0;
  /// Plays the turn of both sealed submissions into state_, status_ and history_.
  virtual void resolve(Pending white, Pending black) = 0;
  /// What `arbiter replay` needs besides the knobs and --null-move pass.
  virtual std::string record_options() const { return ""; }
  /// The turn's line of the record ("N. WHITE BLACK\n"), or none.
  virtual std::string record_line(const Turn& t) const = 0;
  /// One entry of the view's "history".
  virtual void write_turn(present::JsonWriter& w, const Turn& t) const = 0;

  VariantPtr v_;
  std::unique_ptr<SimRules> rules_;
  SimState state_;
  SimStatus status_;
  std::vector<Turn> history_;

 private:
  std::optional<Pending> pending_[2];
};

}  // namespace arbiter::server
