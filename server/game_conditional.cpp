// Conditional Chess under the monitor: the A/B/C turn machine of
// rules/conditional/conditional_game.hpp. The A-mover plays the A-move, then states the
// conditional move in the rule text's syntax ("cond?then/else", "!move"); the statement is
// shown to the opponent, who then plays the B-move; the C-move then executes by itself, unless
// a knob hands the choice of a replacement to a player, who then submits it.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

#include "present/board/report_boards.hpp"
#include "present/board/svg_board.hpp"
#include "rules/conditional/conditional_game.hpp"
#include "rules/conditional/conditional_move.hpp"
#include "rules/conditional/conditional_record.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "rules/core/record_tokens.hpp"
#include "server/game_factory.hpp"
#include "server/game_view.hpp"
#include "server/snapshot_reader.hpp"

namespace arbiter::server {
namespace {

struct ConditionalGamePly {
  Phase phase = Phase::kA;
  Color side = kWhite;  ///< who moved (phase C: the stater)
  std::string text;     ///< the record's word: SAN, or the C-move's conditional
  std::string outcome;  ///< phase C: "executed", "skipped", "replaced"
  std::string why;      ///< phase C, skipped or replaced: why
};

class ConditionalGame final : public Game {
 public:
  explicit ConditionalGame(VariantPtr v) : v_(v), state_(conditional_start(v)) {
    status_ = conditional_status(state_);
  }

  void submit(Color side, std::string_view text) override {
    if (status_.over())
      throw SubmissionError(
          fmt::format("the game is over: {} ({})", status_.result(), to_string(status_.end)));
    try {
      if (replacement_) {
        submit_replacement(side, text);
      } else if (state_.phase == Phase::kB && !state_.pending) {
        submit_statement(side, text);
      } else {
        submit_move(side, text);
      }
    } catch (const SubmissionError&) {
      throw;
    } catch (const std::exception& e) {
      throw SubmissionError(submission_error_text(e));
    }
    status_ = conditional_status(state_);
  }

  void write_view(present::JsonWriter& w, Viewer viewer) const override {
    w.field("protocol", "conditional").field("fen", to_conditional_fen(state_));
    w.field("turn", turn());
    w.field("phase", std::string(1, phase_letter(state_.phase)));
    write_status(w, status_.over(), status_.result(), to_string(status_.end));
    const Color due = due_side();
    const bool submitted[2] = {false, false};
    const bool waiting[2] = {!status_.over() && due == kWhite, !status_.over() && due == kBlack};
    write_sides(w, submitted, waiting);
    w.key("own_submission").null();
    w.key("stated");  // the rule text has the conditional move stated, so both sides see it
    if (state_.pending)
      w.value(to_string(*v_, *state_.pending));
    else
      w.null();
    w.field("awaiting", awaiting());
    write_legal(w, viewer && waiting[*viewer] ? legal() : std::vector<std::string>{});
    w.key("history").begin_array();
    for (int t = 1; t < turn(); ++t) write_history_entry(w, t);
    w.end_array();
    w.field("board", present::svg_board(present::board_of_fen(v_, to_conditional_fen(state_)),
                                        viewer.value_or(kWhite)));
  }

  std::string record() const override {
    std::string out = record_header(v_->name(), replay_options(*v_));
    for (std::size_t i = 0; i < plies_.size(); ++i) {
      if (i % 2 == 0) out += fmt::format("{}. ", i / 2 + 1);
      out += plies_[i].text + (i % 2 == 0 ? " " : "\n");
    }
    if (out.back() == ' ') out.back() = '\n';  // a move number's line with one ply
    return out + (status_.over() ? status_.result() : "*") + '\n';
  }

  int public_version() const override {
    return static_cast<int>(plies_.size()) * 2 + (state_.pending ? 1 : 0);
  }
  bool over() const override { return status_.over(); }
  int turn() const override { return static_cast<int>(plies_.size()) + 1; }
  // A whole turn's position: phase A, nothing stated (the same side to move with the same
  // choices; mid-turn positions are not compared with those).
  const Position* claim_position() const override {
    return state_.phase == Phase::kA && !state_.pending ? &state_.pos : nullptr;
  }

