// `arbiter replay`: check a game record move by move and print where it ends.
#include <iostream>

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

namespace arbiter::cli {
namespace {

struct ReplayCliOptions {
  std::string variant = "orthodox";
  std::string fen;
  std::string file;
  bool json = false;
  std::vector<std::string> knobs;
  std::string svg;  ///< draw the final position here
};

int run_replay(const ReplayCliOptions& o) {
  const VariantPtr v = load_variant(o.variant, parse_knob_options(o.knobs));
  ReplayOptions options;
  if (!o.fen.empty()) options.fen = o.fen;
  const std::string record = read_record(o.file);
  if (!o.svg.empty()) write_final_position_svg(v, record, options, o.svg);
  if (v->table().protocol == Protocol::kConditional)
    return run_conditional_replay(v, record, options, o.json);
  if (v->table().protocol == Protocol::kSimultaneous)  // Diplomacy and Move-Neutral records
    return run_diplomacy_replay(v, record, options, o.json);
  const ReplayResult r = replay_record(v, record, options);
  if (o.json) {
    JsonWriter w;
    begin_replay_json(w, r.valid(), "plies", r.plies, r.start_fen, r.final_fen, r.result);
    w.key("termination");
    if (r.termination == Termination::kNone)
      w.null();
    else
      w.value(to_string(r.termination));
    return end_replay_json(w, r.warnings, r.error, "ply");
  }
  if (!print_notes(r.warnings, r.error, note_location, "move")) return 1;
  print_final(r.final_fen, "plies", r.plies, r.result, r.resigned);
  std::cout << "termination " << to_string(r.termination);
  if (r.termination != Termination::kNone) {
    std::cout << " (" << (r.final_side_to_move == kWhite ? "White" : "Black") << " is "
              << (r.termination == Termination::kCheckmate ? "checkmated" : "stalemated") << ')';
  }
  std::cout << '\n';
  return 0;
}

}  // namespace

void register_replay_command(CLI::App& app, int& status) {
  auto o = std::make_shared<ReplayCliOptions>();
  auto* cmd = app.add_subcommand(
      "replay",
      "Check a game record (PGN-like movetext) move by move and print the final position");
  cmd->add_option("--variant,-v", o->variant, "Bundled table name or .toml path")
      ->capture_default_str();
  cmd->add_option("--fen", o->fen,
                  "Start position (default: the record's [FEN] tag, else the "
                  "table's setup)")
      ->check(fen_text(true));
  add_knob_option(cmd, o->knobs);
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->add_option("--svg", o->svg,
                  "Also draw the final position (after the last good move) into this SVG file");
  cmd->add_option("FILE", o->file, "The game record, or - for standard input")->required();
  cmd->callback([o, &status] { status = run_replay(*o); });
}

}  // namespace arbiter::cli
