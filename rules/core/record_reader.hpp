// The one reader of game-record movetext that the replay of every protocol extends (sequential:
// game_record.cpp, conditional: conditional_record.cpp, simultaneous: diplomacy_record.cpp). It
// walks the tokens of tokenize_record and keeps what all records share: the tag section and its
// [FEN] tag, setting up the start position, move numbers, "Resigns", the result and the text
// that may not follow it, and the warnings and the error with their place in the record. The
// protocol says how to set up and describe its position and applies the moves.
#pragma once

#include <fmt/format.h>

#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/core/game_record.hpp"
#include "rules/core/move_words.hpp"
#include "rules/core/record_tokens.hpp"

namespace arbiter {

/// The result of a win by `winner`: "1-0" or "0-1".
std::string win_for(Color winner);

/// `Result` is the protocol's result (with `tags`, `warnings`, `error`, `result` and
/// `start_fen` as ReplayResult has them) and `Note` the type of its warnings and error (a
/// ReplayNote). A protocol derives from it, implements the hooks and calls read().
template <class Result, class Note>
class RecordReader {
 public:
  virtual ~RecordReader() = default;
  RecordReader(const RecordReader&) = delete;
  RecordReader& operator=(const RecordReader&) = delete;

 protected:
  RecordReader(VariantPtr variant, const ReplayOptions& options)
      : variant_(std::move(variant)), options_(options) {}

  // --- The protocol's hooks. ---

  virtual bool has_position() const = 0;
  /// Sets up the start position from a FEN: ReplayOptions::fen, the [FEN] tag or the table's
  /// setup. Throws for a bad FEN. For the [FEN] tag (from_fen_tag()), it may read a FEN that
  /// is wrong in a way the record's intent survives, and say so in fen_tag_warnings_.
  virtual void set_up(const std::string& fen) = 0;
  /// Once, when the start position is known (after the tag pairs).
  virtual void on_start() {}
  /// The FEN of the current position, for an error's `fen_before` and the start FEN.
  virtual std::string position_fen() const = 0;
  /// Fills in the place of a note in the game: ply, move number, side (only with a position).
  virtual void place(Note& n) const = 0;
  /// A move: applies it, or records the error and returns false.
  virtual bool move(const RecordToken& t) = 0;
  /// "Resigns": accept_resign(), or refuse it with fail().
  virtual bool resign(const RecordToken& t) = 0;
  /// A move number or a lone ellipsis. By default it waits for the next move, which checks it
  /// with check_move_number().
  virtual bool move_number(const RecordToken& t) {
    if (t.kind == RecordTokenKind::kEllipsis) {
      if (number_) number_second_ = true;
    } else {
      number_ = &t;
      number_second_ = t.dots == 0 ? std::nullopt : std::optional<bool>(t.dots > 1);
    }
    return true;
  }
  /// A result ("1-0", ...): accept_result() by default.
  virtual bool result(const RecordToken& t) { return accept_result(t); }
  /// A null move ("--", "Z0"): refused by default, named as what it is (refuse_null_move).
  virtual bool null_move(const RecordToken& t) {
    return refuse_null_move(t, "the rules have no pass");
  }
  /// A comma between words ("1. e4, e5"): nothing by default.
  virtual bool comma(const RecordToken&) { return true; }

  // --- What the reader gives the protocol. ---

  /// Reads the record, up to its first error. True when there is a position at the end (the
  /// one after the last good move); false only when the start position could not be set up.
  /// Throws what set_up throws for a bad ReplayOptions::fen.
  bool read(std::string_view record) { return read(tokenize_record(record)); }
  /// The same for a record already split into tokens (one game of RecordGames).
  bool read(std::vector<RecordToken> tokens) {
    if (options_.fen) set_up(*options_.fen);
    tokens_ = std::move(tokens);
    for (RecordToken& t : tokens_)
      if (!step(t)) break;
    if (!r_.error) ensure_position();
    return has_position();
  }

  /// A note at token `t`, placed in the game when there is a position.
  Note note(const RecordToken& t, std::string message) const {
    Note n;
    if (has_position()) place(n);
    n.text = t.text;
    n.message = std::move(message);
    n.line = t.line;
    n.column = t.column;
    return n;
  }

  void warn(const RecordToken& t, std::string message) {
    r_.warnings.push_back(note(t, std::move(message)));
  }

  /// Records the error; returns false to stop the replay.
  bool fail(const RecordToken& t, std::string reason, std::string message) {
    return fail(note(t, std::move(message)), std::move(reason));
  }
  bool fail(Note n, std::string reason) {
    n.reason = std::move(reason);
    if (has_position()) n.fen_before = position_fen();
    r_.error = std::move(n);
    return false;
  }

  /// A null move refused: error "null move", with `why` (the option --null-move=pass, where it
  /// applies, is the protocol's to mention).
  bool refuse_null_move(const RecordToken& t, std::string_view why) {
    return fail(t, "null move", fmt::format("'{}' is a null move (a pass): {}", t.text, why));
  }

  /// The warnings for the marks of a SAN as written (san_mark_problems), each placed at
  /// `before`: the note of the move before it was made.
  void warn_san_marks(const Note& before, const SanDetails& d, bool capture, bool check,
                      bool mate) {
    for (std::string& problem : san_mark_problems(d, capture, check, mate)) {
      Note n = before;
      n.message = std::move(problem);
      r_.warnings.push_back(std::move(n));
    }
  }

