// The generator's composer filters (keep_composer_problems, `puzzle generate`'s defaults): what
// it keeps is legal, has a quiet or flight-giving key and no surplus white man, and is stored
// with the grade that says so; the switches widen or narrow that.
#include <gtest/gtest.h>

#include "puzzles/generator.hpp"
#include "puzzles/legality.hpp"
#include "rules/core/fen.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

/// Generates `count` orthodox #2 problems with `c`'s filters into a fresh in-memory corpus
/// and returns them.
std::vector<CorpusProblem> defaults_generated_with(const GeneratorConfig& config, int count) {
  GeneratorConfig c = config;
  std::vector<CorpusProblem> out;
  CorpusDb db(":memory:");
  c.variant = test::orthodox();
  c.stipulation = parse_stipulation("#2");
  c.count = count;
  generate(db, c);
  db.for_each([&](const CorpusProblem& p) { out.push_back(p); });
  return out;
}

TEST(PuzzleGeneratorDefaults, KeptProblemsAreLegalQuietOrFlightGivingAndWithoutSurplus) {
  GeneratorConfig c;
  keep_composer_problems(c);
  c.seed = 21;
  const std::vector<CorpusProblem> problems = defaults_generated_with(c, 2);
  ASSERT_EQ(problems.size(), 2U);
  for (const CorpusProblem& p : problems) {
    const Position pos = parse_fen(test::orthodox(), p.fen);
    EXPECT_TRUE(legality_failures(pos).empty()) << p.fen;
    const KeyKind kind = key_kind(pos, p.key);
    EXPECT_TRUE(kind == KeyKind::kQuiet || kind == KeyKind::kFlightGiving) << p.fen;
    const Stipulation stip = parse_stipulation("#2");
    EXPECT_TRUE(surplus_men(pos, stip, solve(pos, stip)).empty()) << p.fen;
    ASSERT_TRUE(p.grade.has_value());
    EXPECT_EQ(p.grade->key_kind, kind);
    EXPECT_TRUE(p.grade->legal);
    EXPECT_TRUE(p.grade->surplus.empty());
  }
}

TEST(PuzzleGeneratorDefaults, DualFreeAndMinGradeFilter) {
  GeneratorConfig c;
  keep_composer_problems(c);
  c.seed = 22;
  c.dual_free = true;
  c.min_grade = 7;
  const std::vector<CorpusProblem> problems = defaults_generated_with(c, 1);
  ASSERT_EQ(problems.size(), 1U);
  for (const CorpusProblem& p : problems) {
    ASSERT_TRUE(p.grade.has_value());
    EXPECT_EQ(p.grade->duals, 0) << p.fen;
    EXPECT_GE(p.grade->score, 7) << p.fen;
  }
}

TEST(PuzzleGeneratorDefaults, OnlyTheConfiguredKeyKindsAreKept) {
  GeneratorConfig c;
  c.seed = 23;
  c.keys = {KeyKind::kCheck, KeyKind::kCapture};
  c.allow_surplus = true;
  const std::vector<CorpusProblem> problems = defaults_generated_with(c, 2);
  ASSERT_EQ(problems.size(), 2U);
  for (const CorpusProblem& p : problems) {
    const KeyKind kind = key_kind(parse_fen(test::orthodox(), p.fen), p.key);
    EXPECT_TRUE(kind == KeyKind::kCheck || kind == KeyKind::kCapture) << p.fen;
  }
}

}  // namespace
}  // namespace arbiter::puzzles
