#include "solver/analysis/reachable.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <unordered_map>

#include "rules/core/load_variant.hpp"
#include "solver/analysis/reachable_bmc.hpp"
#include "solver/analysis/readings.hpp"
#include "solver/analysis/step_case_source.hpp"

namespace arbiter::solver {
namespace {

/// A position on a line of play from the start: the steps that led there and the positions
/// they started from.
struct Line {
  std::vector<std::string> fens;   ///< before each step
  std::vector<std::string> steps;  ///< step texts (step_cases.hpp)
  std::string fen;                 ///< the position now
};

/// What a record can see of a step's outcome: all of it but the legal-move counts of the
/// sequential steps ("moves 20/20"), which a record shows only one ply later.
std::string visible(const std::string& outcome) {
  std::string out;
  std::size_t at = 0;
  while (at <= outcome.size()) {
    std::size_t bar = outcome.find(" | ", at);
    if (bar == std::string::npos) bar = outcome.size();
    const std::string part = outcome.substr(at, bar - at);
    if (part.rfind("moves ", 0) != 0) out += (out.empty() ? "" : " | ") + part;
    at = bar + 3;
  }
  return out;
}

/// The fields of a "final <FEN>, <status>" outcome: the FEN's fields, then the status.
std::vector<std::string> outcome_fields(const std::string& outcome) {
  const std::string body = outcome.substr(std::string("final ").size());
  const std::size_t comma = body.find(", ");
  std::vector<std::string> out = step_words(body.substr(0, comma));
  out.push_back(comma == std::string::npos ? "" : body.substr(comma + 2));
  return out;
}

/// The record-level rank of a difference: a record whose readings differ only in rights is
/// weak (docs/cli.md, "ambiguities --reachable").
bool is_weak(const std::string& difference) {
  return difference == "rights";
}

class Search {
 public:
  Search(const std::string& table, const ReachableOptions& o)
      : o_(o), tables_(table), records_(record_module(*tables_.base())) {
    for (const ReadingTables::Knob& k : tables_.knobs()) {
      if (!o.knobs.empty() && std::find(o.knobs.begin(), o.knobs.end(), k.name) == o.knobs.end())
        continue;
      open_.push_back(&k);
    }
    for (const std::string& name : o.knobs)
      if (!tables_.base()->table().knob(name))
        throw std::invalid_argument(
            fmt::format("unknown knob '{}' of table '{}'", name, tables_.base()->name()));
    report_.table = tables_.base()->name();
    report_.unit = count_unit(*tables_.base());
    report_.units = records_.units;
    for (const ReadingTables::Knob* k : open_) {
      ReachableWitness w;
      w.knob = k->name;
      report_.knobs.push_back(std::move(w));
    }
  }

  ReachableReport run() {
    if (o_.method != "walk" && o_.method != "bmc" && o_.method != "both")
      throw std::invalid_argument(
          fmt::format("unknown method '{}' (walk, bmc or both)", o_.method));
    const int bound = o_.exhaustive >= 0 ? o_.exhaustive : records_.exhaustive_steps;
    if (o_.method == "bmc") {
      bmc(1);
    } else {
      exhaustive(bound);
      if (o_.method == "both") bmc(bound + 1);
      guided(bound);
    }
    return std::move(report_);
  }

