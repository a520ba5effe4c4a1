// `arbiter moves`: the legal moves of a position, in SAN and coordinate notation (Conditional
// Chess: the plies of the current phase, moves_conditional.cpp).
#include <fmt/format.h>

#include <iostream>

#include "cli/core/commands.hpp"
#include "cli/core/knob_options.hpp"
#include "cli/core/moves_options.hpp"
#include "cli/core/option_checks.hpp"
#include "cli/registry/cli_modules.hpp"
#include "present/core/json_writer.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"

namespace arbiter::cli {
namespace {

int run_moves(const MovesOptions& o) {
  const VariantPtr v = load_variant(o.variant, parse_knob_options(o.knobs));
  const auto moves = cli_module(*v).moves;
  if (!moves) require_module(*v, RulesKind::kSequential, "moves");  // no side to move: throws
  return moves(o, v);
}

}  // namespace

int run_sequential_moves(const MovesOptions& o, const VariantPtr& v) {
  Position pos = parse_fen(v, o.fen.empty() ? v->table().setup_fen : o.fen);
  for (std::size_t i = 0; i < o.play.size(); ++i) {
    Move m{};
    try {
      m = parse_san(pos, o.play[i]);
    } catch (const NotationError& e) {
      throw NotationError(e.kind(),
                          fmt::format("--play move {} ('{}'): {}", i + 1, o.play[i], e.what()));
    }
    Undo undo;
    pos.make(m, undo);
  }
  MoveList moves;
  generate_legal(pos, moves);
  const bool check = pos.in_check();
  const char* state =
      moves.empty() ? (check ? "checkmate" : "stalemate") : (check ? "check" : "normal");
  if (o.json) {
    JsonWriter w;
    w.begin_object().field("fen", to_fen(pos)).field("state", state).key("moves").begin_array();
    for (Move m : moves)
      w.begin_object().field("san", to_san(pos, m)).field("uci", to_uci(pos, m)).end_object();
    std::cout << w.end_array().end_object().str() << '\n';
    return 0;
  }
  std::cout << "fen " << to_fen(pos) << '\n' << "state " << state << '\n';
  std::cout << fmt::format("{} legal moves:", moves.size());
  for (Move m : moves) std::cout << ' ' << to_san(pos, m);
  std::cout << '\n';
  return 0;
}

void register_position_commands(CLI::App& app, int& status) {
  auto o = std::make_shared<MovesOptions>();
  auto* cmd = app.add_subcommand("moves", "List the legal moves of a position");
  cmd->add_option("--variant,-v", o->variant, "Bundled table name or .toml path")
      ->capture_default_str();
  cmd->add_option("--fen", o->fen, "Position (default: the table's setup)")->check(fen_text(true));
  cmd->add_option("--play", o->play,
                  "SAN moves to play first, in order (Conditional Chess: plies, see docs/cli.md)");
  add_knob_option(cmd, o->knobs);
  cmd->add_flag("--json", o->json, "Print JSON");
  cmd->callback([o, &status] { status = run_moves(*o); });
}

}  // namespace arbiter::cli
