#include "rules/core/closest_name.hpp"

#include <algorithm>

namespace arbiter {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows of the dynamic programme: the one two back serves transpositions.
  std::vector<std::size_t> before(b.size() + 1), prev(b.size() + 1), row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      row[j] = std::min({prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        row[j] = std::min(row[j], before[j - 2] + 1);
    }
    std::swap(before, prev);
    std::swap(prev, row);
  }
  return prev[b.size()];
}

std::optional<std::string> closest_name(std::string_view wrong,
                                        const std::vector<std::string>& names) {
  const std::size_t allowed = wrong.size() <= 4 ? 1 : wrong.size() <= 8 ? 2 : 3;
  std::optional<std::string> best;
  std::size_t best_distance = allowed + 1;
  for (const std::string& name : names) {
    const std::size_t d = edit_distance(wrong, name);
    if (d == 0) return std::nullopt;
    if (d < best_distance) best = name, best_distance = d;
  }
  return best;
}

}  // namespace arbiter
