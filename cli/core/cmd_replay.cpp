// `arbiter replay`: check a game record move by move and print where it ends.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <stdexcept>

#include "cli/core/commands.hpp"
#include "cli/core/knob_options.hpp"
#include "cli/core/option_checks.hpp"
#include "cli/core/replay_io.hpp"
#include "cli/core/replay_readings.hpp"
#include "cli/registry/cli_modules.hpp"
#include "present/board/report_boards.hpp"
#include "present/core/json_writer.hpp"
#include "rules/core/game_record.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/move_words.hpp"
#include "rules/core/record_variant.hpp"
#include "rules/core/table_loader.hpp"
#include "rules/simultaneous/sim_record.hpp"

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
  bool variant_given = false;  ///< -v was given: it wins over a [Variant] tag
  bool json = false;
  bool jsonl = false;
  std::vector<std::string> knobs;
  std::string svg;  ///< draw the final position here
  std::string null_move = "error";
  std::string letters;  ///< empty: English
  std::string sets = "one";
  bool readings = false;  ///< replay under every knob alternative (replay_readings.hpp)
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

}  // namespace

std::unique_ptr<GameReplay> sequential_replay(const VariantPtr& v, const ReplayOptions& options,
                                              TurnSets) {
  return std::make_unique<SequentialReplay>(v, options);
}

namespace {

ReplayOptions replay_options(const ReplayCliOptions& o) {
  ReplayOptions options;
  if (!o.fen.empty()) options.fen = o.fen;
  options.null_moves = o.null_move == "pass" ? NullMoves::kPass : NullMoves::kError;
  if (!o.letters.empty()) options.letters = find_piece_letters(o.letters);
  return options;
}

/// The replay of each game of a file: the table of -v, else the one the game's [Variant] tag
/// names, else orthodox; each table is compiled once for the whole file.
class ReplayChooser {
 public:
  explicit ReplayChooser(const ReplayCliOptions& o)
      : o_(o), options_(replay_options(o)), knobs_(parse_knob_options(o.knobs)) {
    turn_sets_from(o.sets, sets_);
  }

  GameReplay& operator()(const std::vector<RecordToken>& game, std::vector<std::string>& warnings) {
    const RecordToken* tag = nullptr;
    for (const RecordToken& t : game)
      if (t.kind == RecordTokenKind::kTag && t.tag_name == "Variant" &&
          t.tag_value.find_first_not_of(" \t") != std::string::npos)
        tag = &t;
    if (!tag) return replay_of(o_.variant);
    const std::optional<std::string> named = table_of_variant_tag(tag->tag_value);
    if (!o_.variant_given) {
      if (named) return replay_of(*named);
      refused_ = std::make_unique<RefusedGame>(
          "unknown variant",
          fmt::format("[Variant \"{}\"] names no bundled table (they are {}; \"Standard\" "
                      "means orthodox): give -v TABLE to replay the game with one",
                      tag->tag_value, fmt::join(bundled_table_names(), ", ")),
          "Variant");
      return *refused_;
    }
    GameReplay& replay = replay_of(o_.variant);
    if (!named)
      warnings.push_back(fmt::format(
          "[Variant \"{}\"] names no bundled table; replayed with -v {}, which was given",
          tag->tag_value, o_.variant));
    else if (*named != variant_->name())
      warnings.push_back(
          fmt::format("[Variant \"{}\"] names table '{}', but -v {} was given: replayed with '{}'",
                      tag->tag_value, *named, o_.variant, variant_->name()));
    return replay;
  }

  /// The table of the last game chosen.
  const VariantPtr& variant() const { return variant_; }

  /// The replay with `table` (compiled the first time).
  GameReplay& replay_of(const std::string& table) {
    auto& [v, replay] = replays_[table];
    if (!replay) {
      v = load_variant(table, knobs_);
      // A simultaneous table without sets refuses --sets itself, naming its resolver.
      if (sets_ != TurnSets::kOne && !v->traits().simultaneous)
        throw std::invalid_argument(fmt::format(
            "--sets {}: sets of moves are Diplomacy Chess's; table '{}' uses the {} protocol",
            o_.sets, v->name(), to_string(v->table().protocol)));
      replay = cli_module(*v).replay(v, options_, sets_);
    }
    variant_ = v;
    return *replay;
  }

