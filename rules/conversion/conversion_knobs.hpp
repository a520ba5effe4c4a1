// The knobs the Conversion co-effect reads (rules/tables/conversion.toml cites their clauses;
// docs/conversion.md explains them). Each member is named after its knob, each enumerator after
// an alternative; knob_bindings<ConversionKnobs>() spells them once.
#pragma once

#include <cstdint>
#include <vector>

#include "rules/core/knob_spec.hpp"

namespace arbiter {

enum class ThreatByPinnedPiece : std::uint8_t { kIgnored, kCounts, kCount };
enum class CastlingThreatens : std::uint8_t { kIgnored, kCounts, kCount };
enum class CastleThroughClearedSquare : std::uint8_t { kForbidden, kAllowed, kCount };
enum class CastleOutOfCheckByConversion : std::uint8_t { kForbidden, kAllowed, kCount };
enum class ConvertedRookCastling : std::uint8_t { kLost, kKept, kCount };
enum class ConvertedPawnDoubleStep : std::uint8_t { kForbidden, kAllowed, kCount };

struct ConversionKnobs {
  ThreatByPinnedPiece threat_by_pinned_piece = ThreatByPinnedPiece::kCounts;
  CastlingThreatens castling_threatens = CastlingThreatens::kCounts;
  CastleThroughClearedSquare castle_through_cleared_square{};
  CastleOutOfCheckByConversion castle_out_of_check_by_conversion{};
  ConvertedRookCastling converted_rook_castling{};
  ConvertedPawnDoubleStep converted_pawn_double_step{};
};

template <>
const std::vector<KnobBinding<ConversionKnobs>>& knob_bindings<ConversionKnobs>();

}  // namespace arbiter
