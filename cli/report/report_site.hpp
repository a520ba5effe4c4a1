// The static HTML report (`arbiter report`, and the end of `arbiter verify`): an index and one
// page per rule table with the table's rules in the project's own words (description, pieces,
// knobs with their descriptions), the knobs' witnesses drawn, the scenario catalog's witnesses
// drawn and the clause-coverage table. Everything is inline (CSS, SVG boards, a small script),
// so the site opens from disk with no server and no network. docs/report.md.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "rules/core/variant.hpp"
#include "solver/analysis/coverage.hpp"

namespace arbiter::cli {

/// A section added to a page by another part of the project (e.g. sample puzzles): a heading
/// and its HTML body.
struct ReportSection {
  std::string title;
  std::string html;
};

struct VariantReport {
  VariantPtr variant;
  /// Clause coverage (knob witnesses, scenario witnesses, the coverage table); none: the page
  /// says why (`no_solver_note`) and leaves those sections out.
  std::optional<solver::CoverageReport> coverage;
  std::string no_solver_note = "the solver part was not run";
  std::vector<ReportSection> extra;  ///< appended after the built-in sections
};

struct ReportOptions {
  std::string out_dir;
  std::string title = "arbiter rule tables";
  std::vector<ReportSection> index_extra;            ///< appended to the index page
  std::function<void(const std::string&)> progress;  ///< a line per page written; may be null
};

/// The HTML of one table's page.
std::string variant_page(const VariantReport& r);

/// The file name of a table's page in the site ("orthodox.html").
std::string page_file(const std::string& table);

/// Writes index.html and one page per table into options.out_dir (created when missing) and
/// returns the index's path. Throws std::runtime_error when a file cannot be written.
std::string write_report(const std::vector<VariantReport>& tables, const ReportOptions& options);

}  // namespace arbiter::cli