 private:
  void say(const std::string& line) const {
    if (o_.progress) o_.progress(line);
  }

  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  /// The bmc stage (reachable_bmc.hpp) for the open knobs, from lines of `from_k` plies to
  /// o_.bmc_plies: per knob, each k asks every alternative for a line whose last ply it and the
  /// default judge differently; the engine judges each line (confirm()). A weak record is kept
  /// while a stronger one is looked for at the next k.
  void bmc(int from_k) {
    const std::vector<const ReadingTables::Knob*> knobs = open_;
    for (const ReadingTables::Knob* k : knobs) {
      ReachableWitness& w = witness_of(k->name);
      const double t0 = elapsed();
      std::vector<std::pair<std::string, std::string>> uncovered;  // alternative, why left out
      std::vector<std::pair<std::string, std::unique_ptr<LineBmc>>> lines;
      for (const auto& [setting, v] : k->alternatives) {
        try {
          lines.emplace_back(setting,
                             std::make_unique<LineBmc>(tables_.base(), v,
                                                       tables_.base()->table().setup_fen, o_.seed));
        } catch (const std::invalid_argument& e) {  // CannotEncode
          uncovered.emplace_back(setting, e.what());
        }
      }
      bool strong = false, gave_up = false;
      for (int n = from_k; n <= o_.bmc_plies && !strong && !gave_up && !lines.empty(); ++n) {
        bool all_unsat = true;
        for (bool weak : {false, true}) {
          if (weak && (w.record || !all_unsat)) break;
          for (std::size_t i = 0; i < lines.size() && !strong && !gave_up;) {
            if (weak && w.record) break;
            const std::string status = bmc_ask(*k, lines[i].first, *lines[i].second, n, weak, t0);
            if (status.rfind("not covered", 0) == 0) {
              uncovered.emplace_back(lines[i].first,
                                     status.substr(std::string("not covered: ").size()));
              lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(i));
              continue;
            }
            if (status == "found") strong = !is_weak(w.parts_in);
            if (status != "unsat") all_unsat = false;
            if (status.rfind("gave up", 0) == 0) {
              gave_up = true;
              w.bmc_note = status;
            }
            ++i;
          }
          if (gave_up) break;
        }
        if (all_unsat && !strong && !gave_up && !lines.empty()) w.bmc_bound = n;
      }
      if (!uncovered.empty()) {
        // One line per reason, naming the alternatives it leaves out.
        std::vector<std::pair<std::string, std::vector<std::string>>> reasons;
        for (const auto& [setting, why] : uncovered) {
          // A structured binding is not captured by a lambda under clang before 16.
          auto r = std::find_if(reasons.begin(), reasons.end(),
                                [&reason = why](const auto& e) { return e.first == reason; });
          if (r == reasons.end()) r = reasons.insert(reasons.end(), {why, {}});
          r->second.push_back(setting);
        }
        for (const auto& [why, settings] : reasons)
          w.bmc_note += fmt::format("{}not covered ({}): {}", w.bmc_note.empty() ? "" : "; ",
                                    fmt::join(settings, ", "), why);
      }
      if (lines.empty() && w.bmc_bound == 0)
        say(fmt::format("bmc: knob {}: {}", k->name, w.bmc_note));
      if (strong || w.record) {
        open_.erase(std::remove(open_.begin(), open_.end(), k), open_.end());
        if (!strong) weak_.push_back(k);
      }
    }
  }

  /// One alternative's queries at k = `n`: "found" (a record the engine confirmed), "unsat",
  /// "gave up ..." (the query's time limit or the knob's budget), "not covered: ..." (the
  /// encoding refuses the alternative), or "none" (the engine refused every line the solver
  /// gave, o_.bmc_tries of them).
  std::string bmc_ask(const ReadingTables::Knob& k, const std::string& setting, LineBmc& line_bmc,
                      int n, bool weak, double t0) {
    for (int tries = 0; tries < o_.bmc_tries; ++tries) {
      const double left = o_.bmc_seconds - (elapsed() - t0);
      if (left <= 0)
        return fmt::format("gave up at {} {}: the knob's {} s budget is spent", n, report_.units,
                           o_.bmc_seconds);
      const unsigned limit =
          static_cast<unsigned>(std::min<double>(o_.bmc_ms_per_k, left * 1000.0 + 1));
      const BmcAnswer a = line_bmc.solve(n, weak, limit);
      say(fmt::format("bmc: {} ({}), {} {}{}: {} in {:.1f} s ({:.1f} s building the formulas)",
                      k.name, setting, n, report_.units, weak ? ", rights only" : "", a.status,
                      a.seconds, a.build_seconds));
      if (a.status == "unsat") return "unsat";
      if (a.status.rfind("not covered", 0) == 0) return a.status;
      if (a.status != "sat") return fmt::format("gave up at {} {}: {}", n, report_.units, a.status);
      line_bmc.block_last();
      const std::string moves = fmt::format("{}", fmt::join(a.moves, " "));
      if (!a.engine_refuses.empty()) {
        report_.bmc_findings.push_back(
            fmt::format("{}={}: {}: {}", k.name, setting, moves, a.engine_refuses));
        continue;
      }
      Line line{{}, {}, tables_.base()->table().setup_fen};
      bool played = true;
      for (std::size_t j = 0; j + 1 < a.moves.size() && played; ++j) {
        const StepCase c = replay_step(tables_.base(), line.fen, a.moves[j]);
        played = !c.after_fen.empty();
        if (played) line = extend(line, c);
      }
      if (played && confirm(k, line, &a.moves.back(), "bmc")) return "found";
      report_.bmc_findings.push_back(fmt::format(
          "{}={}: {}: the engine's replay does not part the readings (or no more strongly than the "
          "record kept)",
          k.name, setting, moves));
    }
    return "none";
  }

