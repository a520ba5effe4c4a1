#include "solver/analysis/coverage.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "solver/analysis/coverage_probes.hpp"
#include "solver/analysis/knob_relevance.hpp"
#include "solver/analysis/step_cases.hpp"
#include "solver/core/scenarios.hpp"
#include "solver/core/witness_minimize.hpp"
#include "solver/core/witness_search.hpp"
#include "solver/registry/solver_modules.hpp"

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

void say(const CoverageOptions& o, const ProgressStep& step) {
  if (o.progress) o.progress(step);
}

/// Clause items: the first step of the sweep that reports each clause. A clause that fires
/// only under a knob alternative (CoverageItem::setting) is looked for under that setting.
void find_clauses(const std::string& table, const VariantPtr& v,
                  const std::vector<std::string>& fens, const CoverageOptions& o,
                  std::vector<CoverageItem>& items, long long& steps) {
  std::map<std::string, std::map<std::string, CoverageItem*>> open;  // setting -> clause -> item
  for (CoverageItem& i : items)
    if (i.kind == "clause" && i.status != CoverageStatus::kWitness)
      open[i.setting.empty() ? "default" : i.setting][i.name] = &i;
  int index = 0;
  for (auto& entry : open) {
    // Named references rather than a structured binding: lambdas may not capture bindings
    // before C++20's P1091 is implemented (clang 14).
    const std::string& setting = entry.first;
    std::map<std::string, CoverageItem*>& wanted = entry.second;
    say(o, {++index, static_cast<int>(open.size()),
            fmt::format("clauses under {}: {} to find in {} positions", setting, wanted.size(),
                        fens.size())});
    const VariantPtr sv =
        setting == "default" ? v : load_variant(table, knob_settings_of(setting).value());
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

/// Every step from one position under one knob setting, by (position, moves).
struct SettingSteps {
  std::vector<StepCase> list;                       ///< in the order for_each_step gives them
  std::unordered_map<std::string, std::size_t> at;  ///< by step_key
};

/// A step's identity within one sweep position: its moves, then the position it starts from
/// (the same for nearly every step, so it comes last).
std::string step_key(const StepCase& c) {
  return c.moves + '\n' + c.fen;
}

/// A knob's witness: a step played under one alternative whose outcome differs under another.
/// Each setting plays every step of a position once; a step one setting lacks (a move another
/// reading forbids) is replayed under it. The witness is the first differing step in the
/// first setting's order, then the next setting's new steps, and so on.
std::optional<CoverageWitness> knob_witness(const std::vector<KnobSetting>& settings,
                                            const std::vector<std::string>& fens,
                                            long long& steps) {
  for (const std::string& fen : fens) {
    if (!steppable(settings.front().variant, fen)) continue;
    std::vector<SettingSteps> per(settings.size());
    try {
      for (std::size_t i = 0; i < settings.size(); ++i)
        for_each_step(settings[i].variant, fen, [&](const StepCase& c) {
          ++steps;
          per[i].at.emplace(step_key(c), per[i].list.size());
          per[i].list.push_back(c);
          return true;
        });
    } catch (const FenError&) {
      continue;  // a position some setting cannot hold (e.g. a rule the FEN reader checks)
    }
    std::unordered_set<std::string> compared;
    for (std::size_t i = 0; i < settings.size(); ++i)
      for (const StepCase& c : per[i].list) {
        const std::string key = step_key(c);
        if (!compared.insert(key).second) continue;
        std::vector<std::pair<std::string, std::string>> outcomes;
        bool differs = false;
        for (std::size_t j = 0; j < settings.size(); ++j) {
          std::string out;
          if (const auto it = per[j].at.find(key); it != per[j].at.end()) {
            out = per[j].list[it->second].outcome;
          } else {
            out = replay_step(settings[j].variant, c.fen, c.moves).outcome;
            ++steps;
          }
          if (out != c.outcome) differs = true;
          outcomes.emplace_back(settings[j].label, std::move(out));
        }
        if (differs) return CoverageWitness{c.fen, c.moves, std::move(outcomes), ""};
      }
  }
  return std::nullopt;
}

std::vector<KnobSetting> knob_settings(const std::string& table, const KnobDef& k) {
  std::vector<KnobSetting> settings;
  for (const std::string& alt : k.alternatives)
    settings.push_back({knob_setting(k.name, alt), load_variant(table, {{k.name, alt}})});
  return settings;
}

/// Fills the items of knob `k` with `w`; returns whether it was a witness.
bool record_knob(const KnobDef& k, const std::optional<CoverageWitness>& w,
                 std::vector<CoverageItem>& items) {
  for (CoverageItem& i : items) {
    if (i.kind != "knob" || !is_setting_of(i.name, k.name)) continue;
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
        (i.name == name || (kind == "knob" && is_setting_of(i.name, name))))
      return true;
  return false;
}

void find_knobs(const std::string& table, const VariantPtr& v, const std::vector<std::string>& fens,
                const CoverageOptions& o, std::vector<CoverageItem>& items, long long& steps) {
  std::vector<const KnobDef*> open;
  for (const KnobDef& k : v->table().knobs)
    if (open_item(items, "knob", k.name)) open.push_back(&k);
  for (std::size_t i = 0; i < open.size(); ++i) {
    const KnobDef& k = *open[i];
    say(o, {static_cast<int>(i + 1), static_cast<int>(open.size()),
            fmt::format("knob {}: sweeping {} positions", k.name, fens.size())});
    record_knob(k, knob_witness(knob_settings(table, k), fens, steps), items);
  }
}

/// Z3 proposes boards of the probe's shape; the engine plays every step of each and looks for
/// the item itself.
void run_probes(const std::string& table, const VariantPtr& v, const CoverageOptions& o,
                std::vector<CoverageItem>& items, long long& steps) {
  const auto open_probe = [&items](const CoverageProbe& probe) {
    const auto space = probe.item.find(' ');
    return open_item(items, probe.item.substr(0, space), probe.item.substr(space + 1));
  };
  const std::vector<CoverageProbe> probes = coverage_probes(*v);
  const int total = static_cast<int>(std::count_if(probes.begin(), probes.end(), open_probe));
  int index = 0;
  for (const CoverageProbe& probe : probes) {
    const auto space = probe.item.find(' ');
    const std::string kind = probe.item.substr(0, space), name = probe.item.substr(space + 1);
    if (!open_item(items, kind, name)) continue;  // an earlier probe's steps showed it
    say(o, {++index, total, fmt::format("probe {}: Z3 proposes, the engine plays", probe.item)});
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
      const std::string fen = probe.fen ? probe.fen(proposal) : probe_fen(proposal);
      if (!steppable(v, fen)) {
        verdict.why_not = "no step starts here";
        return verdict;
      }
      if (knob) {
        verdict.holds = record_knob(*knob, knob_witness(settings, {fen}, steps), items);
      } else {
        find_clauses(table, v, {fen}, CoverageOptions{}, items, steps);
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
    so.minimize = false;  // the judge records its steps; minimize_witnesses does it afterwards
    const SearchResult r = find_witnesses(s, v, so);
    if (r.witnesses.empty())
      for (CoverageItem& i : items)
        if (i.kind == kind && (i.name == name || is_setting_of(i.name, name)) &&
            i.status != CoverageStatus::kWitness)
          i.detail += fmt::format("; probe: {} after {} proposal(s)", r.status, r.rounds);
  }
}

/// Knobs still without a witness whose relevance condition (solver/analysis/knob_relevance.hpp) no
/// board of up to max_pieces satisfies: proved not to matter there.
void prove_knobs_irrelevant(const VariantPtr& v, const CoverageOptions& o,
                            std::vector<CoverageItem>& items) {
  std::vector<const KnobDef*> open;
  for (const KnobDef& k : v->table().knobs)
    if (open_item(items, "knob", k.name)) open.push_back(&k);
  for (std::size_t index = 0; index < open.size(); ++index) {
    const KnobDef& k = *open[index];
    SolverLimits limits = o.limits;
    limits.seed = o.seed;
    const RelevanceProof p = prove_knob_irrelevant(v, k.name, o.max_pieces, limits);
    if (p.status == "none") continue;
    say(o, {static_cast<int>(index + 1), static_cast<int>(open.size()),
            fmt::format("knob {}: Z3 looks for a board with {}: {}", k.name, p.needs, p.status)});
    if (p.status != "unsat") continue;
    for (CoverageItem& i : items)
      if (i.kind == "knob" && is_setting_of(i.name, k.name)) {
        i.status = CoverageStatus::kUnreachable;
        i.detail = fmt::format(
            "no difference up to {} pieces: the knob matters only with {}, and Z3 finds no "
            "valid board of up to {} pieces with it (unsat)",
            o.max_pieces, p.needs, o.max_pieces);
      }
  }
}

/// Z3's work budget per check of a scenario inherited from another table (rlimit units).
constexpr unsigned long long kInheritedRlimit = 30'000'000;

/// The family of catalog scenarios that serves `v` (its rules module's, or its effect's).
std::string catalog_table(const VariantPtr& v) {
  return std::string(scenario_family(*v));
}

void find_scenarios(const VariantPtr& v, const CoverageOptions& o, std::vector<CoverageItem>& items,
                    std::vector<std::string>& extra_fens) {
  const std::string family = catalog_table(v);
  const bool inherited = family != v->name();
  const auto of_family = [&family](const Scenario& s) {
    return !family.empty() && s.variant == family;
  };
  const int total = static_cast<int>(
      std::count_if(scenario_catalog().begin(), scenario_catalog().end(), of_family));
  int index = 0;
  for (const Scenario& catalog_entry : scenario_catalog()) {
    if (!of_family(catalog_entry)) continue;
    Scenario s = catalog_entry;
    if (inherited) {
      // Another table's formula says nothing exact about this one: it only proposes boards,
      // which this table's engine judges (no unsat claim, no disagreement).
      s.variant = v->name();
      s.kind = FormulaKind::kFilter;
    }
    CoverageItem item{"scenario", s.name, "", CoverageStatus::kNotFound, "", std::nullopt};
    say(o, {++index, total,
            fmt::format("scenario {}{}", s.name, inherited ? " (as a proposal filter)" : "")});
    SearchOptions so;
    so.max_pieces = o.max_pieces;
    so.limits = o.limits;
    so.limits.seed = o.seed;
    // A filter written for another table: a few proposals only (each costs an engine judgement).
    if (inherited) {
      so.max_rounds = std::min(o.probe_rounds, 20);
      // ... and a bounded effort per Z3 check (deterministic, unlike a timeout): its formula
      // may be far harder on this table than on the one it was written for.
      if (so.limits.rlimit == 0) so.limits.rlimit = kInheritedRlimit;
    }
    SearchResult r;
    try {
      r = find_witnesses(s, v, so);
    } catch (const EngineDisagreement&) {
      if (!inherited) throw;
      r.status = "not applicable: this table's engine cannot read a proposal";
    } catch (const std::exception& e) {
      if (!inherited) throw;
      r.status = fmt::format("not applicable to this table: {}", e.what());
    }
    if (!r.witnesses.empty()) {
      const Witness& w = r.witnesses.front();
      item.status = CoverageStatus::kWitness;
      item.detail = w.what;
      item.witness =
          CoverageWitness{to_fen(w.position), w.moves_text, {}, w.what, w.men_removed, w.men};
      extra_fens.push_back(w.fen.empty() ? to_fen(w.position) : w.fen);
    } else if (r.status == "unsat" && s.kind != FormulaKind::kFilter) {
      item.status = CoverageStatus::kUnreachable;
      item.detail = fmt::format("unreachable up to {} pieces (Z3: unsat)", o.max_pieces);
    } else {
      item.status =
          r.status.rfind("unknown", 0) == 0 ? CoverageStatus::kUnknown : CoverageStatus::kNotFound;
      item.detail = fmt::format("no witness up to {} pieces ({})", o.max_pieces, r.status);
    }
    if (inherited) item.detail += fmt::format(" [scenario of the table {}]", family);
    items.push_back(std::move(item));
  }
}

/// Whether `outcomes` part: not all equal, and some setting plays the step (outcomes that
/// differ only in why each setting refuses it are no reading of the step).
bool parts(const std::vector<std::pair<std::string, std::string>>& outcomes) {
  bool differ = false, played = false;
  for (const auto& [setting, out] : outcomes) {
    differ = differ || out != outcomes.front().second;
    played = played || out.rfind("refused", 0) != 0;
  }
  return differ && played;
}

/// The step `moves` from `fen` under each setting; nullopt when some setting cannot read it.
/// `canonical`: the position after written without an en-passant square nobody can use
/// (without_idle_en_passant), for comparing readings.
std::optional<std::vector<std::pair<std::string, std::string>>> outcomes_of(
    const std::vector<KnobSetting>& settings, const std::string& fen, const std::string& moves,
    bool canonical = false) {
  std::vector<std::pair<std::string, std::string>> out;
  try {
    for (const KnobSetting& s : settings) {
      const StepCase c = replay_step(s.variant, fen, moves);
      std::string outcome = c.outcome;
      if (const auto at =
              canonical && !c.after_fen.empty() ? outcome.find(c.after_fen) : std::string::npos;
          at != std::string::npos)
        outcome.replace(at, c.after_fen.size(), without_idle_en_passant(*s.variant, c.after_fen));
      out.emplace_back(s.label, std::move(outcome));
    }
  } catch (const std::exception&) {
    return std::nullopt;
  }
  return out;
}

/// Makes every knob and clause witness 1-minimal (scenario witnesses are, from their search):
/// men taken off while the knob's readings still part on the same step, or the step still
/// reports the clause.
void minimize_witnesses(const std::string& table, const VariantPtr& v,
                        std::vector<CoverageItem>& items) {
  std::map<std::string, CoverageWitness> knobs;  // knob name -> its minimized witness
  for (CoverageItem& i : items) {
    if (!i.witness || i.witness->men_removed >= 0 || i.kind == "scenario") continue;
    CoverageWitness& w = *i.witness;
    if (i.kind == "knob") {
      const std::string knob = split_knob_setting(i.name).value().first;
      if (const auto it = knobs.find(knob); it != knobs.end()) {
        w = it->second;
        continue;
      }
      const std::vector<KnobSetting> settings = knob_settings(table, *v->table().knob(knob));
      const MinimalWitness m = minimize_witness(*v, w.fen, [&](const std::string& fen) {
        const auto out = outcomes_of(settings, fen, w.moves, true);
        return out && parts(*out);
      });
      w.fen = m.fen;
      w.outcomes = outcomes_of(settings, m.fen, w.moves).value();
      w.men_removed = m.removed;
      w.men = m.men;
      knobs.emplace(knob, w);
    } else {
      const VariantPtr sv =
          i.setting.empty() ? v : load_variant(table, knob_settings_of(i.setting).value());
      const auto reports = [&](const std::string& fen) {
        try {
          const StepCase c = replay_step(sv, fen, w.moves);
          return std::find(c.clauses.begin(), c.clauses.end(), i.name) != c.clauses.end();
        } catch (const std::exception&) {
          return false;
        }
      };
      const MinimalWitness m = minimize_witness(*sv, w.fen, reports);
      w.fen = m.fen;
      w.outcomes = {{w.outcomes.front().first, replay_step(sv, m.fen, w.moves).outcome}};
      w.men_removed = m.removed;
      w.men = m.men;
    }
  }
  // Each knob alternative's detail names its own outcome on the witness as it now stands.
  for (CoverageItem& i : items)
    if (i.kind == "knob" && i.witness)
      for (const auto& [label, out] : i.witness->outcomes)
        if (label == i.name) i.detail = fmt::format("the step {} gives: {}", i.witness->moves, out);
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
          {"knob", knob_setting(k.name, alt), "", CoverageStatus::kNotFound, "", std::nullopt});
  }
  // The proofs that some knobs cannot matter come first (one cheap Z3 call each): a knob-only
  // run whose knobs are all proved needs neither the catalog nor the sweep.
  prove_knobs_irrelevant(v, o, report.items);
  bool open_knob = false;
  for (const CoverageItem& i : report.items)
    open_knob = open_knob || (i.kind == "knob" && i.status == CoverageStatus::kNotFound);
  std::vector<std::string> extra;
  if (o.scenarios && (o.clauses || open_knob)) find_scenarios(v, o, report.items, extra);
  say(o, fmt::format("sweep: {} positions, up to {} random steps each", o.positions, o.plies));
  // The scenario witnesses first: small positions where rules meet.
  std::vector<std::string> fens = extra;
  for (std::string& fen : sweep_positions(v, o.positions, o.plies, o.seed))
    fens.push_back(std::move(fen));
  report.positions = static_cast<int>(fens.size());
  find_clauses(table, v, fens, o, report.items, report.steps);
  // Knobs: a quick sweep, then the probes, then the whole sweep for what is still open.
  const std::size_t quick = std::min(fens.size(), static_cast<std::size_t>(o.quick_positions));
  find_knobs(table, v,
             std::vector<std::string>(fens.begin(), fens.begin() + static_cast<long>(quick)), o,
             report.items, report.steps);
  if (o.probes) run_probes(table, v, o, report.items, report.steps);
  if (quick < fens.size()) find_knobs(table, v, fens, o, report.items, report.steps);
  say(o, std::string("witnesses: taking off the men they do not need"));
  minimize_witnesses(table, v, report.items);
  for (CoverageItem& i : report.items) {
    if (i.status != CoverageStatus::kNotFound || i.kind == "scenario") continue;
    i.detail = fmt::format("no step of {} swept positions {}{}{}", report.positions,
                           i.kind == "clause" ? "reports it" : "depends on this knob",
                           i.setting.empty() ? "" : " (under " + i.setting + ")", i.detail);
  }
  return report;
}

}  // namespace arbiter::solver
