// Why a move text is no submission of a simultaneous table's side
// (rules/simultaneous/submission_reason.hpp): the reason a refused single move, set entry or
// record move carries. A simultaneous table has no side to move, so the reason names the side;
// a castling refused for a shared square on its way names the square.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "rules/simultaneous/diplomacy/diplomacy_progressive.hpp"
#include "rules/simultaneous/submission_reason.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

SimState reason_state(const std::string& table, const std::string& fen,
                      const KnobSettings& knobs = {}) {
  return parse_sim_fen(test::bundled_variant(table, knobs), fen);
}

constexpr const char* kReasonStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// White: Ke1, Rh1, a white bishop and a black knight sharing f1. Black: Ke8.
constexpr const char* kReasonSharedF1 = "4k3/8/8/8/8/8/8/4K(Bn)1R w K - 0 1";

TEST(SubmissionReason, SimultaneousTablesNameTheSideNotTheSideToMove) {
  for (const char* table : {"diplomacy", "move-neutral"}) {
    const std::string white = why_not_submission(reason_state(table, kReasonStart), kWhite, "Ke3");
    EXPECT_THAT(white, HasSubstr("no white king can go to e3")) << table;
    EXPECT_THAT(white, Not(HasSubstr("side to move"))) << table;
    EXPECT_THAT(why_not_submission(reason_state(table, kReasonStart), kBlack, "Rd5"),
                HasSubstr("no black rook can go to d5"))
        << table;
  }
}

TEST(SubmissionReason, CastlingAcrossASharedSquareNamesTheSquare) {
  const std::string blocked =
      why_not_submission(reason_state("move-neutral", kReasonSharedF1), kWhite, "O-O");
  EXPECT_THAT(blocked, HasSubstr("f1 is shared"));
  const std::string passable = why_not_submission(
      reason_state("move-neutral", kReasonSharedF1, {{"shared-square-sliding", "passable"}}),
      kWhite, "O-O");
  EXPECT_THAT(passable, HasSubstr("f1 is shared"));
  EXPECT_THAT(passable, HasSubstr("shared-square-sliding=passable"));
}

TEST(SubmissionReason, RefusedSetEntryGivesItsReasonAsASingleMoveDoes) {
  // White's second entry, Ke3, is no submission after e4: it is skipped, and says why.
  const ProgressiveResult r = play_progressive(parse_sim_fen(test::diplomacy(), kReasonStart),
                                               move_set({"e4", "Ke3"}), move_set({"e5", "Nc6"}));
  ASSERT_EQ(r.moves.size(), 4U);
  EXPECT_EQ(to_string(r.moves[2].outcome), "skipped");
  EXPECT_THAT(r.moves[2].reason, HasSubstr("no white king can go to e3"));
}

}  // namespace
}  // namespace arbiter
