// Resolver and FEN bugs of Diplomacy Chess found by
// tests/rules/simultaneous/diplomacy/diplomacy_property_test.cpp, each on its smallest position,
// kept as plain tests now that they are fixed.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules/core/notation.hpp"
#include "rules/simultaneous/diplomacy/diplomacy.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::diplomacy;

// White: Ke1, Rd6. Black: Kf8, Bc6, Pc7. Rd6-a6 fails at once on the bishop (conflict rule 3,
// obstacle) while c7xd6 arrives on d6 in the same step. White's move first: the returning rook
// takes the pawn (same destination, rule 1); Black's first: the pawn's capture of a departed
// piece failed and nothing was taken. Fixed: pieces in the way are judged before captures
// whose target left, so the rook is back home when the pawn arrives and outranks it.
TEST(DiplomacyRegression, CaptureOfAPieceWhoseMoveFailsAtStepOne) {
  const SimState s = parse_sim_fen(diplomacy(), "5k2/2p5/2bR4/8/8/8/8/4K3 w - - 0 1");
  const Move rook = test::submission(s, kWhite, "d6a6"), pawn = test::submission(s, kBlack, "c7d6");
  const DiplomacyResolution wb =
      resolve_diplomacy(s, std::vector<Submission>{{kWhite, rook}, {kBlack, pawn}});
  const DiplomacyResolution bw =
      resolve_diplomacy(s, std::vector<Submission>{{kBlack, pawn}, {kWhite, rook}});
  EXPECT_EQ(to_sim_fen(wb.after), to_sim_fen(bw.after));
  EXPECT_EQ(to_sim_fen(wb.after), "5k2/8/2bR4/8/8/8/8/4K3 w - - 0 2");
  EXPECT_EQ(to_sim_fen(resolve_diplomacy(s, rook, pawn).after), to_sim_fen(wb.after));
}

// White: Ke1, Bb6, Pd5. Black: Ke8, Pc7. Bxc7 (the pawn has gone: the bishop moves in) and
// c7-c5. The resolved state keeps Black's en-passant square c6 with c7 occupied, which is
// right for the d5 pawn (chess rules); parse_sim_fen once refused its own to_sim_fen
// ("c6 and c7 must be empty after a double step").
TEST(DiplomacyRegression, EnPassantRightWhoseOriginWasEnteredRoundTrips) {
  const SimState s = parse_sim_fen(diplomacy(), "4k3/2p5/1B6/3P4/8/8/8/4K3 w - - 0 1");
  const DiplomacyResolution r = resolve_diplomacy(s, test::submission(s, kWhite, "b6c7"),
                                                  test::submission(s, kBlack, "c7c5"));
  const std::string fen = to_sim_fen(r.after);  // 4k3/2B5/8/2pP4/8/8/8/4K3 w - c6 0 2
  EXPECT_EQ(fen, "4k3/2B5/8/2pP4/8/8/8/4K3 w - c6 0 2");
  EXPECT_EQ(to_sim_fen(parse_sim_fen(diplomacy(), fen)), fen);
}

}  // namespace
}  // namespace arbiter