  /// Between turns only: phase A, nothing stated, no replacement awaited.
  std::optional<std::string> snapshot() const override {
    if (state_.phase != Phase::kA || state_.pending || replacement_) return std::nullopt;
    present::JsonWriter w;
    w.begin_object().field("fen", to_conditional_fen(state_)).key("plies").begin_array();
    for (const ConditionalGamePly& p : plies_)
      w.begin_object()
          .field("phase", std::string(1, phase_letter(p.phase)))
          .field("side", side_word(p.side))
          .field("text", p.text)
          .field("outcome", p.outcome)
          .field("why", p.why)
          .end_object();
    return w.end_array().end_object().str();
  }

  void restore(std::string_view snapshot) override {
    const SnapshotReader r(snapshot);
    state_ = parse_conditional_fen(v_, r.text("fen"));
    if (state_.phase != Phase::kA) throw std::runtime_error("snapshot: not between two turns");
    plies_.clear();
    for (const SnapshotReader& p : r.list("plies")) {
      const std::string phase = p.text("phase");
      plies_.push_back({phase == "A"   ? Phase::kA
                        : phase == "B" ? Phase::kB
                                       : Phase::kC,
                        p.text("side") == "white" ? kWhite : kBlack, p.text("text"),
                        p.text("outcome"), p.text("why")});
    }
    replacement_.reset();
    status_ = conditional_status(state_);
  }

  /// A ply's board is not kept (a C-move's entry is the conditional as stated, not a board).
  std::optional<std::string> turn_board(int turn, Color) const override {
    (void)plies_.at(static_cast<std::size_t>(turn - 1));  // std::out_of_range past the plies
    return std::nullopt;
  }

  std::array<bool, 2> waiting() const override {
    return {!status_.over() && due_side() == kWhite, !status_.over() && due_side() == kBlack};
  }

  void write_history_entry(present::JsonWriter& w, int turn) const override {
    const ConditionalGamePly& p = plies_.at(static_cast<std::size_t>(turn - 1));
    w.begin_object().field("phase", std::string(1, phase_letter(p.phase)));
    w.field("side", side_word(p.side)).field("text", p.text);
    if (!p.outcome.empty()) w.field("outcome", p.outcome).field("why", p.why);
    w.end_object();
  }

 private:
  /// Who must hand in the next submission.
  Color due_side() const {
    if (replacement_) return replacement_->chooser;
    if (state_.phase == Phase::kB && !state_.pending) return state_.stater();
    return state_.pos.side_to_move();
  }

  /// What the due side hands in next, in words for the page.
  std::string awaiting() const {
    if (status_.over()) return "nothing: the game is over";
    if (replacement_)
      return fmt::format("{} chooses the move {} makes in place of the C-move ({})",
                         side_name(replacement_->chooser), side_name(state_.pos.side_to_move()),
                         replacement_->reason);
    if (state_.phase == Phase::kA) return fmt::format("{}'s A-move", side_name(due_side()));
    if (!state_.pending)
      return fmt::format("{}'s conditional move (cond?then/else or !move)", side_name(due_side()));
    return fmt::format("{}'s B-move", side_name(due_side()));
  }

  std::vector<std::string> legal() const {
    std::vector<std::string> out;
    MoveList moves;
    if (state_.phase == Phase::kB && !state_.pending) {  // the moves a statement may name
      const Position view = stater_view(state_);
      generate_legal(view, moves);
      for (Move m : moves) {
        std::string statement = "!";  // an unconditional C-move, "!move"
        statement += to_san(view, m);
        out.push_back(std::move(statement));
      }
      return out;
    }
    if (replacement_)
      generate_legal(state_.pos, moves);
    else
      phase_moves(state_, moves);
    for (Move m : moves) out.push_back(to_san(state_.pos, m));
    return out;
  }

  void require_due(Color side, const char* what) const {
    if (side != due_side())
      throw SubmissionError(fmt::format("it is not {}'s turn: the game waits for {} ({})",
                                        side_name(side), awaiting(), what));
  }

  Move read_move(std::string_view text) const {
    return looks_like_uci(text) ? parse_uci(state_.pos, text) : parse_san(state_.pos, text);
  }

