#include "rules/core/closest_name.hpp"

#include <algorithm>
#include <cctype>

namespace arbiter {

int edit_distance(std::string_view a, std::string_view b) {
  const auto same = [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  };
  // Three rows of the optimal-string-alignment table: two back for a swap, one back, this one.
  const std::size_t n = b.size();
  std::vector<int> before(n + 1), prev(n + 1), row(n + 1);
  for (std::size_t j = 0; j <= n; ++j) prev[j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    row[0] = static_cast<int>(i);
    for (std::size_t j = 1; j <= n; ++j) {
      const int replace = prev[j - 1] + (same(a[i - 1], b[j - 1]) ? 0 : 1);
      row[j] = std::min({prev[j] + 1, row[j - 1] + 1, replace});
      if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) && same(a[i - 2], b[j - 1]))
        row[j] = std::min(row[j], before[j - 2] + 1);
    }
    std::swap(before, prev);
    std::swap(prev, row);
  }
  return prev[n];
}

namespace {

int allowed_edits(std::string_view word) {
  if (word.size() <= 2) return 0;  // "-q": every other short option is one edit away
  if (word.size() <= 4) return 1;
  if (word.size() <= 8) return 2;
  return static_cast<int>(word.size() / 3);
}

bool begins(std::string_view name, std::string_view word) {
  return word.size() >= 3 && name.size() > word.size() &&
         edit_distance(name.substr(0, word.size()), word) == 0;
}

}  // namespace

std::vector<std::string> closest_names(std::string_view word,
                                       const std::vector<std::string>& known) {
  const int allowed = allowed_edits(word);
  std::vector<std::string> best;
  int best_distance = allowed;
  for (const std::string& name : known) {
    if (name.empty() || name == word) continue;
    // A name the word begins counts as one edit away (the rest of it was left out).
    const int d = begins(name, word) ? 1 : edit_distance(name, word);
    if (d > allowed) continue;
    if (best.empty() || d < best_distance) {
      best_distance = d;
      best.clear();
    }
    if (d == best_distance && std::find(best.begin(), best.end(), name) == best.end())
      best.push_back(name);
  }
  return best;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& known) {
  const std::vector<std::string> names = closest_names(word, known);
  if (names.empty()) return "";
  std::string out = "did you mean ";
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return out + "?";
}

}  // namespace arbiter
