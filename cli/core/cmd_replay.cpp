// `arbiter replay`: check a game record move by move and print where it ends.
#include <fmt/format.h>

#include <functional>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "cli/conditional/replay_conditional.hpp"
#include "cli/core/commands.hpp"
#include "cli/core/json_writer.hpp"
#include "cli/core/knob_options.hpp"
#include "cli/core/option_checks.hpp"
#include "cli/core/replay_io.hpp"
#include "cli/report/report_boards.hpp"
#include "cli/simultaneous/replay_diplomacy.hpp"
#include "rules/core/game_record.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/move_words.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_record.hpp"

namespace arbiter::cli {
namespace {

std::vector<std::string> letter_codes() {
  std::vector<std::string> codes;
  for (const PieceLetters& l : piece_letter_sets()) codes.emplace_back(l.code);
  return codes;
}

struct ReplayCliOptions {
  std::string variant = "orthodox";
  std::string fen;
  std::string file;
  bool json = false;
  std::vector<std::string> knobs;
  std::string svg;  ///< draw the final position here
  std::string null_move = "error";
  std::string letters;  ///< empty: English
  std::string sets = "one";
};

/// Orthodox and Conversion Chess records.
class SequentialReplay final : public GameReplay {
 public:
  SequentialReplay(VariantPtr v, const ReplayOptions& options)
      : v_(std::move(v)), options_(options) {}

  void replay(std::vector<RecordToken> game) override {
    r_ = replay_record(v_, std::move(game), options_);
  }

  int print_text() const override {
    if (!print_notes(r_.warnings, r_.error, note_location, "move")) return 1;
    print_final(r_.final_fen, "plies", r_.plies, r_.result, r_.resigned);
    std::cout << "termination " << to_string(r_.termination);
    if (r_.termination != Termination::kNone) {
      std::cout << " (" << (r_.final_side_to_move == kWhite ? "White" : "Black") << " is "
                << (r_.termination == Termination::kCheckmate ? "checkmated" : "stalemated") << ')';
    }
    std::cout << '\n';
    return 0;
  }

  void write_json(JsonWriter& w) const override {
    begin_replay_json(w, r_.valid(), "plies", r_.plies, r_.start_fen, r_.final_fen, r_.result);
    w.key("termination");
    if (r_.termination == Termination::kNone)
      w.null();
    else
      w.value(to_string(r_.termination));
    end_replay_json(w, r_.warnings, r_.error, "ply");
  }

  GameSummary summary() const override {
    return summary_of(r_, note_location, "plies", r_.plies, "move",
                      r_.termination == Termination::kNone ? "" : to_string(r_.termination));
  }

 private:
  VariantPtr v_;
  ReplayOptions options_;
  ReplayResult r_;
};

ReplayOptions replay_options(const ReplayCliOptions& o) {
  ReplayOptions options;
  if (!o.fen.empty()) options.fen = o.fen;
  options.null_moves = o.null_move == "pass" ? NullMoves::kPass : NullMoves::kError;
  if (!o.letters.empty()) options.letters = find_piece_letters(o.letters);
  return options;
}

int run_replay(const ReplayCliOptions& o) {
  const VariantPtr v = load_variant(o.variant, parse_knob_options(o.knobs));
  const ReplayOptions options = replay_options(o);
  TurnSets sets = TurnSets::kOne;
  turn_sets_from(o.sets, sets);
  const Protocol protocol = v->table().protocol;
  if (sets != TurnSets::kOne && protocol != Protocol::kSimultaneous)
    throw std::invalid_argument(fmt::format(
        "--sets {}: sets of moves are Diplomacy Chess's; table '{}' uses the {} protocol", o.sets,
        v->name(), to_string(protocol)));
  std::unique_ptr<GameReplay> replay;
  if (protocol == Protocol::kConditional)
    replay = conditional_replay(v, options);
  else if (protocol == Protocol::kSimultaneous)  // Diplomacy and Move-Neutral records
    replay = diplomacy_replay(v, options, sets);
  else
    replay = std::make_unique<SequentialReplay>(v, options);
  const std::string record = read_record(o.file);
  std::function<void(const std::string&)> draw;
  if (!o.svg.empty())
    draw = [&](const std::string& fen) { write_final_position_svg(v, fen, o.svg); };
  return replay_games(*replay, record, o.json, draw);
}

}  // namespace

void register_replay_command(CLI::App& app, int& status) {
  auto o = std::make_shared<ReplayCliOptions>();
  auto* cmd = app.add_subcommand(
      "replay",
      "Check a game record (PGN-like movetext), or each game of a PGN file, move by move and "
      "print where it ends");
  cmd->add_option("--variant,-v", o->variant, "Bundled table name or .toml path")
      ->capture_default_str();
  cmd->add_option("--fen", o->fen,
                  "Start position (default: the record's [FEN] tag, else the "
                  "table's setup)")
      ->check(fen_text(true));
  add_knob_option(cmd, o->knobs);
  cmd->add_flag("--json", o->json,
                "Print one JSON object (a file of many games: an array, one object per game)");
  cmd->add_option("--null-move", o->null_move,
                  "A null move ('--', 'Z0'): an error that names it, or a pass (sequential and "
                  "Diplomacy records; never in check)")
      ->check(CLI::IsMember({"error", "pass"}))
      ->capture_default_str();
  cmd->add_option("--letters", o->letters,
                  "The record's piece letters are those of this language (" + piece_letter_codes() +
                      "; default: English K Q R B N)")
      ->check(CLI::IsMember(letter_codes()));
  cmd->add_option("--sets", o->sets,
                  "Diplomacy Chess: each side writes a set of moves per turn, 'N. Qh1, Rf6 "
                  "Rf6', played progressive or simultaneously-progressive (default: one move)")
      ->check(CLI::IsMember({"one", "progressive", "simultaneously-progressive"}))
      ->capture_default_str();
  cmd->add_option("--svg", o->svg,
                  "Also draw the final position (after the last good move) into this SVG file (a "
                  "file of one game)");
  cmd->add_option("FILE", o->file,
                  "The game record, or a file of many games (PGN), or - for standard input")
      ->required();
  cmd->callback([o, &status] { status = run_replay(*o); });
}

}  // namespace arbiter::cli
