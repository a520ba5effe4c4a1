// Issue 39: the generator keeps no promoted man (a side beyond its original army) unless
// told (GeneratorConfig::allow_promoted), whatever the seed, and stays a function of the seed.
#include <gtest/gtest.h>

#include "puzzles/generator.hpp"
#include "puzzles/material.hpp"
#include "rules/core/fen.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

/// `count` orthodox #2s of `seed` (every key, surplus men kept: the quick stream) with
/// promoted men allowed or not.
std::vector<CorpusProblem> promoted_stream(std::uint64_t seed, int count, bool allow_promoted) {
  GeneratorConfig c;
  c.variant = test::orthodox();
  c.stipulation = parse_stipulation("#2");
  c.seed = seed;
  c.count = count;
  c.allow_promoted = allow_promoted;
  CorpusDb db(":memory:");
  generate(db, c);
  std::vector<CorpusProblem> out;
  db.for_each([&](const CorpusProblem& p) { out.push_back(p); });
  return out;
}

int promoted_in(const CorpusProblem& p) {
  return promoted_men(parse_fen(test::orthodox(), p.fen));
}

TEST(PuzzleGeneratorPromoted, NoSeedGivesAPromotedManByDefault) {
  for (std::uint64_t seed = 1; seed <= 25; ++seed) {
    const std::vector<CorpusProblem> problems = promoted_stream(seed, 4, false);
    ASSERT_EQ(problems.size(), 4U) << "seed " << seed;
    for (const CorpusProblem& p : problems) {
      EXPECT_EQ(promoted_in(p), 0) << "seed " << seed << ": " << p.fen;
      ASSERT_TRUE(p.grade.has_value());
      EXPECT_EQ(p.grade->promoted, 0) << p.fen;
    }
  }
}

TEST(PuzzleGeneratorPromoted, AllowPromotedBringsThemBack) {
  int promoted = 0;
  for (std::uint64_t seed = 1; seed <= 25 && promoted == 0; ++seed)
    for (const CorpusProblem& p : promoted_stream(seed, 4, true)) promoted += promoted_in(p) > 0;
  EXPECT_GT(promoted, 0);
}

TEST(PuzzleGeneratorPromoted, TheSameSeedGivesTheSameProblems) {
  const auto fens = [](const std::vector<CorpusProblem>& ps) {
    std::vector<std::string> out;
    for (const CorpusProblem& p : ps) out.push_back(p.fen);
    return out;
  };
  EXPECT_EQ(fens(promoted_stream(77, 6, false)), fens(promoted_stream(77, 6, false)));
}

}  // namespace
}  // namespace arbiter::puzzles