  void submit_move(Color side, std::string_view text) {
    require_due(side, state_.phase == Phase::kA ? "A-move" : "B-move");
    const Move m = read_move(text);
    const Phase phase = state_.phase;
    const std::string san = to_san(state_.pos, m);
    play(state_, m);
    plies_.push_back({phase, side, san, "", ""});
    if (phase == Phase::kB) run_c_move();
  }

  void submit_statement(Color side, std::string_view text) {
    require_due(side, "statement");
    ConditionalMove stated = parse_conditional(*v_, text);
    check_statement(stated);
    state(state_, std::move(stated));
  }

  /// parse_conditional checks the moves' shape only (the position they meet is not known until
  /// the B-move is played). Before a statement is stored, each move must also be a word the SAN
  /// reader reads (on the stater's board: a move illegal there may be legal after the B-move,
  /// so only a syntax error or a letter the table lacks refuses it), and the canonical text
  /// must stay one move word of the record that the replay reads back to the same statement;
  /// else a space or junk in it would be stored, shown to the opponent and break the record.
  void check_statement(const ConditionalMove& stated) const {
    const Position view = stater_view(state_);
    for (const std::string* move : {&stated.then_text, &stated.else_text}) {
      if (std::any_of(move->begin(), move->end(),
                      [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }))
        throw SubmissionError(fmt::format(
            "bad conditional move: the stated move '{}' is not one word: a move holds no space",
            *move));
      try {
        (void)parse_san(view, *move);
      } catch (const NotationError& e) {
        if (e.kind() == NotationErrorKind::kSyntax || e.kind() == NotationErrorKind::kUnknownPiece)
          // The reader's text quotes the move first: "'Nc3x': unknown promotion piece 'x'".
          throw SubmissionError(fmt::format("bad conditional move: the stated move {}", e.what()));
      }
    }
    const std::string canonical = to_string(*v_, stated);
    const std::vector<RecordToken> tokens = tokenize_record(canonical);
    if (tokens.size() != 1 || tokens.front().kind != RecordTokenKind::kMove ||
        tokens.front().text != canonical)
      throw SubmissionError(
          fmt::format("bad conditional move: '{}' would not be read back as one move of the record",
                      canonical));
    if (to_string(*v_, parse_conditional(*v_, canonical)) != canonical)
      throw SubmissionError(fmt::format(
          "bad conditional move: '{}' would not be read back as the move stated", canonical));
  }

  void submit_replacement(Color side, std::string_view text) {
    require_due(side, "replacement");
    const Move m = read_move(text);
    const std::string san = to_san(state_.pos, m);
    const Color stater = state_.pos.side_to_move();
    apply_c(state_, CStep{false, m});
    plies_.push_back({Phase::kC, stater, replacement_->statement + "=>" + san, "replaced",
                      replacement_->reason});
    replacement_.reset();
  }

  /// Phase C after the B-move: the stated move executes, is skipped, or waits for the player
  /// who chooses its replacement.
  void run_c_move() {
    if (state_.phase != Phase::kC || !state_.pending || conditional_status(state_).over()) return;
    ConditionalMove stated = *state_.pending;
    const CDecision d = decide_c(state_, stated);
    const Color stater = state_.pos.side_to_move();
    if (d.kind == CDecision::Kind::kReplace) {
      replacement_ = Replacement{d.chooser, to_string(*v_, stated), d.reason};
      return;
    }
    if (d.kind == CDecision::Kind::kExecute) {
      stated.marked = d.branch;
      apply_c(state_, CStep{false, d.move});
      plies_.push_back({Phase::kC, stater, to_string(*v_, stated, true), "executed", ""});
    } else {
      apply_c(state_, CStep{true, {}});
      plies_.push_back({Phase::kC, stater, to_string(*v_, stated), "skipped", d.reason});
    }
  }

  struct Replacement {
    Color chooser = kWhite;
    std::string statement;  ///< the conditional as stated (canonical)
    std::string reason;     ///< why it does not execute
  };

  VariantPtr v_;
  ConditionalState state_;
  ConditionalStatus status_;
  std::vector<ConditionalGamePly> plies_;
  std::optional<Replacement> replacement_;  ///< phase C waits for this choice
};

}  // namespace

std::unique_ptr<Game> conditional_game(VariantPtr v) {
  return std::make_unique<ConditionalGame>(std::move(v));
}

}  // namespace arbiter::server
