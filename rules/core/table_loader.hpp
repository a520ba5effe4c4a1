// Loads rule tables from TOML (toml++), following `extends` to parent tables, and validates
// every key. All problems are reported at once as a TableError ("file:line:col: ...").
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rules/core/diagnostic.hpp"
#include "rules/core/rule_table.hpp"

namespace arbiter {

/// Loads a table from a file. `extends = "NAME"` is looked up first as NAME.toml next to the
/// file (or NAME itself when it ends in .toml, relative to the file), then among the bundled
/// tables. Throws TableError.
RuleTable load_table_file(const std::string& path);

/// Loads a table from TOML text; `path` names it in messages and anchors relative `extends`.
RuleTable load_table_text(std::string_view text, const std::string& path);

/// Loads a bundled table by name ("orthodox"). Throws TableError when there is none.
RuleTable load_bundled_table(const std::string& name);

/// Names of the bundled tables, sorted.
std::vector<std::string> bundled_table_names();

/// Loads "NAME" as a bundled table, or a path (containing '/' or ending in .toml) as a file.
RuleTable load_table(const std::string& name_or_path);

}  // namespace arbiter
