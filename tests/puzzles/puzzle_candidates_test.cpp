// Z3's mating-net candidates for the problem generator (solver/analysis/puzzle_candidates.hpp): a
// function of (seed, index), of the drawn shape as the engine sees it, and a source from which
// the generator keeps sound problems.
#include "solver/analysis/puzzle_candidates.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "puzzles/generator.hpp"
#include "puzzles/verdict.hpp"
#include "rules/core/fen.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

/// The defender king's flights as the engine counts them: neighbouring squares that are empty
/// or hold an attacker and that the attacker does not cover with the king lifted off.
int flights(const Position& pos, Color defender) {
  const Square k = pos.king_square(defender);
  const Bitboard without_king = pos.occupied() & ~(Bitboard{1} << k);
  int n = 0;
  for (int df = -1; df <= 1; ++df)
    for (int dr = -1; dr <= 1; ++dr) {
      const int f = file_of(k) + df, r = rank_of(k) + dr;
      if ((df == 0 && dr == 0) || f < 0 || f > 7 || r < 0 || r > 7) continue;
      const Square t = make_square(f, r);
      if (pos.pieces(defender) & (Bitboard{1} << t)) continue;
      if (pos.attackers(t, ~defender, without_king) == 0) ++n;
    }
  return n;
}

TEST(PuzzleCandidates, AFunctionOfSeedAndIndexWithTheDrawnShape) {
  const VariantPtr& v = test::orthodox();
  int proposed = 0;
  for (std::uint64_t index = 0; index < 12; ++index) {
    const auto a = mating_net_candidate(v, kWhite, kWhite, 7, index);
    const auto b = mating_net_candidate(v, kWhite, kWhite, 7, index);
    ASSERT_EQ(a.has_value(), b.has_value());
    if (!a) continue;
    ++proposed;
    EXPECT_EQ(to_fen(*a), to_fen(*b));
    EXPECT_FALSE(a->king_in_check(kWhite) || a->king_in_check(kBlack)) << to_fen(*a);
    EXPECT_LE(flights(*a, kBlack), 1) << to_fen(*a);
    EXPECT_LE(std::popcount(a->occupied()), 7) << to_fen(*a);
  }
  EXPECT_GE(proposed, 8);
}

TEST(PuzzleCandidates, TheGeneratorKeepsASoundProblemFromThem) {
  const auto db_path = std::filesystem::temp_directory_path() / "arbiter-puzzle-candidates.sqlite";
  std::filesystem::remove(db_path);
  puzzles::CorpusDb db(db_path.string());
  puzzles::GeneratorConfig c;
  c.variant = test::orthodox();
  c.stipulation = puzzles::parse_stipulation("#2");
  c.seed = 11;
  c.count = 1;
  c.max_candidates = 200;
  c.source = puzzles::CandidateSource::kProposer;
  c.source_name = "solver";
  c.propose = [v = c.variant](std::uint64_t seed, std::uint64_t index) {
    return mating_net_candidate(v, kWhite, kWhite, seed, index);
  };
  const puzzles::GeneratorStatus s = puzzles::generate(db, c);
  ASSERT_EQ(s.found, 1) << "after " << s.candidates << " candidates";
}

}  // namespace
}  // namespace arbiter::solver
