// Diplomacy Chess with sets of moves under the monitor (rule text, "Progressive" and
// "Simultaneously Progressive"): each side hands in a sealed set, read as `arbiter resolve
// --sets` reads it; when both are in, play_progressive or play_simultaneously_progressive plays
// them and both sets, each entry's outcome and each pair's trace join the history. Sets the
// resolver refuses together (knob unequal-sets=refused) void the turn: both are revealed with
// the reason, the board stays and both sides submit again.
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <vector>

#include "present/board/svg_board.hpp"
#include "present/simultaneous/move_set_text.hpp"
#include "present/simultaneous/submission_text.hpp"
#include "present/simultaneous/trace_json.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_progressive.hpp"
#include "rules/simultaneous/sim_record.hpp"
#include "rules/simultaneous/sim_rules.hpp"
#include "server/game.hpp"
#include "server/game_factory.hpp"
#include "server/sealed_game.hpp"

namespace arbiter::server {
namespace {

struct SealedSet {
  std::string written;
  MoveSet set;
};

struct SetsTurn {
  int move_number = 0;  ///< the record's turn number
  std::string fen_before;
  std::string written[2];
  std::optional<ProgressiveResult> played;  ///< none: the turn is void
  std::string void_reason;                  ///< why the resolver refused the sets
};

/// "one" never reaches here; the other two modes by their play function.
ProgressiveResult play_sets(TurnSets mode, const SimState& s, const MoveSet& white,
                            const MoveSet& black) {
  return mode == TurnSets::kProgressive ? play_progressive(s, white, black)
                                        : play_simultaneously_progressive(s, white, black);
}

class SetsGame final : public SealedGame<SealedSet, SetsTurn> {
 public:
  SetsGame(VariantPtr v, TurnSets mode) : SealedGame(std::move(v)), mode_(mode) {
    first_number_ = state_.pos.fullmove_number();
  }

 private:
  SealedSet seal(Color side, std::string_view text) const override {
    SealedSet sealed{std::string(text), {}};
    try {
      sealed.set = present::parse_move_set(side_word(side), sealed.written);
    } catch (const std::invalid_argument& e) {
      throw SubmissionError(e.what());
    }
    check_alone(side, sealed.set);
    return sealed;
  }

  std::string record_options() const override { return " --sets " + to_string(mode_); }

  std::string record_line(const SetsTurn& t) const override {
    if (!t.played) return "";  // a void turn changed nothing: replay never sees it
    return fmt::format("{}. {} {}\n", t.move_number, record_word(t.written[kWhite]),
                       record_word(t.written[kBlack]));
  }

  /// What `arbiter resolve --sets` refuses before play and that depends on this set alone:
  /// each entry's shape, a first-pair entry that is no submission on this board, "n?" asking
  /// ahead, and (simultaneously) a piece moved twice. The set is played against a stand-in for
  /// the opponent's: the empty set, or under unequal-sets=refused (progressive) one of equal
  /// length that repeats one of the opponent's submissions on this board (later pairs skip or
  /// void it, never refuse). An error about the stand-in's side is not this set's.
  void check_alone(Color side, const MoveSet& set) const {
    MoveSet stand_in;
    if (mode_ == TurnSets::kProgressive &&
        v_->knobs().diplomacy.unequal_sets == UnequalSets::kRefused) {
      MoveList subs;
      rules_->submissions(state_, ~side, subs);
      if (!subs.empty()) stand_in.assign(set.size(), ProgressiveEntry::of(subs[0]));
    }
    try {
      (void)(side == kWhite ? play_sets(mode_, state_, set, stand_in)
                            : play_sets(mode_, state_, stand_in, set));
    } catch (const ProgressiveError& e) {
      if (e.color() == side) throw SubmissionError(fmt::format("bad set: {}", e.what()));
    }
  }

  void resolve(SealedSet white, SealedSet black) override {
    const SimState before = state_;
    SetsTurn t;
    t.move_number = first_number_ + played_turns_;
    t.fen_before = to_sim_fen(state_);
    t.written[kWhite] = std::move(white.written);
    t.written[kBlack] = std::move(black.written);
    try {
      t.played.emplace(play_sets(mode_, state_, white.set, black.set));
    } catch (const ProgressiveError& e) {
      // Only the pair of sets tells (unequal-sets=refused): the turn is void, nothing moves.
      t.void_reason = fmt::format("bad set: {}", e.what());
    }
    if (t.played) {
      state_ = t.played->final_state;
      status_ = rules_->status(state_);
      ++played_turns_;
    }
    add_turn(t, before, t.written[kWhite], t.written[kBlack]);
  }

  void restored() override {
    played_turns_ = static_cast<int>(std::count_if(
        history_.begin(), history_.end(), [](const PlayedTurn& t) { return !t.record.empty(); }));
  }

  /// A set in the record: its entries joined by ", " (one word per entry, so spaces may only
  /// follow commas), "--" for the empty set.
  static std::string record_word(const std::string& written) {
    const MoveSet set = present::parse_move_set("record", written);
    return set.empty() ? std::string("--") : present::move_set_text(set);
  }

  /// A turn as `arbiter resolve --sets --json` writes one ("moves": each side's entries,
  /// "pairs": each pair's trace), with "written" (both sets as handed in); a void turn has
  /// "void" (the reason) instead of the entries.
  void write_turn(present::JsonWriter& w, const SetsTurn& t) const override {
    w.begin_object().field("move_number", t.move_number).field("fen_before", t.fen_before);
    w.field("sets", to_string(mode_)).key("written").begin_object();
    w.field("white", t.written[kWhite]).field("black", t.written[kBlack]).end_object();
    if (!t.played) {
      w.field("void", t.void_reason).field("fen_after", t.fen_before);
      write_status(w, false, "", "");  // a void turn happens only while the game goes on
      w.end_object();
      return;
    }
    const ProgressiveResult& r = *t.played;
    present::write_progressive_fields(w, r);
    write_status(w, r.status.over, r.status.result(), r.status.reason);
    w.end_object();
  }

  /// The board after the turn (a void turn's: the board before it, unchanged).
  present::SvgBoard board_of(const PlayedTurn& t) const override {
    return present::SvgBoard{parse_sim_fen(v_, t.fen_after).pos};
  }

  TurnSets mode_;
  int first_number_ = 1;  ///< the start's full-move number: the record's first turn
  int played_turns_ = 0;  ///< turns resolved (void ones not counted)
};

}  // namespace

std::unique_ptr<Game> sets_game(VariantPtr v, TurnSets mode) {
  return std::make_unique<SetsGame>(std::move(v), mode);
}

}  // namespace arbiter::server
