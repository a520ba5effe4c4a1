// Problem loading, verdict printing and the progress reporter of `arbiter puzzle`.
#include <fmt/format.h>

#include <iostream>

#include "cli/puzzle/cmd_puzzle.hpp"
#include "cli/registry/cli_modules.hpp"
#include "present/core/json_writer.hpp"
#include "rules/core/fen.hpp"

namespace arbiter::cli {

Position load_problem(const VariantPtr& v, const std::string& fen) {
  if (!cli_module(*v).stipulations)
    throw PuzzleInputError(
        fmt::format("table '{}' is not sequential: #n, h#n, s#n and the others need one move per "
                    "ply (orthodox, "
                    "conversion); its own tasks are under `arbiter puzzle task`",
                    v->name()));
  try {
    Position pos = parse_fen(v, fen);
    puzzles::check_problem_position(pos);
    return pos;
  } catch (const FenError& e) {
    throw PuzzleInputError(fmt::format("bad FEN: {}", e.what()));
  } catch (const std::invalid_argument& e) {
    throw PuzzleInputError(fmt::format("not a problem position: {}", e.what()));
  }
}

puzzles::Stipulation load_stipulation(const std::string& text) {
  try {
    return puzzles::parse_stipulation(text);
  } catch (const std::invalid_argument& e) {
    throw PuzzleInputError(e.what());
  }
}

void SolveProgress::operator()(std::uint64_t nodes) {
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  if (secs < 1.0 || secs - last_ < 1.0) return;
  last_ = secs;
  printed_ = true;
  std::cerr << fmt::format("\r{}: {} nodes, {:.1f} s, {:.0f} k nodes/s   ", label_, nodes, secs,
                           static_cast<double>(nodes) / secs / 1e3)
            << std::flush;
}

void SolveProgress::finish() {
  if (printed_) std::cerr << '\n';
  printed_ = false;
}

std::string goal_move(const puzzles::Verdict& v, const std::string& san) {
  return v.stipulation.goal == puzzles::Goal::kStalemate ? san + " =" : san;
}

std::string verdict_word(const puzzles::Verdict& v) {
  return v.timed_out ? "timed out" : to_string(v.soundness);
}

std::string verdict_text(const puzzles::Verdict& v) {
  using puzzles::StipulationKind;
  std::string out = fmt::format("{}: {}\n", v.stipulation.str(), verdict_word(v));
  if (v.timed_out) out += "(the search stopped at its time limit; what it had found follows)\n";
  const bool help =
      v.stipulation.kind == StipulationKind::kHelpMate || is_series(v.stipulation.kind);
  for (const auto& k : v.keys) {
    out +=
        fmt::format("{} {}{}\n", help ? "first move" : "key", k.move, k.checks ? " (checks)" : "");
    if (!k.threats.empty()) out += fmt::format("  threat: {}\n", fmt::join(k.threats, " / "));
    for (const auto& d : k.duals)
      out += fmt::format("  dual after {}: {}\n", d.defence, fmt::join(d.continuations, " / "));
  }
  for (const auto& t : v.tries)
    out +=
        fmt::format("try {} refuted by {}{}{}\n", t.move, t.refutation,
                    t.other_refutations.empty() ? "" : ", ", fmt::join(t.other_refutations, ", "));
  for (const auto& line : v.solutions) {
    std::vector<std::string> marked = line;
    if (!marked.empty()) marked.back() = goal_move(v, marked.back());
    // Series: a line of fewer moves than stipulated is a short solution (it cooks).
    const bool short_line =
        is_series(v.stipulation.kind) &&
        static_cast<int>(line.size()) <
            v.stipulation.moves + (v.stipulation.kind != StipulationKind::kSeriesDirect ? 1 : 0);
    out += fmt::format("solution {}{}\n", fmt::join(marked, " "), short_line ? " (short)" : "");
  }
  out += capped_listing_note(v);
  for (const auto& d : v.set_play)
    out += fmt::format("set play {}{}{}\n", d.defence, d.continuations.empty() ? "" : ": ",
                       fmt::join(d.continuations, " / "));
  for (const auto& line : v.set_solutions)
    out += fmt::format("set play {}\n", fmt::join(line, " "));
  out += fmt::format("{} nodes, {:.3f} s\n", v.nodes, v.seconds);
  return out;
}

std::string capped_listing_note(const puzzles::Verdict& v) {
  if (!v.solutions_capped) return "";
  return fmt::format("(the listing stopped at {} lines: --max-solutions N lists more)\n",
                     v.solutions.size());
}

std::string verdict_json(const puzzles::Verdict& v, const std::string& variant,
                         const std::string& fen) {
  JsonWriter w;
  w.begin_object().field("variant", variant).field("fen", fen);
  write_verdict_fields(w, v);
  return w.end_object().str();
}

void write_verdict_fields(JsonWriter& w, const puzzles::Verdict& v) {
  w.field("stipulation", v.stipulation.str()).field("verdict", verdict_word(v));
  if (v.timed_out) w.field("timed_out", true);
  if (v.solutions_capped) w.field("solutions_capped", true);
  w.key("keys").begin_array();
  for (const auto& k : v.keys) {
    w.begin_object().field("move", k.move).field("checks", k.checks);
    w.key("threats").begin_array();
    for (const auto& t : k.threats) w.value(t);
    for (const auto& [key, list] :
         {std::pair{"duals", &k.duals}, std::pair{"variations", &k.variations}}) {
      w.end_array().key(key).begin_array();
      for (const auto& d : *list) {
        w.begin_object().field("defence", d.defence).key("continuations").begin_array();
        for (const auto& c : d.continuations) w.value(c);
        w.end_array().end_object();
      }
    }
    w.end_array().end_object();
  }
  w.end_array().key("tries").begin_array();
  for (const auto& t : v.tries) {
    w.begin_object().field("move", t.move).field("refutation", t.refutation);
    // Only under Defence n > 1, so that the other verdicts keep their fields.
    if (!t.other_refutations.empty()) {
      w.key("other_refutations").begin_array();
      for (const auto& r : t.other_refutations) w.value(r);
      w.end_array();
    }
    w.end_object();
  }
  w.end_array().key("solutions").begin_array();
  for (const auto& line : v.solutions) {
    w.begin_array();
    for (const auto& m : line) w.value(m);
    w.end_array();
  }
  w.end_array();
  // Set play only when asked for and found, so that the other verdicts keep their fields.
  if (!v.set_play.empty()) {
    w.key("set_play").begin_array();
    for (const auto& d : v.set_play) {
      w.begin_object().field("defence", d.defence).key("continuations").begin_array();
      for (const auto& c : d.continuations) w.value(c);
      w.end_array().end_object();
    }
    w.end_array();
  }
  if (!v.set_solutions.empty()) {
    w.key("set_solutions").begin_array();
    for (const auto& line : v.set_solutions) {
      w.begin_array();
      for (const auto& m : line) w.value(m);
      w.end_array();
    }
    w.end_array();
  }
  w.field("nodes", v.nodes).field("seconds", v.seconds);
}

}  // namespace arbiter::cli
