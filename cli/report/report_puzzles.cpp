// Sample puzzles of the report: generated #2s (sequential tables) or a task witness (the others).
#include "cli/report/report_puzzles.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "cli/puzzle/cmd_puzzle.hpp"
#include "cli/registry/cli_modules.hpp"
#include "cli/report/report_html.hpp"
#include "puzzles/generator.hpp"
#include "rules/core/fen.hpp"

namespace arbiter::cli {
namespace {

/// A witness position per task-bearing protocol (docs/puzzles.md): White mates with !Ra8
/// whatever Black's B-move; both kings mated after Qg8 + Qg1.

/// "quiet key, dual-free, 2 model mates, miniature (7 men), score 9" of a stored grade.
std::string report_grade_words(const puzzles::Grade& g) {
  std::string out = fmt::format("{} key, ", puzzles::to_string(g.key_kind));
  out += g.dual_free() ? "dual-free" : fmt::format("{} dual(s)", g.duals);
  out += fmt::format(", {} model mate(s), {} tries, ", g.model_mates, g.tries);
  out += g.surplus.empty() ? "no surplus man"
                           : "surplus " + fmt::format("{}", fmt::join(g.surplus, " "));
  return out + fmt::format(", {} ({} men), score {}", puzzles::men_class(g.men), g.men, g.score);
}

}  // namespace

ReportSection best_problems_section(puzzles::CorpusDb& db, const VariantPtr& v,
                                    const std::string& intro, int limit) {
  std::vector<puzzles::CorpusProblem> problems;
  db.for_each([&](const puzzles::CorpusProblem& p) {
    if (p.variant == v->name()) problems.push_back(p);
  });
  // Best first: graded before ungraded, then by score; the id keeps ties in corpus order.
  std::stable_sort(problems.begin(), problems.end(),
                   [](const puzzles::CorpusProblem& a, const puzzles::CorpusProblem& b) {
                     const int sa = a.grade ? a.grade->score : -1;
                     const int sb = b.grade ? b.grade->score : -1;
                     return sa > sb;
                   });
  if (static_cast<int>(problems.size()) > limit) problems.resize(static_cast<std::size_t>(limit));
  std::string boards;
  std::vector<std::vector<std::string>> table;
  for (const puzzles::CorpusProblem& p : problems) {
    const Position pos = load_problem(v, p.fen);
    const puzzles::Verdict verdict = puzzles::solve(pos, load_stipulation(p.stipulation));
    boards += svg_board(problem_board(pos, verdict, verdict_caption(verdict)));
    std::string threats;
    if (!verdict.keys.empty())
      for (const std::string& t : verdict.keys.front().threats)
        threats += (threats.empty() ? "" : ", ") + t;
    table.push_back({html_code(p.fen), html_escape(verdict.stipulation.str()),
                     html_escape(puzzles::to_string(verdict.soundness)),
                     html_escape(verdict.keys.empty() ? "" : verdict.keys.front().move),
                     html_escape(threats),
                     html_escape(p.grade ? report_grade_words(*p.grade) : "not graded")});
  }
  if (table.empty())
    return {"Sample puzzles",
            intro + "<p class=\"note\">None found within the candidate budget.</p>\n"};
  return {"Sample puzzles",
          intro + "<div class=\"boards\">\n" + boards + "</div>\n" +
              html_table({"FEN", "stipulation", "verdict", "key", "threat", "grade"}, table)};
}

namespace {

ReportSection generated_problems(const VariantPtr& v, const SamplePuzzleOptions& o) {
  puzzles::CorpusDb db(":memory:");
  puzzles::GeneratorConfig c;
  c.variant = v;
  c.stipulation = load_stipulation("#2");
  c.seed = o.seed, c.count = o.pool, c.max_candidates = o.max_candidates;
  const puzzles::GeneratorStatus st = puzzles::generate(db, c);
  const std::string intro = fmt::format(
      "<p>The best {} of {} sound #2 problem(s) generated for this page by <code>arbiter puzzle "
      "generate -v {} -s '#2' --seed {} -n {} --any-key --allow-surplus</code> ({} candidates "
      "tried; legal ones only), best grade first, each solved again for its verdict; the key "
      "is drawn as an arrow. The composer's defaults of <code>puzzle generate</code> (quiet "
      "or flight-giving key, no surplus man) need far more candidates than a page should "
      "wait for. See docs/puzzles.md.</p>\n",
      std::min<std::int64_t>(o.count, st.found), st.found, html_escape(v->name()), o.seed, o.pool,
      st.candidates);
  return best_problems_section(db, v, intro, o.count);
}

ReportSection task_witness(const VariantPtr& v) {
  const std::string task(cli_module(*v).sample_task);
  const std::string fen(cli_module(*v).sample_fen);
  const std::string command =
      fmt::format("arbiter puzzle task -v {} --task {} --fen '{}'", v->name(), task, fen);
  try {
    TaskAnswer r = solve_task(v, fen, task, kWhite);
    if (r.answers.empty())
      return {"Sample puzzles", "<p class=\"note\">No sample: the witness position of the task " +
                                    html_escape(task) + " has no solution under this table (" +
                                    html_code(command) + ").</p>\n"};
    r.board.caption = task + " " + task_verdict(r.answers);
    std::string list;
    for (const std::string& a : r.answers) list += "<li>" + html_code(a) + "</li>\n";
    return {"Sample puzzles",
            fmt::format("<p>Sequential stipulations (#n) do not fit this table; its own problem "
                        "task instead, one witness: {}, verdict {}. See "
                        "docs/puzzles.md.</p>\n",
                        html_code(command), html_escape(task_verdict(r.answers))) +
                "<div class=\"boards\">\n" + svg_board(r.board) + "</div>\n<ul>\n" + list +
                "</ul>\n"};
  } catch (const std::exception& e) {
    return {"Sample puzzles", "<p class=\"note\">No sample: " + html_escape(e.what()) + " (" +
                                  html_code(command) + ").</p>\n"};
  }
}

}  // namespace

ReportSection sample_puzzles_section(const VariantPtr& v, const SamplePuzzleOptions& o) {
  if (cli_module(*v).stipulations) {
    try {
      return generated_problems(v, o);
    } catch (const std::exception& e) {
      return {"Sample puzzles",
              "<p class=\"note\">No sample puzzles: " + html_escape(e.what()) + ".</p>\n"};
    }
  }
  return task_witness(v);
}

}  // namespace arbiter::cli
