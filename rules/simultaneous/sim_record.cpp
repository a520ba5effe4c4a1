#include "rules/simultaneous/sim_record.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "rules/core/record_reader.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_conditional.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_progressive.hpp"
#include "rules/simultaneous/sim_move_text.hpp"
#include "rules/simultaneous/sim_rules.hpp"
#include "rules/simultaneous/submission_reason.hpp"

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

/// A word of one side waiting for its turn to be complete.
struct Written {
  const RecordToken* token = nullptr;
  Move move{};         ///< TurnSets::kOne: the submission read (null: a pass)
  std::string branch;  ///< TurnSets::kOne, a conditional: the branch chosen
};

class SimReplayer final : public RecordReader<DiplomacyReplayResult, ReplayNote> {
 public:
  SimReplayer(const VariantPtr& variant, const ReplayOptions& options, TurnSets sets)
      : RecordReader(variant, options), sets_(sets) {
    rules_ = sim_rules_for(variant);  // throws for a table without a built resolver
    traits_ = &variant->traits();
    if (sets_ != TurnSets::kOne && !traits_->move_sets)
      throw std::invalid_argument(fmt::format(
          "{} sets of moves are Diplomacy Chess's (rule text, \"Progressive\"): table '{}' has "
          "the {} resolver",
          to_string(sets_), variant->name(), to_string(variant->table().resolver)));
  }

  template <class Tokens>
  DiplomacyReplayResult run(Tokens&& record) {
    if (!read(std::forward<Tokens>(record))) return std::move(r_);
    if (!r_.error) close_turn(nullptr);
    r_.final_fen = to_sim_fen(*s_);
    r_.status = rules_->status(*s_);
    if (r_.status.over)
      check_stated_result(r_.status.result(),
                          fmt::format("{} ({})", describe_end(r_.status), r_.status.reason));
    return std::move(r_);
  }

 private:
  TurnSets sets_;
  const RulesTraits* traits_ = nullptr;
  std::unique_ptr<SimRules> rules_;
  std::optional<SimState> s_;
  /// The words of the turn being read: one per side (TurnSets::kOne), or each side's set.
  std::vector<Written> written_[2];
  Color side_ = kWhite;                 ///< whose words are being read
  const RecordToken* comma_ = nullptr;  ///< a comma that asks for another entry of the set
  int start_number_ = 1;                ///< the full-move number of the start position

  bool sets() const { return sets_ != TurnSets::kOne; }

  bool has_position() const override { return s_.has_value(); }
  void set_up(const std::string& fen) override { s_.emplace(parse_sim_fen(variant_, fen)); }
  std::string position_fen() const override { return to_sim_fen(*s_); }

  /// The number of the turn being read: the position's full-move number, or with sets (where
  /// a turn of several pairs moves it on by more than one) that of the start plus the turns.
  int turn_number() const { return sets() ? start_number_ + r_.turns : s_->pos.fullmove_number(); }

  void on_start() override { start_number_ = s_->pos.fullmove_number(); }

  /// A note belongs to the side whose text is read or comes next (White for a token between
  /// turns): one move per side, a turn is resolved at Black's move, so after White's it is
  /// Black's; with sets, the side whose set is being read.
  void place(ReplayNote& n) const override {
    n.ply = r_.turns + 1;
    n.move_number = turn_number();
    n.side = written_[kWhite].empty() ? kWhite : sets() ? side_ : kBlack;
  }

  /// "turn N has White's move only" at `at` (the token that ends the turn, or White's last
  /// word at the end of the record), placed as White's.
  bool incomplete(const RecordToken& at) {
    ReplayNote n =
        note(at, fmt::format("turn {} has White's {} only: write both {} of a turn, "
                             "\"N. white black\"",
                             turn_number(), sets() ? "set" : "move", sets() ? "sets" : "moves"));
    n.side = kWhite;
    return fail(std::move(n), "syntax");
  }

  /// The turn is over at `t` (a move number, a result, the next turn's first word; null at the
  /// end of the record): resolves it when both sides have written (sets: one move per side
  /// was resolved at Black's), or says what is missing.
  bool close_turn(const RecordToken* t) {
    if (comma_)
      return fail(*comma_, "syntax",
                  "',' joins the moves of a set, but no move follows it in this set");
    if (written_[kWhite].empty()) return true;
    if (written_[kBlack].empty()) return incomplete(t ? *t : *written_[kWhite].back().token);
    return sets() ? resolve_sets() : resolve_one();
  }