  ReachableWitness& witness_of(const std::string& knob) {
    for (ReachableWitness& w : report_.knobs)
      if (w.knob == knob) return w;
    throw std::logic_error("no witness slot for " + knob);
  }

  /// Every step from `line.fen` under the default reading (a position some reading cannot hold
  /// has none).
  std::vector<StepCase> steps_of(const VariantPtr& v, const std::string& fen) {
    std::vector<StepCase> out;
    try {
      for_each_step(v, fen, [&](const StepCase& c) {
        out.push_back(c);
        return true;
      });
    } catch (const std::exception&) {
      out.clear();
    }
    report_.steps += static_cast<long long>(out.size());
    return out;
  }

  /// Replays the line extended by `step` (none: the line itself) and keeps it as `k`'s witness
  /// when the knob's alternatives give it different outcomes.
  bool confirm(const ReadingTables::Knob& k, const Line& line, const std::string* step,
               const char* how) {
    std::vector<std::string> fens = line.fens, steps = line.steps;
    if (step) {
      fens.push_back(line.fen);
      steps.push_back(*step);
    }
    if (steps.empty()) return false;
    TurnSets sets = TurnSets::kOne;
    for (const std::string& s : steps) {
      const std::optional<TurnSets> kind = records_.record_kind(s);
      if (!kind) return false;
      if (*kind != TurnSets::kOne) {
        if (sets != TurnSets::kOne && sets != *kind) return false;
        sets = *kind;
      }
    }
    std::string text;
    try {
      text = records_.record_text(tables_.base(), fens, steps);
    } catch (const std::exception&) {
      // A last move only an alternative plays (a castling it allows) is written as that
      // alternative writes it (Conversion Chess: with the conversion it makes): the default
      // refuses it, which is where the readings part. A line no reading can write is no
      // record, and the exhaustive stage then proves nothing for this knob (it did not look at
      // every record of the length).
      for (const auto& alternative : k.alternatives) {
        try {
          text = records_.record_text(alternative.second, fens, steps);
          break;
        } catch (const std::exception&) {
        }
      }
      if (text.empty()) {
        unwritten_.insert(k.name);
        return false;
      }
    }
    RecordGames games(text);
    std::vector<RecordToken> game;
    games.next(game);
    const RecordOutcome base = record_outcome(tables_.base(), game, {}, sets);
    const std::optional<KnobReading> reading = knob_reading(tables_, k, game, base, {}, sets);
    if (!reading) return false;
    std::vector<std::string> texts;
    for (const auto& [setting, o] : reading->outcomes) texts.push_back(o.text);
    const std::string difference = reading_difference(texts);
    ReachableWitness& w = witness_of(k.name);
    // A weak record replaces none but a longer weak one (the strengthening walks look for a
    // stronger record of any length).
    if (is_weak(difference) && w.record && (!is_weak(w.parts_in) || w.steps <= steps.size()))
      return false;
    w.seconds = elapsed();
    if (!w.record) {
      w.first_seconds = w.seconds;
      w.first_plies = 0;
      for (const std::string& s : steps) w.first_plies += records_.step_plies(s);
    }
    w.method = std::string_view(how) == "bmc" ? "bmc" : "walk";
    w.record = text;
    w.sets = sets;
    w.steps = steps.size();
    w.plies = 0;
    for (const std::string& s : steps) w.plies += records_.step_plies(s);
    w.first = reading->first;
    w.found_by = how;
    w.parts_in = difference;
    w.outcomes.clear();
    for (const auto& [setting, o] : reading->outcomes) w.outcomes.emplace_back(setting, o.text);
    say(fmt::format("knob {}: a record of {} {} ({}{})", k.name, w.plies, report_.units, how,
                    is_weak(difference) ? "; weak: only the rights differ" : ""));
    return true;
  }

