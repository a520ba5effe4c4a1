#include "server/draw_claims.hpp"

#include <fmt/format.h>

#include "rules/core/fen.hpp"

namespace arbiter::server {
namespace {

/// The position as repetition compares it: the FEN's placement, side to move, castling rights
/// and en-passant square, without its clocks.
std::string repetition_key(const Position& pos) {
  const std::string fen = to_fen(pos);
  std::size_t cut = fen.size();
  for (int spaces = 0, i = 0; i < static_cast<int>(fen.size()); ++i)
    if (fen[static_cast<std::size_t>(i)] == ' ' && ++spaces == 4) {
      cut = static_cast<std::size_t>(i);
      break;
    }
  return fen.substr(0, cut);
}

}  // namespace

bool draw_claims_from(const std::string& word, DrawClaims& out) {
  if (word == "turn-based")
    out = DrawClaims::kTurnBased;
  else if (word == "all")
    out = DrawClaims::kAll;
  else if (word == "none")
    out = DrawClaims::kNone;
  else
    return false;
  return true;
}

void PositionCounts::reach(const Position* pos, int turn) {
  if (!pos || turn == last_turn_) return;
  last_turn_ = turn;
  ++seen_[repetition_key(*pos)];
}

std::optional<std::string> PositionCounts::claim(const Position& pos, int fifty_move_plies,
                                                 bool simultaneous, std::string* why_not) const {
  const auto it = seen_.find(repetition_key(pos));
  const int times = it == seen_.end() ? 0 : it->second;
  if (times >= 3)
    return fmt::format("draw by threefold repetition (the position occurred {} times)", times);
  const int plies = pos.halfmove_clock();
  const int needed = simultaneous ? fifty_move_plies / 2 : fifty_move_plies;
  const char* unit = simultaneous ? "turns" : "plies";
  if (needed > 0 && plies >= needed)
    return fmt::format("draw by the fifty-move rule ({} {} without a capture or a pawn move)",
                       plies, unit);
  *why_not =
      fmt::format("this position has occurred {} time{} (3 needed)", times, times == 1 ? "" : "s");
  *why_not += needed > 0 ? fmt::format(", {} {} without a capture or a pawn move ({} needed)",
                                       plies, unit, needed)
                         : std::string(", and the table has no fifty-move rule");
  return std::nullopt;
}

}  // namespace arbiter::server
