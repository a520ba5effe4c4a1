#include "solver/analysis/corpus.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <toml++/toml.h>
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "solver/analysis/step_cases.hpp"
#include "solver/core/scenarios.hpp"

namespace arbiter::solver {
namespace {

/// A malformed corpus file (as opposed to a case that no longer replays).
class CorpusFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + '"';
}

std::string case_toml(const CorpusCase& c) {
  std::string out = fmt::format("[[case]]\nitem = {}\nsetting = {}\nfen = {}\nmoves = {}\n",
                                quoted(c.item), quoted(c.setting), quoted(c.fen), quoted(c.moves));
  if (!c.what.empty()) return out + fmt::format("what = {}\n\n", quoted(c.what));
  out += fmt::format("outcome = {}\n", quoted(c.outcome));
  std::vector<std::string> names;
  for (const std::string& n : c.clauses) names.push_back(quoted(n));
  return out + fmt::format("clauses = [{}]\n\n", fmt::join(names, ", "));
}

KnobSettings settings_of(const std::string& setting, const std::string& where) {
  std::optional<KnobSettings> knobs = knob_settings_of(setting);
  if (!knobs)
    throw CorpusFileError(
        fmt::format("{}: setting '{}': expected 'default' or 'knob=alternative'", where, setting));
  return *knobs;
}

/// Loads each knob setting of one table once.
class Variants {
 public:
  explicit Variants(std::string table) : table_(std::move(table)) {}
  const VariantPtr& get(const std::string& setting, const std::string& where) {
    VariantPtr& v = by_setting_[setting];
    if (!v) v = load_variant(table_, settings_of(setting, where));
    return v;
  }

