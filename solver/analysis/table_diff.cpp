#include "solver/analysis/table_diff.hpp"

#include <fmt/format.h>

#include <map>
#include <memory>
#include <set>

#include "rules/core/load_variant.hpp"
#include "rules/core/table_loader.hpp"
#include "solver/analysis/coverage.hpp"
#include "solver/analysis/coverage_probes.hpp"
#include "solver/analysis/knob_relevance.hpp"
#include "solver/analysis/movement_difference.hpp"
#include "solver/analysis/step_cases.hpp"
#include "solver/core/witness_search.hpp"
#include "solver/registry/solver_modules.hpp"

namespace arbiter::solver {

std::string to_string(DiffStatus s) {
  switch (s) {
    case DiffStatus::kWitness:
      return "changed";
    case DiffStatus::kProved:
      return "no behavioural change";
    case DiffStatus::kNotFound:
      return "undecided";
  }
  return "?";
}

bool DiffReport::changed() const {
  if (groups.empty()) return whole != DiffStatus::kProved;
  for (const DiffGroup& g : groups)
    if (g.status != DiffStatus::kProved) return true;
  return false;
}

namespace {

void say(const DiffOptions& o, const std::string& line) {
  if (o.progress) o.progress(line);
}

/// Whether steps start from `fen` under `v`; `why` gets the reason when not.
bool readable(const VariantPtr& v, const std::string& fen, std::string& why) {
  try {
    for_each_step(v, fen, [](const StepCase&) { return false; });
    return true;
  } catch (const std::exception& e) {
    why = e.what();
    return false;
  }
}

StepCase play(const VariantPtr& v, const std::string& fen, const std::string& moves) {
  try {
    return replay_step(v, fen, moves);
  } catch (const std::exception& e) {
    StepCase c;
    c.outcome = std::string("cannot be played: ") + e.what();
    return c;
  }
}

/// Looks for steps from `fen` whose outcome differs between `a` and `b` (a's steps replayed
/// under b, then the steps only b has); appends them to `out` until it holds `want`.
void steps_differ(const VariantPtr& a, const VariantPtr& b, const std::string& fen,
                  const std::string& tier, std::size_t want, std::vector<DiffWitness>& out) {
  std::string why_a, why_b;
  const bool ra = readable(a, fen, why_a), rb = readable(b, fen, why_b);
  if (!ra && !rb) return;
  if (ra != rb) {
    out.push_back({fen,
                   "-",
                   ra ? "a position steps start from" : "refused: " + why_a,
                   rb ? "a position steps start from" : "refused: " + why_b,
                   {},
                   {},
                   tier});
    return;
  }
  std::set<std::string> seen;
  const auto record = [&](const StepCase& old_c, const StepCase& new_c) {
    if (old_c.outcome == new_c.outcome) return;
    out.push_back({fen, old_c.moves.empty() ? new_c.moves : old_c.moves, old_c.outcome,
                   new_c.outcome, old_c.clauses, new_c.clauses, tier});
  };
  for_each_step(a, fen, [&](const StepCase& c) {
    seen.insert(c.moves);
    StepCase other = play(b, c.fen, c.moves);
    other.moves = c.moves;
    record(c, other);
    return out.size() < want;
  });
  if (out.size() >= want) return;
  for_each_step(b, fen, [&](const StepCase& c) {
    if (seen.count(c.moves) != 0) return true;
    StepCase other = play(a, c.fen, c.moves);
    other.moves = c.moves;
    record(other, c);
    return out.size() < want;
  });
}

void sweep(const VariantPtr& a, const VariantPtr& b, const std::vector<std::string>& fens,
           const std::string& tier, std::size_t want, std::vector<DiffWitness>& out) {
  for (const std::string& fen : fens) {
    if (out.size() >= want) return;
    steps_differ(a, b, fen, tier, want, out);
  }
}

/// The same FEN with the other side to move (sequential tables), or "" when it has none.
std::string flipped(const std::string& fen) {
  const auto sp = fen.find(' ');
  if (sp == std::string::npos || sp + 1 >= fen.size()) return "";
  std::string f = fen;
  f[sp + 1] = f[sp + 1] == 'w' ? 'b' : 'w';
  return f;
}

/// Z3 proposes boards where the tables move pieces differently; the engine plays every step
/// there under both. Returns the search status ("sat", "unsat", "unknown (...)").
std::string z3_search(const VariantPtr& a, const VariantPtr& b, const DiffOptions& o,
                      std::size_t want, std::vector<DiffWitness>& out) {
  Scenario s;
  s.name = a->name() + "/diff";
  s.variant = a->name();
  s.description = "a board where the two tables move pieces differently";
  s.kind = FormulaKind::kNecessary;
  s.formula = [b](const ScenarioContext& ctx) { return movement_differs(ctx, b); };
  s.engine = [&](const Position& proposal) {
    EngineVerdict verdict;
    const std::string fen = probe_fen(proposal);
    const std::size_t before = out.size();
    steps_differ(a, b, fen, "z3", want, out);
    if (out.size() == before && solver_module(*a).flip_sides)
      steps_differ(a, b, flipped(fen), "z3", want, out);
    verdict.holds = out.size() > before;
    if (verdict.holds)
      verdict.witness = Witness(proposal, {}, "the tables disagree here");
    else
      verdict.why_not = "every step has the same outcome under both tables";
    return verdict;
  };
  SearchOptions so;
  so.max_pieces = o.max_pieces;
  so.limits = o.limits;
  so.limits.seed = o.seed;
  so.max_rounds = o.max_rounds;
  return find_witnesses(s, a, so).status;
}

/// Keys whose whole effect is on movement, attacks and check: for these an unsat answer of
/// the movement search proves that nothing changed.
bool movement_key(const std::string& key) {
  const auto ends = [&](const std::string& suffix) {
    return key.size() > suffix.size() &&
           key.compare(key.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  return key.rfind("pieces.", 0) == 0 && (ends(".betza") || ends(".royal"));
}

/// The knob a key is about ("knobs.NAME.default" -> NAME), else "".
std::string knob_of(const std::string& key) {
  if (key.rfind("knobs.", 0) != 0) return "";
  const std::string rest = key.substr(6);
  return rest.substr(0, rest.find('.'));
}

/// Positions of a table's clause and knob witnesses (coverage without the scenario catalog),
/// computed once per table and knob filter: they cost a coverage run each.
class CoveragePositions {
 public:
  CoveragePositions(std::vector<std::string> tables, const DiffOptions& o)
      : tables_(std::move(tables)), o_(o) {}
  std::size_t tables() const { return tables_.size(); }
  /// Table `index`'s witness positions; `knob` non-empty: that knob's only.
  const std::vector<std::string>& get(std::size_t index, const std::string& knob) {
    auto [it, fresh] = cache_.try_emplace({index, knob});
    if (!fresh) return it->second;
    const std::string& t = tables_[index];
    say(o_, knob.empty() ? fmt::format("coverage of {}: clause and knob witnesses", t)
                         : fmt::format("coverage of {}: witnesses of knob {}", t, knob));
    CoverageOptions co;
    co.scenarios = false;
    co.seed = o_.seed;
    co.max_pieces = o_.max_pieces;
    co.limits = o_.limits;
    if (!knob.empty()) {
      co.clauses = false;
      co.knobs = {knob};
    }
    // A knob the table lacks (added or removed by the edit) just gives no items. Some knobs
    // decide only in positions a catalog scenario describes: those are searched second.
    std::set<std::string> seen;
    for (bool scenarios : {false, true}) {
      if (scenarios && (knob.empty() || !it->second.empty())) break;
      co.scenarios = scenarios;
      for (const CoverageItem& i : coverage(t, co).items)
        if (i.witness && seen.insert(i.witness->fen).second) it->second.push_back(i.witness->fen);
    }
    return it->second;
  }

 private:
  std::vector<std::string> tables_;
  const DiffOptions& o_;
  std::map<std::pair<std::size_t, std::string>, std::vector<std::string>> cache_;
};

std::vector<std::string> sweep_both(const VariantPtr& a, const VariantPtr& b, int count,
                                    const DiffOptions& o) {
  std::vector<std::string> fens = sweep_positions(a, count, o.plies, o.seed);
  std::set<std::string> seen(fens.begin(), fens.end());
  try {
    for (std::string& f : sweep_positions(b, count, o.plies, o.seed))
      if (seen.insert(f).second) fens.push_back(std::move(f));
  } catch (const std::exception&) {
    // a table whose own setup the other cannot read still sweeps its own positions above
  }
  return fens;
}

/// The first tier's random positions of both tables, computed when first needed.
class QuickPositions {
 public:
  QuickPositions(VariantPtr a, VariantPtr b, const DiffOptions& o)
      : a_(std::move(a)), b_(std::move(b)), o_(o) {}
  const std::vector<std::string>& get() {
    if (!done_) fens_ = sweep_both(a_, b_, o_.quick_positions, o_);
    done_ = true;
    return fens_;
  }

 private:
  VariantPtr a_, b_;
  const DiffOptions& o_;
  bool done_ = false;
  std::vector<std::string> fens_;
};

/// The FEN `fen` as `v` writes it back (the standing step's position): two spellings of one
/// position give the same text.
std::string normalised_fen(const VariantPtr& v, const std::string& fen) {
  std::string out = fen;
  for_each_step(v, fen, [&](const StepCase& c) {
    out = c.fen;
    return false;
  });
  return out;
}

/// A new setup position: games from the start begin elsewhere, which is the witness itself
/// (every step from a position is the same under both tables, so no step shows it).
bool judge_setup(const VariantPtr& a, const VariantPtr& b, DiffGroup& g) {
  const std::string old_fen = normalised_fen(a, a->table().setup_fen);
  const std::string new_fen = normalised_fen(b, b->table().setup_fen);
  if (old_fen == new_fen) {
    g.status = DiffStatus::kProved;
    g.detail += "; both FENs describe the same position";
    return true;
  }
  g.witnesses.push_back({old_fen,
                         "(game start)",
                         "games start from " + old_fen,
                         "games start from " + new_fen,
                         {},
                         {},
                         "comparing the setups"});
  g.status = DiffStatus::kWitness;
  return true;
}

/// Judges one behavioural key: witnesses between `a` and `b`, tier by tier.
void judge(const VariantPtr& a, const VariantPtr& b, const DiffOptions& o, QuickPositions& quick,
           CoveragePositions& cov, DiffGroup& g) {
  if (g.change.key == "setup.fen" && judge_setup(a, b, g)) return;
  const std::size_t want = static_cast<std::size_t>(std::max(1, o.witnesses));
  sweep(a, b, o.positions, "positions", want, g.witnesses);
  if (g.witnesses.size() < want) sweep(a, b, quick.get(), "sweep", want, g.witnesses);
  // A knob's default that cannot matter in this table (solver/analysis/knob_relevance.hpp): proved.
  const std::string knob = knob_of(g.change.key);
  if (g.witnesses.empty() && !knob.empty() && g.change.key == "knobs." + knob + ".default") {
    const RelevanceProof p = prove_knob_irrelevant(a, knob, o.max_pieces, o.limits);
    if (p.status == "unsat") {
      g.status = DiffStatus::kProved;
      g.detail += fmt::format(
          "; the knob matters only with {}, and Z3 finds no valid board of up to {} pieces "
          "with it (unsat)",
          p.needs, o.max_pieces);
      return;
    }
  }
  // A knob's key looks at that knob's witnesses first (a knob-only coverage run is quick; the
  // Z3 search below can take a minute where a knob decides only a position's status).
  if (!knob.empty())
    for (std::size_t t = 0; t < cov.tables() && g.witnesses.size() < want; ++t)
      sweep(a, b, cov.get(t, knob), "coverage", want, g.witnesses);
  std::string z3_status = "not run";
  if (g.witnesses.size() < want) {
    const std::string why = movement_comparable(*a, *b);
    if (why.empty()) {
      say(o, fmt::format("{}: Z3 looks for boards where pieces move differently", g.change.key));
      z3_status = z3_search(a, b, o, want, g.witnesses);
    } else {
      z3_status = "not run: " + why;
    }
  }
  const bool proved = g.witnesses.empty() && z3_status == "unsat" && movement_key(g.change.key);
  for (std::size_t t = 0; t < cov.tables() && g.witnesses.size() < want && !proved; ++t)
    sweep(a, b, cov.get(t, ""), "coverage", want, g.witnesses);
  if (g.witnesses.size() < want && !proved) {
    say(o, fmt::format("{}: a longer sweep", g.change.key));
    sweep(a, b, sweep_both(a, b, o.positions_count, o), "sweep", want, g.witnesses);
  }
  if (!g.witnesses.empty()) {
    g.status = DiffStatus::kWitness;
  } else if (proved) {
    g.status = DiffStatus::kProved;
    g.detail += fmt::format(
        "; Z3: no board up to {} pieces where a piece moves, attacks or "
        "gives check differently (unsat)",
        o.max_pieces);
  } else {
    g.status = DiffStatus::kNotFound;
    g.detail +=
        fmt::format("; no step with another outcome found (Z3 movement search: {})", z3_status);
  }
}

}  // namespace

DiffReport diff_tables(const std::string& old_name, const std::string& new_name,
                       const DiffOptions& o) {
  const RuleTable ta = load_table(old_name);
  const RuleTable tb = load_table(new_name);
  const VariantPtr va = Variant::compile(ta);
  const VariantPtr vb = Variant::compile(tb);
  DiffReport report;
  report.old_table = old_name;
  report.new_table = new_name;
  std::vector<TableChange> behavioural;
  for (TableChange& c : table_changes(ta, tb))
    (c.behavioural ? behavioural : report.cosmetic).push_back(std::move(c));

  say(o, fmt::format("{} behavioural and {} cosmetic key(s) changed", behavioural.size(),
                     report.cosmetic.size()));
  QuickPositions quick(va, vb, o);
  CoveragePositions cov(
      o.coverage ? std::vector<std::string>{old_name, new_name} : std::vector<std::string>{}, o);
  for (const TableChange& c : behavioural) {
    DiffGroup g;
    g.change = c;
    VariantPtr ak;
    try {
      ak = Variant::compile(with_key_from(ta, tb, c.key));
      g.detail = "judged alone: the old table with only this key from the new one";
    } catch (const std::exception& e) {
      ak = vb;
      g.detail = fmt::format(
          "judged with the whole new table (alone, the old table does not "
          "compile: {})",
          e.what());
    }
    say(o, fmt::format("key {}: {} -> {}", c.key, c.old_value, c.new_value));
    judge(va, ak, o, quick, cov, g);
    report.groups.push_back(std::move(g));
  }
  if (!behavioural.empty()) return report;

  // Nothing behavioural changed as data: check it, by a sweep and the bounded proof.
  DiffGroup whole;
  whole.change = {"(no key)", "", "", true};
  const std::size_t want = static_cast<std::size_t>(std::max(1, o.witnesses));
  sweep(va, vb, o.positions, "positions", want, whole.witnesses);
  sweep(va, vb, quick.get(), "sweep", want, whole.witnesses);
  std::string status = "not run";
  if (whole.witnesses.empty()) {
    const std::string why = movement_comparable(*va, *vb);
    say(o, "no behavioural key changed: Z3 proves the pieces move the same");
    status = why.empty() ? z3_search(va, vb, o, want, whole.witnesses) : "not run: " + why;
  }
  if (!whole.witnesses.empty()) {
    // A difference no key explains: report it rather than hide it.
    whole.status = DiffStatus::kWitness;
    whole.detail = "a difference that no changed key explains";
    report.groups.push_back(std::move(whole));
    report.whole = DiffStatus::kWitness;
  } else if (status == "unsat") {
    report.whole = DiffStatus::kProved;
    report.whole_detail = fmt::format(
        "the tables hold the same rules as data, and Z3 found no board up to {} pieces where a "
        "piece moves, attacks, threatens or gives check differently (unsat); {} swept "
        "positions gave the same outcome for every step",
        o.max_pieces, o.positions.size() + quick.get().size());
  } else {
    report.whole = DiffStatus::kNotFound;
    report.whole_detail = fmt::format("the bounded proof did not finish: {}", status);
  }
  return report;
}

}  // namespace arbiter::solver
