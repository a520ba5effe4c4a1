// Helpmates target by target (puzzles/helpmate_targets.hpp): the targets of a small position
// are the expected ones, and solving by targets lists the same lines as the brute-force search
// (the test helpmates; random positions: helpmate_targets_slow_test.cpp) and as Popeye on a
// long helpmate.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "puzzles/helpmate_targets.hpp"
#include "puzzles/verdict.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/table_loader.hpp"
#include "tests/support/bounded_vs_brute_force.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

/// `targets_from` 0: the bounded search alone; 1: every helpmate by targets.
Verdict targets_test_solve(const Position& pos, const Stipulation& stip, bool bounds,
                           int targets_from) {
  return test::solve_every_line(pos, stip, bounds, false, targets_from);
}

/// By targets and by brute force the same lines; returns how many.
std::size_t expect_targets_same_lines(const Position& pos, const Stipulation& stip) {
  const Verdict targets = targets_test_solve(pos, stip, true, 1);
  const Verdict brute = targets_test_solve(pos, stip, false, 0);
  EXPECT_EQ(targets.solutions, brute.solutions) << stip.str() << ' ' << to_fen(pos);
  EXPECT_EQ(targets.keys.size(), brute.keys.size()) << stip.str() << ' ' << to_fen(pos);
  EXPECT_EQ(targets.soundness, brute.soundness) << stip.str() << ' ' << to_fen(pos);
  return brute.solutions.size();
}

/// White to mate (stalemate: `goal`) Black in one move from `pos` has exactly one target: the
/// black king on `king`, no flight blocked, and White's men `men` (from, to) as they stand.
void expect_the_one_target(const Position& pos, Goal goal, const char* king,
                           const std::vector<std::pair<const char*, const char*>>& men) {
  const HelpmateBound bound(pos.variant(), goal);
  const HelpmateTargets targets(pos.variant(), bound);
  ASSERT_TRUE(targets.applies(pos));
  const auto found = targets.targets(pos, kBlack, 0, 1, 1000);
  ASSERT_TRUE(found.has_value());
  ASSERT_EQ(found->size(), 1U);
  const HelpmateTargets::Target& t = found->front();
  EXPECT_EQ(t.king, *parse_square(king));
  EXPECT_EQ(t.blocked, 0U);
  ASSERT_EQ(t.men.size(), men.size());
  for (std::size_t i = 0; i < men.size(); ++i) {
    const Square from = *parse_square(men[i].first);
    EXPECT_EQ(t.men[i].from, from);
    EXPECT_EQ(t.men[i].type, pos.piece_on(kWhite, from));
    EXPECT_EQ(t.men[i].at, *parse_square(men[i].second));
  }
}

/// Solved by targets from `fen`, `stip` is sound with the one solution `line`; returns the
/// verdict.
Verdict expect_the_one_line(const char* fen, const char* stip,
                            const std::vector<std::string>& line) {
  const Verdict v =
      targets_test_solve(test::orthodox_position(fen), parse_stipulation(stip), true, 3);
  EXPECT_EQ(v.soundness, Soundness::kSound) << stip << ' ' << fen;
  EXPECT_EQ(v.solutions, std::vector<std::vector<std::string>>{line}) << stip << ' ' << fen;
  return v;
}

/// The targets for mating Black (at most 100,000 of them) with `black_moves` and `white_moves`.
std::vector<HelpmateTargets::Target> black_mated_targets(const Position& pos, int black_moves,
                                                         int white_moves) {
  const HelpmateBound bound(pos.variant());
  const HelpmateTargets targets(pos.variant(), bound);
  auto found = targets.targets(pos, kBlack, black_moves, white_moves, 100000);
  EXPECT_TRUE(found.has_value());
  return found ? std::move(*found) : std::vector<HelpmateTargets::Target>{};
}

/// The targets for stalemating Black (at most `limit` of them) with `black_moves` and
/// `white_moves`.
std::optional<std::vector<HelpmateTargets::Target>> black_stalemated_targets(const Position& pos,
                                                                             int black_moves,
                                                                             int white_moves,
                                                                             std::size_t limit) {
  const HelpmateBound bound(pos.variant(), Goal::kStalemate);
  const HelpmateTargets targets(pos.variant(), bound);
  return targets.targets(pos, kBlack, black_moves, white_moves, limit);
}

/// Solved by targets (from the first move), `pos` with `stip` has exactly `lines`.
void expect_lines_by_targets(const Position& pos, const char* stip,
                             const std::vector<std::vector<std::string>>& lines) {
  EXPECT_EQ(targets_test_solve(pos, parse_stipulation(stip), true, 1).solutions, lines) << stip;
}

TEST(HelpmateTargets, AMateInOneHasTheOneTargetItsPieceCountsAllow) {
  // Black Kh8, White Kg6 Rb1, White to mate in one move: the rook checks from b8, the king
  // guards g7 and h7 where it stands; g8 is the rook's. No other square of the rook checks h8
  // in one move with every flight covered, and Black has no man to block.
  expect_the_one_target(test::orthodox_position("7k/8/6K1/8/8/8/8/1R6 w - - 0 1"), Goal::kMate,
                        "h8", {{"b1", "b8"}, {"g6", "g6"}});
}

