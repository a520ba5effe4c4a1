#include "cli/report/report_verify.hpp"

#include <filesystem>

#include "cli/report/report_html.hpp"
#include "cli/report/report_puzzles.hpp"
#include "cli/report/report_site.hpp"

namespace arbiter::cli {
namespace {

ReportSection checks_section(const TableVerdict& v) {
  std::string html =
      std::string("<p>") + (v.passed ? "PASS" : "<b>FAIL</b>") + " (arbiter verify)</p>\n<ul>\n";
  for (const std::string& c : v.checks) html += "<li>" + html_escape(c) + "</li>\n";
  for (const std::string& f : v.failures)
    html += "<li><b>failure:</b> " + html_escape(f) + "</li>\n";
  return {"Verify checks", html + "</ul>\n"};
}

}  // namespace

std::string default_report_dir() {
  // In the working directory, never next to the binary: an installed binary's folder is
  // read-only.
  return "arbiter-report";
}

std::string write_verify_report(const std::vector<TableVerdict>& verdicts,
                                const VerifyOptions& options, std::ostream* progress) {
  std::vector<VariantReport> tables;
  for (const TableVerdict& v : verdicts) {
    if (!v.variant) continue;
    VariantReport r;
    r.variant = v.variant;
    r.coverage = v.coverage;
    r.no_solver_note = options.solver ? "the solver part failed for this table"
                                      : "arbiter verify ran with --no-solver";
    r.extra.push_back(checks_section(v));
    r.extra.push_back(sample_puzzles_section(v.variant));
    tables.push_back(std::move(r));
  }
  ReportOptions ro;
  ro.out_dir = options.report_dir.empty() ? default_report_dir() : options.report_dir;
  ro.title = "arbiter verify: rule tables";
  try {
    return write_report(tables, ro);
  } catch (const std::exception& e) {
    if (progress) *progress << "arbiter: verify: no report: " << e.what() << '\n';
    return "";
  }
}

}  // namespace arbiter::cli
