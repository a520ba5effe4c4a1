// The board in a player's view of `arbiter serve` has that player's men at the bottom: White's
// view has rank 1 in the bottom row, Black's has it in the top row, a spectator's has White at
// the bottom (present/board/svg_board.hpp draws it; each protocol's view asks for the viewer's
// side).
#include <gtest/gtest.h>

#include "tests/server/serve_fixture.hpp"

namespace arbiter::server::testing {
namespace {

// The rank label "1" in the JSON string of the board: by the bottom row (y 346) or the top row
// (y 31) of present/board/svg_board.cpp's geometry.
constexpr const char* kRankOneAtBottom =
    R"(y=\"346\" font-size=\"13\" text-anchor=\"middle\" fill=\"#333\">1</text>)";
constexpr const char* kRankOneAtTop =
    R"(y=\"31\" font-size=\"13\" text-anchor=\"middle\" fill=\"#333\">1</text>)";

std::string orientation_view_body(const ServedMonitor& served, const ServeGame& g,
                                  const std::string& token) {
  const httplib::Result r = served.view(g, token);
  return r && r->status == 200 ? r->body : std::string();
}

TEST(ServeBoardOrientation, EachPlayersBoardHasTheirOwnMenAtTheBottomASpectatorsWhite) {
  const ServedMonitor served;
  for (const char* variant : {"orthodox", "diplomacy", "conditional"}) {
    const ServeGame g = served.create(variant);
    const std::string white = orientation_view_body(served, g, g.tokens[kWhite]);
    const std::string black = orientation_view_body(served, g, g.tokens[kBlack]);
    const std::string spectator = orientation_view_body(served, g, g.spectator);
    EXPECT_NE(white.find(kRankOneAtBottom), std::string::npos) << variant << ": " << white;
    EXPECT_EQ(white.find(kRankOneAtTop), std::string::npos) << variant;
    EXPECT_NE(black.find(kRankOneAtTop), std::string::npos) << variant << ": " << black;
    EXPECT_EQ(black.find(kRankOneAtBottom), std::string::npos) << variant;
    EXPECT_NE(spectator.find(kRankOneAtBottom), std::string::npos) << variant << ": " << spectator;
  }
}

}  // namespace
}  // namespace arbiter::server::testing
