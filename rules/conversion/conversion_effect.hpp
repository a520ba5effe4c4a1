// Conversion Chess as a move effect (rules/core/move_effect.hpp): the hooks a compiled
// conversion table's Variant holds, set by rules/registry/.
#pragma once

#include "rules/core/move_effect.hpp"

namespace arbiter {

/// The co-effect's hooks: its legality filter and counts (conversion_movegen.hpp), what make
/// and unmake do to converted pieces, its threats and its pairing. Stateless: it reads the
/// co-pairs and knobs from the position's Variant.
class ConversionEffect final : public MoveEffect {
 public:
  void filter_legal(const Position& pos, MoveList& out, int first) const override;
  std::uint64_t count_legal(const Position& pos) const override;
  std::uint64_t count_children(Position& pos, const MoveList& moves) const override;
  bool leaves_king_safe(const Position& pos, Move m) const override;
  void generate_castling(const Position& pos, MoveList& out) const override;
  void made(Position& pos, Move m, Undo& undo) const override;
  void unmade(Position& pos, Move m, const Undo& undo) const override;
  bool threatens(const Position& pos, Square s, Color by) const override;
  bool pairs(const Position& pos, Color c) const override;
};

/// Whether `e` is Conversion's co-effect: how the solver's registries (solver/registry/) find
/// the entry of the table's effect.
inline bool is_conversion(const MoveEffect& e) {
  return dynamic_cast<const ConversionEffect*>(&e) != nullptr;
}

}  // namespace arbiter
