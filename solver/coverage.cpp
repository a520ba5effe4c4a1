#include "solver/coverage.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "rules/fen.hpp"
#include "rules/load_variant.hpp"
#include "solver/coverage_probes.hpp"
#include "solver/knob_relevance.hpp"
#include "solver/scenarios.hpp"
#include "solver/step_cases.hpp"
#include "solver/witness_search.hpp"

namespace arbiter::solver {

std::string to_string(CoverageStatus s) {
  switch (s) {
    case CoverageStatus::kWitness:
      return "witness";
    case CoverageStatus::kUnreachable:
      return "unreachable";
    case CoverageStatus::kNotFound:
      return "not found";
    case CoverageStatus::kUnknown:
      return "unknown";
  }
  return "?";
}

int CoverageReport::unexplained() const {
  int n = 0;
  for (const CoverageItem& i : items)
    if (i.status == CoverageStatus::kNotFound || i.status == CoverageStatus::kUnknown) ++n;
  return n;
}

namespace {

struct KnobSetting {
  std::string label;  ///< "knob=alternative"
  VariantPtr variant;
};

/// Whether steps start from `fen` (a scenario witness may stand where no step starts, such as
/// a conditional position in phase C).
bool steppable(const VariantPtr& v, const std::string& fen) {
  try {
    for_each_step(v, fen, [](const StepCase&) { return false; });
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

void say(const CoverageOptions& o, const std::string& line) {
  if (o.progress) o.progress(line);
}

/// Clause items: the first step of the sweep that reports each clause. A clause that fires
/// only under a knob alternative (CoverageItem::setting) is looked for under that setting.
void find_clauses(const std::string& table, const VariantPtr& v,
                  const std::vector<std::string>& fens, std::vector<CoverageItem>& items,
                  long long& steps) {
  std::map<std::string, std::map<std::string, CoverageItem*>> open;  // setting -> clause -> item
  for (CoverageItem& i : items)
    if (i.kind == "clause" && i.status != CoverageStatus::kWitness)
      open[i.setting.empty() ? "default" : i.setting][i.name] = &i;
  for (auto& entry : open) {
    // Named references rather than a structured binding: lambdas may not capture bindings
    // before C++20's P1091 is implemented (clang 14).
    const std::string& setting = entry.first;
    std::map<std::string, CoverageItem*>& wanted = entry.second;
    VariantPtr sv = v;
    if (setting != "default") {
      const auto eq = setting.find('=');
      sv = load_variant(table, {{setting.substr(0, eq), setting.substr(eq + 1)}});
    }
    for (const std::string& fen : fens) {
      if (wanted.empty()) break;
      if (!steppable(sv, fen)) continue;
      for_each_step(sv, fen, [&](const StepCase& c) {
        ++steps;
        for (const std::string& clause : c.clauses) {
          auto it = wanted.find(clause);
          if (it == wanted.end()) continue;
          CoverageItem& item = *it->second;
          item.status = CoverageStatus::kWitness;
          item.detail =
              setting == "default"
                  ? fmt::format("the step {} reports '{}'", c.moves, clause)
                  : fmt::format("under {}, the step {} reports '{}'", setting, c.moves, clause);
          item.witness = CoverageWitness{c.fen, c.moves, {{setting, c.outcome}}, ""};
          wanted.erase(it);
        }
        return !wanted.empty();
      });
    }
  }
}

/// A knob's witness: a step played under one alternative whose outcome differs under another.
std::optional<CoverageWitness> knob_witness(const std::vector<KnobSetting>& settings,
                                            const std::vector<std::string>& fens,
                                            long long& steps) {
  for (const std::string& fen : fens) {
    if (!steppable(settings.front().variant, fen)) continue;
    for (const KnobSetting& a : settings) {
      std::optional<CoverageWitness> found;
      try {
        for_each_step(a.variant, fen, [&](const StepCase& c) {
          ++steps;
          std::vector<std::pair<std::string, std::string>> outcomes;
          bool differs = false;
          for (const KnobSetting& b : settings) {
            const std::string out =
                &b == &a ? c.outcome : replay_step(b.variant, c.fen, c.moves).outcome;
            ++steps;
            if (out != c.outcome) differs = true;
            outcomes.emplace_back(b.label, out);
          }
          if (differs) found = CoverageWitness{c.fen, c.moves, std::move(outcomes), ""};
          return !found;
        });
      } catch (const FenError&) {
        continue;  // a position this setting cannot hold (e.g. a rule the FEN reader checks)
      }
      if (found) return found;
    }
  }
  return std::nullopt;
}

std::vector<KnobSetting> knob_settings(const std::string& table, const KnobDef& k) {
  std::vector<KnobSetting> settings;
  for (const std::string& alt : k.alternatives)
    settings.push_back({k.name + "=" + alt, load_variant(table, {{k.name, alt}})});
  return settings;
}

/// Fills the items of knob `k` with `w`; returns whether it was a witness.
bool record_knob(const KnobDef& k, const std::optional<CoverageWitness>& w,
                 std::vector<CoverageItem>& items) {
  for (CoverageItem& i : items) {
    if (i.kind != "knob" || i.name.rfind(k.name + "=", 0) != 0) continue;
    if (!w) continue;
    i.status = CoverageStatus::kWitness;
    i.witness = w;
    for (const auto& [label, out] : w->outcomes)
      if (label == i.name) i.detail = fmt::format("the step {} gives: {}", w->moves, out);
  }
  return w.has_value();
}

bool open_item(const std::vector<CoverageItem>& items, const std::string& kind,
               const std::string& name) {
  for (const CoverageItem& i : items)
    if (i.kind == kind && i.status == CoverageStatus::kNotFound &&
        (i.name == name || (kind == "knob" && i.name.rfind(name + "=", 0) == 0)))
      return true;
  return false;
}

void find_knobs(const std::string& table, const VariantPtr& v, const std::vector<std::string>& fens,
                const CoverageOptions& o, std::vector<CoverageItem>& items, long long& steps) {
  for (const KnobDef& k : v->table().knobs) {
    if (!open_item(items, "knob", k.name)) continue;
    say(o, fmt::format("knob {}: sweeping {} positions", k.name, fens.size()));
    record_knob(k, knob_witness(knob_settings(table, k), fens, steps), items);
  }
}

/// Z3 proposes boards of the probe's shape; the engine plays every step of each and looks for
/// the item itself.
void run_probes(const std::string& table, const VariantPtr& v, const CoverageOptions& o,
                std::vector<CoverageItem>& items, long long& steps) {
  for (const CoverageProbe& probe : coverage_probes(*v)) {
    const auto space = probe.item.find(' ');
    const std::string kind = probe.item.substr(0, space), name = probe.item.substr(space + 1);
    if (!open_item(items, kind, name)) continue;
    say(o, fmt::format("probe {}: Z3 proposes, the engine plays", probe.item));
    const KnobDef* knob = kind == "knob" ? v->table().knob(name) : nullptr;
    const std::vector<KnobSetting> settings =
        knob ? knob_settings(table, *knob) : std::vector<KnobSetting>{};
    Scenario s;
    s.name = v->name() + "/coverage-" + name;
    s.variant = v->name();
    s.description = "coverage probe for " + probe.item;
    s.kind = FormulaKind::kFilter;
    s.formula = probe.shape;
    s.engine = [&](const Position& proposal) {
      EngineVerdict verdict;
      const std::string fen = probe_fen(proposal);
      if (!steppable(v, fen)) {
        verdict.why_not = "no step starts here";
        return verdict;
      }
      if (knob) {
        verdict.holds = record_knob(*knob, knob_witness(settings, {fen}, steps), items);
      } else {
        find_clauses(table, v, {fen}, items, steps);
        verdict.holds = !open_item(items, kind, name);
      }
      if (verdict.holds)
        verdict.witness = Witness(proposal, {}, "coverage: " + probe.item);
      else
        verdict.why_not = "the engine's steps do not show " + probe.item;
      return verdict;
    };
    SearchOptions so;
    so.max_pieces = o.max_pieces;
    so.limits = o.limits;
    so.limits.seed = o.seed;
    so.max_rounds = probe.rounds > 0 ? probe.rounds : o.probe_rounds;
    so.max_pieces = std::max(o.max_pieces, probe.min_pieces);
    const SearchResult r = find_witnesses(s, v, so);
    if (r.witnesses.empty())
      for (CoverageItem& i : items)
        if (i.kind == kind && (i.name == name || i.name.rfind(name + "=", 0) == 0) &&
            i.status != CoverageStatus::kWitness)
          i.detail += fmt::format("; probe: {} after {} proposal(s)", r.status, r.rounds);
  }
}

/// Knobs still without a witness whose relevance condition (solver/knob_relevance.hpp) no
/// board of up to max_pieces satisfies: proved not to matter there.
void prove_knobs_irrelevant(const VariantPtr& v, const CoverageOptions& o,
                            std::vector<CoverageItem>& items) {
  for (const KnobDef& k : v->table().knobs) {
    if (!open_item(items, "knob", k.name)) continue;
    SolverLimits limits = o.limits;
    limits.seed = o.seed;
    const RelevanceProof p = prove_knob_irrelevant(v, k.name, o.max_pieces, limits);
    if (p.status == "none") continue;
    say(o, fmt::format("knob {}: Z3 looks for a board with {}: {}", k.name, p.needs, p.status));
    if (p.status != "unsat") continue;
    for (CoverageItem& i : items)
      if (i.kind == "knob" && i.name.rfind(k.name + "=", 0) == 0) {
        i.status = CoverageStatus::kUnreachable;
        i.detail = fmt::format(
            "no difference up to {} pieces: the knob matters only with {}, and Z3 finds no "
            "valid board of up to {} pieces with it (unsat)",
            o.max_pieces, p.needs, o.max_pieces);
      }
  }
}

void find_scenarios(const VariantPtr& v, const CoverageOptions& o, std::vector<CoverageItem>& items,
                    std::vector<std::string>& extra_fens) {
  for (const Scenario& s : scenario_catalog()) {
    if (s.variant != v->name()) continue;
    CoverageItem item{"scenario", s.name, "", CoverageStatus::kNotFound, "", std::nullopt};
    say(o, fmt::format("scenario {}", s.name));
    SearchOptions so;
    so.max_pieces = o.max_pieces;
    so.limits = o.limits;
    so.limits.seed = o.seed;
    const SearchResult r = find_witnesses(s, v, so);
    if (!r.witnesses.empty()) {
      const Witness& w = r.witnesses.front();
      item.status = CoverageStatus::kWitness;
      item.detail = w.what;
      item.witness = CoverageWitness{to_fen(w.position), w.moves_text, {}, w.what};
      extra_fens.push_back(w.fen.empty() ? to_fen(w.position) : w.fen);
    } else if (r.status == "unsat" && s.kind != FormulaKind::kFilter) {
      item.status = CoverageStatus::kUnreachable;
      item.detail = fmt::format("unreachable up to {} pieces (Z3: unsat)", o.max_pieces);
    } else {
      item.status =
          r.status.rfind("unknown", 0) == 0 ? CoverageStatus::kUnknown : CoverageStatus::kNotFound;
      item.detail = fmt::format("no witness up to {} pieces ({})", o.max_pieces, r.status);
    }
    items.push_back(std::move(item));
  }
}

}  // namespace

CoverageReport coverage(const std::string& table, const CoverageOptions& o) {
  const VariantPtr v = load_variant(table);
  CoverageReport report;
  report.table = v->name();
  report.source = table;
  for (const ClauseSpec& c : o.clauses ? clause_names(*v) : std::vector<ClauseSpec>{})
    report.items.push_back({"clause", c.name, c.knob, CoverageStatus::kNotFound, "", std::nullopt});
  for (const KnobDef& k : v->table().knobs) {
    if (!o.knobs.empty() && std::find(o.knobs.begin(), o.knobs.end(), k.name) == o.knobs.end())
      continue;
    for (const std::string& alt : k.alternatives)
      report.items.push_back(
          {"knob", k.name + "=" + alt, "", CoverageStatus::kNotFound, "", std::nullopt});
  }
  std::vector<std::string> extra;
  if (o.scenarios) find_scenarios(v, o, report.items, extra);
  say(o, fmt::format("sweep: {} positions, up to {} random steps each", o.positions, o.plies));
  // The scenario witnesses first: small positions where rules meet.
  std::vector<std::string> fens = extra;
  for (std::string& fen : sweep_positions(v, o.positions, o.plies, o.seed))
    fens.push_back(std::move(fen));
  report.positions = static_cast<int>(fens.size());
  find_clauses(table, v, fens, report.items, report.steps);
  // Knobs: the proofs that some cannot matter (one cheap Z3 call each), a quick sweep, then
  // the probes, then the whole sweep for what is still open.
  prove_knobs_irrelevant(v, o, report.items);
  const std::size_t quick = std::min(fens.size(), static_cast<std::size_t>(o.quick_positions));
  find_knobs(table, v,
             std::vector<std::string>(fens.begin(), fens.begin() + static_cast<long>(quick)), o,
             report.items, report.steps);
  if (o.probes) run_probes(table, v, o, report.items, report.steps);
  if (quick < fens.size()) find_knobs(table, v, fens, o, report.items, report.steps);
  for (CoverageItem& i : report.items) {
    if (i.status != CoverageStatus::kNotFound || i.kind == "scenario") continue;
    i.detail = fmt::format("no step of {} swept positions {}{}{}", report.positions,
                           i.kind == "clause" ? "reports it" : "depends on this knob",
                           i.setting.empty() ? "" : " (under " + i.setting + ")", i.detail);
  }
  return report;
}

}  // namespace arbiter::solver