 private:
  std::string table_;
  std::map<std::string, VariantPtr> by_setting_;
};

std::vector<std::string> sorted_difference(std::vector<std::string> a, std::vector<std::string> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  std::vector<std::string> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

toml::table parse_corpus(const std::string& path) {
  try {
    return toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    throw std::runtime_error(fmt::format("{}:{}:{}: {}", path, e.source().begin.line,
                                         e.source().begin.column, e.description()));
  }
}

const toml::array& corpus_cases(const toml::table& doc, const std::string& path) {
  const toml::array* cases = doc["case"].as_array();
  if (!cases) throw std::runtime_error(fmt::format("{}: no [[case]] entries", path));
  return *cases;
}

std::string case_field(const toml::node& node, const char* key, const std::string& path) {
  const toml::table* c = node.as_table();
  const std::optional<std::string> v = c ? (*c)[key].value<std::string>() : std::nullopt;
  if (!v)
    throw CorpusFileError(
        fmt::format("{}:{}: a [[case]] needs a string '{}'", path, node.source().begin.line, key));
  return *v;
}

}  // namespace

std::vector<CorpusCase> coverage_cases(const CoverageReport& report) {
  Variants variants(report.source.empty() ? report.table : report.source);
  std::vector<CorpusCase> out;
  for (const CoverageItem& i : report.items) {
    if (!i.witness) continue;
    const CoverageWitness& w = *i.witness;
    const std::string item = i.kind + " " + i.name;
    if (i.kind == "scenario") {
      out.push_back({item, "default", w.fen, w.moves, "", w.what, {}});
      continue;
    }
    for (const auto& [setting, outcome] : w.outcomes)
      if (i.kind == "clause" || setting == i.name) {
        const StepCase played = replay_step(variants.get(setting, report.table), w.fen, w.moves);
        out.push_back({item, setting, w.fen, w.moves, outcome, "", played.clauses});
      }
  }
  return out;
}

std::vector<CorpusCase> position_cases(const std::string& table,
                                       const std::vector<std::string>& fens, int max_steps) {
  const VariantPtr v = load_variant(table);
  std::vector<CorpusCase> out;
  for (std::size_t n = 0; n < fens.size(); ++n) {
    std::vector<StepCase> steps;
    try {
      for_each_step(v, fens[n], [&](const StepCase& c) {
        steps.push_back(c);
        return true;
      });
    } catch (const FenError& e) {
      throw FenError(fmt::format("position {} ({}): {}", n + 1, fens[n], e.what()), e.column());
    }
    const std::size_t keep =
        std::min(steps.size(), static_cast<std::size_t>(std::max(1, max_steps)));
    for (std::size_t k = 0; k < keep; ++k) {
      const StepCase& c = steps[k * steps.size() / keep];
      out.push_back(
          {fmt::format("position {}", n + 1), "default", c.fen, c.moves, c.outcome, "", c.clauses});
    }
  }
  return out;
}

std::string corpus_toml(const std::string& table, const std::vector<CorpusCase>& cases,
                        const std::string& written_by) {
  std::string out = fmt::format(
      "# Regression corpus of table \"{}\", written by `{}`.\n"
      "# Each case is replayed through the engine under its knob setting and must give the\n"
      "# recorded outcome (scenario cases: the scenario's engine judge must hold with the\n"
      "# recorded account).\n"
      "# Format: docs/coverage.md.\n\ntable = {}\n\n",
      table, written_by, quoted(table));
  for (const CorpusCase& c : cases) out += case_toml(c);
  return out;
}

std::string corpus_toml(const CoverageReport& report) {
  return corpus_toml(report.source.empty() ? report.table : report.source, coverage_cases(report),
                     "arbiter coverage --save");
}

std::vector<CorpusResult> replay_corpus(const std::string& path,
                                        const std::string& table_override) {
  const toml::table doc = parse_corpus(path);
  const std::optional<std::string> named = doc["table"].value<std::string>();
  if (!named && table_override.empty())
    throw std::runtime_error(fmt::format("{}: no 'table = \"...\"' line", path));
  Variants variants(table_override.empty() ? *named : table_override);
  std::vector<CorpusResult> out;
  for (const toml::node& node : corpus_cases(doc, path)) {
    const std::string where = fmt::format("{}:{}", path, node.source().begin.line);
    CorpusResult r{
        case_field(node, "item", path), case_field(node, "setting", path), "", "", "", {}, {}};
    r.fen = case_field(node, "fen", path);
    r.moves = case_field(node, "moves", path);
    try {
      const VariantPtr& v = variants.get(r.setting, where);
      if (r.item.rfind("scenario ", 0) == 0) {
        // A scenario belongs to the table that recorded it ("diplomacy/..."); its judge runs
        // on the position as the replaying table reads it (an edited copy under another name).
        const std::string name = r.item.substr(9);
        const auto slash = name.find('/');
        const Scenario* s =
            find_scenario(slash == std::string::npos ? v->name() : name.substr(0, slash), name);
        if (!s) {
          r.problem = fmt::format("table {} has no scenario {}", v->name(), name);
        } else {
          const EngineVerdict verdict = s->engine(parse_fen(v, r.fen));
          const std::string what = case_field(node, "what", path);
          if (!verdict.holds)
            r.problem = "the engine no longer sees it: " + verdict.why_not;
          else if (verdict.witness && verdict.witness->what != what)
            r.problem = fmt::format("recorded '{}', now '{}'", what, verdict.witness->what);
        }
      } else {
        const std::string expected = case_field(node, "outcome", path);
        const StepCase now = replay_step(v, r.fen, r.moves);
        if (now.outcome != expected) {
          r.problem = fmt::format("recorded '{}', now '{}'", expected, now.outcome);
          if (const toml::array* recorded = node.as_table()->get_as<toml::array>("clauses")) {
            std::vector<std::string> then;
            for (const toml::node& n : *recorded)
              if (auto s = n.value<std::string>()) then.push_back(*s);
            r.clauses_gone = sorted_difference(then, now.clauses);
            r.clauses_new = sorted_difference(now.clauses, then);
          }
        }
      }
    } catch (const CorpusFileError&) {
      throw;
    } catch (const std::exception& e) {
      r.problem = fmt::format("{}: {}", where, e.what());
    }
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<std::string> corpus_positions(const std::string& path) {
  const toml::table doc = parse_corpus(path);
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const toml::node& node : corpus_cases(doc, path)) {
    std::string fen = case_field(node, "fen", path);
    if (seen.insert(fen).second) out.push_back(std::move(fen));
  }
  return out;
}

}  // namespace arbiter::solver
