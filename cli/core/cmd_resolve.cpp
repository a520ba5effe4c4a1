// `arbiter resolve`: one turn of a simultaneous table resolved by its resolver (Diplomacy Chess
// or Move-Neutral Chess): both moves, their fates, the explanation, the new position and the
// game's state. In Diplomacy Chess a move may be a conditional move, and each side may hand in
// a set of moves played progressively or simultaneously progressively (docs/cli.md, resolve).
#include <fmt/format.h>

#include <iostream>
#include <optional>
#include <stdexcept>
#include <vector>

#include "cli/core/commands.hpp"
#include "cli/core/knob_options.hpp"
#include "cli/core/option_checks.hpp"
#include "cli/core/replay_io.hpp"
#include "cli/registry/cli_modules.hpp"
#include "cli/report/board_diagram.hpp"
#include "present/board/report_boards.hpp"
#include "present/core/json_writer.hpp"
#include "present/simultaneous/move_set_text.hpp"
#include "present/simultaneous/submission_text.hpp"
#include "present/simultaneous/trace_json.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_progressive.hpp"
#include "rules/simultaneous/sim_rules.hpp"

namespace arbiter::cli {
namespace {

struct ResolveCliOptions {
  std::string variant = "diplomacy";
  std::string fen;
  std::string moves[2];      ///< as written; "-": that side does not move
  std::string sets = "one";  ///< or "progressive", "simultaneously-progressive"
  bool json = false;
  bool board = false;
  std::string svg;  ///< draw the turn (before, with both moves) and the new position here
  std::vector<std::string> knobs;
};

using SideMove = SideSubmission;

void require_simultaneous(const Variant& v) {
  if (v.traits().simultaneous) return;
  throw std::invalid_argument(fmt::format(
      "resolve needs a table with the simultaneous protocol: '{}' uses the {} protocol{}", v.name(),
      to_string(v.table().protocol),
      cli_module(v).moves ? " (arbiter moves lists its moves)" : ""));
}

std::string status_text(const SimStatus& st) {
  return st.over ? fmt::format("{} ({})", st.result(), st.reason) : "game goes on";
}

void print_plain(const ResolveCliOptions& o, const SimState& before, const SideMove (&sides)[2],
                 const SimTurnOutcome& r, const SimStatus& st) {
  std::cout << "before " << to_sim_fen(before) << '\n';
  for (Color c : {kWhite, kBlack}) {
    const SideMove& side = sides[c];
    std::cout << (c == kWhite ? "white  " : "black  ");
    if (side.move.is_null()) {
      std::cout << "passes (does not move)\n";
    } else {
      std::cout << fmt::format("{}{} ({}): {}\n", side.branch.empty() ? "" : side.written + " -> ",
                               side.san, side.uci, r.fates[c]);
    }
  }
  for (const TraceEntry& e : r.trace) std::cout << "  " << e.clause << ": " << e.text << '\n';
  std::cout << "after  " << to_sim_fen(r.after) << '\n';
  if (o.board) std::cout << board_diagram(r.after.pos);
  std::cout << "status " << status_text(st) << '\n';
}

void write_status(JsonWriter& w, const SimStatus& st) {
  w.key("status").begin_object().field("over", st.over).key("result");
  if (st.over) {
    w.value(st.result()).field("reason", st.reason);
  } else {
    w.null().key("reason").null();
  }
  w.end_object();
}

void print_json(const SimState& before, const SideMove (&sides)[2], const SimTurnOutcome& r,
                const SimStatus& st) {
  JsonWriter w;
  w.begin_object().field("fen_before", to_sim_fen(before)).key("moves").begin_object();
  for (Color c : {kWhite, kBlack}) {
    w.key(c == kWhite ? "white" : "black");
    if (sides[c].move.is_null()) {
      w.null();
      continue;
    }
    w.begin_object().field("written", sides[c].written);
    if (!sides[c].branch.empty()) w.field("branch", sides[c].branch);
    w.field("san", sides[c].san).field("uci", sides[c].uci).end_object();
  }
  w.end_object().key("fates").begin_object();
  for (Color c : {kWhite, kBlack})
    w.field(c == kWhite ? "white" : "black",
            sides[c].move.is_null() ? std::string("passed") : r.fates[c]);
  w.end_object();
  write_trace(w, r.trace);
  w.field("fen_after", to_sim_fen(r.after));
  write_status(w, st);
  std::cout << w.end_object().str() << '\n';
}

std::string entry_text(const ProgressiveMoveResult& m) {
  std::string out = m.written;
  if (!m.branch.empty()) out += " -> " + m.branch;
  out += ": " + to_string(m.outcome);
  if (!m.reason.empty()) out += " (" + m.reason + ")";
  return out;
}

/// Both sets played progressively or simultaneously progressively: each pair with its
/// entries and trace, then the position after.
int run_sets(const ResolveCliOptions& o, const VariantPtr& v, const SimState& before) {
  if (!v->traits().move_sets)
    throw std::invalid_argument(fmt::format(
        "--sets {}: sets of moves are Diplomacy Chess's (rule text, \"Progressive\"); table "
        "'{}' has the {} resolver",
        o.sets, v->name(), to_string(v->table().resolver)));
  const MoveSet sets[2] = {parse_move_set("--white", o.moves[kWhite]),
                           parse_move_set("--black", o.moves[kBlack])};
  std::optional<ProgressiveResult> played;
  try {
    played.emplace(o.sets == "progressive"
                       ? play_progressive(before, sets[kWhite], sets[kBlack])
                       : play_simultaneously_progressive(before, sets[kWhite], sets[kBlack]));
  } catch (const ProgressiveError& e) {
    throw std::invalid_argument(fmt::format("bad set: {}", e.what()));
  }
  const ProgressiveResult& r = *played;
  if (!o.svg.empty()) {
    SvgBoard start{before.pos}, end{r.final_state.pos};
    start.caption =
        fmt::format("before: white {}; black {} ({})", o.moves[kWhite], o.moves[kBlack], o.sets);
    end.caption = "after: " + status_text(r.status);
    write_svg(o.svg, {start, end});
  }
  if (o.json) {
    JsonWriter w;
    w.begin_object().field("fen_before", to_sim_fen(before)).field("sets", o.sets);
    write_progressive_fields(w, r);
    write_status(w, r.status);
    std::cout << w.end_object().str() << '\n';
    return 0;
  }
  std::cout << "before " << to_sim_fen(before) << '\n';
  int last = 0;
  for (const ProgressiveMoveResult& m : r.moves) {
    if (m.pair != last) {
      last = m.pair;
      std::cout << "pair " << m.pair << '\n';
      for (const TraceEntry& e : m.trace) std::cout << "  " << e.clause << ": " << e.text << '\n';
    }
    std::cout << fmt::format("  {} {} {}\n", m.color == kWhite ? "white" : "black", m.index,
                             entry_text(m));
  }
  std::cout << "after  " << to_sim_fen(r.final_state) << '\n';
  if (o.board) std::cout << board_diagram(r.final_state.pos);
  std::cout << "status " << status_text(r.status) << '\n';
  return 0;
}

int run_resolve(const ResolveCliOptions& o) {
  const VariantPtr v = load_variant(o.variant, parse_knob_options(o.knobs));
  require_simultaneous(*v);
  const std::unique_ptr<SimRules> rules = sim_rules_for(v);
  const SimState before = parse_sim_fen(v, o.fen.empty() ? v->table().setup_fen : o.fen);
  const SimStatus already = rules->status(before);
  if (already.over)
    throw std::invalid_argument(
        fmt::format("the game is already over in this position: {}", status_text(already)));
  if (o.sets != "one") return run_sets(o, v, before);
  const SideMove sides[2] = {read_side_submission(before, kWhite, o.moves[kWhite]),
                             read_side_submission(before, kBlack, o.moves[kBlack])};
  const SimTurnOutcome r = rules->resolve_traced(before, sides[kWhite].move, sides[kBlack].move);
  const SimStatus st = rules->status(r.after);
  if (!o.svg.empty()) {
    SvgBoard turn = board_of_turn(before, sides[kWhite].move, sides[kBlack].move, r);
    turn.caption =
        fmt::format("white {}: {}; black {}: {}", o.moves[kWhite],
                    sides[kWhite].move.is_null() ? "passes" : r.fates[kWhite], o.moves[kBlack],
                    sides[kBlack].move.is_null() ? "passes" : r.fates[kBlack]);
    SvgBoard after{r.after.pos};
    after.caption = "after: " + status_text(st);
    write_svg(o.svg, {turn, after});
  }
  if (o.json) {
    print_json(before, sides, r, st);
  } else {
    print_plain(o, before, sides, r, st);
  }
  return 0;
}

}  // namespace

void register_resolve_command(CLI::App& app, int& status) {
  auto o = std::make_shared<ResolveCliOptions>();
  auto* cmd = app.add_subcommand(
      "resolve",
      "Resolve one turn of a simultaneous table (Diplomacy Chess, Move-Neutral Chess): "
      "both moves at once");
  cmd->add_option("--variant,-v", o->variant, "Bundled table name or .toml path")
      ->capture_default_str();
  cmd->add_option("--fen", o->fen,
                  "Simultaneous FEN: side field 'w', up to two en-passant squares (default: the "
                  "table's setup)")
      ->check(fen_text(true));
  cmd->add_option("--white", o->moves[kWhite],
                  "White's move, SAN or coordinates read on White's view; '-': White does not "
                  "move (Diplomacy Chess); a conditional move 'cond?then:else' (Diplomacy "
                  "Chess); with --sets, White's set: moves separated by commas or spaces")
      ->required();
  cmd->add_option("--black", o->moves[kBlack], "Black's move, as --white")->required();
  add_sets_option(cmd, o->sets,
                  "Diplomacy Chess: --white and --black are sets of moves, played progressive "
                  "(pair by pair) or simultaneously-progressive (all at once)");
  add_knob_option(cmd, o->knobs);
  cmd->add_flag("--json", o->json, "Print JSON");
  cmd->add_flag("--board", o->board, "Also draw the new position");
  cmd->add_option("--svg", o->svg,
                  "Also draw the turn (both moves, failed ones dashed, conflicts ringed) and the "
                  "new position into this SVG file (with --sets: the positions before and after)");
  cmd->callback([o, &status] { status = run_resolve(*o); });
}

}  // namespace arbiter::cli
