// The sequential protocol's records for the record analyses (solver/analysis/record_module.hpp):
// SAN moves numbered as PGN writes them (Conversion Chess needs its conversions written), one
// ply per step, replayed by the engine's record replay.
#include <fmt/format.h>

#include "rules/core/fen.hpp"
#include "rules/core/notation.hpp"
#include "solver/analysis/record_module.hpp"

namespace arbiter::solver {
namespace {

RecordOutcome outcome(const VariantPtr& v, const std::vector<RecordToken>& game,
                      const ReplayOptions& options, TurnSets) {
  const ReplayResult r = replay_record(v, game, options);
  return outcome_of(r, r.plies, r.termination == Termination::kNone ? "" : to_string(r.termination),
                    note_location, "ply");
}

std::optional<TurnSets> record_kind(const std::string& moves) {
  if (moves == "-") return std::nullopt;
  return TurnSets::kOne;
}

bool plain_step(const std::string& moves) {
  return moves != "-";
}

int one(const std::string&) {
  return 1;
}

int same(int steps) {
  return steps;
}

std::string record_text(const VariantPtr& v, const std::vector<std::string>& fens,
                        const std::vector<std::string>& steps) {
  std::string text;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const Position pos = parse_fen(v, fens[i]);
    const std::string san = to_san(pos, parse_uci(pos, steps[i]));
    const bool white = pos.side_to_move() == kWhite;
    if (!text.empty()) text += ' ';
    text += white || i == 0
                ? fmt::format("{}{} {}", pos.fullmove_number(), white ? "." : "...", san)
                : san;
  }
  return text;
}

constexpr RecordModule kSequential{"ply",       "plies",    3,   true, outcome,
                                   record_kind, plain_step, one, same, record_text};

}  // namespace

const RecordModule& sequential_records() {
  return kSequential;
}

}  // namespace arbiter::solver
