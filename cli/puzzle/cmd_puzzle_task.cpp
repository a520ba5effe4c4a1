// `arbiter puzzle task`: the problem tasks of the tables that are not sequential. Diplomacy
// and Move-Neutral Chess: win-material (a move that wins material whatever the opponent
// submits) and both-mated (pairs of submissions after which both kings are mated).
// Conditional Chess: conditional-mate (a statement that mates whatever the B-move).
#include <fmt/format.h>

#include <iostream>

#include "cli/core/option_checks.hpp"
#include "cli/puzzle/cmd_puzzle.hpp"
#include "cli/registry/cli_modules.hpp"
#include "present/core/json_writer.hpp"
#include "present/simultaneous/submission_text.hpp"
#include "puzzles/conditional_task.hpp"
#include "puzzles/simultaneous_tasks.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/notation.hpp"
#include "rules/simultaneous/sim_rules.hpp"

namespace arbiter::cli {
namespace {

struct TaskOptions {
  std::string variant = "diplomacy", fen, task = "win-material", side = "white";
  bool json = false;
  std::string svg;  ///< --svg FILE: the position with the answers' moves drawn
};

void print_answers(const TaskOptions& o, const VariantPtr& v,
                   const std::vector<std::string>& answers) {
  const std::string verdict = task_verdict(answers);
  if (o.json) {
    JsonWriter w;
    w.begin_object().field("variant", v->name()).field("fen", o.fen).field("task", o.task);
    w.field("verdict", verdict).key("solutions").begin_array();
    for (const auto& a : answers) w.value(a);
    std::cout << w.end_array().end_object().str() << '\n';
    return;
  }
  std::cout << fmt::format("{}: {}\n", o.task, verdict);
  for (const auto& a : answers) std::cout << "solution " << a << '\n';
}

/// Draws `m` once (answers often share a move).
void add_arrow(SvgBoard& b, Move m, Color side) {
  if (m.is_null()) return;
  for (const SvgArrow& a : b.arrows)
    if (a.from == m.from() && a.to == m.to() && a.side == side) return;
  b.arrows.push_back({m.from(), m.to(), side, false});
}

}  // namespace

TaskAnswer conditional_task(const VariantPtr& v, const std::string& fen, const std::string& task,
                            Color) {
  if (task != "conditional-mate")
    throw PuzzleInputError("Conditional Chess has the task conditional-mate, not " + task);
  const ConditionalState s = [&] {
    try {
      return parse_conditional_fen(v, fen);
    } catch (const FenError& e) {
      throw PuzzleInputError(fmt::format("bad FEN: {}", e.what()));
    }
  }();
  if (s.phase != Phase::kB)
    throw PuzzleInputError("conditional-mate needs a position in phase B (FEN field 7: B)");
  TaskAnswer r{{}, SvgBoard{s.pos}};
  r.board.phase = std::string(1, phase_letter(s.phase));
  const Position stater = stater_view(s);
  for (const ConditionalMove& cm : puzzles::conditional_mates(s)) {
    r.answers.push_back(to_string(*v, cm));
    for (const std::string& text : {cm.then_text, cm.else_text}) {
      try {  // best effort: the stated moves drawn on the stater's view
        if (!text.empty()) add_arrow(r.board, parse_san(stater, text), stater.side_to_move());
      } catch (const std::exception&) {
      }
    }
  }
  return r;
}

std::string task_verdict(const std::vector<std::string>& answers) {
  return answers.empty() ? "no solution" : answers.size() == 1 ? "sound" : "cooked";
}

int task_status(const std::vector<std::string>& answers) {
  return answers.size() == 1 ? 0 : 1;
}

TaskAnswer solve_task(const VariantPtr& v, const std::string& fen, const std::string& task,
                      Color side) {
  const auto task_of = cli_module(*v).task;
  // None: stipulated problems instead (`puzzle solve`); require_module throws.
  if (!task_of) require_module(*v, RulesKind::kDiplomacy, "puzzle task");
  return task_of(v, fen, task, side);
}

TaskAnswer sim_task(const VariantPtr& v, const std::string& fen, const std::string& task,
                    Color side) {
  if (task == "conditional-mate")
    throw PuzzleInputError("conditional-mate is a task of Conditional Chess");
  const SimState s = [&] {
    try {
      return parse_sim_fen(v, fen);
    } catch (const FenError& e) {
      throw PuzzleInputError(fmt::format("bad FEN: {}", e.what()));
    }
  }();
  const auto rules = sim_rules_for(v);
  TaskAnswer r{{}, SvgBoard{s.pos}};
  if (task == "win-material") {
    for (Move m : puzzles::material_winning_moves(*rules, s, side)) {
      r.answers.push_back(submission_san(s, side, m));
      add_arrow(r.board, m, side);
    }
  } else {
    for (const auto& [w, b] : puzzles::both_mated_pairs(*rules, s)) {
      r.answers.push_back(submission_san(s, kWhite, w) + " + " + submission_san(s, kBlack, b));
      add_arrow(r.board, w, kWhite);
      add_arrow(r.board, b, kBlack);
    }
  }
  return r;
}

namespace {

int run_task(const TaskOptions& o) {
  const VariantPtr v = load_variant(o.variant);
  TaskAnswer r = solve_task(v, o.fen, o.task, o.side == "white" ? kWhite : kBlack);
  print_answers(o, v, r.answers);
  if (!o.svg.empty()) {
    r.board.caption = fmt::format("{} {}: {}", v->name(), o.task, task_verdict(r.answers));
    write_svg(o.svg, {r.board});
  }
  return task_status(r.answers);
}

}  // namespace

void register_puzzle_task_command(CLI::App* puzzle, int& status) {
  auto o = std::make_shared<TaskOptions>();
  auto* cmd = puzzle->add_subcommand(
      "task",
      "Tasks of the other protocols. Diplomacy, Move-Neutral: win-material (moves of --side "
      "that win material, counted in pieces, whatever the opponent submits) or both-mated "
      "(submission pairs after which both kings are mated). Conditional, a phase-B FEN: "
      "conditional-mate (statements whose C-move mates whatever the B-move). Exit status 0 "
      "when the task has one answer (sound), 1 for none or several (cooked), 2 for bad input");
  cmd->add_option("--variant,-v", o->variant, "diplomacy, move-neutral or conditional")
      ->capture_default_str();
  cmd->add_option("--fen", o->fen, "Position (simultaneous FEN)")
      ->required()
      ->check(fen_text(false));
  cmd->add_option("--task", o->task,
                  "win-material, both-mated (simultaneous tables) or conditional-mate")
      ->check(CLI::IsMember({"win-material", "both-mated", "conditional-mate"}))
      ->capture_default_str();
  cmd->add_option("--side", o->side, "win-material: white or black")
      ->check(CLI::IsMember({"white", "black"}))
      ->capture_default_str();
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->add_option("--svg", o->svg,
                  "Also draw the position into this SVG file with the answers' moves as arrows");
  cmd->callback([o, &status] { status = guarded([&] { return run_task(*o); }); });
}

}  // namespace arbiter::cli
