// Reading one rule-table file: locations and diagnostics (Reader), typed access to one TOML
// table (Scope, get...), the table being built (Context), and the sections of the format that
// a variant folder reads (TableSection, listed in rules/registry/table_sections.cpp). Shared by
// the core loader (table_loader.cpp, table_checks.cpp) and those sections.
#pragma once

#include <toml++/toml.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "rules/core/diagnostic.hpp"
#include "rules/core/rule_table.hpp"

namespace arbiter::table_io {

using Keys = std::span<const std::string_view>;

inline std::string join(Keys words, std::string_view separator = ", ") {
  std::string out;
  for (std::string_view w : words) {
    if (!out.empty()) out += separator;
    out += w;
  }
  return out;
}

inline std::string join(const std::vector<std::string>& words) {
  std::vector<std::string_view> views(words.begin(), words.end());
  return join(Keys(views));
}

/// "1 entry", "3 entries".
inline std::string count_of(std::size_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

inline std::string in_quotes(std::string_view text) {
  // Appended, not "'" + std::string(text) + "'": inlined, that form trips g++ 12's -Wrestrict.
  std::string out(1, '\'');
  out += text;
  out += '\'';
  return out;
}

inline std::string_view type_name(toml::node_type type) {
  switch (type) {
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a floating-point number";
    case toml::node_type::boolean:
      return "a boolean";
    case toml::node_type::table:
      return "a table";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::date:
      return "a date";
    case toml::node_type::time:
      return "a time";
    case toml::node_type::date_time:
      return "a date-time";
    case toml::node_type::none:
      break;
  }
  return "nothing";
}

template <typename T>
constexpr std::string_view expected_type() {
  if constexpr (std::is_same_v<T, std::string>) {
    return "a string";
  } else if constexpr (std::is_same_v<T, bool>) {
    return "a boolean";
  } else {
    static_assert(std::is_same_v<T, std::int64_t>, "a TOML value type");
    return "an integer";
  }
}

// ---- Reader: locations and diagnostics of one file ----------------------------------------

/// The file being read: turns toml++ locations into SourceLocs and collects its diagnostics.
class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}

  const std::string& file() const { return file_; }
  SourceLoc whole_file() const { return SourceLoc{file_, 0, 0}; }
  SourceLoc at(const toml::source_region& region) const {
    return SourceLoc{file_, static_cast<int>(region.begin.line),
                     static_cast<int>(region.begin.column)};
  }
  SourceLoc at(const toml::node& node) const { return at(node.source()); }

  void error(SourceLoc where, std::string message) {
    diagnostics_.push_back(Diagnostic{std::move(where), std::move(message)});
  }

  /// Reports a problem of the final table. A location in a parent file moves to this file
  /// (the parent was valid on its own, so this file caused it) and is quoted in the message.
  void error_in_final(SourceLoc where, std::string message) {
    if (where.file != file_) {
      if (!where.file.empty()) message += " (inherited from " + where.str() + ")";
      where = whole_file();
    }
    error(std::move(where), std::move(message));
  }

  bool ok() const { return diagnostics_.empty(); }

  /// The diagnostics in file order; those without a line come last.
  std::vector<Diagnostic> sorted() const {
    std::vector<Diagnostic> out = diagnostics_;
    const auto order = [](const Diagnostic& d) {
      const int line = d.where.line == 0 ? std::numeric_limits<int>::max() : d.where.line;
      return std::pair{line, d.where.column};
    };
    std::stable_sort(out.begin(), out.end(), [&order](const Diagnostic& a, const Diagnostic& b) {
      return order(a) < order(b);
    });
    return out;
  }

 private:
  std::string file_;
  std::vector<Diagnostic> diagnostics_;
};

// ---- Typed access to one TOML table -------------------------------------------------------

/// One TOML table being read, with the label naming it in messages ("[pieces.N]").
struct Scope {
  Reader& r;
  const toml::table& t;
  std::string label;
};

/// A string value with where it was written.
struct Located {
  std::string value;
  SourceLoc where;
};

inline void check_keys(const Scope& s, Keys allowed) {
  for (auto&& [key, value] : s.t) {
    if (std::find(allowed.begin(), allowed.end(), key.str()) != allowed.end()) continue;
    s.r.error(s.r.at(key.source()), "unknown key " + in_quotes(key.str()) + " in " + s.label +
                                        ": expected one of " + join(allowed));
  }
}

inline void report_wrong_type(Reader& r, const toml::node& node, std::string_view what,
                              std::string_view expected) {
  r.error(r.at(node), "wrong type for " + std::string(what) + ": expected " +
                          std::string(expected) + ", found " + std::string(type_name(node.type())));
}

inline std::string key_in(const Scope& s, std::string_view key) {
  return in_quotes(key) + " in " + s.label;
}

/// The value of `key` when present and of type T; a value of another type is reported.
template <typename T>
std::optional<T> get(const Scope& s, std::string_view key) {
  const toml::node* node = s.t.get(key);
  if (node == nullptr) return std::nullopt;
  if (const auto* v = node->as<T>()) return v->get();
  report_wrong_type(s.r, *node, key_in(s, key), expected_type<T>());
  return std::nullopt;
}

inline std::string range_text(std::int64_t lo, std::int64_t hi) {
  if (hi == std::numeric_limits<int>::max()) return "an integer >= " + std::to_string(lo);
  return "an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
}

inline bool check_range(Reader& r, const toml::node& node, std::int64_t value,
                        std::string_view what, int lo, int hi) {
  if (value >= lo && value <= hi) return true;
  r.error(r.at(node),
          std::string(what) + " is " + std::to_string(value) + ": expected " + range_text(lo, hi));
  return false;
}

