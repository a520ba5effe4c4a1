// Helpmates target by target (puzzles/helpmate_targets.hpp) on random positions with fixed
// seeds and on Popeye's help-stalemates: every helpmate, help-stalemate and mate series solved by
// targets (even h#1) lists the same lines as the brute-force search, and the three-movers the
// same as the bounded search alone (itself checked against brute force in
// helpmate_bound_test.cpp and stalemate_bound_slow_test.cpp), and the same lines as brute force
// on random positions where both sides may castle.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "puzzles/random_placement.hpp"
#include "puzzles/verdict.hpp"
#include "rules/core/fen.hpp"
#include "tests/support/bounded_vs_brute_force.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

/// Random positions with pawns (`spec`'s side to move): by targets as by the reference search
/// (`brute`: no bounds; else the bounds without targets). At least `min_solved` have a line.
void expect_targets_same_on_random(const char* stip_text, int count, std::uint64_t seed,
                                   const PlacementSpec& spec, bool brute, std::size_t min_solved) {
  test::check_random_positions(
      stip_text, count, seed, spec, min_solved, [&](const Position& pos, const Stipulation& stip) {
        const Verdict targets = test::solve_every_line(pos, stip, true, false, 1);
        const Verdict reference = test::solve_every_line(pos, stip, !brute, false, 0);
        EXPECT_EQ(targets.solutions, reference.solutions) << stip_text << ' ' << to_fen(pos);
        EXPECT_EQ(targets.soundness, reference.soundness) << stip_text << ' ' << to_fen(pos);
        return reference.solutions.size();
      });
}

TEST(HelpmateTargetsSlow, SameLinesAsBruteForceOnRandomPositions) {
  expect_targets_same_on_random("h#1", 300, 61, {4, 4, kBlack}, true, 20);
  expect_targets_same_on_random("h#0.5", 200, 62, {4, 4, kWhite}, true, 3);
  expect_targets_same_on_random("h#2", 20, 63, {3, 3, kBlack}, true, 3);
  expect_targets_same_on_random("h#1.5", 20, 64, {3, 3, kWhite}, true, 2);
}

TEST(HelpmateTargetsSlow, SameSeriesLinesAsBruteForceOnRandomPositions) {
  // ser-h#n: the side to move is mated after its series; ser-#n: it mates.
  expect_targets_same_on_random("ser-h#2", 40, 67, {3, 3, kBlack}, true, 2);
  expect_targets_same_on_random("ser-#2", 40, 68, {3, 3, kWhite}, true, 3);
  expect_targets_same_on_random("ser-h#3", 12, 71, {3, 3, kBlack}, false, 1);
  expect_targets_same_on_random("ser-#3", 6, 70, {3, 2, kWhite}, false, 1);
}

TEST(HelpmateTargetsSlow, SameLinesAsBruteForceWithALoneChecker) {
  // White's king and at most one man against up to five: the lone checker's blockers
  // (HelpmateTargets::spoilers) and its arrival on its square.
  expect_targets_same_on_random("h#1", 2000, 81, {1, 5, kBlack}, true, 15);
  expect_targets_same_on_random("h#2", 150, 82, {1, 5, kBlack}, true, 3);
  expect_targets_same_on_random("ser-h#2", 200, 83, {1, 5, kBlack}, true, 3);
  expect_targets_same_on_random("ser-#2", 400, 84, {1, 5, kWhite}, true, 3);
}

TEST(HelpmateTargetsSlow, SameLinesAsBruteForceOnPopeyesHelpStalemates) {
  // A stalemate's targets place the men that stand, each unable to move, or when they are
  // too many leave them free (then only the last position asks that they cannot move).
  std::size_t checked = 0;
  for (const test::HelpmateTestCase& c : test::kStalemateTestCases) {
    if (std::string(c.stip).rfind("h=", 0) != 0) continue;
    const Position pos = test::orthodox_position(c.fen);
    const Stipulation stip = parse_stipulation(c.stip);
    const Verdict targets = test::solve_every_line(pos, stip, true, false, 1);
    const Verdict brute = test::solve_every_line(pos, stip, false, false, 0);
    EXPECT_EQ(targets.solutions, brute.solutions) << c.stip << ' ' << c.fen;
    EXPECT_EQ(targets.solutions.size(), c.lines) << c.stip << ' ' << c.fen;
    ++checked;
  }
  EXPECT_EQ(checked, 5U);
}

TEST(HelpmateTargetsSlow, SameStalemateLinesAsBruteForceOnRandomPositions) {
  // The positions of the stalemate bounds' test (stalemate_bound_slow_test.cpp), by targets.
  expect_targets_same_on_random("h=1", 200, 61, {4, 4, kBlack}, true, 2);
  expect_targets_same_on_random("h=2", 20, 62, {3, 4, kBlack}, true, 1);
  expect_targets_same_on_random("h=1.5", 40, 83, {3, 4, kWhite}, true, 1);
}

TEST(HelpmateTargetsSlow, SameStalemateSeriesLinesAsBruteForceOnRandomPositions) {
  // ser-h=n: the side to move is stalemated by one move after its series; ser-=n: it
  // stalemates the other side.
  expect_targets_same_on_random("ser-h=2", 300, 91, {4, 4, kBlack}, true, 1);
  expect_targets_same_on_random("ser-=2", 300, 92, {4, 4, kWhite}, true, 1);
  expect_targets_same_on_random("ser-h=3", 60, 93, {4, 4, kBlack}, false, 1);
}

