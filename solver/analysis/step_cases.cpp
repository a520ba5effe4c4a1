#include "solver/analysis/step_cases.hpp"

#include <algorithm>
#include <random>
#include <set>
#include <sstream>

#include "rules/conversion/conversion.hpp"
#include "rules/core/rule_table.hpp"
#include "solver/analysis/step_case_source.hpp"

namespace arbiter::solver {

const StepCaseSource& step_case_source(const Variant& v) {
  const RuleTable& t = v.table();
  switch (t.protocol) {
    case Protocol::kSequential:
      return v.conversion().enabled ? conversion_step_cases() : orthodox_step_cases();
    case Protocol::kConditional:
      return conditional_step_cases();
    case Protocol::kSimultaneous:
      // A table without a built resolver is refused by sim_rules_for when a step is played.
      return t.resolver == Resolver::kDiplomacy ? diplomacy_step_cases()
                                                : move_neutral_step_cases();
  }
  return orthodox_step_cases();
}

void add_clause(std::vector<std::string>& clauses, std::string_view c) {
  if (std::find(clauses.begin(), clauses.end(), c) == clauses.end()) clauses.emplace_back(c);
}

std::vector<std::string> step_words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

StepCase refused_step(std::string fen, std::string moves, std::string_view why) {
  return StepCase{std::move(fen), std::move(moves), "refused: " + std::string(why), "", {}};
}

void add_plain_clauses(std::vector<ClauseSpec>& out,
                       std::initializer_list<std::string_view> names) {
  for (const std::string_view n : names) out.push_back({std::string(n), ""});
}

std::vector<ClauseSpec> clause_names(const Variant& v) {
  return step_case_source(v).clauses(v);
}

void for_each_step(const VariantPtr& v, const std::string& fen,
                   const std::function<bool(const StepCase&)>& f) {
  step_case_source(*v).for_each(v, fen, f);
}

StepCase replay_step(const VariantPtr& v, const std::string& fen, const std::string& moves) {
  return step_case_source(*v).replay(v, fen, moves);
}

std::vector<std::string> sweep_positions(const VariantPtr& v, int count, int plies, unsigned seed) {
  std::vector<std::string> starts{v->table().setup_fen};
  for (const PerftCheck& p : v->table().perft_checks) starts.push_back(p.fen);
  std::vector<std::string> out;
  std::mt19937 rng(seed);
  // Starts where no step begins (a conditional FEN in phase C) are left out.
  std::erase_if(starts, [&](const std::string& fen) {
    try {
      for_each_step(v, fen, [](const StepCase&) { return false; });
      return false;
    } catch (const std::exception&) {
      return true;
    }
  });
  if (starts.empty()) return out;
  // Every position along each walk is kept (a rare situation is often passed on the way).
  std::set<std::string> seen;
  auto keep = [&](const std::string& fen) {
    if (static_cast<int>(out.size()) < count && seen.insert(fen).second) out.push_back(fen);
  };
  for (const std::string& fen : starts) keep(fen);
  for (std::size_t walk = 0; static_cast<int>(out.size()) < count && walk < 100u * count; ++walk) {
    std::string fen = starts[walk % starts.size()];
    const int n = 1 + static_cast<int>(rng() % static_cast<unsigned>(std::max(plies, 1)));
    for (int p = 0; p < n && static_cast<int>(out.size()) < count; ++p) {
      std::vector<std::string> next;
      for_each_step(v, fen, [&](const StepCase& c) {
        if (!c.after_fen.empty()) next.push_back(c.after_fen);
        return true;
      });
      if (next.empty()) break;
      fen = next[rng() % next.size()];
      keep(fen);
    }
  }
  return out;
}

}  // namespace arbiter::solver
