#include "rules/conditional/conditional_perft.hpp"

#include "rules/core/notation.hpp"

namespace arbiter {
namespace {

/// Calls `f(step_label, child_state)` for every ply from `s`.
template <typename F>
void for_each_ply(const ConditionalState& s, F&& f) {
  if (s.phase == Phase::kC) {
    for (const CStep& step : c_outcomes(s)) {
      ConditionalState child = s;
      apply_c_allowed(child, step);
      f(step, child);
    }
    return;
  }
  MoveList moves;
  phase_moves(s, moves);
  for (Move m : moves) {
    ConditionalState child = s;
    play_allowed(child, m);
    f(CStep{false, m}, child);
  }
}

std::uint64_t count(const ConditionalState& s, int depth) {
  if (depth == 0) return 1;
  if (depth == 1) {
    if (s.phase == Phase::kC) return c_outcomes(s).size();
    MoveList moves;
    phase_moves(s, moves);
    return static_cast<std::uint64_t>(moves.size());
  }
  std::uint64_t n = 0;
  for_each_ply(s,
               [&](const CStep&, const ConditionalState& child) { n += count(child, depth - 1); });
  return n;
}

}  // namespace

std::uint64_t conditional_perft(const ConditionalState& s, int depth) {
  return count(s, depth);
}

std::vector<ConditionalDivideEntry> conditional_perft_divide(const ConditionalState& s, int depth) {
  std::vector<ConditionalDivideEntry> out;
  if (depth < 1) return out;
  for_each_ply(s, [&](const CStep& step, const ConditionalState& child) {
    out.push_back({step.skip ? "skip" : to_uci(s.pos, step.move), step.skip ? Move{} : step.move,
                   count(child, depth - 1)});
  });
  return out;
}

}  // namespace arbiter
