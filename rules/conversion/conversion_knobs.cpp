#include "rules/conversion/conversion_knobs.hpp"

namespace arbiter {

template <>
const std::vector<KnobBinding<ConversionKnobs>>& knob_bindings<ConversionKnobs>() {
  using K = ConversionKnobs;
  static const std::vector<KnobBinding<K>> bindings = {
      bind_knob<&K::threat_by_pinned_piece>("threat-by-pinned-piece", {"ignored", "counts"},
                                            ThreatByPinnedPiece::kCounts),
      bind_knob<&K::castling_threatens>("castling-threatens", {"ignored", "counts"},
                                        CastlingThreatens::kCounts),
      bind_knob<&K::castle_through_cleared_square>("castle-through-cleared-square",
                                                   {"forbidden", "allowed"},
                                                   CastleThroughClearedSquare::kForbidden),
      bind_knob<&K::castle_out_of_check_by_conversion>("castle-out-of-check-by-conversion",
                                                       {"forbidden", "allowed"},
                                                       CastleOutOfCheckByConversion::kForbidden),
      bind_knob<&K::converted_rook_castling>("converted-rook-castling", {"lost", "kept"},
                                             ConvertedRookCastling::kLost),
      bind_knob<&K::converted_pawn_double_step>("converted-pawn-double-step",
                                                {"forbidden", "allowed"},
                                                ConvertedPawnDoubleStep::kForbidden),
  };
  return bindings;
}

}  // namespace arbiter