TEST(HelpmateTargets, AStalemateTargetNeedsNoChecker) {
  // Black Kh8, White Qg1 Ka1, White to stalemate in one move: nothing need attack h8, the
  // queen alone must cover g7, h7 and g8. Of the squares it reaches in one move only g6 does
  // (on g7 it would stand on a flight that no other man guards).
  const Position pos = test::orthodox_position("7k/8/8/8/8/8/8/K5Q1 w - - 0 1");
  expect_the_one_target(pos, Goal::kStalemate, "h8", {{"g1", "g6"}});
  EXPECT_EQ(expect_targets_same_lines(pos, parse_stipulation("h=0.5")), 1U);  // 1.Qg6=
}

TEST(HelpmateTargets, AStalemateTargetsStandingMenCannotMove) {
  // Black Ka8 Pa7 Pb7 Nc6, White Kh1, one move each: the knight can block b8, but the pawns
  // could still step, and nothing can stand on a6 and b6 or take them in time. No target, and
  // by brute force no line either.
  const Position pos = test::orthodox_position("k7/pp6/2n5/8/8/8/8/7K b - - 0 1");
  const auto found = black_stalemated_targets(pos, 1, 1, 1000);
  ASSERT_TRUE(found.has_value());
  EXPECT_TRUE(found->empty());
  for (const char* stip : {"h=1", "h=2"}) expect_targets_same_lines(pos, parse_stipulation(stip));
}

TEST(HelpmateTargets, AStalematedSideThatCastlesCountsItsCastlingOnce) {
  // Black Ke8 Rh8 (O-O allowed), White Ka1 Bf1 Qh1, h=2: 1.O-O Qh6 2.Rf7 Bc4=, the rook
  // pinned on f7. The king's count to g8 and the rook's to f7 both take the castling step:
  // three for Black's two moves. A target with the king on g8 still fits them, its rook
  // counted one less (the king's count alone never needs the move more).
  const Position pos = test::orthodox_position("4k2r/8/8/8/8/8/8/K4B1Q b k - 0 1");
  const Verdict lines = targets_test_solve(pos, parse_stipulation("h=2"), false, 0);
  EXPECT_NE(std::find(lines.solutions.begin(), lines.solutions.end(),
                      std::vector<std::string>{"O-O", "Qh6", "Rf7", "Bc4"}),
            lines.solutions.end());
  expect_targets_same_lines(pos, parse_stipulation("h=2"));
}

TEST(HelpmateTargets, AManTheMatingPawnTakesOnItsWayIsNoBlocker) {
  // Popeye's BEISPIEL/intell.inp problem 8 (T. Lins, Schach 1/1986), h#6: White Kf2 Pe2, Black
  // Ke6 Re5 Bd6 Nd5 Pc5 Pc6 Pe4 Pf6. A target with the king on d5 and White's pawn on c4 (from
  // e2, taking on d3 and c4) needs a black man taken there while five others block c5, c6, d6,
  // e5 and e6: Black has no man to spare, so those targets are cut at once (all targets
  // searched in 109,953 nodes; 158,642 when the men taken could be blockers too). The one
  // solution stays Popeye's.
  const Verdict v = expect_the_one_line(
      "8/8/2pbkp2/2pnr3/4p3/8/4PK2/8 b - - 0 1", "h#6",
      {"Nc7", "Ke3", "Rd5", "Kxe4", "Be5", "Kf3", "Rd6", "Ke3", "Kd5", "Kd3", "Ne6", "e4#"});
  EXPECT_LT(v.nodes, 120000U);
  // Two and one pairs into its solution, where such targets are cut too: the lines of the
  // bounded search alone, which counts no man taken.
  const std::pair<const char*, const char*> later[] = {
      {"8/2n5/2pbkp2/2p1r3/4p3/4K3/4P3/8 b - - 0 1", "h#5"},
      {"8/2n5/2pbkp2/2pr4/4K3/8/4P3/8 b - - 0 1", "h#4"}};
  for (const auto& [fen, stip_text] : later) {
    const Position pos = test::orthodox_position(fen);
    const Stipulation stip = parse_stipulation(stip_text);
    const Verdict by_targets = targets_test_solve(pos, stip, true, 1);
    EXPECT_EQ(by_targets.soundness, Soundness::kSound) << fen;
    EXPECT_EQ(by_targets.solutions, targets_test_solve(pos, stip, true, 0).solutions) << fen;
  }
}

TEST(HelpmateTargets, TargetsMadeFromOtherMenShareOneSearch) {
  // Popeye's BEISPIEL/hpint.inp, H. Winterberg, Problemkiste 1993, h=5: White Kc1 Nf6 Pb2 Pe2,
  // Black Kh8 Nf8 Pa7 Pb3 Pc2. Some targets differ only in the pawn (b2 or e2) that promotes to the
  // knight standing on e8: the search counts the nearest man of each type, so they have one
  // search_key, and the lines are Popeye's one solution.
  const Position pos = test::orthodox_position("5n1k/p7/5N2/8/8/1p6/1Pp1P3/2K5 b - - 0 1");
  const auto found = black_stalemated_targets(pos, 5, 5, 100000);
  ASSERT_TRUE(found.has_value());
  const Square b2 = *parse_square("b2"), e2 = *parse_square("e2"), e8 = *parse_square("e8");
  std::set<HelpmateTargets::Target> keys;
  bool from_b2 = false, from_e2 = false;
  for (const HelpmateTargets::Target& t : *found) {
    const HelpmateTargets::Target key = HelpmateTargets::search_key(t);
    keys.insert(key);
    ASSERT_EQ(key.men.size(), t.men.size());
    for (const HelpmateTargets::Man& m : key.men) EXPECT_EQ(m.from, kNoSquare);
    EXPECT_EQ(key.king, t.king);
    EXPECT_EQ(key.stay, t.stay);
    for (const HelpmateTargets::Man& m : t.men)
      if (m.at == e8 && m.type != pos.piece_on(kWhite, b2)) {
        from_b2 |= m.from == b2;
        from_e2 |= m.from == e2;
      }
  }
  EXPECT_TRUE(from_b2 && from_e2);
  EXPECT_LT(keys.size(), found->size());
  expect_lines_by_targets(pos, "h=5",
                          {{"a5", "e4", "a4", "e5", "a3", "e6", "a2", "e7", "a1=N", "exf8=B"}});
}

