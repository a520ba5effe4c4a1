// `arbiter puzzle task`: the problem tasks of the tables that are not sequential. Diplomacy
// and Move-Neutral Chess: win-material (a move that wins material whatever the opponent
// submits) and both-mated (pairs of submissions after which both kings are mated).
// Conditional Chess: conditional-mate (a statement that mates whatever the B-move).
#include <fmt/format.h>

#include <iostream>

#include "cli/cmd_puzzle.hpp"
#include "cli/json_writer.hpp"
#include "cli/submission_text.hpp"
#include "puzzles/conditional_task.hpp"
#include "puzzles/simultaneous_tasks.hpp"
#include "rules/load_variant.hpp"
#include "rules/sim_rules.hpp"

namespace arbiter::cli {
namespace {

struct TaskOptions {
  std::string variant = "diplomacy", fen, task = "win-material", side = "white";
  bool json = false;
};

void print_answers(const TaskOptions& o, const VariantPtr& v,
                   const std::vector<std::string>& answers) {
  const std::string verdict = answers.empty()       ? "no solution"
                              : answers.size() == 1 ? "sound"
                                                    : "cooked";
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

int run_conditional_task(const TaskOptions& o, const VariantPtr& v) {
  if (o.task != "conditional-mate")
    throw PuzzleInputError("Conditional Chess has the task conditional-mate, not " + o.task);
  const ConditionalState s = [&] {
    try {
      return parse_conditional_fen(v, o.fen);
    } catch (const FenError& e) {
      throw PuzzleInputError(fmt::format("bad FEN (column {}): {}", e.column(), e.what()));
    }
  }();
  if (s.phase != Phase::kB)
    throw PuzzleInputError("conditional-mate needs a position in phase B (FEN field 7: B)");
  std::vector<std::string> answers;
  for (const ConditionalMove& cm : puzzles::conditional_mates(s))
    answers.push_back(to_string(*v, cm));
  print_answers(o, v, answers);
  return 0;
}

int run_task(const TaskOptions& o) {
  const VariantPtr v = load_variant(o.variant);
  if (v->table().protocol == Protocol::kConditional) return run_conditional_task(o, v);
  require_protocol(*v, Protocol::kSimultaneous, "puzzle task");
  if (o.task == "conditional-mate")
    throw PuzzleInputError("conditional-mate is a task of Conditional Chess");
  const SimState s = [&] {
    try {
      return parse_sim_fen(v, o.fen);
    } catch (const FenError& e) {
      throw PuzzleInputError(fmt::format("bad FEN (column {}): {}", e.column(), e.what()));
    }
  }();
  const auto rules = sim_rules_for(v);
  std::vector<std::string> answers;
  if (o.task == "win-material") {
    const Color side = o.side == "white" ? kWhite : kBlack;
    for (Move m : puzzles::material_winning_moves(*rules, s, side))
      answers.push_back(submission_san(s, side, m));
  } else {
    for (const auto& [w, b] : puzzles::both_mated_pairs(*rules, s))
      answers.push_back(submission_san(s, kWhite, w) + " + " + submission_san(s, kBlack, b));
  }
  print_answers(o, v, answers);
  return 0;
}

}  // namespace

void register_puzzle_task_command(CLI::App* puzzle, int& status) {
  auto o = std::make_shared<TaskOptions>();
  auto* cmd = puzzle->add_subcommand(
      "task",
      "Tasks of the other protocols. Diplomacy, Move-Neutral: win-material (moves of --side "
      "that win material, counted in pieces, whatever the opponent submits) or both-mated "
      "(submission pairs after which both kings are mated). Conditional, a phase-B FEN: "
      "conditional-mate (statements whose C-move mates whatever the B-move)");
  cmd->add_option("--variant,-v", o->variant, "diplomacy, move-neutral or conditional")
      ->capture_default_str();
  cmd->add_option("--fen", o->fen, "Position (simultaneous FEN)")->required();
  cmd->add_option("--task", o->task,
                  "win-material, both-mated (simultaneous tables) or conditional-mate")
      ->check(CLI::IsMember({"win-material", "both-mated", "conditional-mate"}))
      ->capture_default_str();
  cmd->add_option("--side", o->side, "win-material: white or black")
      ->check(CLI::IsMember({"white", "black"}))
      ->capture_default_str();
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o, &status] {
    try {
      status = run_task(*o);
    } catch (const PuzzleInputError& e) {
      std::cerr << "arbiter: error: " << e.what() << '\n';
      status = 2;
    }
  });
}

}  // namespace arbiter::cli
