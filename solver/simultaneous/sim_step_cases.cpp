#include "solver/simultaneous/sim_step_cases.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "rules/core/notation.hpp"
#include "rules/simultaneous/simultaneous.hpp"

namespace arbiter::solver {
namespace {

StepCase standing(const SimRules& rules, const SimState& s) {
  const SimStatus st = rules.status(s);
  StepCase c{to_sim_fen(s), "-", st.over ? sim_status_text(st) : "in play", "", {}};
  if (st.over) add_clause(c.clauses, st.reason);
  for (Color col : {kWhite, kBlack})
    if (s.pos.king_in_check(col))
      c.outcome += col == kWhite ? " | White in check" : " | Black in check";
  return c;
}

/// The submission of colour `c` written `uci` (matched by text: a submission may be no
/// orthodox move, e.g. under vacated-square=passable), or nullopt.
std::optional<Move> submission_by_text(const SimRules& rules, const SimState& s, Color c,
                                       const std::string& uci) {
  MoveList subs;
  rules.submissions(s, c, subs);
  const Position view = view_for(s, c);
  const auto it =
      std::find_if(subs.begin(), subs.end(), [&](Move x) { return to_uci(view, x) == uci; });
  if (it == subs.end()) return std::nullopt;
  return *it;
}

}  // namespace

std::string sim_status_text(const SimStatus& st) {
  return st.over ? fmt::format("{} {}", st.reason, st.result()) : "";
}

StepCase play_pair(const SimRules& rules, const SimState& s, SubmittedPair p) {
  StepCase c;
  c.fen = to_sim_fen(s);
  c.moves = to_uci(view_for(s, kWhite), p.white) + " " + to_uci(view_for(s, kBlack), p.black);
  const SimTurnOutcome r = rules.resolve_traced(s, p.white, p.black);
  for (const TraceEntry& e : r.trace) add_clause(c.clauses, e.clause);
  const SimStatus st = rules.status(r.after);
  if (st.over) add_clause(c.clauses, st.reason);
  c.after_fen = to_sim_fen(r.after);
  c.outcome = fmt::format("{} | white {}, black {}", c.after_fen, r.fates[kWhite], r.fates[kBlack]);
  if (st.over) c.outcome += " | " + sim_status_text(st);
  return c;
}

void SimStepCases::for_each(const VariantPtr& v, const std::string& fen,
                            const StepVisitor& f) const {
  const SimState s = parse_sim_fen(v, fen);
  const std::unique_ptr<SimRules> rules = sim_rules_for(v);
  const SimStatus st = rules->status(s);
  if (!f(standing(*rules, s)) || st.over) return;
  MoveList w, b;
  rules->submissions(s, kWhite, w);
  rules->submissions(s, kBlack, b);
  for (Move mw : w)
    for (Move mb : b)
      if (!f(play_pair(*rules, s, {mw, mb}))) return;
  more_steps(*rules, s, w, b, f);
}

StepCase SimStepCases::replay(const VariantPtr& v, const std::string& fen,
                              const std::string& text) const {
  const SimState s = parse_sim_fen(v, fen);
  const std::unique_ptr<SimRules> rules = sim_rules_for(v);
  const SimStatus st = rules->status(s);
  if (text == "-") return standing(*rules, s);
  const std::vector<std::string> parts = step_words(text);
  if (std::optional<StepCase> other = replay_other(*rules, s, parts, text))
    return std::move(*other);
  if (parts.size() != 2)
    throw std::invalid_argument(fmt::format(
        "step '{}': expected two moves, White's and Black's (Diplomacy also 'P <white set> "
        "<black set>', 'S <white set> <black set>' or 'C <white move or conditional> <black "
        "move or conditional>')",
        text));
  if (st.over) return refused_step(to_sim_fen(s), text, "the game is over");
  // Matched against the submissions by text: a submission may be no orthodox move (under
  // vacated-square=passable a line may cross a square its piece leaves this turn).
  Move m[2];
  for (Color c : {kWhite, kBlack}) {
    const std::optional<Move> found = submission_by_text(*rules, s, c, parts[c]);
    if (!found)
      return refused_step(
          to_sim_fen(s), text,
          fmt::format("{} is not a submission of {}", parts[c], c == kWhite ? "White" : "Black"));
    m[c] = *found;
  }
  return play_pair(*rules, s, {m[kWhite], m[kBlack]});
}

}  // namespace arbiter::solver
