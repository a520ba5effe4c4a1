#include "rules/core/game_record.hpp"

#include <fmt/format.h>

#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "rules/core/record_reader.hpp"

namespace arbiter {
namespace {

class Replayer final : public RecordReader<ReplayResult, ReplayNote> {
 public:
  Replayer(const VariantPtr& variant, const ReplayOptions& options)
      : RecordReader(variant, options) {
    require_module(*variant, RulesKind::kSequential, "replay");
  }

  template <class Tokens>
  ReplayResult run(Tokens&& record) {
    if (!read(std::forward<Tokens>(record))) return std::move(r_);
    r_.final_fen = to_fen(*pos_);
    r_.final_side_to_move = pos_->side_to_move();
    if (legal_count() == 0)
      r_.termination = pos_->in_check() ? Termination::kCheckmate : Termination::kStalemate;
    if (r_.termination != Termination::kNone)
      check_stated_result(
          result_by_rules(*pos_),
          fmt::format("{} is {}", side_name(pos_->side_to_move()),
                      r_.termination == Termination::kCheckmate ? "checkmated" : "stalemated"));
    return std::move(r_);
  }

 private:
  std::optional<Position> pos_;
  int legal_count_ = -1;  ///< legal moves in *pos_, -1 before they are counted

  int legal_count() {
    if (legal_count_ < 0) {
      MoveList moves;
      generate_legal(*pos_, moves);
      legal_count_ = moves.size();
    }
    return legal_count_;
  }

  bool has_position() const override { return pos_.has_value(); }
  void set_up(const std::string& fen) override {
    try {
      pos_.emplace(parse_fen(variant_, fen));
    } catch (const FenError& e) {
      if (!from_fen_tag()) throw;
      // lichess writes castling rights that the position cannot have (a king or rook moved);
      // none of them can be used, so the game reads the same without them.
      const std::string possible = possible_castling(fen);
      if (possible.empty()) throw;
      pos_.emplace(parse_fen(variant_, possible));
      fen_tag_warnings_.push_back(
          fmt::format("{}: read without the castling rights the position cannot have ('{}')",
                      e.what(), possible));
    }
  }

  /// `fen` with only the castling rights its position can have, or empty when that is not the
  /// fault or not the only one: each right is kept when parse_fen takes it alone.
  std::string possible_castling(const std::string& fen) const {
    std::vector<FenField> fields = split_fen_fields(fen, kFenWhitespace);
    if (fields.size() < 3 || fields[2].text == "-") return {};
    std::string kept;
    const auto with_rights = [&](std::string_view rights) {
      std::string out;
      for (std::size_t i = 0; i < fields.size(); ++i)
        out += fmt::format("{}{}", i == 0 ? "" : " ", i == 2 ? rights : fields[i].text);
      return out;
    };
    for (const char right : fields[2].text) {
      try {
        parse_fen(variant_, with_rights(std::string_view(&right, 1)));
        kept += right;
      } catch (const FenError&) {
      }
    }
    if (kept.size() == fields[2].text.size()) return {};
    const std::string repaired = with_rights(kept.empty() ? "-" : kept);
    try {
      parse_fen(variant_, repaired);
    } catch (const FenError&) {
      return {};
    }
    return repaired;
  }
  std::string position_fen() const override { return to_fen(*pos_); }

  void place(ReplayNote& n) const override {
    n.ply = r_.plies + 1;
    n.move_number = pos_->fullmove_number();
    n.side = pos_->side_to_move();
  }

  bool resign(const RecordToken& t) override { return accept_resign(t, pos_->side_to_move()); }

  /// Checks the move number waiting for a half-move; false (with the error) when the game is
  /// over.
  bool half_move_due(const RecordToken& t) {
    const Color us = pos_->side_to_move();
    check_move_number(pos_->fullmove_number(), us == kBlack, "game");
    if (legal_count() == 0)
      return fail(t, "illegal",
                  fmt::format("the game is over: {} is {}", side_name(us),
                              pos_->in_check() ? "checkmated" : "stalemated"));
    return true;
  }

  /// "--" or "Z0": with NullMoves::kPass the side to move passes (not in check: a pass would
  /// leave its king attacked); the en-passant right lapses and the clocks run as for a move.
  bool null_move(const RecordToken& t) override {
    if (options_.null_moves != NullMoves::kPass)
      return refuse_null_move(t,
                              "the rules have no pass (option --null-move=pass plays it as one)");
    if (!half_move_due(t)) return false;
    const Color us = pos_->side_to_move();
    if (pos_->in_check())
      return refuse_null_move(
          t, fmt::format("{} is in check, and a pass would leave its {} attacked", side_name(us),
                         variant_->piece(variant_->royal()).name));
    pos_->set_side_to_move(~us);
    pos_->set_en_passant(kNoSquare);
    pos_->set_clocks(pos_->halfmove_clock() + 1, pos_->fullmove_number() + (us == kBlack));
    legal_count_ = -1;
    ++r_.plies;
    r_.san.push_back("--");
    return true;
  }

