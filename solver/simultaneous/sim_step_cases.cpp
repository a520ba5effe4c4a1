#include "solver/simultaneous/sim_step_cases.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "rules/core/notation.hpp"
#include "rules/simultaneous/simultaneous.hpp"

namespace arbiter::solver {
namespace {

/// The standing step "-" of `s`, whose FEN is `fen` and status `st`.
StepCase standing(const SimState& s, const std::string& fen, const SimStatus& st) {
  StepCase c{fen, "-", st.over ? sim_status_text(st) : "in play", "", {}};
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

namespace {

/// The step case of a resolved pair: `fen` is `s`'s, `moves` the pair's text.
StepCase resolved_pair(const SimRules& rules, std::string fen, std::string moves,
                       const SimTurnOutcome& r) {
  StepCase c;
  c.fen = std::move(fen);
  c.moves = std::move(moves);
  for (const TraceEntry& e : r.trace) add_clause(c.clauses, e.clause);
  const SimStatus st = rules.status(r.after);
  if (st.over) add_clause(c.clauses, st.reason);
  c.after_fen = to_sim_fen(r.after);
  c.outcome = fmt::format("{} | white {}, black {}", c.after_fen, r.fates[kWhite], r.fates[kBlack]);
  if (st.over) c.outcome += " | " + sim_status_text(st);
  return c;
}

/// Each move's UCI text as its side sees the board.
std::vector<std::string> uci_texts(const SimState& s, Color c, const MoveList& moves) {
  const Position view = view_for(s, c);
  std::vector<std::string> out;
  out.reserve(moves.size());
  for (Move m : moves) out.push_back(to_uci(view, m));
  return out;
}

}  // namespace

StepCase play_pair(const SimRules& rules, const SimState& s, SubmittedPair p) {
  return resolved_pair(
      rules, to_sim_fen(s),
      to_uci(view_for(s, kWhite), p.white) + " " + to_uci(view_for(s, kBlack), p.black),
      rules.resolve_traced(s, p.white, p.black));
}

void SimStepCases::for_each(const VariantPtr& v, const std::string& fen,
                            const StepVisitor& f) const {
  const SimState s = parse_sim_fen(v, fen);
  const std::unique_ptr<SimRules> rules = sim_rules_for(v);
  const SimStatus st = rules->status(s);
  // The position's FEN and the moves' texts are written once for all its steps, and a pair of
  // submissions is not checked again as submissions.
  const std::string fen_text = to_sim_fen(s);
  if (!f(standing(s, fen_text, st)) || st.over) return;
  MoveList w, b;
  rules->submissions(s, kWhite, w);
  rules->submissions(s, kBlack, b);
  const std::vector<std::string> w_text = uci_texts(s, kWhite, w), b_text = uci_texts(s, kBlack, b);
  auto w_word = w_text.begin();
  for (Move mw : w) {
    auto b_word = b_text.begin();
    for (Move mb : b)
      if (!f(resolved_pair(*rules, fen_text, *w_word + " " + *b_word++,
                           rules->resolve_submitted_clauses(s, mw, mb))))
        return;
    ++w_word;
  }
  more_steps(*rules, s, w, b, f);
}

StepCase SimStepCases::replay(const VariantPtr& v, const std::string& fen,
                              const std::string& text) const {
  const SimState s = parse_sim_fen(v, fen);
  const std::unique_ptr<SimRules> rules = sim_rules_for(v);
  const SimStatus st = rules->status(s);
  if (text == "-") return standing(s, to_sim_fen(s), st);
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
  // Both are submissions (found among them, each written as its text): play_pair would check
  // them again, and a step case reads only the trace's clauses.
  return resolved_pair(*rules, to_sim_fen(s), parts[kWhite] + " " + parts[kBlack],
                       rules->resolve_submitted_clauses(s, m[kWhite], m[kBlack]));
}

}  // namespace arbiter::solver