  /// Both sides move at once, so the number is checked where it stands.
  bool move_number(const RecordToken& t) override {
    if (!written_[kWhite].empty() && written_[kBlack].empty() && !comma_)
      return fail(t, "syntax",
                  "a move number between White's and Black's moves: a turn is written on "
                  "one numbered line, \"N. white black\"");
    if (!close_turn(&t)) return false;
    if (t.kind == RecordTokenKind::kEllipsis || t.dots > 1)
      return fail(t, "syntax",
                  "both sides move at once: a turn is \"N. white black\", never \"N...\"");
    RecordReader::move_number(t);
    check_move_number(turn_number(), false, "record");
    return true;
  }

  bool resign(const RecordToken& t) override {
    if (!written_[kBlack].empty() && !close_turn(&t)) return false;  // a set turn ends here
    return fail(t, "syntax",
                "'Resigns' does not say who resigned when both sides move at once: write "
                "the result (1-0, 0-1)");
  }

  bool result(const RecordToken& t) override {
    if (!written_[kWhite].empty() && written_[kBlack].empty()) return incomplete(t);
    return close_turn(&t) && accept_result(t);
  }

  bool comma(const RecordToken& t) override {
    if (!sets()) return true;  // "1. e4, e5": a comma between the moves says nothing
    if (written_[side_].empty() || comma_)
      return fail(t, "syntax",
                  "',' joins two moves of a set (\"Qh1, Rf6\"): write a move before it");
    comma_ = &t;
    return true;
  }

  /// Whose word `t` is, closing the turn before it when both sides have written; false on an
  /// error.
  bool take_turn_of(const RecordToken& t) {
    if (comma_) {
      comma_ = nullptr;  // the next entry of the same set
      return true;
    }
    if (written_[kWhite].empty()) {
      side_ = kWhite;
    } else if (side_ == kWhite) {
      side_ = kBlack;
    } else {
      if (!close_turn(&t)) return false;
      side_ = kWhite;
    }
    const SimStatus st = rules_->status(*s_);
    if (st.over)
      return fail(t, "game over",
                  fmt::format("the game is over: {} ({})", describe_end(st), st.result()));
    return true;
  }

  bool null_move(const RecordToken& t) override {
    if (sets() && comma_)
      return refuse_null_move(
          t, "a set holds moves; a side whose set is shorter passes in the remaining pairs");
    if (!take_turn_of(t)) return false;
    if (!traits_->passes)
      return refuse_null_move(t, "in Move-Neutral Chess both sides move every turn");
    if (options_.null_moves != NullMoves::kPass)
      return refuse_null_move(t,
                              "every turn both sides submit a move (docs/replay.md, Diplomacy "
                              "Chess; option --null-move=pass plays it as a pass)");
    written_[side_].push_back({&t, Move{}, {}});
    return sets() || side_ == kWhite || resolve_one();
  }

  bool move(const RecordToken& t) override {
    if (!take_turn_of(t)) return false;
    const Color side = side_;
    if (!written_[side].empty() && written_[side].front().token->kind == RecordTokenKind::kNullMove)
      return refuse_null_move(*written_[side].front().token,
                              "a pass is the whole set (\"--\"), never an entry of it");
    if (sets()) {  // read when the pair is played: the board may change before
      written_[side].push_back({&t, Move{}, {}});
      return true;
    }
    Written w{&t, Move{}, {}};
    SimMoveText d;
    std::string_view text = t.move;  // the move read: the conditional's branch for one
    try {
      MoveList subs;
      rules_->submissions(*s_, side, subs);
      if (looks_like_diplomacy_conditional(t.move)) {
        if (!traits_->conditional_submissions)
          throw NotationError(NotationErrorKind::kSyntax,
                              fmt::format("'{}' is a conditional move, which only Diplomacy "
                                          "Chess has (rule text, \"Conditional Moves\")",
                                          t.text));
        const DiplomacyConditional c = parse_diplomacy_conditional(*variant_, t.move);
        w.branch = chosen_branch(c, *s_, side, nullptr);
        text = w.branch;
      }
      w.move = read_sim_move(*s_, side, text, subs, &d);
    } catch (const NotationError& e) {
      std::string why = e.what();
      if (e.kind() == NotationErrorKind::kIllegal)
        why += ": " + why_not_submission(*s_, side, text);
      return fail(t, to_string(e.kind()),
                  w.branch.empty()
                      ? why
                      : fmt::format("the conditional move chose '{}': {}", w.branch, why));
    }
    if (!d.coordinates && d.capture_mark != sim_capture(*s_, side, w.move))
      warn(t, d.capture_mark ? "an 'x' but the destination square is empty: nothing to take"
                             : "a capture written without 'x'");
    written_[side].push_back(std::move(w));
    return side == kWhite || resolve_one();  // one move each: the turn is complete
  }