  /// Checks the move number waiting for this move, if any: its number against `expected`, and
  /// its dots ("12." or "12...") against whether the move fills the `second` half of it. `of`
  /// names what the number is compared with ("game", "record").
  void check_move_number(long expected, bool second, std::string_view of) {
    if (!number_) return;
    if (number_->number != expected || (number_second_ && *number_second_ != second))
      warn(*number_, fmt::format("move number '{}' does not match the {}: expected {}{}",
                                 number_->text, of, expected, second ? "..." : "."));
    number_ = nullptr;
  }

  /// "Resigns" by `side`: the other side wins, and only the result may follow.
  bool accept_resign(const RecordToken& t, Color side) {
    r_.resigned = side;
    resigned_ = side;
    r_.result = win_for(~side);
    result_token_ = &t;
    stage_ = Stage::kResigned;
    return true;
  }

  /// The stated result; nothing but comments may follow it.
  bool accept_result(const RecordToken& t) {
    if (stage_ == Stage::kResigned && t.result != *r_.result)
      warn(t, fmt::format("'{}' by {} means {}, but the record states {}", result_token_->text,
                          *resigned_ == kWhite ? "White" : "Black", *r_.result, t.result));
    r_.result = t.result;
    result_token_ = &t;
    stage_ = Stage::kAfterResult;
    return true;
  }

  /// For a game the rules have ended: warns at the stated result when it is not `by_rules`;
  /// `why` says how the game ended ("Black is checkmated").
  void check_stated_result(const std::string& by_rules, const std::string& why) {
    if (!r_.error && r_.result && result_token_ && *r_.result != by_rules)
      warn(*result_token_, fmt::format("the record says {} but {}, so the result is {}", *r_.result,
                                       why, by_rules));
  }

  /// True while set_up reads the record's [FEN] tag.
  bool from_fen_tag() const { return setting_up_tag_; }

  VariantPtr variant_;
  const ReplayOptions& options_;
  Result r_;
  /// What set_up forgave in the [FEN] tag: warnings placed at the tag.
  std::vector<std::string> fen_tag_warnings_;

 private:
  enum class Stage { kTags, kMoves, kResigned, kAfterResult };

  std::vector<RecordToken> tokens_;
  const RecordToken* fen_tag_ = nullptr;
  const RecordToken* number_ = nullptr;        ///< a move number waiting for its move
  std::optional<bool> number_second_;          ///< whether its dots stand for the second half-move
  const RecordToken* result_token_ = nullptr;  ///< the result, or "Resigns"
  std::optional<Color> resigned_;
  Stage stage_ = Stage::kTags;
  bool setting_up_tag_ = false;

  /// Sets up the start position once the tag pairs are over.
  bool ensure_position() {
    if (!has_position()) {
      const std::string fen = fen_tag_ ? fen_tag_->tag_value : variant_->table().setup_fen;
      try {
        setting_up_tag_ = fen_tag_ != nullptr;
        set_up(fen);
        setting_up_tag_ = false;
      } catch (const std::exception& e) {
        setting_up_tag_ = false;
        if (!fen_tag_) throw;
        return fail(*fen_tag_, "bad FEN", e.what());
      }
      for (std::string& w : fen_tag_warnings_) warn(*fen_tag_, std::move(w));
      fen_tag_warnings_.clear();
    }
    if (r_.start_fen.empty()) {
      r_.start_fen = position_fen();
      on_start();
    }
    return true;
  }

  void tag(const RecordToken& t) {
    r_.tags.emplace_back(t.tag_name, t.tag_value);
    if (t.tag_name != "FEN") return;
    if (options_.fen)
      warn(t, "ignored: the start position is given separately (--fen)");
    else if (fen_tag_)
      warn(t, "a second [FEN] tag: this one replaces the first");
    if (!options_.fen) fen_tag_ = &t;
  }

  bool step(RecordToken& t) {
    using K = RecordTokenKind;
    if (t.kind == K::kComment) return true;
    if (t.kind == K::kComma) return comma(t);
    if (t.kind == K::kTag && stage_ == Stage::kTags) {
      tag(t);
      return true;
    }
    if (!ensure_position()) return false;
    if (t.kind == K::kError) return fail(t, "syntax", t.message);
    if (t.kind == K::kTag)
      return fail(t, "syntax", "a tag pair after the moves: tag pairs come before the movetext");
    if (stage_ == Stage::kTags) stage_ = Stage::kMoves;
    if (stage_ == Stage::kAfterResult)
      return fail(
          t, "syntax",
          fmt::format("text after the result '{}': a record holds one game", result_token_->text));
    if (stage_ == Stage::kResigned && t.kind != K::kResult && t.kind != K::kAnnotation &&
        t.kind != K::kNag)
      return fail(t, "syntax", "text after 'Resigns': only the result may follow");
    switch (t.kind) {
      case K::kMoveNumber:
      case K::kEllipsis:
        return move_number(t);
      case K::kResign:
        return resign(t);
      case K::kResult:
        return result(t);
      case K::kMove:
        try {
          t.move = plain_move_word(t.text, options_.letters);
        } catch (const NotationError& e) {
          return fail(t, to_string(e.kind()), e.what());
        }
        return move(t);
      case K::kNullMove:
        return null_move(t);
      default:
        return true;  // annotations, NAGs and variations
    }
  }
};

}  // namespace arbiter