  bool move(const RecordToken& t) override {
    if (!half_move_due(t)) return false;
    SanDetails d;
    Move m{};
    try {
      m = parse_san(*pos_, t.move, &d);
    } catch (const NotationError& e) {
      return fail(t, to_string(e.kind()), notation_reason(e, t.move, *variant_));
    }
    const bool capture = is_capture(*pos_, m);
    const std::string san = to_san(*pos_, m);
    const ReplayNote before = note(t, "");
    Undo undo;
    pos_->make(m, undo);
    legal_count_ = -1;
    const bool check = pos_->in_check();
    warn_san_marks(before, d, capture, check, check && legal_count() == 0);
    ++r_.plies;
    r_.san.push_back(san);
    return true;
  }
};

}  // namespace

std::string to_string(Termination t) {
  switch (t) {
    case Termination::kNone:
      return "none";
    case Termination::kCheckmate:
      return "checkmate";
    case Termination::kStalemate:
      return "stalemate";
  }
  return "?";
}

std::string notation_reason(const NotationError& e, const std::string& text, const Variant& v) {
  const std::string message = e.what();
  if (e.kind() == NotationErrorKind::kUnknownPiece && message.size() >= 3 &&
      message.back() == '\'') {
    std::string letters;
    for (int t = 0; t < v.piece_count(); ++t)
      letters += fmt::format("{}{}", letters.empty() ? "" : " ",
                             v.piece(static_cast<PieceType>(t)).letter);
    return fmt::format("{}'{}' is not a piece letter of table '{}' (its letters: {})",
                       message.find("promotion") != std::string::npos ? "promotion to " : "",
                       message[message.size() - 2], v.name(), letters);
  }
  const std::string quoted = "'" + text + "'";
  if (message.compare(0, quoted.size(), quoted) != 0) return message;
  const std::string_view rest = std::string_view(message).substr(quoted.size());
  for (const std::string_view prefix : {" is illegal: ", " is ambiguous: ", ": "})
    if (rest.substr(0, prefix.size()) == prefix) return std::string(rest.substr(prefix.size()));
  if (rest.substr(0, 4) == " is ") return std::string(rest.substr(4));
  return message;
}

std::vector<std::string> san_mark_problems(const SanDetails& d, bool capture, bool check,
                                           bool mate) {
  std::vector<std::string> problems;
  if (d.capture_mark && !capture) problems.push_back("'x' written, but the move captures nothing");
  if (!d.capture_mark && capture && !d.coordinate)
    problems.push_back("the move captures: 'x' missing");
  if (d.check_mark == '#' && !check) problems.push_back("'#' written, but the move gives no check");
  if (d.check_mark == '#' && check && !mate)
    problems.push_back("'#' written, but the move gives check, not mate ('+')");
  if (d.check_mark == '+' && !check) problems.push_back("'+' written, but the move gives no check");
  if (d.check_mark == '+' && mate && !d.double_plus)
    problems.push_back("the move mates: '#', not '+'");
  if (d.check_mark == 0 && mate && !d.coordinate) problems.push_back("the move mates: '#' missing");
  if (d.check_mark == 0 && check && !mate && !d.coordinate)
    problems.push_back("the move gives check: '+' missing");
  return problems;
}

std::string note_location(const ReplayNote& note) {
  if (!note.side) return fmt::format("line {} '{}'", note.line, note.text);
  return fmt::format("move {} ({}) '{}'", note.move_number, side_name(*note.side), note.text);
}

std::string result_by_rules(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  if (!moves.empty()) return {};
  const EndRules& end = pos.variant().table().end;
  const Color stuck = pos.side_to_move();
  switch (pos.in_check() ? end.checkmate : end.stalemate) {
    case Outcome::kLoss:
      return win_for(~stuck);
    case Outcome::kWin:
      return win_for(stuck);
    case Outcome::kDraw:
      return "1/2-1/2";
  }
  return "*";
}

ReplayResult replay_record(const VariantPtr& variant, std::string_view record,
                           const ReplayOptions& options) {
  return Replayer(variant, options).run(record);
}

ReplayResult replay_record(const VariantPtr& variant, std::vector<RecordToken> game,
                           const ReplayOptions& options) {
  return Replayer(variant, options).run(std::move(game));
}

}  // namespace arbiter
