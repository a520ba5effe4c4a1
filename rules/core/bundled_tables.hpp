// The rule tables shipped with arbiter (rules/tables/*.toml), compiled into the binary.
#pragma once

#include <string>
#include <vector>

namespace arbiter {

struct BundledTable {
  std::string name;  ///< file stem: "orthodox", "conversion", ...
  std::string path;  ///< repository-relative path, used in messages
  std::string text;  ///< the TOML text
};

/// Every bundled table, sorted by name. Defined in a file generated at build time.
const std::vector<BundledTable>& bundled_tables();

}  // namespace arbiter
