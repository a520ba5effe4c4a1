#include "rules/simultaneous/move_neutral/move_neutral_knobs.hpp"

namespace arbiter {

template <>
const std::vector<KnobBinding<MoveNeutralKnobs>>& knob_bindings<MoveNeutralKnobs>() {
  using K = MoveNeutralKnobs;
  static const std::vector<KnobBinding<K>> bindings = {
      bind_knob<&K::ep_landing_entered>("ep-landing-entered", {"co-occupy", "capture"},
                                        EpLandingEntered::kCoOccupy),
      bind_knob<&K::en_passant_moved_on>("en-passant-moved-on", {"lands-empty", "void"},
                                         EnPassantMovedOn::kLandsEmpty),
      bind_knob<&K::castling_path_entered>("castling-path-entered", {"stands", "void"},
                                           CastlingPathEntered::kStands),
      bind_knob<&K::mated_and_stalemated>("mated-and-stalemated", {"mate-wins", "draw"},
                                          MatedAndStalemated::kMateWins),
      bind_knob<&K::shared_square_sliding>("shared-square-sliding", {"blocked", "passable"},
                                           SharedSquareSliding::kBlocked),
      bind_knob<&K::shared_piece_attacks>("shared-piece-attacks", {"attacks", "inert"},
                                          SharedPieceAttacks::kAttacks),
  };
  return bindings;
}

}  // namespace arbiter
