// `arbiter find`: witnesses of a catalog scenario found by the Z3 solver, each replayed by the
// engine before it is printed; `arbiter find --list` shows the catalog. See docs/solver.md.
#include <fmt/format.h>

#include <iostream>

#include "cli/core/commands.hpp"
#include "cli/core/minimal_json.hpp"
#include "cli/core/option_checks.hpp"
#include "cli/core/progress.hpp"
#include "present/board/report_boards.hpp"
#include "present/core/exit_status.hpp"
#include "present/core/json_writer.hpp"
#include "rules/core/closest_name.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/notation.hpp"
#include "solver/core/scenario_search.hpp"
#include "solver/core/witness_minimize.hpp"

namespace arbiter::cli {
namespace {

struct FindOptions {
  std::string variant = "orthodox";
  std::string scenario;
  int max_pieces = 8;
  std::string side = "w";
  int count = 1;
  unsigned seed = 0;
  unsigned timeout_ms = 0;
  unsigned long long rlimit = 0;
  int max_rounds = 2000;
  bool list = false;
  bool json = false;
  bool quiet = false;
  std::string svg;  ///< write the witnesses as boards to this SVG file
};

/// Rank 8 at the top; White upper case, Black lower case, '.' for an empty square.
std::string diagram(const Position& pos) {
  std::string out;
  for (int r = kRanks - 1; r >= 0; --r) {
    out += fmt::format("  {} ", r + 1);
    for (int f = 0; f < kFiles; ++f) {
      const Square s = make_square(f, r);
      char ch = '.';
      for (Color c : {kWhite, kBlack})
        if (pos.piece_on(c, s) != kNoPiece) {
          const char letter = pos.variant().piece(pos.piece_on(c, s)).letter;
          ch = c == kWhite ? letter : static_cast<char>(letter - 'A' + 'a');
        }
      out += fmt::format(" {}", ch);
    }
    out += '\n';
  }
  return out + "     a b c d e f g h\n";
}

int list_catalog(bool json) {
  if (json) {
    JsonWriter w;
    w.begin_array();
    for (const solver::ScenarioInfo& s : solver::scenario_infos())
      w.begin_object().field("name", s.name).field("description", s.description).end_object();
    std::cout << w.end_array().str() << '\n';
    return 0;
  }
  for (const solver::ScenarioInfo& s : solver::scenario_infos())
    std::cout << fmt::format("{:48} {}\n", s.name, s.description);
  return 0;
}

std::string moves_text(const solver::Witness& wit) {
  if (!wit.moves_text.empty()) return wit.moves_text;
  const Position& pos = wit.position;
  std::string out;
  for (Move m : wit.moves) {
    if (!out.empty()) out += ' ';
    out += to_san(pos, m);
  }
  return out;
}

std::string fen_text(const solver::Witness& wit) {
  return wit.fen.empty() ? to_fen(wit.position) : wit.fen;
}

/// "no scenario 'dubble-check' for table 'orthodox': did you mean orthodox/double-check?".
std::string unknown_scenario(const std::string& name, const Variant& table) {
  std::vector<std::string> names;
  const bool short_name = name.find('/') == std::string::npos;
  const std::string family = solver::scenario_family_of(table);
  for (const solver::ScenarioInfo& s : solver::scenario_infos())
    if (s.variant == family)
      names.push_back(short_name ? s.name.substr(s.name.find('/') + 1) : s.name);
  const std::string hint = did_you_mean(name, names);
  return fmt::format("find: no scenario '{}' for table '{}': {}", name, table.name(),
                     hint.empty() ? "arbiter find --list shows them" : hint);
}

int run_find(const FindOptions& o) {
  if (o.list) return list_catalog(o.json);
  if (o.scenario.empty())
    throw CLI::ValidationError("scenario", "name one (arbiter find --list shows the catalog)");
  const VariantPtr v = load_variant(o.variant);
  const solver::ScenarioInfo* scenario = solver::find_scenario_info(*v, o.scenario);
  if (!scenario) throw std::invalid_argument(unknown_scenario(o.scenario, *v));
  const bool filter = solver::served_as_filter(*scenario, *v);
  solver::SearchOptions so;
  so.max_pieces = o.max_pieces;
  so.side = o.side == "b" ? kBlack : kWhite;
  so.count = o.count;
  so.limits = solver::SolverLimits{o.seed, o.timeout_ms, o.rlimit};
  so.max_rounds = o.max_rounds;
  // A line when the search starts and one per witness; the proposals only on a terminal.
  Progress progress(o.quiet, "find");
  progress.step(0, o.count, scenario->name + ": Z3 proposes, the engine judges");
  int found = 0;
  so.on_round = [&](int rounds, int witnesses) {
    if (witnesses > found)
      progress.step(found = witnesses, o.count,
                    fmt::format("{}: witness found after {} proposal(s)", scenario->name, rounds));
    else
      progress.tick(fmt::format("{} proposal(s) judged", rounds));
  };
  solver::SearchResult r;
  r = solver::find_witnesses(*scenario, v, so);
  progress.finish();
  const bool complete = static_cast<int>(r.witnesses.size()) == o.count;
  if (!o.svg.empty()) {
    std::vector<SvgBoard> boards;
    for (std::size_t i = 0; i < r.witnesses.size(); ++i) {
      const solver::Witness& wit = r.witnesses[i];
      boards.push_back(board_with_moves(v, fen_text(wit), wit.moves));
      boards.back().caption = fmt::format("witness {}: {}", i + 1, moves_text(wit));
      if (std::optional<SvgBoard> after = board_after(v, fen_text(wit), wit.moves)) {
        after->caption = fmt::format("witness {}: after", i + 1);
        boards.push_back(std::move(*after));
      }
    }
    write_svg(o.svg, boards);
  }
  if (o.json) {
    JsonWriter w;
    w.begin_object().field("scenario", scenario->name).field("status", r.status);
    if (filter) w.field("served_as", "proposal filter");
    w.field("rounds", r.rounds).key("witnesses").begin_array();
    for (const solver::Witness& wit : r.witnesses) {
      w.begin_object()
          .field("fen", fen_text(wit))
          .field("moves", moves_text(wit))
          .field("what", wit.what);
      write_minimal(w, wit);
      w.key("trace").begin_array();
      for (const std::string& line : wit.trace) w.value(line);
      w.end_array().end_object();
    }
    std::cout << w.end_array().end_object().str() << '\n';
  } else {
    std::cout << fmt::format("scenario {}: {}\n", scenario->name, scenario->description);
    if (filter)
      std::cout << fmt::format(
          "note written for the table '{}', which has the same rules modules: on '{}' it only "
          "proposes boards, which this table's engine judges (no unsat claim)\n",
          scenario->variant, v->name());
    for (std::size_t i = 0; i < r.witnesses.size(); ++i) {
      const solver::Witness& wit = r.witnesses[i];
      std::cout << fmt::format("witness {}\nfen {}\n", i + 1, fen_text(wit));
      const std::string moves = moves_text(wit);
      if (!moves.empty()) std::cout << "moves " << moves << '\n';
      std::cout << "what " << wit.what << '\n';
      if (wit.men_removed >= 0)
        std::cout << "minimal " << solver::minimal_note(wit.men, wit.men_removed) << '\n';
      for (const std::string& line : wit.trace) std::cout << "trace " << line << '\n';
      std::cout << diagram(wit.position);
    }
    std::cout << fmt::format("status {} ({} witness(es), {} proposal(s) judged by the engine)\n",
                             r.status, r.witnesses.size(), r.rounds);
  }
  if (complete) return kHolds;
  return r.status.rfind("unknown", 0) == 0 ? kUndecided : kFails;
}

}  // namespace

void register_find_command(CLI::App& app, int& status) {
  auto o = std::make_shared<FindOptions>();
  auto* cmd = app.add_subcommand("find", "Find positions of a catalog scenario with the Z3 solver");
  cmd->add_option("scenario", o->scenario,
                  "Scenario name, e.g. double-check or orthodox/stalemate");
  cmd->add_option("--variant,-v", o->variant, "Bundled table name or .toml path")
      ->capture_default_str();
  cmd->add_option("--max-pieces", o->max_pieces, "Pieces on the board at most")
      ->capture_default_str()
      ->check(whole_number(2, 32));
  cmd->add_option("--side", o->side, "Side to move")
      ->check(CLI::IsMember({"w", "b"}))
      ->capture_default_str();
  cmd->add_option("--count", o->count, "Distinct witnesses wanted")
      ->capture_default_str()
      ->check(whole_number(1, 1000));
  cmd->add_option("--seed", o->seed, "Z3 random seed")->capture_default_str();
  cmd->add_option("--timeout", o->timeout_ms,
                  "Wall-clock limit in ms for the whole search (0 = none)");
  cmd->add_option("--rlimit", o->rlimit, "Z3 resource limit per check (deterministic; 0 = none)");
  cmd->add_option("--max-rounds", o->max_rounds, "Engine refutations before giving up")
      ->capture_default_str();
  cmd->add_flag("--list", o->list, "List the scenario catalog");
  cmd->add_flag("--json", o->json, "Print JSON");
  cmd->add_flag("--quiet,-q", o->quiet, "No progress lines on stderr");
  cmd->add_option("--svg", o->svg, "Also draw the witnesses (one board each) into this SVG file");
  cmd->callback([o, &status] { status = run_find(*o); });
}

}  // namespace arbiter::cli
