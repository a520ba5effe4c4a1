#include "cli/core/verify.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <optional>

#include "cli/core/option_checks.hpp"
#include "cli/core/verify_solver.hpp"
#include "cli/registry/cli_modules.hpp"
#include "cli/report/report_verify.hpp"
#include "present/core/exit_status.hpp"
#include "present/core/json_writer.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "rules/core/perft.hpp"

namespace arbiter::cli {
namespace {

using Clock = std::chrono::steady_clock;

/// Where the report goes, "" for none. A partial run (--table) writes one only where --report
/// asks for it. A --report DIR that cannot be written is an input error, found before the run;
/// the default folder is skipped, said once on `err`, where the working directory is read-only.
std::string report_dir(const VerifyOptions& o, std::ostream& err) {
  if (!o.report || (!o.tables.empty() && o.report_dir.empty())) return "";
  const std::string dir = o.report_dir.empty() ? default_report_dir() : o.report_dir;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!ec && access(dir.c_str(), W_OK) != 0) ec = std::error_code(errno, std::generic_category());
  if (!ec) return dir;
  if (!o.report_dir.empty())
    throw std::runtime_error(
        fmt::format("verify: cannot write the report to '{}': {}", dir, ec.message()));
  err << fmt::format(
      "arbiter: verify: no report: cannot write '{}' in the working directory ({}); --report "
      "DIR writes it elsewhere, --no-report skips it\n",
      dir, ec.message());
  return "";
}

}  // namespace

std::vector<TableVerdict> verify_tables(const VerifyOptions& options, Progress& progress,
                                        std::ostream* results) {
  std::vector<std::string> names = options.tables;
  if (names.empty()) names = bundled_table_names();
  std::vector<TableVerdict> out;
  for (const std::string& name : names) {
    progress.step(static_cast<int>(out.size() + 1), static_cast<int>(names.size()), name);
    TableVerdict verdict;
    verdict.table = name;
    const auto t0 = Clock::now();
    try {
      const VariantPtr v = load_variant(name);
      verdict.table = v->name();
      verdict.variant = v;
      verdict.checks.push_back(fmt::format("table loads and compiles ({} pieces, {} knobs)",
                                           v->piece_count(), v->table().knobs.size()));
      cli_module(*v).self_checks(name, v, options, verdict);
      if (options.solver) check_solver(name, options, verdict, progress);
    } catch (const TableError& e) {
      for (const Diagnostic& d : e.diagnostics()) verdict.failures.push_back(d.str());
    } catch (const std::exception& e) {
      verdict.failures.push_back(e.what());
    }
    verdict.passed = verdict.failures.empty();
    verdict.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    progress.clear();  // the result line takes the place of the step's frame
    if (results)
      *results << fmt::format("{} {:<14} {:>3} checks  {:6.2f} s\n",
                              verdict.passed ? "PASS" : "FAIL", verdict.table,
                              verdict.checks.size(), verdict.seconds)
               << std::flush;
    out.push_back(std::move(verdict));
  }
  return out;
}

int run_verify(const VerifyOptions& given, std::ostream& out, std::ostream& err,
               bool err_is_terminal) {
  for (const std::string& name : given.tables) require_table_source(name);
  VerifyOptions options = given;
  options.report_dir = report_dir(given, err);
  const auto t0 = Clock::now();
  std::vector<TableVerdict> verdicts;
  {
    Progress progress(err, err_is_terminal, options.quiet, "verify");
    verdicts = verify_tables(options, progress, options.quiet || options.json ? nullptr : &out);
  }
  const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
  int failed = 0;
  for (const auto& v : verdicts) failed += v.passed ? 0 : 1;
  std::string report;
  if (!options.report_dir.empty()) report = write_verify_report(verdicts, options, &err);
  if (options.json) {
    JsonWriter w;
    w.begin_object().field("passed", failed == 0).field("seconds", secs);
    if (!report.empty()) w.field("report", report);
    w.key("tables").begin_array();
    for (const auto& v : verdicts) {
      w.begin_object().field("table", v.table).field("passed", v.passed);
      w.field("seconds", v.seconds).key("checks").begin_array();
      for (const auto& c : v.checks) w.value(c);
      w.end_array().key("failures").begin_array();
      for (const auto& f : v.failures) w.value(f);
      w.end_array().end_object();
    }
    out << w.end_array().end_object().str() << '\n';
  } else {
    for (const auto& v : verdicts)
      for (const auto& f : v.failures) err << "arbiter: verify: " << v.table << ": " << f << '\n';
    out << fmt::format("verify: {} table(s), {} passed, {} failed, {:.2f} s\n", verdicts.size(),
                       verdicts.size() - failed, failed, secs);
    if (!report.empty() && !options.quiet) out << "report " << report << '\n';
  }
  return failed == 0 ? kHolds : kFails;
}

}  // namespace arbiter::cli
