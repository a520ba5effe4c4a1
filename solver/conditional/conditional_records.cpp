// Conditional Chess's records for the record analyses (solver/analysis/record_module.hpp): a
// line from the start alternates an A-move (one ply) and a turn's tail (a B- and a C-move, two
// plies: the step_cases steps "A <uci>" and "<C-move> <uci of the B-move>"); number N labels the
// written plies 2N-1 and 2N (docs/conditional-notation.md).
#include <fmt/format.h>

#include "rules/conditional/conditional_game.hpp"
#include "rules/conditional/conditional_record.hpp"
#include "rules/core/notation.hpp"
#include "solver/analysis/record_module.hpp"
#include "solver/analysis/step_case_source.hpp"

namespace arbiter::solver {
namespace {

RecordOutcome outcome(const VariantPtr& v, const std::vector<RecordToken>& game,
                      const ReplayOptions& options, TurnSets) {
  const ConditionalReplayResult r = replay_conditional_record(v, game, options);
  const std::string status =
      r.status.over() ? fmt::format("{} {}", to_string(r.status.end), r.status.result()) : "";
  return outcome_of(r, r.plies, status, conditional_note_location, "ply");
}

std::optional<TurnSets> record_kind(const std::string& moves) {
  if (moves == "-") return std::nullopt;
  return TurnSets::kOne;
}

bool plain_step(const std::string& moves) {
  return moves != "-";
}

int step_plies(const std::string& step) {
  return step.rfind("A ", 0) == 0 ? 1 : 2;
}

int plies_from_start(int steps) {
  return steps + steps / 2;
}

std::string record_text(const VariantPtr& v, const std::vector<std::string>& fens,
                        const std::vector<std::string>& steps) {
  std::vector<std::string> words;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const std::vector<std::string> w = step_words(steps[i]);
    const ConditionalState s = parse_conditional_fen(v, fens[i]);
    words.push_back(to_san(s.pos, parse_uci(s.pos, w[1])));
    if (w[0] != "A") words.push_back(w[0]);  // the C-move follows the B-move
  }
  std::string text;
  for (std::size_t k = 0; k < words.size(); ++k) {
    if (!text.empty()) text += ' ';
    text += k % 2 == 0 ? fmt::format("{}. {}", k / 2 + 1, words[k]) : words[k];
  }
  return text;
}

constexpr RecordModule kConditional{
    "ply",      "plies",          2,          true, outcome, record_kind, plain_step,
    step_plies, plies_from_start, record_text};

}  // namespace

const RecordModule& conditional_records() {
  return kConditional;
}

}  // namespace arbiter::solver
