// `arbiter resolve`: one turn of a simultaneous table resolved by its resolver (Diplomacy Chess
// or Move-Neutral Chess): both moves, their fates, the explanation, the new position and the
// game's state.
#include <fmt/format.h>

#include <iostream>
#include <stdexcept>
#include <vector>

#include "cli/core/commands.hpp"
#include "cli/core/json_writer.hpp"
#include "cli/core/knob_options.hpp"
#include "cli/core/option_checks.hpp"
#include "cli/report/board_diagram.hpp"
#include "cli/report/report_boards.hpp"
#include "cli/simultaneous/submission_text.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/notation.hpp"
#include "rules/simultaneous/sim_rules.hpp"

namespace arbiter::cli {
namespace {

struct ResolveCliOptions {
  std::string variant = "diplomacy";
  std::string fen;
  std::string moves[2];  ///< as written; "-": that side does not move
  bool json = false;
  bool board = false;
  std::string svg;  ///< draw the turn (before, with both moves) and the new position here
  std::vector<std::string> knobs;
};

/// One side's submission as written and read.
struct SideMove {
  std::string written;
  Move move{};  ///< null: the side passes
  std::string san, uci;
};

void require_simultaneous(const Variant& v) {
  const RuleTable& t = v.table();
  if (t.protocol != Protocol::kSimultaneous)
    throw std::invalid_argument(
        fmt::format("resolve needs a table with the simultaneous protocol: '{}' uses the {} "
                    "protocol{}",
                    v.name(), to_string(t.protocol),
                    t.protocol == Protocol::kSequential ? " (arbiter moves lists its moves)" : ""));
}

SideMove read_side(const SimState& s, Color c, const std::string& text) {
  SideMove side;
  side.written = text;
  if (text == "-") {
    if (s.pos.variant().table().resolver == Resolver::kMoveNeutral)
      throw std::invalid_argument(fmt::format(
          "{} must submit a move: in Move-Neutral Chess both sides move every turn ('-' passes "
          "only in Diplomacy Chess)",
          c == kWhite ? "White" : "Black"));
    return side;
  }
  side.move = read_submission(s, c, text);
  side.san = submission_san(s, c, side.move);
  side.uci = to_uci(view_for(s, c), side.move);
  return side;
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
      std::cout << fmt::format("{} ({}): {}\n", side.san, side.uci, r.fates[c]);
    }
  }
  for (const TraceEntry& e : r.trace) std::cout << "  " << e.clause << ": " << e.text << '\n';
  std::cout << "after  " << to_sim_fen(r.after) << '\n';
  if (o.board) std::cout << board_diagram(r.after.pos);
  std::cout << "status " << status_text(st) << '\n';
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
    w.begin_object()
        .field("written", sides[c].written)
        .field("san", sides[c].san)
        .field("uci", sides[c].uci)
        .end_object();
  }
  w.end_object().key("fates").begin_object();
  for (Color c : {kWhite, kBlack})
    w.field(c == kWhite ? "white" : "black",
            sides[c].move.is_null() ? std::string("passed") : r.fates[c]);
  w.end_object().key("trace").begin_array();
  for (const TraceEntry& e : r.trace) {
    w.begin_object().field("clause", e.clause).key("square");
    if (e.square == kNoSquare) {
      w.null();
    } else {
      w.value(square_name(e.square));
    }
    w.field("tick", e.tick).field("text", e.text).end_object();
  }
  w.end_array().field("fen_after", to_sim_fen(r.after)).key("status").begin_object();
  w.field("over", st.over).key("result");
  if (st.over) {
    w.value(st.result()).field("reason", st.reason);
  } else {
    w.null().key("reason").null();
  }
  std::cout << w.end_object().end_object().str() << '\n';
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
  const SideMove sides[2] = {read_side(before, kWhite, o.moves[kWhite]),
                             read_side(before, kBlack, o.moves[kBlack])};
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
                  "move (Diplomacy Chess)")
      ->required();
  cmd->add_option("--black", o->moves[kBlack],
                  "Black's move, SAN or coordinates read on Black's view; '-': Black does not "
                  "move (Diplomacy Chess)")
      ->required();
  add_knob_option(cmd, o->knobs);
  cmd->add_flag("--json", o->json, "Print JSON");
  cmd->add_flag("--board", o->board, "Also draw the new position");
  cmd->add_option("--svg", o->svg,
                  "Also draw the turn (both moves, failed ones dashed, conflicts ringed) and the "
                  "new position into this SVG file");
  cmd->callback([o, &status] { status = run_resolve(*o); });
}

}  // namespace arbiter::cli