TEST(HelpmateTargets, AStalemateTargetsMenAreDistinctMen) {
  // Popeye's BEISPIEL/hpint.inp, H. Schiegl, FL 1970, h=5: White Kc1 Nf6 Pb2 Pe2, Black Kh8
  // Pa7 Pb3 Pc2. A target with knights on f6 and e8 needs a pawn to promote (five moves), not
  // the f6 knight's one move to e8 (each man's nearest man of its type): the search counts the
  // cheapest assignment of distinct men, and the lines are Popeye's one solution.
  const Position pos = test::orthodox_position("7k/p7/5N2/8/8/1p6/1Pp1P3/2K5 b - - 0 1");
  const auto found = black_stalemated_targets(pos, 5, 5, 100000);
  ASSERT_TRUE(found.has_value());
  const Square f6 = *parse_square("f6"), e8 = *parse_square("e8");
  const PieceType knight = pos.piece_on(kWhite, f6);
  EXPECT_TRUE(std::any_of(found->begin(), found->end(), [&](const HelpmateTargets::Target& t) {
    const auto knight_on = [&](Square x) {
      return std::any_of(t.men.begin(), t.men.end(), [&](const HelpmateTargets::Man& m) {
        return m.type == knight && m.at == x;
      });
    };
    return knight_on(f6) && knight_on(e8);
  }));
  expect_lines_by_targets(pos, "h=5",
                          {{"a5", "e4", "a4", "e5", "a3", "e6", "a2", "e7", "a1=N", "e8=N"}});
}

TEST(HelpmateTargets, AStalemateTargetPlacesEveryManThatStands) {
  // Black Kh8 Pa5, White Qg1 Ka1, h=2: the pawn stands on a5, a4 or a3 at the end or is taken.
  // Each target that keeps it places it with a man on the square before it (no pin reaches
  // the a-file from h8), and the brute-force lines (1.a4 Ka2 2.a3 Qg6=, the same with White's
  // moves swapped) are the targets' lines.
  const Position pos = test::orthodox_position("7k/8/8/p7/8/8/8/K5Q1 b - - 0 1");
  const auto found = black_stalemated_targets(pos, 2, 2, 100000);
  ASSERT_TRUE(found.has_value());
  ASSERT_FALSE(found->empty());
  for (const HelpmateTargets::Target& t : *found) {
    ASSERT_LE(t.stay.size(), 1U);
    if (t.stay.empty()) continue;  // the pawn is taken
    EXPECT_EQ(t.stay[0].type, pos.piece_on(kBlack, *parse_square("a5")));
    const Square before = static_cast<Square>(t.stay[0].at - 8);
    EXPECT_TRUE(std::any_of(t.men.begin(), t.men.end(),
                            [&](const HelpmateTargets::Man& m) { return m.at == before; }))
        << "pawn on " << int(t.stay[0].at);
  }
  EXPECT_EQ(expect_targets_same_lines(pos, parse_stipulation("h=2")), 2U);
}

/// True when the targets for stalemating Black in White's one move from `pos` include the
/// king on `king` with Black's men `stay` (type of the man now on the first square, standing
/// on the second) and White's man from `from` standing on `at`.
bool has_stalemate_target(const Position& pos, const char* king,
                          const std::vector<std::pair<const char*, const char*>>& stay,
                          const char* from, const char* at) {
  const auto found = black_stalemated_targets(pos, 0, 1, 100000);
  if (!found) return false;
  std::vector<HelpmateTargets::Man> want;
  for (const auto& [now, end] : stay)
    want.push_back({kNoSquare, pos.piece_on(kBlack, *parse_square(now)), *parse_square(end)});
  std::sort(want.begin(), want.end());
  return std::any_of(found->begin(), found->end(), [&](const HelpmateTargets::Target& t) {
    return t.king == *parse_square(king) && t.stay == want &&
           std::any_of(t.men.begin(), t.men.end(), [&](const HelpmateTargets::Man& m) {
             return m.from == *parse_square(from) && m.at == *parse_square(at);
           });
  });
}

TEST(HelpmateTargets, AStandingManMayBePinned) {
  // Black Ka1 Nc3, White Kb3 Nd2 Bb8, h=0.5: 1.Be5= pins the knight, which covers no flight,
  // nor does the bishop. A target places the bishop where the line the knight's move would
  // open reaches a1.
  const Position pos = test::orthodox_position("1B6/8/8/8/8/1Kn5/3N4/k7 w - - 0 1");
  EXPECT_TRUE(has_stalemate_target(pos, "a1", {{"c3", "c3"}}, "b8", "e5"));
  EXPECT_EQ(expect_targets_same_lines(pos, parse_stipulation("h=0.5")), 1U);
}

