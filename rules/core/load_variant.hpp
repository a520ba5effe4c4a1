// Loading a table and compiling it for the engine in one step.
#pragma once

#include <string>

#include "rules/core/table_loader.hpp"
#include "rules/core/variant.hpp"

namespace arbiter {

/// A bundled table name ("orthodox") or a path to a .toml file. Throws TableError.
inline VariantPtr load_variant(const std::string& name_or_path, const KnobSettings& knobs = {}) {
  return Variant::compile(load_table(name_or_path), knobs);
}

}  // namespace arbiter
