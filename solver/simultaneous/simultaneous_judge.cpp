#include "solver/simultaneous/simultaneous_judge.hpp"

#include <fmt/format.h>

#include "rules/core/notation.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_move_text.hpp"

namespace arbiter::solver {

SimState sim_state_of(const Position& pos) {
  SimState s{pos, {kNoSquare, kNoSquare}};
  s.pos.set_side_to_move(kWhite);
  s.pos.set_en_passant(kNoSquare);
  return s;
}

std::vector<std::string> trace_lines(const std::vector<TraceEntry>& trace) {
  std::vector<std::string> out;
  for (const TraceEntry& e : trace)
    out.push_back(fmt::format("{} {}@{}: {}", e.clause,
                              e.square == kNoSquare ? "-" : square_name(e.square), e.tick, e.text));
  return out;
}

MoveNeutralWanted clause_shown(MoveNeutralClause clause, std::string account) {
  return [clause, account = std::move(account)](
             const SimState&, const MoveNeutralResolution& r) -> std::optional<std::string> {
    if (!has_clause(r.trace, clause)) return std::nullopt;
    return account;
  };
}

namespace {

/// A protocol's submissions of one side (diplomacy_submissions, move_neutral_submissions).
using Submissions = void (*)(const SimState&, Color, MoveList&);

/// Every pair of the two sides' `submissions` that passes `filter`, resolved until `resolve`
/// gives a witness.
template <typename Resolve, typename Text>
EngineVerdict judge_pairs(const Position& pos, Submissions submissions, const PairFilter& filter,
                          const Resolve& resolve, const Text& text, const std::string& why_not) {
  const SimState s = sim_state_of(pos);
  MoveList white, black;
  submissions(s, kWhite, white);
  submissions(s, kBlack, black);
  EngineVerdict v;
  for (Move w : white)
    for (Move b : black) {
      if (filter && !filter(s, w, b)) continue;
      std::optional<Witness> wit = resolve(s, w, b);
      if (!wit) continue;
      wit->fen = to_sim_fen(s);
      wit->moves = {w, b};
      wit->moves_text = fmt::format("white {}, black {}", text(s, kWhite, w), text(s, kBlack, b));
      v.holds = true;
      v.witness = std::move(wit);
      return v;
    }
  v.why_not = why_not;
  return v;
}

}  // namespace

EngineVerdict judge_diplomacy(const Position& pos, const PairFilter& filter,
                              const DiplomacyWanted& wanted, const std::string& why_not) {
  const auto resolve = [&](const SimState& st, Move w, Move b) -> std::optional<Witness> {
    ResolveOptions o;
    o.validate = false;
    const DiplomacyResolution r = resolve_diplomacy(st, w, b, o);
    const std::optional<std::string> what = wanted(st, w, b, r);
    if (!what) return std::nullopt;
    std::string fates;
    for (Fate f : r.fates) {
      if (!fates.empty()) fates += '/';
      fates += to_string(f);
    }
    Witness wit{
        st.pos,
        {},
        fmt::format("{} (fates white/black: {}; after: {})", *what, fates, to_sim_fen(r.after))};
    wit.trace = trace_lines(r.trace);
    return wit;
  };
  return judge_pairs(pos, diplomacy_submissions, filter, resolve, diplomacy_san, why_not);
}

EngineVerdict judge_move_neutral(const Position& pos, const PairFilter& filter,
                                 const MoveNeutralWanted& wanted, const std::string& why_not) {
  const auto resolve = [&](const SimState& st, Move w, Move b) -> std::optional<Witness> {
    const MoveNeutralResolution r = resolve_move_neutral(st, w, b, true, false);
    const std::optional<std::string> what = wanted(st, r);
    if (!what) return std::nullopt;
    Witness wit{st.pos, {}, fmt::format("{} (after: {})", *what, to_sim_fen(r.after))};
    wit.trace = trace_lines(r.trace);
    return wit;
  };
  const auto text = [](const SimState& st, Color c, Move m) { return to_san(view_for(st, c), m); };
  return judge_pairs(pos, move_neutral_submissions, filter, resolve, text, why_not);
}

}  // namespace arbiter::solver