  DiplomacyTurnMove entry(const Written& w, Color side, std::string fate) const {
    DiplomacyTurnMove e;
    e.text = w.token->text;
    e.branch = w.branch;
    if (!w.move.is_null()) {
      MoveList subs;
      rules_->submissions(*s_, side, subs);
      e.san = sim_san(*s_, side, w.move, subs);
      e.uci = to_uci(view_for(*s_, side), w.move);
    }
    e.fate = std::move(fate);
    e.line = w.token->line;
    e.column = w.token->column;
    return e;
  }

  /// Appends the turn resolved from the position before it into `after`.
  void push_turn(DiplomacyTurn turn, SimState after) {
    turn.turn = r_.turns + 1;
    turn.move_number = turn_number();
    turn.fen_after = to_sim_fen(after);
    r_.moves.push_back(std::move(turn));
    ++r_.turns;
    s_ = std::move(after);
    written_[kWhite].clear();
    written_[kBlack].clear();
    side_ = kWhite;
  }

  bool resolve_one() {
    const Written& white = written_[kWhite].front();
    const Written& black = written_[kBlack].front();
    SimTurnOutcome res = rules_->resolve_traced(*s_, white.move, black.move);
    const auto fate = [&res](const Written& w, Color c) {
      return w.move.is_null() ? std::string("passed") : res.fates[c];
    };
    DiplomacyTurn turn;
    turn.white = entry(white, kWhite, fate(white, kWhite));
    turn.black = entry(black, kBlack, fate(black, kBlack));
    turn.trace = std::move(res.trace);
    push_turn(std::move(turn), std::move(res.after));
    return true;
  }

  /// A set as play_progressive reads it: the entries' texts ("--" alone: the empty set).
  MoveSet set_of(Color c) const {
    MoveSet set;
    for (const Written& w : written_[c])
      if (w.token->kind != RecordTokenKind::kNullMove)
        set.push_back(ProgressiveEntry::of(w.token->move));
    return set;
  }

  bool resolve_sets() {
    std::optional<ProgressiveResult> played;
    try {
      played.emplace(sets_ == TurnSets::kProgressive
                         ? play_progressive(*s_, set_of(kWhite), set_of(kBlack))
                         : play_simultaneously_progressive(*s_, set_of(kWhite), set_of(kBlack)));
    } catch (const ProgressiveError& e) {
      // At the entry it names (each side has written a word: its set, or "--" for none).
      const auto& set = written_[e.color()];
      const std::size_t i =
          std::clamp<std::size_t>(static_cast<std::size_t>(e.index()), 1, set.size()) - 1;
      ReplayNote n = note(*set[i].token, e.what());
      n.side = e.color();
      return fail(std::move(n), "bad set");
    }
    ProgressiveResult& res = *played;
    DiplomacyTurn turn;
    for (const ProgressiveMoveResult& m : res.moves) {
      // Each entry is read on the board of its pair, which play_progressive does not keep:
      // its SAN is there, its coordinates are not.
      DiplomacyTurnMove e = entry(written_[m.color][m.index - 1], m.color, to_string(m.outcome));
      e.branch = m.branch;
      e.san = m.canonical;
      e.reason = m.reason;
      e.pair = m.pair;
      (m.color == kWhite ? turn.white_set : turn.black_set).push_back(std::move(e));
      if (m.outcome != ProgressiveOutcome::kNotReached &&
          (turn.pairs.empty() || turn.pairs.back().pair != m.pair) && !m.trace.empty())
        turn.pairs.push_back({m.pair, m.trace});
    }
    push_turn(std::move(turn), std::move(res.final_state));
    return true;
  }
};

}  // namespace

std::string to_string(TurnSets s) {
  switch (s) {
    case TurnSets::kOne:
      return "one";
    case TurnSets::kProgressive:
      return "progressive";
    case TurnSets::kSimultaneouslyProgressive:
      return "simultaneously-progressive";
  }
  return "?";
}

bool turn_sets_from(std::string_view word, TurnSets& out) {
  for (TurnSets s : {TurnSets::kOne, TurnSets::kProgressive, TurnSets::kSimultaneouslyProgressive})
    if (word == to_string(s)) {
      out = s;
      return true;
    }
  return false;
}

DiplomacyReplayResult replay_diplomacy_record(const VariantPtr& variant, std::string_view record,
                                              const ReplayOptions& options, TurnSets sets) {
  return SimReplayer(variant, options, sets).run(record);
}

DiplomacyReplayResult replay_diplomacy_record(const VariantPtr& variant,
                                              std::vector<RecordToken> game,
                                              const ReplayOptions& options, TurnSets sets) {
  return SimReplayer(variant, options, sets).run(std::move(game));
}

}  // namespace arbiter