inline std::optional<int> get_int(const Scope& s, std::string_view key, int lo, int hi) {
  const auto value = get<std::int64_t>(s, key);
  if (!value || !check_range(s.r, *s.t.get(key), *value, key_in(s, key), lo, hi))
    return std::nullopt;
  return static_cast<int>(*value);
}

inline const toml::array* get_array(const Scope& s, std::string_view key) {
  const toml::node* node = s.t.get(key);
  if (node == nullptr) return nullptr;
  if (const toml::array* a = node->as_array()) return a;
  report_wrong_type(s.r, *node, key_in(s, key), "an array");
  return nullptr;
}

/// An array of integers in lo..hi; elements of the wrong type or range are reported.
inline std::optional<std::vector<int>> get_int_list(const Scope& s, std::string_view key, int lo,
                                                    int hi) {
  const toml::array* array = get_array(s, key);
  if (array == nullptr) return std::nullopt;
  std::vector<int> out;
  const std::string what = "an element of " + key_in(s, key);
  for (const toml::node& element : *array) {
    const auto* v = element.as_integer();
    if (v == nullptr) {
      report_wrong_type(s.r, element, what, "an integer");
    } else if (check_range(s.r, element, v->get(), what, lo, hi)) {
      out.push_back(static_cast<int>(v->get()));
    }
  }
  return out;
}

/// An array of strings, each with its location; non-strings are reported.
inline std::optional<std::vector<Located>> get_string_list(const Scope& s, std::string_view key) {
  const toml::array* array = get_array(s, key);
  if (array == nullptr) return std::nullopt;
  std::vector<Located> out;
  for (const toml::node& element : *array) {
    if (const auto* v = element.as_string()) {
      out.push_back(Located{v->get(), s.r.at(element)});
    } else {
      report_wrong_type(s.r, element, "an element of " + key_in(s, key), "a string");
    }
  }
  return out;
}

inline bool is_piece_letter(std::string_view text) {
  return text.size() == 1 && text[0] >= 'A' && text[0] <= 'Z';
}

/// A one-letter piece name such as "R"; anything else is reported.
inline std::optional<char> as_letter(Reader& r, const Located& text, std::string_view what) {
  if (is_piece_letter(text.value)) return text.value[0];
  r.error(text.where,
          std::string(what) + " is " + in_quotes(text.value) + ": expected one upper-case letter");
  return std::nullopt;
}

inline std::optional<char> get_letter(const Scope& s, std::string_view key) {
  const auto text = get<std::string>(s, key);
  if (!text) return std::nullopt;
  return as_letter(s.r, Located{*text, s.r.at(*s.t.get(key))}, key_in(s, key));
}

inline void report_missing(const Scope& s, std::string_view key, std::string_view expected) {
  s.r.error(s.r.at(s.t), "missing key " + key_in(s, key) + ": expected " + std::string(expected));
}

inline const toml::table* as_table(Reader& r, const toml::node& node, std::string_view what) {
  if (const toml::table* t = node.as_table()) return t;
  report_wrong_type(r, node, what, "a table");
  return nullptr;
}

/// The entries of a table in the order they were written (toml++ iterates by key).
inline std::vector<std::pair<const toml::key*, const toml::node*>> in_file_order(
    const toml::table& t) {
  std::vector<std::pair<const toml::key*, const toml::node*>> out;
  for (auto&& [key, value] : t) out.emplace_back(&key, &value);
  const auto pos = [](const toml::key* k) {
    return std::pair{k->source().begin.line, k->source().begin.column};
  };
  std::stable_sort(out.begin(), out.end(),
                   [&pos](const auto& a, const auto& b) { return pos(a.first) < pos(b.first); });
  return out;
}

// ---- The table under construction --------------------------------------------------------

/// A table being built, with where some of its values were written, for the checks that run
/// on the final table ("pieces", "setup", "pieces.P.promotion.Q", "knobs.NAME.default").
struct Loaded {
  RuleTable table;
  std::map<std::string, SourceLoc> where;
};

struct Context {
  Reader& r;
  Loaded& out;
  bool has_parent = false;  ///< the file extends another table
  bool base_known = true;   ///< false when the parent failed: skip checks that depend on it
};

inline SourceLoc where_of(const Context& c, const std::string& key, const SourceLoc& fallback) {
  const auto it = c.out.where.find(key);
  return it == c.out.where.end() ? fallback : it->second;
}

/// Maps a string value onto one of `names` (same order as the enum it stands for).
template <typename Enum, std::size_t N>
std::optional<Enum> get_enum(const Scope& s, std::string_view key,
                             const std::string_view (&names)[N]) {
  const auto text = get<std::string>(s, key);
  if (!text) return std::nullopt;
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == *text) return static_cast<Enum>(i);
  s.r.error(s.r.at(*s.t.get(key)), "unknown value " + in_quotes(*text) + " for " + key_in(s, key) +
                                       ": expected one of " + join(Keys(names)));
  return std::nullopt;
}

/// A part of the table format that a variant folder reads: the key `key` of the core table
/// `[table]` ("protocol": its `ranks`; "effects": the table [effects.conversion]). `apply`
/// reads it (`parent`: the scope of [table]; `node`: the key's value); `check`, when set, runs
/// on the final table after the core's checks of [table].
struct TableSection {
  std::string_view table;
  std::string_view key;
  void (*apply)(Context& c, const Scope& parent, const toml::node& node) = nullptr;
  void (*check)(Context& c) = nullptr;
};

/// Every section the variant folders read, in the order their keys are listed in messages
/// (defined in rules/registry/table_sections.cpp).
std::span<const TableSection> table_sections();

}  // namespace arbiter::table_io