TEST(HelpmateTargetsSlow, SameStalemateLinesAsBruteForceWhenOneSideMayTakeNothing) {
  // One side with a man or two more than its king: often every one of them is a target man,
  // and the other side can take nothing (its pawns counted straight on), or every man of the
  // stalemated side stands, and the stalemating side can take nothing.
  expect_targets_same_on_random("h=2", 80, 121, {1, 4, kBlack}, true, 1);
  expect_targets_same_on_random("h=2", 80, 122, {4, 1, kBlack}, true, 1);
  expect_targets_same_on_random("ser-h=3", 80, 123, {1, 4, kBlack}, false, 1);
}

TEST(HelpmateTargetsSlow, SolvesAStalemateSeriesAsPopeyeDoes) {
  // Popeye's BEISPIEL/hpint.inp, T. Steudel, Problemkiste 1995, ser-h=8: Popeye (Option
  // Intelligent) prints the one solution 1.e2-e1=S ... 8.Sf4-e2 Dc1-d2 =. Its last position
  // is the one of HelpmateTargets.AStalemateHoldsTheFlightBehindAPinnedManWithAManThatStands
  // (targets of that picture were once lost, and this series with them). By targets from
  // the third length on.
  const Verdict v =
      test::solve_every_line(test::orthodox_position("8/8/8/1p6/1K6/5ppp/4pkpb/2Q2bn1 b - - 0 1"),
                             parse_stipulation("ser-h=8"), true, false, 3);
  EXPECT_EQ(v.soundness, Soundness::kSound);
  EXPECT_EQ(v.solutions, (std::vector<std::vector<std::string>>{
                             {"e1=N", "Ne2", "g1=R", "Ng2", "Ngf4", "Rg2", "Ng1", "Nfe2", "Qd2"}}));
}

/// A random position with each side's king on its castling square, one rook or both on theirs
/// with the rights they allow, and up to `extra` more men each, `to_move` starting; nothing
/// when the draw is illegal.
std::optional<Position> random_castling_position(std::mt19937_64& rng, int extra, Color to_move) {
  const VariantPtr& v = test::orthodox();
  Position pos(v);
  std::uint8_t rights = 0;
  for (Color c : {kWhite, kBlack}) {
    const std::vector<CastlingMove>& castlings = v->castling(c);
    pos.put(c, v->royal(), castlings.front().king_from);
    const std::uint64_t rooks = 1 + rng() % 3;  // one, the other or both
    for (std::size_t k = 0; k < castlings.size(); ++k)
      if (rooks >> k & 1U) {
        pos.put(c, castlings[k].rook_type, castlings[k].rook_from);
        rights |= castlings[k].right;
      }
  }
  for (Color c : {kWhite, kBlack})
    for (auto n = rng() % static_cast<std::uint64_t>(extra + 1); n > 0; --n) {
      const auto t =
          static_cast<PieceType>(1 + rng() % static_cast<std::uint64_t>(v->piece_count() - 1));
      if (t == v->royal()) continue;
      const Square x = static_cast<Square>(rng() % kSquares);
      if (has(pos.occupied() | v->piece(t).forbidden[c], x)) continue;
      pos.put(c, t, x);
    }
  pos.set_castling_rights(rights);
  pos.set_side_to_move(to_move);
  try {
    check_problem_position(pos);
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
  return pos;
}

/// expect_targets_same_on_random on random_castling_position: the same lines as brute force,
/// at least `min_castling` of them castling.
void expect_targets_same_with_castling(const char* stip_text, int count, std::uint64_t seed,
                                       int extra, Color to_move, std::size_t min_castling) {
  const Stipulation stip = parse_stipulation(stip_text);
  std::mt19937_64 rng(seed);
  std::size_t castling = 0;
  for (int done = 0; done < count;) {
    const std::optional<Position> pos = random_castling_position(rng, extra, to_move);
    if (!pos) continue;
    ++done;
    const Verdict targets = test::solve_every_line(*pos, stip, true, false, 1);
    const Verdict brute = test::solve_every_line(*pos, stip, false, false, 0);
    EXPECT_EQ(targets.solutions, brute.solutions) << stip_text << ' ' << to_fen(*pos);
    EXPECT_EQ(targets.soundness, brute.soundness) << stip_text << ' ' << to_fen(*pos);
    for (const std::vector<std::string>& line : brute.solutions)
      castling += std::any_of(line.begin(), line.end(),
                              [](const std::string& m) { return m.rfind("O-O", 0) == 0; });
  }
  EXPECT_GE(castling, min_castling) << stip_text;
}

TEST(HelpmateTargetsSlow, SameLinesAsBruteForceWhenBothSidesMayCastle) {
  // Castling moves king and rook in one move, which their counts add up as two: a target
  // may be one over only where the king's count takes the castling step (castling_saves).
  expect_targets_same_with_castling("h#2", 60, 101, 2, kBlack, 1000);
  expect_targets_same_with_castling("h#1.5", 60, 103, 2, kWhite, 100);
  expect_targets_same_with_castling("ser-h#3", 60, 104, 1, kBlack, 20);
  expect_targets_same_with_castling("ser-#3", 60, 106, 1, kWhite, 20);
  expect_targets_same_with_castling("h=2", 150, 102, 1, kBlack, 10);
}

TEST(HelpmateTargetsSlow, SameLinesAsTheBoundedSearchOnRandomThreeMovers) {
  expect_targets_same_on_random("h#3", 4, 65, {2, 2, kBlack}, false, 1);
  expect_targets_same_on_random("h#2.5", 4, 66, {2, 2, kWhite}, false, 1);
}

}  // namespace
}  // namespace arbiter::puzzles
