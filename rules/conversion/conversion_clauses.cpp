#include "rules/conversion/conversion_clauses.hpp"

#include <iterator>

namespace arbiter {
namespace {

/// Spelled in the enum's order, one per clause.
constexpr std::string_view kNames[] = {
    "conversion",
    "multiple-conversion",
    "conversion-by-castling",
    "check-by-conversion-threat",
};
static_assert(std::size(kNames) == static_cast<std::size_t>(ConversionClause::kCount),
              "one spelling per ConversionClause, in its order (kCount last)");

}  // namespace

std::string_view clause_name(ConversionClause c) {
  const auto i = static_cast<std::size_t>(c);
  return i < std::size(kNames) ? kNames[i] : "?";
}

}  // namespace arbiter
