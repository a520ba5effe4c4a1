// The knobs the Conditional Chess turn machine reads (rules/tables/conditional.toml cites their
// clauses; docs/conditional.md explains them). Each member is named after its knob, each
// enumerator after an alternative; knob_bindings<ConditionalKnobs>() spells them once.
#pragma once

#include <cstdint>
#include <vector>

#include "rules/core/knob_spec.hpp"

namespace arbiter {

/// A player whose every legal A-move gives a non-mating check.
enum class ForcedAMoveCheck : std::uint8_t { kDraw, kLoss, kCount };
/// The C-move names no legal move.
enum class IllegalCMove : std::uint8_t { kSkip, kOpponentMoves, kCount };
/// When the then/else SAN is matched to a move.
enum class CMoveResolution : std::uint8_t { kExecution, kStatement, kCount };
/// A B-move check that the C-move does not cancel.
enum class BMoveCheck : std::uint8_t { kRestartTurn, kReplaceCMove, kCount };
/// What makes an A-move check the allowed "checkmate".
enum class AMoveMate : std::uint8_t { kImmediate, kEndOfTurn, kCount };
/// The stater has no legal move at all when the C-move is due.
enum class NoLegalCMove : std::uint8_t { kSkip, kStalemate, kCount };
/// A B-move double step gives check and the C-move is skipped: the checked player's A-move
/// follows; may it still take that pawn en passant?
enum class EpAfterSkippedCMove : std::uint8_t { kSurvives, kLapses, kCount };

struct ConditionalKnobs {
  ForcedAMoveCheck forced_a_move_check{};
  IllegalCMove illegal_c_move{};
  CMoveResolution c_move_resolution{};
  BMoveCheck b_move_check{};
  AMoveMate a_move_mate{};
  NoLegalCMove no_legal_c_move{};
  EpAfterSkippedCMove ep_after_skipped_c_move{};
};

template <>
const std::vector<KnobBinding<ConditionalKnobs>>& knob_bindings<ConditionalKnobs>();

}  // namespace arbiter
