// The simultaneous protocol's records (Diplomacy and Move-Neutral Chess) for the record
// analyses (solver/analysis/record_module.hpp): one turn per line, "N. <white> <black>", each
// side's move in SAN as a player writes it (sim_san: disambiguated among that side's
// submissions, so the record reads back), a set ("P"/"S"/"C" steps: progressive, simultaneously
// progressive, conditional sets, read with the matching TurnSets) in coordinates: a set's later
// moves are played on positions the record does not show. A search line continues only
// with one move per side, so exhausting deeper turns proves nothing about records with sets.
#include <fmt/format.h>

#include <algorithm>
#include <memory>

#include "rules/simultaneous/sim_move_text.hpp"
#include "rules/simultaneous/sim_record.hpp"
#include "rules/simultaneous/sim_rules.hpp"
#include "solver/analysis/record_module.hpp"
#include "solver/analysis/step_case_source.hpp"

namespace arbiter::solver {
namespace {

RecordOutcome outcome(const VariantPtr& v, const std::vector<RecordToken>& game,
                      const ReplayOptions& options, TurnSets sets) {
  const DiplomacyReplayResult r = replay_diplomacy_record(v, game, options, sets);
  const std::string status =
      r.status.over ? fmt::format("{} {}", r.status.reason, r.status.result()) : "";
  return outcome_of(r, r.turns, status, note_location, "turn");
}

std::optional<TurnSets> record_kind(const std::string& moves) {
  if (moves == "-") return std::nullopt;
  const std::vector<std::string> w = step_words(moves);
  if (std::find(w.begin(), w.end(), "-") != w.end()) return std::nullopt;
  if (w.size() == 3 && w[0] == "P") return TurnSets::kProgressive;
  if (w.size() == 3 && w[0] == "S") return TurnSets::kSimultaneouslyProgressive;
  if (w.size() == 3 && w[0] == "C") return TurnSets::kOne;
  if (w.size() == 2) return TurnSets::kOne;
  return std::nullopt;
}

bool plain_step(const std::string& moves) {
  return record_kind(moves) && step_words(moves).size() == 2;
}

int one(const std::string&) {
  return 1;
}

int same(int steps) {
  return steps;
}

std::string join_set(const std::string& set) {
  std::string out;
  for (char c : set) c == ',' ? out.append(", ") : out.append(1, c);
  return out;
}

/// Side `c`'s move `coordinates` (a submission on the position `fen`) in SAN.
std::string san_of(const SimRules& rules, const SimState& s, Color c,
                   const std::string& coordinates) {
  MoveList subs;
  rules.submissions(s, c, subs);
  return sim_san(s, c, read_sim_move(s, c, coordinates, subs), subs);
}

std::string record_text(const VariantPtr& v, const std::vector<std::string>& fens,
                        const std::vector<std::string>& steps) {
  const std::unique_ptr<SimRules> rules = sim_rules_for(v);
  std::string text;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const std::vector<std::string> w = step_words(steps[i]);
    std::string white, black;
    if (w.size() == 3) {
      white = join_set(w[1]);
      black = join_set(w[2]);
    } else {
      const SimState s = parse_sim_fen(v, fens.at(i));
      white = san_of(*rules, s, kWhite, w.at(0));
      black = san_of(*rules, s, kBlack, w.at(1));
    }
    if (!text.empty()) text += '\n';
    text += fmt::format("{}. {} {}", i + 1, white, black);
  }
  return text;
}

constexpr RecordModule kSimultaneous{"turn",      "turns",    1,   false, outcome,
                                     record_kind, plain_step, one, same,  record_text};

}  // namespace

const RecordModule& simultaneous_records() {
  return kSimultaneous;
}

}  // namespace arbiter::solver