TEST(HelpmateTargets, AStalemateHoldsTheFlightBehindAPinnedManWithAManThatStands) {
  // Black Kf2 Bf1 Bh2 Rg2 Ng1 Ne2 Pb5 Pf3 Pg3 Ph3, White Kb4 Qc1, h=0.5: 1.Qd2= pins the
  // knight e2 and covers e1 and e3; the rook stands on g2, the flight behind the king on the
  // queen's line. A picture that counted g2 covered through f2 (and so placed no man there)
  // lost this target once the knight closed the line: the end of Popeye's BEISPIEL/hpint.inp
  // ser-h=8 (T. Steudel, Problemkiste 1995), which the series by targets then missed.
  const Position pos = test::orthodox_position("8/8/8/1p6/1K6/5ppp/4nkrb/2Q2bn1 w - - 0 1");
  EXPECT_TRUE(has_stalemate_target(pos, "f2",
                                   {{"f1", "f1"},
                                    {"h2", "h2"},
                                    {"g2", "g2"},
                                    {"g1", "g1"},
                                    {"e2", "e2"},
                                    {"b5", "b5"},
                                    {"f3", "f3"},
                                    {"g3", "g3"},
                                    {"h3", "h3"}},
                                   "c1", "d2"));
  EXPECT_EQ(expect_targets_same_lines(pos, parse_stipulation("h=0.5")), 1U);
}

TEST(HelpmateTargets, AStandingRiderIsStoppedNextToIt) {
  // Black Ka8 Bb8 Pa7 Pc7, White Kd5 Pa6, h=0.5: 1.Kc6= stops the pawn c7, which stops the
  // bishop on the square next to it. A target places that pawn as a man on a square the
  // bishop's moves down the diagonal pass, and the king where it stops the pawn.
  const Position pos = test::orthodox_position("kb6/p1p5/P7/3K4/8/8/8/8 w - - 0 1");
  EXPECT_TRUE(
      has_stalemate_target(pos, "a8", {{"a7", "a7"}, {"b8", "b8"}, {"c7", "c7"}}, "d5", "c6"));
  EXPECT_EQ(expect_targets_same_lines(pos, parse_stipulation("h=0.5")), 1U);
}

TEST(HelpmateTargets, TheLimitCountsTheTargetsKeptNotThoseThatHoldASmallerOne) {
  // Making the targets finds some that hold a smaller one (a man or a blocked flight more),
  // dropped at the end: a limit of exactly the targets kept gives them all, one fewer none
  // (for a stalemate: the targets that leave the men free instead).
  for (const char* fen : {"7k/8/6K1/8/8/8/8/1R6 w - - 0 1", "7k/8/8/p7/8/8/8/K5Q1 b - - 0 1",
                          "k7/p1p5/P7/3K4/8/8/8/7Q b - - 0 1"})
    for (const Goal goal : {Goal::kMate, Goal::kStalemate}) {
      const Position pos = test::orthodox_position(fen);
      const HelpmateBound bound(pos.variant(), goal);
      const HelpmateTargets targets(pos.variant(), bound);
      const auto all = targets.targets(pos, kBlack, 3, 3, 100000);
      ASSERT_TRUE(all.has_value()) << fen;
      if (all->size() < 2) continue;
      const auto at_limit = targets.targets(pos, kBlack, 3, 3, all->size());
      ASSERT_TRUE(at_limit.has_value()) << fen << ' ' << all->size();
      EXPECT_EQ(*at_limit, *all) << fen;
      const auto below = targets.targets(pos, kBlack, 3, 3, all->size() - 1);
      if (goal == Goal::kMate || all->front().survivors < 0) {
        EXPECT_FALSE(below.has_value()) << fen;
      }
    }
}

TEST(HelpmateTargets, AStalemateWithTooManyPlacedTargetsLeavesItsMenFree) {
  // Over their limit (kPlacedPerLimit times the one asked for), the targets that place the
  // standing men give way to those that leave them free (survivors -1, nothing placed), when
  // these are within the limit asked for.
  const Position pos = test::orthodox_position("7k/8/8/p7/8/8/8/K5Q1 b - - 0 1");
  const auto placed = black_stalemated_targets(pos, 3, 3, 100000);
  ASSERT_TRUE(placed.has_value());
  ASSERT_GT(placed->size(), 1U);
  for (const HelpmateTargets::Target& t : *placed)
    EXPECT_EQ(t.survivors, static_cast<int>(t.stay.size()));
  const std::size_t limit = (placed->size() - 1) / HelpmateTargets::kPlacedPerLimit;
  ASSERT_GT(limit, 0U);
  const auto free = black_stalemated_targets(pos, 3, 3, limit);
  ASSERT_TRUE(free.has_value());
  EXPECT_FALSE(free->empty());
  for (const HelpmateTargets::Target& t : *free) {
    EXPECT_EQ(t.survivors, -1);
    EXPECT_TRUE(t.stay.empty());
  }
}

TEST(HelpmateTargets, TooManyTargetsGiveNone) {
  const Position pos = test::orthodox_position("7k/8/6K1/8/8/8/8/1R6 w - - 0 1");
  const HelpmateBound bound(pos.variant());
  const HelpmateTargets targets(pos.variant(), bound);
  EXPECT_FALSE(targets.targets(pos, kBlack, 3, 3, 2).has_value());
}

TEST(HelpmateTargets, SameLinesAsBruteForceOnTheTestHelpmates) {
  // The bounds' test helpmates (tests/support/bounded_vs_brute_force.hpp): castling by either
  // side (mating and tempo), promotion of either side, en passant; h#1 to h#3.
  for (const test::HelpmateTestCase& c : test::kHelpmateTestCases)
    EXPECT_EQ(expect_targets_same_lines(test::orthodox_position(c.fen), parse_stipulation(c.stip)),
              c.lines)
        << c.stip << ' ' << c.fen;
}

