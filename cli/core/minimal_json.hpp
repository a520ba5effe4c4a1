// The JSON fields of a witness's minimality (solver/core/witness_minimize.hpp), written alike
// by find, coverage and ambiguities: "minimal" (1-minimal or not), and when it is, "men" (men
// standing, kings included) and "men_removed" (taken off the position first found).
#pragma once

#include "present/core/json_writer.hpp"

namespace arbiter::cli {

/// `wit`: a solver::Witness or a solver::CoverageWitness (both carry men and men_removed).
template <class WitnessT>
void write_minimal(JsonWriter& w, const WitnessT& wit) {
  w.field("minimal", wit.men_removed >= 0);
  if (wit.men_removed >= 0) w.field("men", wit.men).field("men_removed", wit.men_removed);
}

}  // namespace arbiter::cli
