// Errors in user input that carry their location: "file:line:col: message".
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "rules/core/rule_table.hpp"

namespace arbiter {

struct Diagnostic {
  SourceLoc where;
  std::string message;  ///< what is wrong and what was expected
  std::string str() const { return where.file.empty() ? message : where.str() + ": " + message; }
};

/// A rule table that failed to load or validate; holds every problem found, in file order.
class TableError : public std::runtime_error {
 public:
  explicit TableError(std::vector<Diagnostic> diagnostics);
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

 private:
  std::vector<Diagnostic> diagnostics_;
};

}  // namespace arbiter