TEST(HelpmateTargets, ACheckNoLineCanDiscoverComesWithTheLastMove) {
  // White Pb3 attacks a4 and c4 as it stands, but a king that steps there is in check after
  // its own move: a pawn's check is no line a move can open, so the pawn makes White's last
  // move onto its checking square, and a pawn never comes back to b3. Black Ka5 Rb6 Nb7,
  // White Kc3 Bd1 Pb3: no target with the king on a4 or c4 keeps the pawn on b3.
  const Position pos = test::orthodox_position("8/1n6/1r6/k7/8/1PK5/8/3B4 b - - 0 1");
  const std::vector<HelpmateTargets::Target> found = black_mated_targets(pos, 3, 3);
  ASSERT_FALSE(found.empty());
  const Square b3 = *parse_square("b3");
  const Bitboard pawn_checks = bb(*parse_square("a4")) | bb(*parse_square("c4"));
  bool arriving_pawn = false;
  for (const HelpmateTargets::Target& t : found)
    for (const HelpmateTargets::Man& m : t.men)
      if (m.from == b3) {
        if (has(pawn_checks, t.king)) {
          EXPECT_NE(m.at, b3) << square_name(t.king);
        }
        arriving_pawn |= m.arrives && m.at != b3;
      }
  EXPECT_TRUE(arriving_pawn);
  for (const char* stip : {"h#2", "h#3", "ser-h#3", "ser-h#4"})
    expect_targets_same_lines(pos, parse_stipulation(stip));
}

TEST(HelpmateTargets, AStandingKnightsChecksGiveTheBruteForceLines) {
  // White Nc3 attacks a4 and b5 as it stands: to mate a king there it must leave and come
  // back (two moves), or another man must check. Black Ka6 Pa7 Pb7, White Kh1 Nc3 Bf1.
  const Position pos = test::orthodox_position("8/pp6/k7/8/8/2N5/8/5B1K b - - 0 1");
  for (const char* stip : {"h#2", "h#3", "ser-h#3", "ser-h#4"})
    expect_targets_same_lines(pos, parse_stipulation(stip));
}

TEST(HelpmateTargets, ALoneCheckersBlockersCannotTakeItOrStepIntoItsLine) {
  // White Ke1 Bb5, Black Ka8 Nb8 Pa7: White's bishop is the only man that can check, so no
  // other can pin a black man or check too. From c6 it checks a8 over b7, where no black man
  // may step; a knight on b8 would take it, and the pawn cannot reach b8: no target has the
  // king on a8 checked from c6 with b8 blocked. (Without the rule, the knight blocks b8 as it
  // stands.)
  const Position pos = test::orthodox_position("kn6/p7/8/1B6/8/8/8/4K3 b - - 0 1");
  const std::vector<HelpmateTargets::Target> found = black_mated_targets(pos, 1, 1);
  const Square a8 = *parse_square("a8"), b8 = *parse_square("b8"), c6 = *parse_square("c6");
  for (const HelpmateTargets::Target& t : found) {
    const bool from_c6 = std::any_of(t.men.begin(), t.men.end(),
                                     [&](const HelpmateTargets::Man& m) { return m.at == c6; });
    if (t.king == a8 && from_c6) {
      EXPECT_FALSE(has(t.blocked, b8));
    }
  }
  for (const char* stip : {"h#1", "h#2", "h#3", "ser-h#3"})
    expect_targets_same_lines(pos, parse_stipulation(stip));
}

TEST(HelpmateTargets, ABlockerThatCouldStopTheCheckNeedsAPinOrASecondCheck) {
  // Black Kb1 Qa2 Rc2 Pb3 Ng5, White Kh8 Rg8 Bd8 (after H. Gruber's h#3 in Popeye's
  // intell.inp): checked from e1 to h1, b1 has the flight c2, where any black man could take
  // the rook or step into its line (c1, d1) in one move. The bishop runs on dark squares: it
  // can neither pin a man on c2 (b1's diagonal through c2 is light) nor check b1 too, so no
  // target with the rook checking from there blocks c2.
  const Position pos = test::orthodox_position("3B2RK/8/8/6n1/8/1p6/q1r5/1k6 b - - 0 1");
  const Square b1 = *parse_square("b1"), c2 = *parse_square("c2");
  std::size_t on_b1 = 0;
  for (const HelpmateTargets::Target& t : black_mated_targets(pos, 3, 3)) {
    if (t.king != b1) continue;
    ++on_b1;
    for (const HelpmateTargets::Man& m : t.men)
      if (m.checks && rank_of(m.at) == 0 && file_of(m.at) >= 4) {
        EXPECT_FALSE(has(t.blocked, c2)) << square_name(m.at);
      }
  }
  EXPECT_GT(on_b1, 0U);
  // By targets, `line` is an h#1 of `fen`, whose h#1 and h#2 are brute force's.
  const auto expect_mate_kept = [](const char* fen, const std::vector<std::string>& line) {
    const Position board = test::orthodox_position(fen);
    const Verdict v = targets_test_solve(board, parse_stipulation("h#1"), true, 1);
    EXPECT_NE(std::find(v.solutions.begin(), v.solutions.end(), line), v.solutions.end()) << fen;
    expect_targets_same_lines(board, parse_stipulation("h#1"));
    expect_targets_same_lines(board, parse_stipulation("h#2"));
  };
  // The same check where a pin frees the blocker: the bishop on e4 pins the rook on c2, which
  // blocks c2 in 1...g4 2.Rh1#.
  expect_mate_kept("7K/8/8/6p1/4B3/8/ppr4R/1k6 b - - 0 1", {"g4", "Rh1#"});
  // And where a second check makes it harmless: 1...h4 2.Nb6# checks a8 with the knight and
  // the rook on a1 at once; the rook on b7 could take the knight, the bishop on b8 step into
  // the a-file, and neither answers a double check.
  expect_mate_kept("kb6/1r6/8/7p/N7/8/8/R6K b - - 0 1", {"h4", "Nb6#"});
}

