// One step of a long run (a scenario searched, a knob swept), as its progress line says it:
// "[3/17] scenario diplomacy/equal-rank-bounce". cli/core/progress.hpp draws these on stderr.
#pragma once

#include <fmt/format.h>

#include <string>
#include <string_view>

namespace arbiter::solver {

struct ProgressStep {
  /// A line that is not one of a counted series ("sweep: 120 positions").
  ProgressStep(std::string what) : text(std::move(what)) {}  // NOLINT: a plain line converts
  /// Step `index` of `total`.
  ProgressStep(int at, int of, std::string_view what)
      : index(at), total(of), text(fmt::format("[{}/{}] {}", at, of, what)) {}

  int index = 0;  ///< 0 of 0: not counted
  int total = 0;
  std::string text;  ///< the whole line, count first

  /// Callers that want lines only take a `const std::string&`.
  operator const std::string&() const { return text; }  // NOLINT
};

}  // namespace arbiter::solver
