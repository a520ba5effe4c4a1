// The report's "Sample puzzles" section (cli/report/report_site.hpp's extra-section hook), built at
// report time: for the sequential tables the best few of some sound #2 problems generated with a
// fixed seed (in an in-memory corpus), each drawn with its key and listed with its verdict and
// grade; for the others one
// witness of their own problem task (`arbiter puzzle task`), drawn with its answer.
#pragma once

#include <cstdint>

#include "cli/report/report_site.hpp"
#include "puzzles/corpus_db.hpp"

namespace arbiter::cli {

struct SamplePuzzleOptions {
  int count = 3;           ///< sequential tables: #2 problems shown, the best by grade
  int pool = 8;            ///< of this many generated
  std::uint64_t seed = 1;  ///< the generator's seed (the same problems on every run)
  /// Candidates tried at most, so that a table where sound #2s are rare stays quick.
  std::uint64_t max_candidates = 5000;
};

/// The best `limit` problems of `v` in a corpus, by grade score: boards with the keys drawn
/// and a table of verdicts and grades, after `intro` (HTML). `puzzle export --format html`
/// and the sample section both use it.
ReportSection best_problems_section(puzzles::CorpusDb& db, const VariantPtr& v,
                                    const std::string& intro, int limit);

/// The section for `v`: boards and a table of verdicts, or a note saying why nothing is shown.
ReportSection sample_puzzles_section(const VariantPtr& v, const SamplePuzzleOptions& o = {});

}  // namespace arbiter::cli
