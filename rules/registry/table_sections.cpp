// The sections of the rule-table format that the variant folders read, one line each: the core
// loader (rules/core/table_loader.cpp) applies and checks them without naming a variant.
#include "rules/conversion/conversion_table.hpp"
#include "rules/core/table_reading.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_table.hpp"

namespace arbiter::table_io {

std::span<const TableSection> table_sections() {
  static constexpr TableSection kSections[] = {
      {"protocol", "ranks", apply_ranks_section, check_ranks_section},
      {"effects", "conversion", apply_conversion_section, check_conversion_section},
  };
  return kSections;
}

}  // namespace arbiter::table_io
