// Plain regression tests for what the fuzz targets, the differential properties and the bad-input
// sweep of docs/bad-input.md found (one test per finding, from its shrunk input).
#include <gtest/gtest.h>

#include "rules/conditional/conditional_move.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

// Bad-input sweep: "e5?d4/Zf3" was read, and the else-move with the unknown letter Z was later
// skipped as an illegal C-move without any error. The reader now names the letter.
TEST(FindingsRegression, ConditionalBranchWithAnUnknownPieceLetterIsRejected) {
  const VariantPtr& v = test::bundled_variant("conditional");
  for (const char* text : {"e5?d4/Zf3", "e5?Zd4/Nf3", "!Zf3", "e5?d4/*Zf3*"}) {
    try {
      (void)parse_conditional(*v, text);
      ADD_FAILURE() << text << " was read";
    } catch (const ConditionalNotationError& e) {
      EXPECT_EQ(e.kind(), NotationErrorKind::kUnknownPiece) << text;
      EXPECT_NE(std::string(e.what()).find("unknown piece letter 'Z'"), std::string::npos)
          << e.what();
    }
  }
  // Castling, files and the table's letters are still read.
  for (const char* text : {"e5?O-O/Nf3", "e5?d4/0-0", "Bg5?Qh5/exd5", "!Kf1"})
    EXPECT_NO_THROW((void)parse_conditional(*v, text)) << text;
}

TEST(FindingsRegression, ConditionalReplayReportsAnUnknownLetterInTheChosenBranch) {
  const test::CommandResult r =
      test::run_arbiter("moves -v conditional --play e4 --play e5 --play 'e5?d4/Zf3'");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.err.find("unknown piece letter 'Z'"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace arbiter
