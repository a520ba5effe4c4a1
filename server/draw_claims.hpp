// Draw claims (issue 38, item 6): threefold repetition and the fifty-move rule, claimed by a
// player (POST /api/games/ID/claim), as FIDE's Laws (9.2, 9.3) have them: a claim, not an
// automatic end. The monitor counts each whole turn's position as the game reaches it; a
// claim holds when the current position has occurred three times, or when the table's
// `fifty_move_plies` (its [end] section; 0: no such rule) have passed without a capture or a
// pawn move. Which tables may be claimed in is the server's --draw-claims (docs/serve.md: the
// simultaneous tables' rule texts say nothing of either rule).
#pragma once

#include <map>
#include <optional>
#include <string>

#include "rules/core/position.hpp"

namespace arbiter::server {

/// Which protocols a claim is heard in.
enum class DrawClaims {
  kTurnBased,  ///< sequential and conditional tables (the default)
  kAll,        ///< also the simultaneous tables
  kNone,       ///< no claims
};

/// "turn-based", "all" or "none"; false for another word.
bool draw_claims_from(const std::string& word, DrawClaims& out);

/// The positions a game went through, for its claims.
class PositionCounts {
 public:
  /// Counts `pos` (when not nullptr) as reached at turn `turn`; a second call for the same
  /// turn counts nothing (a sealed move or a statement left the position as it was).
  void reach(const Position* pos, int turn);

  /// Why a claim in `pos` holds (a reason for the record), or nullopt with `*why_not`
  /// saying how far each rule is. `fifty_move_plies`: the table's (0: no such rule).
  /// `simultaneous`: the position's clock counts turns (one move of each side), so the rule
  /// needs half as many.
  std::optional<std::string> claim(const Position& pos, int fifty_move_plies, bool simultaneous,
                                   std::string* why_not) const;

 private:
  std::map<std::string, int> seen_;
  int last_turn_ = -1;
};

}  // namespace arbiter::server
