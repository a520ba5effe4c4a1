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

#include "present/board/svg_board.hpp"
#include "rules/simultaneous/sim_rules.hpp"
#include "rules/simultaneous/simultaneous.hpp"
#include "server/game.hpp"
#include "server/game_factory.hpp"
#include "server/game_view.hpp"
#include "server/snapshot_reader.hpp"

namespace arbiter::server {

/// A resolved turn as the game keeps it: rendered once, when it was resolved (the view's
/// history entry and the record's line), with what its board is drawn from on demand.
struct PlayedTurn {
  std::string entry;       ///< the view's "history" entry, JSON
  std::string record;      ///< the record's line ("" for none: a void turn)
  std::string fen_before;  ///< the simultaneous FEN before the turn
  std::string fen_after;   ///< and after it
  std::string written[2];  ///< each side's submission as handed in
};

/// `Pending` holds a side's sealed submission, its text in `written`; `Turn` one entry of the
/// history as the game resolved it (rendered into a PlayedTurn at once).
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
                      [](present::JsonWriter& out, const PlayedTurn& t) { out.raw(t.entry); });
  }

  std::string record() const final {
    std::string out =
        record_header(v_->name(), replay_options(*v_) + " --null-move pass" + record_options());
    for (const PlayedTurn& t : history_) out += t.record;
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
    w.raw(history_.at(static_cast<std::size_t>(turn - 1)).entry);
  }
  std::optional<std::string> turn_board(int turn, Color bottom) const final {
    return present::svg_board(board_of(history_.at(static_cast<std::size_t>(turn - 1))), bottom);
  }

  /// Between turns (no sealed submission): the position and every turn as rendered.
  std::optional<std::string> snapshot() const final {
    if (pending_[kWhite] || pending_[kBlack]) return std::nullopt;
    present::JsonWriter w;
    w.begin_object().field("fen", to_sim_fen(state_)).key("turns").begin_array();
    for (const PlayedTurn& t : history_) {
      w.begin_object().field("entry", t.entry).field("record", t.record);
      w.field("before", t.fen_before).field("after", t.fen_after);
      w.field("white", t.written[kWhite]).field("black", t.written[kBlack]).end_object();
    }
    return w.end_array().end_object().str();
  }

  void restore(std::string_view snapshot) final {
    const SnapshotReader r(snapshot);
    state_ = parse_sim_fen(v_, r.text("fen"));
    status_ = rules_->status(state_);
    history_.clear();
    for (const SnapshotReader& t : r.list("turns"))
      history_.push_back({t.text("entry"),
                          t.text("record"),
                          t.text("before"),
                          t.text("after"),
                          {t.text("white"), t.text("black")}});
    restored();
  }

 protected:
  explicit SealedGame(VariantPtr v)
      : v_(std::move(v)), rules_(sim_rules_for(v_)), state_(sim_start(v_)) {
    status_ = rules_->status(state_);
  }

  /// `side`'s submission read and checked as far as it can be alone; SubmissionError when the
  /// rules refuse it (the sealed one, if any, stays).
  virtual Pending seal(Color side, std::string_view text) const = 0;
  /// Plays the turn of both sealed submissions into state_ and status_, and adds it (add_turn).
  virtual void resolve(Pending white, Pending black) = 0;
  /// What `arbiter replay` needs besides the knobs and --null-move pass.
  virtual std::string record_options() const { return ""; }
  /// The turn's line of the record ("N. WHITE BLACK\n"), or none.
  virtual std::string record_line(const Turn& t) const = 0;
  /// One entry of the view's "history" (text: no board).
  virtual void write_turn(present::JsonWriter& w, const Turn& t) const = 0;
  /// The board of a resolved turn, drawn on demand (Game::turn_board).
  virtual present::SvgBoard board_of(const PlayedTurn& t) const = 0;
  /// Called once a snapshot has been restored into state_, status_ and history_.
  virtual void restored() {}

  /// Adds resolved turn `t` to the history, rendered; `before`: the state before it.
  void add_turn(const Turn& t, const SimState& before, std::string white, std::string black) {
    present::JsonWriter w;
    write_turn(w, t);
    history_.push_back({w.str(),
                        record_line(t),
                        to_sim_fen(before),
                        to_sim_fen(state_),
                        {std::move(white), std::move(black)}});
  }

  VariantPtr v_;
  std::unique_ptr<SimRules> rules_;
  SimState state_;
  SimStatus status_;
  std::vector<PlayedTurn> history_;

 private:
  std::optional<Pending> pending_[2];
};

}  // namespace arbiter::server