  /// Checks one position for every open knob; returns the default's steps from it.
  std::vector<StepCase> check(const Line& line, const char* how) {
    ++report_.positions;
    std::vector<StepCase> base = steps_of(tables_.base(), line.fen);
    if (base.empty()) return base;
    std::unordered_map<std::string, std::string> base_at;
    for (const StepCase& c : base) base_at.emplace(c.moves, visible(c.outcome));
    // The open knobs, and those with a guided record this line can still beat.
    std::vector<const ReadingTables::Knob*> knobs = open_, still;
    if (shortening_)
      for (const auto& [k, best] : shorten_)
        if (line.steps.size() + 1 < best) knobs.push_back(k);
    if (strengthening_)
      for (const ReadingTables::Knob* k : weak_) knobs.push_back(k);
    for (const ReadingTables::Knob* k : knobs) {
      const bool open = std::find(open_.begin(), open_.end(), k) != open_.end();
      bool found = false;
      for (const auto& alternative : k->alternatives) {
        const VariantPtr& v = alternative.second;  // (clang 14 captures no structured binding)
        const std::vector<StepCase> other = steps_of(v, line.fen);
        std::unordered_map<std::string, std::string> other_at;
        for (const StepCase& c : other) other_at.emplace(c.moves, visible(c.outcome));
        auto differs = [&](const std::string& moves) {
          const auto b = base_at.find(moves);
          const auto a = other_at.find(moves);
          const std::string bo =
              b != base_at.end() ? b->second
                                 : visible(replay_step(tables_.base(), line.fen, moves).outcome);
          const std::string ao =
              a != other_at.end() ? a->second : visible(replay_step(v, line.fen, moves).outcome);
          return bo != ao;
        };
        for (const StepCase& c : base) {
          if (!differs(c.moves)) continue;
          if (weak_again(*k, line, base_at, other_at, c.moves)) continue;
          if (c.moves == "-" ? confirm(*k, line, nullptr, how) : confirm(*k, line, &c.moves, how)) {
            found = true;
            break;
          }
        }
        for (const StepCase& c : other) {
          if (found) break;
          if (base_at.count(c.moves) || !differs(c.moves)) continue;
          if (weak_again(*k, line, base_at, other_at, c.moves)) continue;
          found = confirm(*k, line, &c.moves, how);
        }
        if (found) break;
      }
      if (open && !found) still.push_back(k);
      const ReachableWitness& w = witness_of(k->name);
      if (found && is_weak(w.parts_in) && open) weak_.push_back(k);
      if (found && !is_weak(w.parts_in)) {
        if (std::string_view(how) == "guided") shorten_[k] = w.steps;
        weak_.erase(std::remove(weak_.begin(), weak_.end(), k), weak_.end());
      }
    }
    open_ = std::move(still);
    return base;
  }

  /// Whether step `moves` from `line` can only give another weak record, no shorter than the
  /// knob's: both readings play it and the positions after differ only in their rights.
  bool weak_again(const ReadingTables::Knob& k, const Line& line,
                  const std::unordered_map<std::string, std::string>& base_at,
                  const std::unordered_map<std::string, std::string>& other_at,
                  const std::string& moves) {
    const ReachableWitness& w = witness_of(k.name);
    if (!w.record || !is_weak(w.parts_in) || line.steps.size() + 1 < w.steps) return false;
    const auto b = base_at.find(moves);
    const auto a = other_at.find(moves);
    if (b == base_at.end() || a == other_at.end()) return false;
    return is_weak(step_difference(b->second, a->second));
  }

