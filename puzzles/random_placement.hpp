// Random problem positions: both royal pieces and a few other pieces of the variant placed
// on random squares the table allows, the side not to move not in check. The generator's
// candidates and the tests' random cases.
#pragma once

#include <optional>
#include <random>

#include "rules/core/position.hpp"

namespace arbiter::puzzles {

struct PlacementSpec {
  int white_extra = 3;  ///< non-royal white pieces, at most
  int black_extra = 2;  ///< non-royal black pieces, at most
  Color to_move = kWhite;
};

/// One random position, or nothing when the draw gave an illegal one (the side not to move
/// in check); the caller draws again. Deterministic in `rng`.
std::optional<Position> random_placement(const VariantPtr& v, std::mt19937_64& rng,
                                         const PlacementSpec& spec);

}  // namespace arbiter::puzzles
