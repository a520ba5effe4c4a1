// `arbiter puzzle export`: a corpus's problems as EPD, FEN lines, JSON Lines or CSV (for
// scripts), an SVG board per problem, or an HTML page of the best by grade.
#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>

#include "cli/puzzle/cmd_puzzle.hpp"
#include "cli/puzzle/epd.hpp"
#include "cli/report/report_html.hpp"
#include "cli/report/report_puzzles.hpp"
#include "puzzles/corpus_db.hpp"
#include "rules/core/load_variant.hpp"

namespace arbiter::cli {
namespace {

struct ExportOptions {
  std::string db, format = "epd", out;
  int best = 20;
};

/// One board per problem: its keys (solved again, keys only) drawn, "variant:id stipulation
/// verdict" as the caption. Into `out`, or on stdout when `out` is empty.
void export_svg(puzzles::CorpusDb& db, const std::string& out) {
  std::vector<SvgBoard> boards;
  puzzles::SolveOptions keys_only;
  keys_only.details = false;
  std::map<std::string, VariantPtr> variants;
  db.for_each([&](const puzzles::CorpusProblem& p) {
    VariantPtr& v = variants[p.variant];
    if (!v) v = load_variant(p.variant);
    const Position pos = load_problem(v, p.fen);
    const puzzles::Verdict verdict =
        puzzles::solve(pos, load_stipulation(p.stipulation), keys_only);
    boards.push_back(problem_board(
        pos, verdict, fmt::format("{}:{} {}", p.variant, p.id, verdict_caption(verdict))));
  });
  if (out.empty())
    std::cout << svg_document(boards);
  else
    write_svg(out, boards);
}

/// One HTML page: per variant of the corpus, its best `best` problems by grade score, drawn
/// and tabled with their verdicts and grades (the report's section).
void export_best_html(puzzles::CorpusDb& db, const std::string& path, const std::string& out,
                      int best) {
  std::vector<std::string> names;
  db.for_each([&](const puzzles::CorpusProblem& p) {
    if (std::find(names.begin(), names.end(), p.variant) == names.end()) names.push_back(p.variant);
  });
  std::string body;
  for (const std::string& name : names) {
    const VariantPtr v = load_variant(name);
    const ReportSection s = best_problems_section(
        db, v,
        fmt::format("<p>The best {} problems of <code>{}</code> by grade score "
                    "(docs/puzzles.md, Grades).</p>\n",
                    best, html_escape(path)),
        best);
    body += "<h2>" + html_escape(name) + "</h2>\n" + s.html;
  }
  if (names.empty()) body = "<p>The corpus holds no problem.</p>\n";
  const std::string page = html_page("Problems of " + path, body);
  if (out.empty()) {
    std::cout << page;
  } else {
    std::ofstream f(out);
    if (!(f << page)) throw PuzzleInputError("cannot write " + out);
  }
}

/// The threats column, " / "-joined in the database, as a list.
std::vector<std::string> threat_list(const std::string& joined) {
  std::vector<std::string> out;
  constexpr std::string_view kSeparator = " / ";
  for (std::size_t start = 0; !joined.empty();) {
    const std::size_t end = joined.find(kSeparator, start);
    out.push_back(joined.substr(start, end - start));
    if (end == std::string::npos) break;
    start = end + kSeparator.size();
  }
  return out;
}

/// One JSON object: the problem's columns, its threats as a list and its grade (as `puzzle
/// check --json` writes it), or "grade": null for a problem stored before grading existed.
std::string problem_json(const puzzles::CorpusProblem& p) {
  JsonWriter w;
  w.begin_object().field("id", p.id).field("variant", p.variant);
  w.field("stipulation", p.stipulation).field("fen", p.fen).field("key", p.key);
  w.key("threats").begin_array();
  for (const std::string& t : threat_list(p.threats)) w.value(t);
  w.end_array().field("nodes", p.nodes).field("seed", p.seed).field("shard", p.shard);
  w.field("shards", p.shards).field("source", p.source).field("candidate", p.candidate);
  if (p.grade)
    write_grade_fields(w, *p.grade, true);
  else
    w.key("grade").null();
  return w.end_object().str();
}

/// A CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes
/// doubled.
std::string csv_cell(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + '"';
}

/// The CSV columns, in order, each with the cell it takes from a problem. The grade's cells
/// are empty for a problem stored before grading existed, distinct and model mates also when
/// they were not counted (s#n).
struct CsvColumn {
  const char* name;
  std::string (*cell)(const puzzles::CorpusProblem&);
};

template <typename F>
std::string graded(const puzzles::CorpusProblem& p, F f) {
  return p.grade ? f(*p.grade) : std::string();
}

std::string bool_text(bool b) {
  return b ? "true" : "false";
}

constexpr CsvColumn kCsvColumns[] = {
    {"id", [](const auto& p) { return std::to_string(p.id); }},
    {"variant", [](const auto& p) { return p.variant; }},
    {"stipulation", [](const auto& p) { return p.stipulation; }},
    {"fen", [](const auto& p) { return p.fen; }},
    {"key", [](const auto& p) { return p.key; }},
    {"threats", [](const auto& p) { return p.threats; }},
    {"nodes", [](const auto& p) { return std::to_string(p.nodes); }},
    {"seed", [](const auto& p) { return std::to_string(p.seed); }},
    {"shard", [](const auto& p) { return std::to_string(p.shard); }},
    {"shards", [](const auto& p) { return std::to_string(p.shards); }},
    {"source", [](const auto& p) { return p.source; }},
    {"candidate", [](const auto& p) { return std::to_string(p.candidate); }},
    {"legal",
     [](const auto& p) { return graded(p, [](const auto& g) { return bool_text(g.legal); }); }},
    {"illegal", [](const auto& p) { return graded(p, [](const auto& g) { return g.illegal; }); }},
    {"key_kind",
     [](const auto& p) { return graded(p, [](const auto& g) { return to_string(g.key_kind); }); }},
    {"flights",
     [](const auto& p) {
       return graded(p, [](const auto& g) { return std::to_string(g.flights); });
     }},
    {"flights_after_key",
     [](const auto& p) {
       return graded(p, [](const auto& g) { return std::to_string(g.flights_after_key); });
     }},
    {"threat_count",
     [](const auto& p) {
       return graded(p, [](const auto& g) { return std::to_string(g.threats); });
     }},
    {"defences",
     [](const auto& p) {
       return graded(p, [](const auto& g) { return std::to_string(g.defences); });
     }},
    {"duals",
     [](const auto& p) {
       return graded(p, [](const auto& g) { return std::to_string(g.duals); });
     }},
    {"dual_moves",
     [](const auto& p) {
       return graded(p, [](const auto& g) { return std::to_string(g.dual_moves); });
     }},
    {"dual_free",
     [](const auto& p) {
       return graded(p, [](const auto& g) { return bool_text(g.dual_free()); });
     }},
    {"tries",
     [](const auto& p) {
       return graded(p, [](const auto& g) { return std::to_string(g.tries); });
     }},
    {"distinct_mates",
     [](const auto& p) {
       return graded(p, [](const auto& g) {
         return g.mates_counted ? std::to_string(g.distinct_mates) : std::string();
       });
     }},
    {"model_mates",
     [](const auto& p) {
       return graded(p, [](const auto& g) {
         return g.mates_counted ? std::to_string(g.model_mates) : std::string();
       });
     }},
    {"surplus",
     [](const auto& p) {
       return graded(p, [](const auto& g) { return fmt::format("{}", fmt::join(g.surplus, " ")); });
     }},
    {"men",
     [](const auto& p) { return graded(p, [](const auto& g) { return std::to_string(g.men); }); }},
    {"class",
     [](const auto& p) {
       return graded(p, [](const auto& g) { return puzzles::men_class(g.men); });
     }},
    {"score",
     [](const auto& p) {
       return graded(p, [](const auto& g) { return std::to_string(g.score); });
     }},
};

/// A CSV row of `cells`, comma-separated, ended by a line feed.
template <typename Cell>
std::string csv_row(Cell cell) {
  std::string out;
  for (const CsvColumn& c : kCsvColumns) out += (out.empty() ? "" : ",") + csv_cell(cell(c));
  return out + '\n';
}

int run_export(const ExportOptions& o) {
  if (!std::ifstream(o.db)) throw PuzzleInputError("cannot read " + o.db);
  const std::unique_ptr<puzzles::CorpusDb> corpus = open_corpus(o.db);
  puzzles::CorpusDb& db = *corpus;
  if (o.format == "svg") {
    export_svg(db, o.out);
    return 0;
  }
  if (o.format == "html") {
    export_best_html(db, o.db, o.out, o.best);
    return 0;
  }
  if (!o.out.empty()) throw PuzzleInputError("--out is for --format svg and html");
  if (o.format == "csv") std::cout << csv_row([](const CsvColumn& c) { return c.name; });
  db.for_each([&](const puzzles::CorpusProblem& p) {
    if (o.format == "fen")
      std::cout << p.fen << '\n';
    else if (o.format == "json")
      std::cout << problem_json(p) << '\n';
    else if (o.format == "csv")
      std::cout << csv_row([&p](const CsvColumn& c) { return c.cell(p); });
    else
      std::cout << epd_line(p.fen, load_stipulation(p.stipulation), p.key,
                            fmt::format("{}:{}", p.variant, p.id))
                << '\n';
  });
  return 0;
}

}  // namespace

void register_puzzle_export_command(CLI::App* puzzle, int& status) {
  auto o = std::make_shared<ExportOptions>();
  auto* exp = puzzle->add_subcommand("export", "Print the problems of a corpus");
  exp->add_option("--db", o->db, "SQLite database")->required();
  exp->add_option("--format", o->format,
                  "epd (bm key; dm N for #N, stip \"h#2\" for the others; id), fen, json (JSON "
                  "Lines: one object per problem, its grade included), csv (a header row, then "
                  "one row per problem), svg (one board per problem, its keys as arrows, the "
                  "verdict as caption), html (a page of the best problems by grade, boards and "
                  "grades)")
      ->check(CLI::IsMember({"epd", "fen", "json", "csv", "svg", "html"}))
      ->capture_default_str();
  exp->add_option("--out,-o", o->out, "svg, html: write this file instead of stdout");
  exp->add_option("--best", o->best, "html: problems shown per variant, best grade first")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  exp->callback([o, &status] { status = guarded([&] { return run_export(*o); }); });
}

}  // namespace arbiter::cli