  /// The difference of two step outcomes (step_cases.hpp: "<FEN after> | <status> | ..."),
  /// ranked as reading_difference ranks records.
  static std::string step_difference(const std::string& a, const std::string& b) {
    const auto fen_of = [](const std::string& o) { return o.substr(0, o.find(" | ")); };
    const auto rest_of = [](const std::string& o) {
      const std::size_t bar = o.find(" | ");
      return bar == std::string::npos ? std::string() : o.substr(bar);
    };
    if (rest_of(a) != rest_of(b)) return "status";
    return reading_difference({"final " + fen_of(a) + ", ", "final " + fen_of(b) + ", "});
  }

  Line extend(const Line& line, const StepCase& c) const {
    Line next = line;
    next.fens.push_back(line.fen);
    next.steps.push_back(c.moves);
    next.fen = c.after_fen;
    return next;
  }

  void exhaustive(int bound) {
    std::vector<Line> layer{Line{{}, {}, tables_.base()->table().setup_fen}};
    std::set<std::string> seen{layer.front().fen};
    for (int depth = 0; depth < bound && !open_.empty(); ++depth) {
      say(fmt::format("exhaustive: {} position(s) at {} {}, {} knob(s) open, {} steps played",
                      layer.size(), report_.unit, depth, open_.size(), report_.steps));
      std::vector<Line> next;
      for (const Line& line : layer) {
        if (open_.empty()) break;
        for (const StepCase& c : check(line, "exhaustive"))
          if (depth + 1 < bound && records_.plain_step(c.moves) && !c.after_fen.empty() &&
              seen.insert(c.after_fen).second)
            next.push_back(extend(line, c));
      }
      // Every record of depth + 1 steps has been played: what is still open is proved to it,
      // over the records the lines are made of (docs/cli.md, "ambiguities --reachable").
      for (const ReadingTables::Knob* k : open_) {
        ReachableWitness& w = witness_of(k->name);
        w.bound = records_.plies_from_start(depth + 1);
        w.proved = (records_.lines_are_records || depth == 0) && !unwritten_.count(k->name);
      }
      layer = std::move(next);
    }
  }

  /// The castling field of a FEN ("KQkq", "-"); "" when it has none.
  static std::string castling_field(const std::string& fen) {
    std::size_t at = 0;
    for (int field = 0; field < 2; ++field) {
      at = fen.find(' ', at);
      if (at == std::string::npos) return "";
      ++at;
    }
    return fen.substr(at, fen.find(' ', at) - at);
  }

  /// A step's weight in a walk: 4 per rule clause it fires beyond a plain move (the rare events
  /// knobs read), and a quarter of that for a step that gives up a castling right (the castling
  /// knobs need the rights kept while the board around them fills with events).
  static int weight(const std::string& fen, const StepCase& c) {
    static const std::set<std::string> plain{"a-move",      "b-move",   "c-move-executes",
                                             "double-step", "executed", "stood"};
    int w = 4;
    for (const std::string& clause : c.clauses)
      if (!plain.count(clause)) w += 12;
    const std::string before = castling_field(fen), after = castling_field(c.after_fen);
    if (after != before && (after == "-" || after.size() < before.size())) w /= 4;
    return w;
  }

  /// The deepest position a walk still checks: any while a knob is open, else one that can
  /// beat a guided record (none: -1).
  int walk_depth() const {
    int depth = open_.empty() && (!strengthening_ || weak_.empty()) ? -1 : o_.max_plies - 1;
    if (shortening_)
      for (const auto& [k, best] : shorten_) depth = std::max(depth, static_cast<int>(best) - 2);
    return std::min(depth, o_.max_plies - 1);
  }

