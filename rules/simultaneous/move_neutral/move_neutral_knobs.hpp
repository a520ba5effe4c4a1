// The knobs the Move-Neutral resolver reads (rules/tables/move-neutral.toml cites their
// clauses; docs/move-neutral.md explains them). Each member is named after its knob, each
// enumerator after an alternative; knob_bindings<MoveNeutralKnobs>() spells them once.
#pragma once

#include <cstdint>
#include <vector>

#include "rules/core/knob_spec.hpp"

namespace arbiter {

enum class EpLandingEntered : std::uint8_t { kCoOccupy, kCapture, kCount };
enum class EnPassantMovedOn : std::uint8_t { kLandsEmpty, kVoid, kCount };
enum class CastlingPathEntered : std::uint8_t { kStands, kVoid, kCount };
enum class MatedAndStalemated : std::uint8_t { kMateWins, kDraw, kCount };
enum class SharedSquareSliding : std::uint8_t { kBlocked, kPassable, kCount };
enum class SharedPieceAttacks : std::uint8_t { kAttacks, kInert, kCount };

struct MoveNeutralKnobs {
  EpLandingEntered ep_landing_entered{};
  EnPassantMovedOn en_passant_moved_on{};
  CastlingPathEntered castling_path_entered{};
  MatedAndStalemated mated_and_stalemated{};
  SharedSquareSliding shared_square_sliding{};
  SharedPieceAttacks shared_piece_attacks{};
};

template <>
const std::vector<KnobBinding<MoveNeutralKnobs>>& knob_bindings<MoveNeutralKnobs>();

}  // namespace arbiter