TEST(HelpmateTargets, SolvesHelpmatesOfALoneCheckerAsPopeyeDoes) {
  // Popeye's BEISPIEL/intell.inp: T. Lins, IMR 1984 (ser-h#9; White Kd3 Pb3) and
  // N. Geissler, Die Schwalbe 1991 (h#7; White Kf1 Ba8). Popeye (Option Intelligent) prints
  // one solution each, ending 9...b3*c4 # and 7...La8-c6 #; by targets without the lone
  // checker's blockers neither finished in 20 s.
  expect_the_one_line("8/8/knb5/npq5/rbr5/1P1K4/8/8 b - - 0 1", "ser-h#9",
                      {"Bb7", "Nc6", "Ra5", "Na4", "Qb6", "Bc5", "b4", "Kb5", "Ba6", "bxc4#"});
  expect_the_one_line("B1k5/1bp5/8/8/3r4/8/2q2p1r/5Kn1 b - - 0 1", "h#7",
                      {"Bh1", "Bg2", "Qh7", "Kxf2", "Rd8", "Ke3", "Kd7", "Ba8", "Bb7", "Kd4", "Bc8",
                       "Kd5", "Qe7", "Bc6#"});
}

TEST(HelpmateTargets, ACheckComesAloneOnceTheMenThatCouldPinArePlaced) {
  // Popeye's BEISPIEL/intell.inp, R. Bayersdorfer (h#5; White Kh8 Ba7 Nb5, Black Kh6 Qh5 Pb6
  // Pf5): Popeye prints 1.f5-f4 La7-b8 ... 5.Tg1-g6 Sd6-f7 #. The knight could reach a square
  // checking h6, so while it is left out a blocker that could stop the bishop's or the
  // knight's check may stand; in a target that places it and the king where they guard, the
  // check comes alone, and the queen on h5 (one step from g5, on the bishop's line from e3)
  // blocks nothing (1,443,314 nodes when only the men left out were asked; 190,640 now).
  const Verdict v =
      expect_the_one_line("7K/B7/1p5k/1N3p1q/8/8/8/8 b - - 0 1", "h#5",
                          {"f4", "Bb8", "f3", "Bh2", "f2", "Bg1", "fxg1=R", "Nd6", "Rg6", "Nf7#"});
  EXPECT_LT(v.nodes, 400000U);
}

TEST(HelpmateTargets, ALoneCheckersBlockerThatMayPromoteIsJudgedAsItEnds) {
  // Popeye's BEISPIEL/intell.inp, C. Poisson, Die Schwalbe 1997 (h#6; White Ka4 Se3, Black
  // Kg8 Pc2 Pe2 Pg7 Ph4): Popeye prints 1.c2-c1=D Se3-d5 ... 6.Db1-h7 Sd5-e7 #, the two
  // promoted queens blocking h8 and h7. A blocker that may promote is counted as a pawn where
  // a pawn would not take the knight or step into its line, and as each promoted type where
  // that type would not (845,000 nodes when the pawns were never judged; 22,000 now).
  const Verdict v = expect_the_one_line(
      "6k1/6p1/8/8/K6p/4N3/2p1p3/8 b - - 0 1", "h#6",
      {"c1=Q", "Nd5", "Qh6", "Kb5", "Qh8", "Kc6", "e1=Q", "Kd7", "Qb1", "Ke8", "Qbh7", "Ne7#"});
  EXPECT_LT(v.nodes, 100000U);
}

TEST(HelpmateTargets, ARiderChecksFromTheFarEndOfItsRide) {
  // Zb5# checks h8 over d6 and f7: a rider's attack is the first occupied square of its ride,
  // so the targets must ask each square with itself occupied (28 lines, as brute force).
  const VariantPtr nightrider =
      Variant::compile(load_table_file(test::data_path("tables/fairy/nightrider.toml")));
  const Position pos = parse_fen(nightrider, "6rk/p5pp/8/8/8/8/8/1Z2K3 b - - 0 1");
  EXPECT_EQ(expect_targets_same_lines(pos, parse_stipulation("h#2")), 28U);
}

TEST(HelpmateTargets, ARoyalPieceWithSixteenFlightsIsCountedSafely) {
  // A king that also leaps as a knight has up to sixteen flights; the targets count the
  // blockers of at most eight (a lower bound) and list the lines brute force lists.
  const VariantPtr knight_king =
      Variant::compile(load_table_file(test::data_path("tables/fairy/knight_king.toml")));
  const Position pos = parse_fen(knight_king, "4k3/8/8/8/8/8/8/R3K2R b - - 0 1");
  EXPECT_GT(expect_targets_same_lines(pos, parse_stipulation("h#3")), 0U);
}

