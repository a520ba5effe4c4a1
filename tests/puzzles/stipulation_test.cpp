// Stipulation texts of composed problems.
#include <gtest/gtest.h>

#include "puzzles/stipulation.hpp"

namespace arbiter::puzzles {
namespace {

TEST(Stipulation, ParsesTheThreeKinds) {
  EXPECT_EQ(parse_stipulation("#2"), (Stipulation{StipulationKind::kDirectMate, 2}));
  EXPECT_EQ(parse_stipulation("h#3"), (Stipulation{StipulationKind::kHelpMate, 3}));
  EXPECT_EQ(parse_stipulation("S#1"), (Stipulation{StipulationKind::kSelfMate, 1}));
}

TEST(Stipulation, PrintsCanonically) {
  EXPECT_EQ(parse_stipulation("H#4").str(), "h#4");
  EXPECT_EQ(parse_stipulation("#12").str(), "#12");
}

TEST(Stipulation, RejectsMalformedTextsWithTheExpectedForm) {
  for (const char* bad : {"", "#", "2", "x#2", "#0", "#31", "#2x", "h2", "#-1"}) {
    try {
      parse_stipulation(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("expected #N, h#N or s#N"), std::string::npos) << bad;
    }
  }
}

}  // namespace
}  // namespace arbiter::puzzles
