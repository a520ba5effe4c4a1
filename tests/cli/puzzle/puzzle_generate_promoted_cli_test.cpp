// Issue 39: `puzzle generate` keeps no promoted man unless `--allow-promoted`, so the best
// problems `puzzle export --format html` shows of a default corpus have none either (seed 77
// once showed three white queens among its best 6).
#include <gtest/gtest.h>

#include <sstream>

#include "puzzles/material.hpp"
#include "rules/core/fen.hpp"
#include "tests/support/scratch_dir_test_fixture.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

class PuzzleGeneratePromotedCli : public test::ScratchDirTest {};

/// The FEN lines `puzzle export --format fen` prints of `db`.
std::vector<std::string> promoted_cli_fens(const std::string& db) {
  const test::CommandResult r = test::run_arbiter("puzzle export --format fen --db " + db);
  EXPECT_EQ(r.status, 0) << r.err;
  std::vector<std::string> out;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(line);
  return out;
}

int promoted_cli_count(const std::string& fen) {
  return puzzles::promoted_men(parse_fen(test::orthodox(), fen));
}

TEST_F(PuzzleGeneratePromotedCli, DefaultCorpusAndItsBestSixHaveNoPromotedMan) {
  const test::CommandResult gen =
      test::run_arbiter("puzzle generate -q -s '#2' -n 12 --seed 77 --db " + path("d.db"));
  ASSERT_EQ(gen.status, 0) << gen.err;
  const std::vector<std::string> fens = promoted_cli_fens(path("d.db"));
  ASSERT_EQ(fens.size(), 12U);
  for (const std::string& fen : fens) EXPECT_EQ(promoted_cli_count(fen), 0) << fen;
  const test::CommandResult html =
      test::run_arbiter("puzzle export --format html --best 6 --db " + path("d.db"));
  ASSERT_EQ(html.status, 0) << html.err;
  int shown = 0;
  for (const std::string& fen : fens) shown += html.out.find(fen) != std::string::npos;
  EXPECT_EQ(shown, 6) << html.out;
  EXPECT_EQ(html.out.find("8/8/8/7Q/2Q5/2Q1K1n1/6k1/8"), std::string::npos);
}

TEST_F(PuzzleGeneratePromotedCli, AllowPromotedBringsBackTheThreeQueens) {
  const test::CommandResult gen = test::run_arbiter(
      "puzzle generate -q -s '#2' -n 1 --seed 77 --allow-promoted --db " + path("p.db"));
  ASSERT_EQ(gen.status, 0) << gen.err;
  const std::vector<std::string> fens = promoted_cli_fens(path("p.db"));
  ASSERT_EQ(fens.size(), 1U);
  EXPECT_EQ(fens[0].rfind("8/8/8/7Q/2Q5/2Q1K1n1/6k1/8 w", 0), 0U) << fens[0];
  EXPECT_EQ(promoted_cli_count(fens[0]), 2);
}

}  // namespace
}  // namespace arbiter