TEST(HelpmateTargets, SolvesAnEightMoveHelpmateAsPopeyeDoes) {
  // Popeye's BEISPIEL/intell.inp, Z. Maslar, Schach-Echo 1978 (h#8): Popeye (Option
  // Intelligent) prints the one solution 1.Kb3-c3 Kc1-b1 ... 8.Sh3-g1 Lf1-g2 #. The bounded
  // search alone did not finish it in 20 s.
  const Verdict v = targets_test_solve(test::orthodox_position("8/8/8/8/8/1k6/5nB1/2K5 b - - 0 1"),
                                       parse_stipulation("h#8"), true, 3);
  EXPECT_EQ(v.soundness, Soundness::kSound);
  ASSERT_EQ(v.solutions.size(), 1U);
  EXPECT_EQ(v.solutions[0],
            (std::vector<std::string>{"Kc3", "Kb1", "Kd2", "Bf1", "Ke1", "Kc2", "Nh3", "Kd3", "Kf2",
                                      "Ke4", "Kg1", "Kf3", "Kh1", "Kg3", "Ng1", "Bg2#"}));
}

TEST(HelpmateTargets, SolvesALongHelpStalemateAsPopeyeDoes) {
  // Popeye's BEISPIEL/hpint.inp, J. L. Lois, feenschach 1973, its twin h=7: Popeye (Option
  // Intelligent) prints the one solution 1.Db1-e4 d2-d3 ... 7.Sd1-f2 Df8*f2 =. Three black men
  // are taken and the pawn c6 stands, stopped by White's king: targets that let Black's men
  // stand anywhere searched over 100 million nodes.
  const Verdict v = expect_the_one_line("8/1b6/2p5/2K5/3p4/8/3P4/1q5k b - - 0 1", "h=7",
                                        {"Qe4", "d3", "Bc8", "dxe4", "Bf5", "exf5", "d3", "f6",
                                         "d2", "f7", "d1=N", "f8=Q", "Nf2", "Qxf2"});
  EXPECT_LT(v.nodes, 200000U);
}

TEST(HelpmateTargets, TheSetPlayOfAFourMoverGivesTheBoundedSearchsLines) {
  // Popeye's BEISPIEL/intell.inp, M. Caillaud, Szachisty 1993 (h#4 with set play). The set
  // play, h#3.5 with White first, is solved target by target as the play is; Popeye
  // 122c7d0f prints it as 1...Sh3-g1 2.f2*g1=T + Kf1-f2 3.Tg1-a1 Th1-c1 4.Ta1-a7 Tc1*c8 #.
  const Position pos = test::orthodox_position("k1n5/1n6/8/8/7p/5p1N/5p2/5K1R b - - 0 1");
  const Stipulation stip = parse_stipulation("h#4");
  const Verdict by_targets = test::solve_every_line(pos, stip, true, true);
  const Verdict bounded = test::solve_every_line(pos, stip, true, true, 0);
  EXPECT_EQ(by_targets.set_solutions,
            (std::vector<std::vector<std::string>>{
                {"Ng1", "fxg1=R+", "Kf2", "Ra1", "Rc1", "Ra7", "Rxc8#"}}));
  EXPECT_EQ(by_targets.set_solutions, bounded.set_solutions);
  EXPECT_EQ(by_targets.solutions, bounded.solutions);
}

TEST(HelpmateTargets, KeepingOnlyTheLastMovesThatCompleteThePictureLosesNoLine) {
  // Popeye's BEISPIEL/intell.inp, T. Linss, springaren 1989 (h#3, and its twin with the knight
  // on b2): the mated side's last move is made only where it leaves its king on the target's
  // square and every blocked flight held (keep_to_completing); the lines are the bounded
  // search's and Popeye's.
  const Stipulation stip = parse_stipulation("h#3");
  const std::pair<const char*, std::vector<std::string>> cases[] = {
      {"3B1rRK/4bp2/1p1p4/6n1/7p/1p6/q1r1p3/1k6 b - - 0 1",
       {"Bf6+", "Bxf6", "Ra8", "Rxa8", "Qa1", "Rxa1#"}},
      {"3B1rRK/4bp2/1p1p4/8/7p/1p6/qnr1p3/1k6 b - - 0 1",
       {"Bg5", "Bxg5", "Rfc8", "Rxc8", "Rc1", "Rxc1#"}}};
  for (const auto& [fen, line] : cases) {
    const Position pos = test::orthodox_position(fen);
    const Verdict by_targets = test::solve_every_line(pos, stip, true);
    const Verdict bounded = test::solve_every_line(pos, stip, true, false, 0);
    EXPECT_EQ(by_targets.solutions, (std::vector<std::vector<std::string>>{line})) << fen;
    EXPECT_EQ(by_targets.solutions, bounded.solutions) << fen;
  }
}

