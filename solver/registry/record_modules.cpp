// The record analyses' registry: each rules kind's record module
// (solver/analysis/record_module.hpp). One line per kind, in RulesKind's order.
#include "solver/analysis/record_module.hpp"

namespace arbiter::solver {
namespace {

constexpr ModuleRegistry<const RecordModule& (*)()> kRecordModules = {{
    sequential_records,    // sequential
    conditional_records,   // conditional
    simultaneous_records,  // simultaneous/diplomacy
    simultaneous_records,  // simultaneous/move-neutral
}};

}  // namespace

const RecordModule& record_module(const Variant& v) {
  return kRecordModules[index_of(v.kind())]();
}

}  // namespace arbiter::solver