 private:
  const ReplayCliOptions& o_;
  ReplayOptions options_;
  KnobSettings knobs_;
  TurnSets sets_ = TurnSets::kOne;
  std::map<std::string, std::pair<VariantPtr, std::unique_ptr<GameReplay>>> replays_;
  std::unique_ptr<GameReplay> refused_;
  VariantPtr variant_;
};

int run_replay_readings(const ReplayCliOptions& o) {
  ReadingsRequest r;
  r.table = o.variant;
  r.table_given = o.variant_given;
  r.knobs = parse_knob_options(o.knobs);
  r.options = replay_options(o);
  turn_sets_from(o.sets, r.sets);
  r.json = o.json;
  r.file = o.file;
  return run_readings(r);
}

int run_replay(const ReplayCliOptions& o) {
  if (o.readings) return run_replay_readings(o);
  ReplayChooser chooser(o);
  chooser.replay_of(o.variant);  // a bad -v or --knob before the file is read
  const std::string record = read_record(o.file);
  std::function<void(const std::string&)> draw;
  if (!o.svg.empty())
    draw = [&](const std::string& fen) { write_final_position_svg(chooser.variant(), fen, o.svg); };
  const ReplayFormat format = o.jsonl  ? ReplayFormat::kJsonl
                              : o.json ? ReplayFormat::kJson
                                       : ReplayFormat::kText;
  return replay_games(std::ref(chooser), record, o.file, format, draw);
}

}  // namespace

void register_replay_command(CLI::App& app, int& status) {
  auto o = std::make_shared<ReplayCliOptions>();
  auto* cmd = app.add_subcommand(
      "replay",
      "Check a game record (PGN-like movetext), or each game of a PGN file, move by move and "
      "print where it ends");
  auto* variant = cmd->add_option("--variant,-v", o->variant,
                                  "Bundled table name or .toml path (default: the table a "
                                  "game's [Variant] tag names, else orthodox)")
                      ->capture_default_str();
  cmd->add_option("--fen", o->fen,
                  "Start position (default: the record's [FEN] tag, else the "
                  "table's setup)")
      ->check(fen_text(true));
  add_knob_option(cmd, o->knobs);
  auto* json =
      cmd->add_flag("--json", o->json,
                    "Print one JSON object (a file of many games: an array, one object per game)");
  auto* jsonl = cmd->add_flag("--jsonl", o->jsonl,
                              "Print one JSON object per game, one a line, as each game is "
                              "replayed (the objects of --json's array)")
                    ->excludes(json);
  auto* readings =
      cmd->add_flag(
             "--readings", o->readings,
             "Replay under every alternative of every knob of the table and list the knobs "
             "whose readings change the record: the first ply (turn) where they part and the "
             "outcome under each; for a file of many games, how many games each knob changes")
          ->excludes(jsonl);
  cmd->add_option("--null-move", o->null_move,
                  "A null move ('--', 'Z0'): an error that names it, or a pass (sequential and "
                  "Diplomacy records; never in check)")
      ->check(CLI::IsMember({"error", "pass"}))
      ->capture_default_str();
  cmd->add_option("--letters", o->letters,
                  "The record's piece letters are those of this language (" + piece_letter_codes() +
                      "; default: English K Q R B N)")
      ->check(CLI::IsMember(letter_codes()));
  add_sets_option(cmd, o->sets,
                  "Diplomacy Chess: each side writes a set of moves per turn, 'N. Qh1, Rf6 "
                  "Rf6', played progressive or simultaneously-progressive (default: one move)");
  cmd->add_option("--svg", o->svg,
                  "Also draw the final position (after the last good move) into this SVG file (a "
                  "file of one game)")
      ->excludes(readings);
  cmd->add_option("FILE", o->file,
                  "The game record, or a file of many games (PGN), or - for standard input")
      ->required();
  cmd->callback([o, variant, &status] {
    o->variant_given = variant->count() > 0;
    status = run_replay(*o);
  });
}

}  // namespace arbiter::cli
