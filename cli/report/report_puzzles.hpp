// The report's "Sample puzzles" section (cli/report/report_site.hpp's extra-section hook), built at
// report time: for the sequential tables a few sound #2 problems generated with a fixed seed (in
// an in-memory corpus), each drawn with its key and listed with its verdict; for the others one
// witness of their own problem task (`arbiter puzzle task`), drawn with its answer.
#pragma once

#include <cstdint>

#include "cli/report/report_site.hpp"

namespace arbiter::cli {

struct SamplePuzzleOptions {
  int count = 3;           ///< sequential tables: #2 problems generated
  std::uint64_t seed = 1;  ///< the generator's seed (the same problems on every run)
  /// Candidates tried at most, so that a table where sound #2s are rare stays quick.
  std::uint64_t max_candidates = 5000;
};

/// The section for `v`: boards and a table of verdicts, or a note saying why nothing is shown.
ReportSection sample_puzzles_section(const VariantPtr& v, const SamplePuzzleOptions& o = {});

}  // namespace arbiter::cli
