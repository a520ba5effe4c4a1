// Problem tasks of the simultaneous tables (see simultaneous_tasks.hpp).
#include "puzzles/simultaneous_tasks.hpp"

#include <bit>

namespace arbiter::puzzles {

int piece_count(const SimState& s, Color c) {
  return std::popcount(s.pos.pieces(c));
}

std::vector<Move> material_winning_moves(const SimRules& rules, const SimState& s, Color side) {
  std::vector<Move> out;
  MoveList mine, theirs;
  rules.submissions(s, side, mine);
  rules.submissions(s, ~side, theirs);
  if (theirs.empty()) return out;
  const int own_before = piece_count(s, side), other_before = piece_count(s, ~side);
  for (Move m : mine) {
    bool wins = true;
    for (Move r : theirs) {
      const SimState after =
          side == kWhite ? rules.resolve_fast(s, m, r) : rules.resolve_fast(s, r, m);
      const int own_lost = own_before - piece_count(after, side);
      const int other_lost = other_before - piece_count(after, ~side);
      if (other_lost <= own_lost) {
        wins = false;
        break;
      }
    }
    if (wins) out.push_back(m);
  }
  return out;
}

std::vector<std::pair<Move, Move>> both_mated_pairs(const SimRules& rules, const SimState& s,
                                                    int limit) {
  std::vector<std::pair<Move, Move>> out;
  MoveList white, black;
  rules.submissions(s, kWhite, white);
  rules.submissions(s, kBlack, black);
  for (Move w : white)
    for (Move b : black) {
      if (static_cast<int>(out.size()) >= limit) return out;
      if (rules.status(rules.resolve_fast(s, w, b)).reason == "both mated") out.emplace_back(w, b);
    }
  return out;
}

}  // namespace arbiter::puzzles
