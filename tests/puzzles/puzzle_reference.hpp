// A naive reference solver for the puzzle tests: plain recursion over generate_legal, no
// table, no ordering, no pruning, so that the real solver's keys can be checked against an
// independent exhaustive search.
#pragma once

#include <set>
#include <string>

#include "puzzles/each_move.hpp"
#include "puzzles/stipulation.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"

namespace arbiter::test {

inline bool ref_mated(const Position& pos) {
  MoveList m;
  generate_legal(pos, m);
  return m.empty() && pos.in_check();
}

/// #n (self = false) or s#n (self = true): the side to move forces the goal within n moves.
inline bool ref_attacker(Position& pos, int n, bool self) {
  MoveList moves;
  generate_legal(pos, moves);
  Undo u;
  for (Move m : moves) {
    pos.make(m, u);
    MoveList replies;
    generate_legal(pos, replies);
    bool ok = !replies.empty() || (!self && pos.in_check());
    if (!replies.empty()) {
      Undo u2;
      for (Move r : replies) {
        pos.make(r, u2);
        const bool good = self ? ref_mated(pos) || (n > 1 && ref_attacker(pos, n - 1, self))
                               : n > 1 && ref_attacker(pos, n - 1, self);
        pos.unmake(r, u2);
        if (!good) {
          ok = false;
          break;
        }
      }
    }
    pos.unmake(m, u);
    if (ok) return true;
  }
  return false;
}

/// h#n: the side to move and its opponent mate the side to move in exactly n move pairs.
inline int ref_help_lines(Position& pos, int n) {
  int lines = 0;
  MoveList first;
  generate_legal(pos, first);
  Undo u1, u2;
  for (Move b : first) {
    pos.make(b, u1);
    MoveList second;
    generate_legal(pos, second);
    for (Move w : second) {
      pos.make(w, u2);
      lines += n == 1 ? (ref_mated(pos) ? 1 : 0) : ref_help_lines(pos, n - 1);
      pos.unmake(w, u2);
    }
    pos.unmake(b, u1);
  }
  return lines;
}

/// The SAN of every key (#n, s#n) or every first move of a helpmate solution. The first moves
/// are walked by the solver's after_each_move (a loop, no search: what is checked is below).
inline std::set<std::string> ref_keys(Position pos, const puzzles::Stipulation& s) {
  using puzzles::StipulationKind;
  std::set<std::string> out;
  puzzles::after_each_move(pos, [&](const std::string& san) {
    bool key = false;
    if (s.kind == StipulationKind::kHelpMate) {
      MoveList second;
      generate_legal(pos, second);
      Undo u2;
      for (Move w : second) {
        pos.make(w, u2);
        key = s.moves == 1 ? ref_mated(pos) : ref_help_lines(pos, s.moves - 1) > 0;
        pos.unmake(w, u2);
        if (key) break;
      }
    } else {
      const bool self = s.kind == StipulationKind::kSelfMate;
      MoveList replies;
      generate_legal(pos, replies);
      key = !replies.empty() || (!self && pos.in_check());
      Undo u2;
      for (Move r : replies) {
        if (!key) break;
        pos.make(r, u2);
        key = self ? ref_mated(pos) || (s.moves > 1 && ref_attacker(pos, s.moves - 1, self))
                   : s.moves > 1 && ref_attacker(pos, s.moves - 1, self);
        pos.unmake(r, u2);
      }
    }
    if (key) out.insert(san);
    return true;
  });
  return out;
}

}  // namespace arbiter::test
