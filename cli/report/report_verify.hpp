// The HTML report `arbiter verify` writes at the end (cli/report/report_site.hpp), built from what
// verify already computed: each table's compiled variant, its clause coverage (with the catalog
// witnesses) when the solver part ran, and its verify checks as an extra section.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "cli/core/verify.hpp"

namespace arbiter::cli {

/// The default report directory: arbiter-report/ in the working directory.
std::string default_report_dir();

/// Writes the report of `verdicts` (tables that did not load are left out) into
/// options.report_dir (default_report_dir() when empty); returns the index's path, or "" with
/// a line on `progress` when it could not be written. Progress lines go to `progress` unless
/// null.
std::string write_verify_report(const std::vector<TableVerdict>& verdicts,
                                const VerifyOptions& options, std::ostream* progress);

}  // namespace arbiter::cli
