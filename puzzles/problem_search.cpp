// The recursive boolean search of the problem solver (see problem_search.hpp).
#include "puzzles/problem_search.hpp"

#include <algorithm>
#include <array>

#include "rules/core/movegen.hpp"

namespace arbiter::puzzles {
namespace {

// Salts that keep the table's entries of different node kinds (and, for helpmates, of
// different exact depths) apart; arbitrary odd 64-bit constants.
constexpr std::uint64_t kAttackerSalt = 0x9E3779B97F4A7C15ULL;
constexpr std::uint64_t kDefenderSalt = 0xC2B2AE3D27D4EB4FULL;
constexpr std::uint64_t kHelpSalt = 0x165667B19E3779F9ULL;

constexpr std::uint64_t kHelpAnswerSalt = 0x27D4EB2F165667C5ULL;

std::uint64_t help_key(std::uint64_t key, int n) {
  return key ^ kHelpSalt * static_cast<std::uint64_t>(2 * n + 1);
}

/// The mating side's node of a helpmate, to move with `n` moves to the mate.
std::uint64_t help_answer_key(std::uint64_t key, int n) {
  return key ^ kHelpAnswerSalt * static_cast<std::uint64_t>(2 * n + 1);
}

/// The table's answer for (`key`, `n`), or else `search()`'s, stored for the next time.
template <typename Search>
bool remembered(TranspositionTable& tt, std::uint64_t key, int n, Search search) {
  if (const auto known = tt.probe(key, n)) return *known;
  const bool result = search();
  tt.store(key, n, result);
  return result;
}

bool is_capture(const Position& pos, Move m) {
  return m.kind() == MoveKind::kEnPassant || (pos.pieces(~pos.side_to_move()) & bb(m.to())) != 0;
}

/// Restores the ply counter on every exit path.
struct PlyGuard {
  int& ply;
  explicit PlyGuard(int& p) : ply(p) { ++ply; }
  ~PlyGuard() { --ply; }
  PlyGuard(const PlyGuard&) = delete;
  PlyGuard& operator=(const PlyGuard&) = delete;
};

}  // namespace

bool has_legal_move(const Position& pos) {
  // The engine's bulk count (perft's): no list, no test per move of an unpinned piece. Every
  // mate and stalemate test of the solver ends here.
  return count_legal(pos) != 0;
}

ProblemSearch::ProblemSearch(StipulationKind kind, Goal goal, TranspositionTable& tt,
                             ProgressFn progress, const HelpmateBound* bound)
    : kind_(kind), goal_(goal), tt_(tt), progress_(std::move(progress)), bound_(bound) {
  if (bound_ && goal_ == Goal::kMate) pictures_.emplace(*bound_);
}

void ProblemSearch::count_node() {
  if ((++nodes_ & 0x3FFF) == 0 && progress_) progress_(nodes_);
}

bool ProblemSearch::goal_reached(Position& pos) {
  return pos.in_check() == (goal_ == Goal::kMate) && !has_legal_move(pos);
}

const CheckCandidates& ProblemSearch::check_candidates(const Position& pos) {
  if (!checks_ || checks_->variant() != &pos.variant()) checks_.emplace(pos.variant());
  return *checks_;
}

void ProblemSearch::legal_moves_that_may_check(Position& pos, MoveList& moves) {
  // Kept of the pseudo-legal moves before their legality is asked (most moves of a side
  // cannot check); in generate_legal's order.
  generate_pseudo_legal(pos, moves);
  const CheckCandidates& checks = check_candidates(pos);
  const Square king = pos.king_square(~pos.side_to_move());
  int kept = 0;
  for (int i = 0; i < moves.size(); ++i)
    if (checks.may_check(pos, moves[i], king)) moves[kept++] = moves[i];
  moves.truncate(kept);
  keep_legal(pos, moves, 0);
}

bool ProblemSearch::can_mate_at_once(Position& pos) {
  // Only a move that may check can mate.
  MoveList moves;
  legal_moves_that_may_check(pos, moves);
  Undo undo;
  for (Move m : moves) {
    pos.make(m, undo);
    const bool mates = pos.in_check() && !has_legal_move(pos);
    pos.unmake(m, undo);
    if (mates) return true;
  }
  return false;
}

void ProblemSearch::order_moves(Position& pos, MoveList& moves, bool detect_checks) {
  std::array<std::uint8_t, MoveList::kCapacity> score{};
  Undo undo;
  for (int i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    int s = is_capture(pos, m) ? 1 : 0;
    if (m.kind() == MoveKind::kPromotion) s += 1;
    if (detect_checks) {
      pos.make(m, undo);
      if (pos.in_check()) s += 4;
      pos.unmake(m, undo);
    }
    score[i] = static_cast<std::uint8_t>(s);
  }
  // Stable insertion sort by descending score (lists are short).
  for (int i = 1; i < moves.size(); ++i) {
    const Move m = moves[i];
    const std::uint8_t s = score[i];
    int j = i;
    for (; j > 0 && score[j - 1] < s; --j) {
      moves[j] = moves[j - 1];
      score[j] = score[j - 1];
    }
    moves[j] = m;
    score[j] = s;
  }
}

bool ProblemSearch::attacker_wins(Position& pos, int n) {
  if (n <= 0) return false;
  const std::uint64_t key = pos.key() ^ kAttackerSalt;
  if (const auto known = tt_.probe(key, n)) return *known;
  // r#n: an attacker that can mate at once must, so it has lost (asked here once, not in each
  // of the searches below).
  if (kind_ == StipulationKind::kReflexMate && can_mate_at_once(pos)) {
    tt_.store(key, n, false);
    return false;
  }
  // Mate-distance pruning: a goal within one move settles the node without the full width
  // of the deeper search.
  if (n > 1 && remembered(tt_, key, 1, [&] { return attacker_search(pos, 1); })) return true;
  const bool won = attacker_search(pos, n);
  tt_.store(key, n, won);
  return won;
}

bool ProblemSearch::attacker_search(Position& pos, int n) {
  PlyGuard guard(ply_);
  const bool direct = kind_ == StipulationKind::kDirectMate;
  // A direct mate in one needs a checking move: only the moves that may check are made.
  const bool mate_in_one = direct && n == 1 && goal_ == Goal::kMate;
  MoveList moves;
  if (mate_in_one)
    legal_moves_that_may_check(pos, moves);
  else
    generate_legal(pos, moves);
  order_moves(pos, moves, !(direct && n == 1));
  Undo undo;
  for (Move m : moves) {
    pos.make(m, undo);
    count_node();
    bool ok = false;
    if (direct && n == 1)
      ok = goal_reached(pos);
    else
      ok = defence_fails(pos, n - 1);
    pos.unmake(m, undo);
    if (ok) return true;
  }
  return false;
}

bool ProblemSearch::defence_fails(Position& pos, int n) {
  const bool direct = kind_ == StipulationKind::kDirectMate;
  if (direct && n == 0) return goal_reached(pos);
  const std::uint64_t key = pos.key() ^ kDefenderSalt;
  if (const auto known = tt_.probe(key, n + 1)) return *known;
  if (kind_ == StipulationKind::kReflexMate) {
    // r#n: a defender that can mate must (the goal); one that cannot, with no attacker
    // move to come, has failed the attacker.
    const bool fails = can_mate_at_once(pos) || (n > 0 && defences_fail(pos, n));
    tt_.store(key, n + 1, fails);
    return fails;
  }
  const bool fails = defences_fail(pos, n);
  tt_.store(key, n + 1, fails);
  return fails;
}

bool ProblemSearch::defences_fail(Position& pos, int n) {
  const bool direct = kind_ == StipulationKind::kDirectMate;
  PlyGuard guard(ply_);
  MoveList moves;
  generate_legal(pos, moves);
  bool fails = true;
  if (moves.empty()) {
    // #n, =n: the goal reached a move early; s#n, r#n: the attacker ended the play itself.
    fails = direct && pos.in_check() == (goal_ == Goal::kMate);
  } else {
    // The refutation that worked last time at this ply first, then captures.
    order_moves(pos, moves, false);
    const Move killer = killer_[std::min(ply_, kMaxPly - 1)];
    if (auto* it = std::find(moves.begin(), moves.end(), killer); it != moves.end())
      std::rotate(moves.begin(), it, it + 1);
    Undo undo;
    for (Move r : moves) {
      pos.make(r, undo);
      count_node();
      const bool ok = after_defence(pos, n);
      pos.unmake(r, undo);
      if (!ok) {
        killer_[std::min(ply_, kMaxPly - 1)] = r;
        fails = false;
        break;
      }
    }
  }
  return fails;
}

bool ProblemSearch::after_defence(Position& pos, int n) {
  // s#n, r#n: the defender reached the goal (mated or stalemated the attacker).
  if (kind_ != StipulationKind::kDirectMate && goal_reached(pos)) return true;
  return attacker_wins(pos, n);
}

std::optional<bool> ProblemSearch::known_after_defence(Position& pos, int n) {
  if (kind_ != StipulationKind::kDirectMate && goal_reached(pos)) return true;
  if (n <= 0) return false;
  return tt_.probe(pos.key() ^ kAttackerSalt, n);
}

std::vector<Move> ProblemSearch::refutations(Position& pos, int n, int limit) {
  PlyGuard guard(ply_);  // the defender's ply, as in defences_fail
  MoveList moves;
  generate_legal(pos, moves);
  std::array<bool, MoveList::kCapacity> refutes{};
  int found = 0;
  // The defences the table does not settle, searched after those it does.
  MoveList open;
  Undo undo;
  for (int i = 0; i < moves.size() && found < limit; ++i) {
    pos.make(moves[i], undo);
    const std::optional<bool> known = known_after_defence(pos, n);
    pos.unmake(moves[i], undo);
    if (!known)
      open.push(moves[i]);
    else if (!*known) {
      refutes[i] = true;
      ++found;
    }
  }
  if (found < limit) {
    // Checks first, then captures: the defences likeliest to refute (in ep 10 of Popeye's
    // examples, a #4, this order looks at a quarter fewer nodes for the tries than the
    // generation order).
    order_moves(pos, open, true);
    for (int j = 0; j < open.size() && found < limit; ++j) {
      pos.make(open[j], undo);
      count_node();
      const bool ok = after_defence(pos, n);
      pos.unmake(open[j], undo);
      if (!ok) {
        refutes[std::find(moves.begin(), moves.end(), open[j]) - moves.begin()] = true;
        ++found;
      }
    }
  }
  std::vector<Move> out;
  for (int i = 0; i < moves.size(); ++i)
    if (refutes[i]) out.push_back(moves[i]);
  return out;
}

bool ProblemSearch::help_mates(Position& pos, int n) {
  if (n <= 0) return false;
  if (line_nodes_) return line_nodes_->count({pos.key(), n}) != 0;
  return remembered(tt_, help_key(pos.key(), n), n, [&] { return help_search(pos, n); });
}

bool ProblemSearch::help_search(Position& pos, int n) {
  const Color mated = pos.side_to_move();
  // The bounds also tell which of the mated side's moves can lead to a mate.
  HelpmateBound::MatedMoves moves;
  if (bound_) {
    moves = bound_->mated_moves(pos, mated, n, n);
    if (!moves.possible && !moves.castling) return false;
  }
  // The picture test couples the pieces' move counts (helpmate_picture.hpp); here it also
  // tells where the king's step may go. Only with one or two moves left: with more, and at the
  // mating side's nodes, it cut almost nothing more than the bound and cost time.
  HelpmatePictures::MatedMoves picture_moves;
  if (pictures_ && n <= 2) {
    picture_moves = pictures_->mated_moves(pos, mated, n, n);
    if (!picture_moves.possible) return false;
  }
  const Square king = pos.king_square(mated);
  PlyGuard guard(ply_);
  MoveList first;
  generate_legal(pos, first);
  Undo undo_first;
  for (Move b : first) {
    if (!moves.allows(b, king) || !picture_moves.allows(b, king)) continue;
    pos.make(b, undo_first);
    count_node();
    // The mating side's node is a transposition too (the mated side's moves, in another
    // order, reach it again): remembered, so that its bounds are worked out once.
    const bool ok = remembered(tt_, help_answer_key(pos.key(), n), n,
                               [&] { return help_answers(pos, mated, n); });
    pos.unmake(b, undo_first);
    if (ok) return true;
  }
  return false;
}

bool ProblemSearch::help_answers(Position& pos, Color mated, int n) {
  // The moves that can still lead to a mate (every move without the bounds).
  HelpmateBound::NextMoves next;
  next.to.fill(~Bitboard{0});
  if (bound_ && !bound_->mate_possible(pos, mated, n - 1, n, &next)) return false;
  MoveList second;
  generate_legal(pos, second);
  if (n > 1) order_moves(pos, second, false);
  Undo undo;
  for (Move w : second) {
    if (!next.allows(w)) continue;
    pos.make(w, undo);
    count_node();
    const bool ok = n == 1 ? goal_reached(pos) : help_mates(pos, n - 1);
    pos.unmake(w, undo);
    if (ok) return true;
  }
  return false;
}

}  // namespace arbiter::puzzles