TEST(HelpmateTargets, NarrowingTheMatedSidesMovesToItsNeedLosesNoLine) {
  // With no move to spare, or one, the mated side moves only men that a cheapest assignment of
  // the blockers holds toward their flights (keep_within_need); these helpmates of Popeye's
  // BEISPIEL/intell.inp make such moves at most plies: T. Linss, Problemkiste 1991 (seven
  // pawns and a knight around the king), Szachisty 1993 (a bishop promotion), and K. Ebersz,
  // Western Daily Mercury 1921 (a rook promotion). The lines are Popeye's, and the bounded
  // search's for the first two (it takes 24 s on the third).
  struct Case {
    const char* stip;
    const char* fen;
    std::vector<std::string> line;
    bool bounded_too;
  };
  const Case cases[] = {{"h#4",
                         "8/8/8/K1pnp3/2pkp3/2ppp3/8/5B2 b - - 0 1",
                         {"d2", "Bxc4", "Nb4", "Ba6", "Nc2", "Kb5", "Kd3", "Kxc5#"},
                         true},
                        {"h#4",
                         "k1n5/1n6/8/8/7p/5p1N/5p2/5K1R b - - 0 1",
                         {"Na7", "Rg1", "fxg1=B", "Nf4", "Bh2", "Nd5", "Bb8", "Nb6#"},
                         true},
                        {"h#5",
                         "7K/B7/1p5k/1N3p1q/8/8/8/8 b - - 0 1",
                         {"f4", "Bb8", "f3", "Bh2", "f2", "Bg1", "fxg1=R", "Nd6", "Rg6", "Nf7#"},
                         false}};
  for (const Case& c : cases) {
    const Stipulation stip = parse_stipulation(c.stip);
    const Position pos = test::orthodox_position(c.fen);
    const Verdict by_targets = test::solve_every_line(pos, stip, true);
    EXPECT_EQ(by_targets.solutions, (std::vector<std::vector<std::string>>{c.line})) << c.fen;
    if (c.bounded_too) {
      EXPECT_EQ(by_targets.solutions, test::solve_every_line(pos, stip, true, false, 0).solutions)
          << c.fen;
    }
  }
}

TEST(HelpmateTargets, AHelpmateStoppedByItsTimeLimitListsTheLinesFoundByThen) {
  // Popeye's BEISPIEL/intell.inp, an h#3 with 2 lines that the targets find in 25,839 nodes. A
  // limit already past stops the search at its first progress call (16,384 nodes, always the
  // same): the line found by then is listed, the verdict marked as timed out. (Popeye's
  // REGRESSIONS 4_85_to_4_87 problem 7, an h#7, served here until its search took fewer nodes
  // than that.)
  const Position pos = test::orthodox_position("3K4/8/5B2/8/3R2pb/6p1/2prpkn1/4n3 b - - 0 1");
  const Stipulation stip = parse_stipulation("h#3");
  SolveOptions o;
  const Verdict full = solve(pos, stip, o);
  ASSERT_FALSE(full.timed_out);
  ASSERT_EQ(full.solutions.size(), 2U);
  o.max_seconds = 1e-9;
  const Verdict stopped = solve(pos, stip, o);
  EXPECT_TRUE(stopped.timed_out);
  EXPECT_EQ(stopped.nodes, 16384U);
  ASSERT_EQ(stopped.solutions.size(), 1U);
  EXPECT_EQ(stopped.solutions.front(),
            (std::vector<std::string>{"Bg5", "Be7", "Bf4", "Bc5", "Bd6", "Rf4#"}));
  EXPECT_NE(std::find(full.solutions.begin(), full.solutions.end(), stopped.solutions.front()),
            full.solutions.end());
  EXPECT_EQ(stopped.keys.size(), 1U);
}

TEST(HelpmateTargets, ASeriesLengthFindsTheSameNodesAfterTheShorterOnesAsAlone) {
  // The solver asks one HelpmateTargets for ser-h#1, ser-h#2, ... in turn, and its table
  // outlives each call: each target's salt must be new, or a later length reads an earlier
  // length's answers for another target (with the salts counted from 1 in each call, this
  // position's ser-h#6 to ser-h#8 got other nodes, ser-h#8 none). The position of Popeye's
  // BEISPIEL/stip.inp problem 42 (a Koeko ser-h#9 there; orthodox here).
  const Position start = test::orthodox_position("8/3K4/8/8/8/Pk4P1/6Qp/8 b - - 0 1");
  const HelpmateBound bound(start.variant());
  HelpmateTargets shared(start.variant(), bound);
  std::size_t lines_found = 0;
  for (int n = 1; n <= 6; ++n) {
    HelpmateTargets alone(start.variant(), bound);
    Position a = start, b = start;
    HelpLineNodes after_shorter, by_itself;
    ASSERT_TRUE(shared.series_line_nodes(a, true, n, 100000, after_shorter));
    ASSERT_TRUE(alone.series_line_nodes(b, true, n, 100000, by_itself));
    EXPECT_EQ(after_shorter, by_itself) << "ser-h#" << n;
    lines_found += by_itself.size();
  }
  EXPECT_GT(lines_found, 0U);
}

TEST(HelpmateTargets, AStalemateSeriesMadeOnceForItsLengthFindsTheNodesOfEachLength) {
  // series_lengths_line_nodes makes a stalemate series' targets once, for its length, and
  // each shorter length searches those within its moves: the nodes must be those of each
  // length asked alone. Popeye's BEISPIEL/hpint.inp, M. Tomasevic, Problemkiste 1994, ser-h=6
  // (Black Kh1 Pc7, White Kf1 Be5), and the same series with the pawn on d6 (its twin).
  for (const char* fen : {"8/2p5/8/4B3/8/8/8/5K1k b - - 0 1", "8/8/3p4/4B3/8/8/8/5K1k b - - 0 1"}) {
    const Position start = test::orthodox_position(fen);
    const HelpmateBound bound(start.variant(), Goal::kStalemate);
    HelpmateTargets at_once(start.variant(), bound);
    HelpLineNodes all, each;
    Position a = start;
    ASSERT_TRUE(at_once.series_lengths_line_nodes(a, true, 6, 100000, all));
    for (int n = 1; n <= 6; ++n) {
      HelpmateTargets alone(start.variant(), bound);
      Position b = start;
      ASSERT_TRUE(alone.series_line_nodes(b, true, n, 100000, each)) << n;
    }
    EXPECT_EQ(all, each) << fen;
    EXPECT_FALSE(all.empty()) << fen;
  }
}

}  // namespace
}  // namespace arbiter::puzzles
