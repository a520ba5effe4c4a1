// The generator's pieces: canonical forms (mirror images equal, castling rights respected),
// and problems generated from both candidate sources re-checked by the reference search.
#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>
#include <random>

#include "puzzle_reference.hpp"
#include "puzzles/canonical.hpp"
#include "puzzles/generator.hpp"
#include "puzzles/random_placement.hpp"
#include "rules/core/fen.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

TEST(PuzzleGenerator, TheBundledSequentialTablesAreMirrorSymmetric) {
  EXPECT_TRUE(file_mirror_symmetric(*test::orthodox()));
  EXPECT_TRUE(file_mirror_symmetric(*test::bundled_variant("conversion")));
}

TEST(PuzzleGenerator, MirrorImagesShareTheirCanonicalForm) {
  const Stipulation stip = parse_stipulation("#2");
  std::mt19937_64 rng(7);
  for (int done = 0; done < 200;) {
    const std::optional<Position> pos = random_placement(test::orthodox(), rng, {4, 3, kWhite});
    if (!pos) continue;
    ++done;
    const Position mirrored = mirror_files(*pos);
    EXPECT_EQ(canonical_problem(*pos, stip), canonical_problem(mirrored, stip)) << to_fen(*pos);
    EXPECT_EQ(mirror_files(mirrored), *pos);
    // The mirror image has the mirrored keys, so the same number of them.
    EXPECT_EQ(test::ref_keys(*pos, parse_stipulation("#1")).size(),
              test::ref_keys(mirrored, parse_stipulation("#1")).size());
  }
  // With castling rights the mirror is a different problem.
  const Position castling = test::orthodox_position("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  EXPECT_NE(canonical_problem(castling, stip), canonical_problem(mirror_files(castling), stip));
}

/// Generates `count` problems into a fresh database and checks each with the reference.
void generate_and_check(CandidateSource source, const std::string& variant) {
  const std::string db_path = (std::filesystem::temp_directory_path() /
                               ("arbiter_gen_" + std::to_string(::getpid()) + ".sqlite"))
                                  .string();
  std::filesystem::remove(db_path);
  {
    CorpusDb db(db_path);
    GeneratorConfig c;
    c.variant = test::bundled_variant(variant);
    c.stipulation = parse_stipulation("#2");
    c.seed = 4;
    c.count = 3;
    c.source = source;
    const GeneratorStatus st = generate(db, c);
    EXPECT_EQ(st.found, 3);
    int checked = 0;
    db.for_each([&](const CorpusProblem& p) {
      const Position pos = parse_fen(c.variant, p.fen);
      EXPECT_EQ(test::ref_keys(pos, c.stipulation), std::set<std::string>{p.key}) << p.fen;
      EXPECT_TRUE(test::ref_keys(pos, parse_stipulation("#1")).empty()) << p.fen;
      EXPECT_EQ(p.canonical, canonical_problem(pos, c.stipulation));
      ++checked;
    });
    EXPECT_EQ(checked, 3);
  }
  std::filesystem::remove(db_path);
}

TEST(PuzzleGenerator, PlacedProblemsAreSoundByTheReference) {
  generate_and_check(CandidateSource::kPlacement, "orthodox");
  generate_and_check(CandidateSource::kPlacement, "conversion");
}

TEST(PuzzleGenerator, PlayedProblemsAreSoundByTheReference) {
  generate_and_check(CandidateSource::kPlay, "orthodox");
}

}  // namespace
}  // namespace arbiter::puzzles
