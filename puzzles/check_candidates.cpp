// The moves that may give check (see check_candidates.hpp).
#include "puzzles/check_candidates.hpp"

namespace arbiter::puzzles {

CheckCandidates::CheckCandidates(const Variant& variant)
    : variant_(&variant),
      enabled_(!variant.effect() && !variant.any_riders() && variant.royal() != kNoPiece),
      attacks_(variant) {}

}  // namespace arbiter::puzzles
