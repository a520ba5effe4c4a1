// Orthodox chess and Conversion Chess under the monitor: ordinary alternating play, each move
// read as `arbiter moves --play` and `replay` read it (SAN, or coordinates), the game over at
// checkmate or stalemate as the table's [end] rules score them.
#include <fmt/format.h>

#include <optional>
#include <utility>
#include <vector>

#include "present/board/report_boards.hpp"
#include "present/board/svg_board.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/game_record.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "server/game_factory.hpp"
#include "server/game_view.hpp"
#include "server/snapshot_reader.hpp"

namespace arbiter::server {
namespace {

struct SequentialPly {
  Color side = kWhite;
  int move_number = 0;
  std::string san;
  std::string uci;
};

class SequentialGame final : public Game {
 public:
  explicit SequentialGame(VariantPtr v) : v_(v), pos_(parse_fen(v, v->table().setup_fen)) {
    update_status();
  }

  void submit(Color side, std::string_view text) override {
    if (!result_.empty())
      throw SubmissionError(fmt::format("the game is over: {} ({})", result_, reason_));
    if (side != pos_.side_to_move())
      throw SubmissionError(fmt::format("it is {}'s move, not {}'s", side_name(pos_.side_to_move()),
                                        side_name(side)));
    Move m;
    try {
      m = looks_like_uci(text) ? parse_uci(pos_, text) : parse_san(pos_, text);
    } catch (const std::exception& e) {
      throw SubmissionError(submission_error_text(e));
    }
    plies_.push_back({side, pos_.fullmove_number(), to_san(pos_, m), to_uci(pos_, m)});
    arrow_ = {m.from(), m.to()};
    Undo undo;
    pos_.make(m, undo);
    update_status();
  }

  void write_view(present::JsonWriter& w, Viewer viewer) const override {
    w.field("protocol", "sequential").field("fen", to_fen(pos_));
    w.field("turn", turn());
    write_status(w, !result_.empty(), result_, reason_);
    const bool submitted[2] = {false, false};
    const bool waiting[2] = {result_.empty() && pos_.side_to_move() == kWhite,
                             result_.empty() && pos_.side_to_move() == kBlack};
    write_sides(w, submitted, waiting);
    w.key("own_submission").null();
    std::vector<std::string> legal;
    if (viewer && waiting[*viewer]) {
      MoveList moves;
      generate_legal(pos_, moves);
      for (Move m : moves) legal.push_back(to_san(pos_, m));
    }
    write_legal(w, legal);
    w.key("history").begin_array();
    for (int t = 1; t < turn(); ++t) write_history_entry(w, t);
    w.end_array();
    present::SvgBoard board = present::board_of_fen(v_, to_fen(pos_));
    if (arrow_) board.arrows.push_back({arrow_->first, arrow_->second, ~pos_.side_to_move()});
    w.field("board", present::svg_board(board, viewer.value_or(kWhite)));
  }

  std::string record() const override {
    std::string out = record_header(v_->name(), replay_options(*v_));
    for (const SequentialPly& p : plies_) {
      if (p.side == kWhite) out += fmt::format("{}. ", p.move_number);
      out += p.san + (p.side == kWhite ? " " : "\n");
    }
    if (out.back() == ' ') out.back() = '\n';  // a move number's line with one ply
    return out + (result_.empty() ? "*" : result_) + '\n';
  }

  int public_version() const override { return static_cast<int>(plies_.size()); }
  bool over() const override { return !result_.empty(); }
  int turn() const override { return static_cast<int>(plies_.size()) + 1; }
  const Position* claim_position() const override { return &pos_; }
  std::array<bool, 2> waiting() const override {
    return {result_.empty() && pos_.side_to_move() == kWhite,
            result_.empty() && pos_.side_to_move() == kBlack};
  }

  std::optional<std::string> snapshot() const override {
    present::JsonWriter w;
    w.begin_object().field("fen", to_fen(pos_)).key("plies").begin_array();
    for (const SequentialPly& p : plies_)
      w.begin_object()
          .field("side", side_word(p.side))
          .field("number", p.move_number)
          .field("san", p.san)
          .field("uci", p.uci)
          .end_object();
    w.end_array();
    if (arrow_)
      w.field("from", static_cast<int>(arrow_->first))
          .field("to", static_cast<int>(arrow_->second));
    return w.end_object().str();
  }

  void restore(std::string_view snapshot) override {
    const SnapshotReader r(snapshot);
    pos_ = parse_fen(v_, r.text("fen"));
    plies_.clear();
    for (const SnapshotReader& p : r.list("plies"))
      plies_.push_back({p.text("side") == "white" ? kWhite : kBlack,
                        static_cast<int>(p.number("number")), p.text("san"), p.text("uci")});
    arrow_.reset();
    if (r.has("from"))
      arrow_ = {static_cast<Square>(r.number("from")), static_cast<Square>(r.number("to"))};
    update_status();
  }

  /// The board after ply `turn`, its move drawn as an arrow: the plies played again from the
  /// setup (by their coordinates: each was legal when it was played).
  std::optional<std::string> turn_board(int turn, Color bottom) const override {
    (void)plies_.at(static_cast<std::size_t>(turn - 1));  // std::out_of_range past the plies
    Position pos = parse_fen(v_, v_->table().setup_fen);
    Move m{};
    for (int i = 0; i < turn; ++i) {
      m = parse_uci(pos, plies_[static_cast<std::size_t>(i)].uci);
      Undo undo;
      pos.make(m, undo);
    }
    present::SvgBoard board = present::board_of_fen(v_, to_fen(pos));
    board.arrows.push_back({m.from(), m.to(), plies_[static_cast<std::size_t>(turn - 1)].side});
    return present::svg_board(board, bottom);
  }

  void write_history_entry(present::JsonWriter& w, int turn) const override {
    const SequentialPly& p = plies_.at(static_cast<std::size_t>(turn - 1));
    w.begin_object()
        .field("move_number", p.move_number)
        .field("side", side_word(p.side))
        .field("san", p.san)
        .field("uci", p.uci)
        .end_object();
  }

 private:
  void update_status() {
    result_ = result_by_rules(pos_);
    reason_ = result_.empty() ? "" : is_checkmate(pos_) ? "checkmate" : "stalemate";
  }

  VariantPtr v_;
  Position pos_;
  std::string result_, reason_;  ///< empty while the game goes on
  std::vector<SequentialPly> plies_;
  /// The last move's squares (drawn as an arrow), once a move was made.
  std::optional<std::pair<Square, Square>> arrow_;
};

}  // namespace

std::unique_ptr<Game> sequential_game(VariantPtr v) {
  return std::make_unique<SequentialGame>(std::move(v));
}

}  // namespace arbiter::server