  /// The walks: the budget goes to the open knobs; then, when it is spent or no knob is open,
  /// half as many steps again go to them and to shorter records for the knobs whose record a
  /// walk found (a walk's record is rarely the shortest); then, when some record is weak, a
  /// quarter as many again to a stronger record for those knobs (and to the open ones). The
  /// phases before the last play as they would without it, so its walks change no other record.
  void guided(int bound) {
    std::mt19937 rng(o_.seed);
    const long long start = report_.steps;
    auto spent = [&] { return report_.steps - start; };
    long long next_note = 0, budget = o_.steps;
    for (long long walk = 1;; ++walk) {
      if (!shortening_ && !strengthening_ && (open_.empty() || spent() >= o_.steps)) {
        shortening_ = true;  // the search is over: half as many steps again to shorten
        budget = spent() + o_.steps / 2;
      }
      if ((spent() >= budget || walk_depth() < bound) && shortening_ && !weak_.empty()) {
        shortening_ = false;  // shortening is over: a quarter as many to strengthen
        strengthening_ = true;
        budget = spent() + o_.steps / 4;
      }
      if (spent() >= budget || walk_depth() < bound) break;
      Line line{{}, {}, tables_.base()->table().setup_fen};
      for (int ply = 0; ply <= walk_depth() && spent() < budget; ++ply) {
        // Every position fewer than `bound` steps from the start has been checked already.
        const std::vector<StepCase> steps =
            ply < bound ? steps_of(tables_.base(), line.fen) : check(line, "guided");
        std::vector<const StepCase*> choices;
        std::vector<int> weights;
        for (const StepCase& c : steps)
          if (records_.plain_step(c.moves) && !c.after_fen.empty()) {
            choices.push_back(&c);
            weights.push_back(weight(line.fen, c));
          }
        if (choices.empty()) break;
        std::discrete_distribution<std::size_t> pick(weights.begin(), weights.end());
        line = extend(line, *choices[pick(rng)]);
      }
      if (spent() >= next_note) {  // about every tenth of the budget
        say(fmt::format("guided: {} walk(s), {} of {} steps, {} knob(s) open{}", walk, spent(),
                        budget, open_.size(),
                        shortening_ ? ", shortening records"
                        : strengthening_
                            ? fmt::format(", {} weak record(s) to strengthen", weak_.size())
                            : ""));
        next_note = spent() + o_.steps / 10;
      }
    }
    report_.guided_steps = spent();
  }

  const ReachableOptions& o_;
  ReadingTables tables_;
  const RecordModule& records_;
  std::vector<const ReadingTables::Knob*> open_;
  /// Knobs with a guided record, and its length in steps (a shorter one replaces it).
  std::map<const ReadingTables::Knob*, std::size_t> shorten_;
  bool shortening_ = false;  ///< the walks look for shorter records too
  /// Knobs whose record is weak (reading_difference: only the rights differ), in the order found.
  std::vector<const ReadingTables::Knob*> weak_;
  bool strengthening_ = false;  ///< the walks look for stronger records of the weak_ knobs
  /// Knobs with a line no reading could write as a record: no exhaustive proof for them.
  std::set<std::string> unwritten_;
  ReachableReport report_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace

std::string reading_difference(const std::vector<std::string>& outcomes) {
  std::string worst;
  const auto rank = [](const std::string& d) {
    return d == "refusal" ? 4 : d == "status" ? 3 : d == "position" ? 2 : d == "rights" ? 1 : 0;
  };
  for (std::size_t i = 1; i < outcomes.size(); ++i) {
    const std::string& a = outcomes.front();
    const std::string& b = outcomes[i];
    std::string d;
    if (a == b) continue;
    if (a.rfind("final ", 0) != 0 || b.rfind("final ", 0) != 0) {
      d = "refusal";
    } else {
      const std::vector<std::string> fa = outcome_fields(a), fb = outcome_fields(b);
      if (fa.back() != fb.back()) {
        d = "status";
      } else if (fa.size() != fb.size()) {
        d = "position";
      } else {
        d = "rights";
        for (std::size_t f = 0; f + 1 < fa.size(); ++f)
          if (fa[f] != fb[f] && f != 2 && f != 3) d = "position";
      }
    }
    if (rank(d) > rank(worst)) worst = d;
  }
  return worst;
}

int default_exhaustive_bound(const std::string& table) {
  return record_module(*load_variant(table)).exhaustive_steps;
}

ReachableReport find_reachable(const std::string& table, const ReachableOptions& options) {
  return Search(table, options).run();
}

}  // namespace arbiter::solver
