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

TEST(Stipulation, HalfMoveHelpmates) {
  EXPECT_EQ(parse_stipulation("h#2.5"), (Stipulation{StipulationKind::kHelpMate, 2, true}));
  EXPECT_EQ(parse_stipulation("H#0.5"), (Stipulation{StipulationKind::kHelpMate, 0, true}));
  EXPECT_EQ(parse_stipulation("h#29.5").str(), "h#29.5");
  EXPECT_EQ(parse_stipulation("h#0.5").str(), "h#0.5");
}

TEST(Stipulation, RejectsMalformedTextsWithTheExpectedForm) {
  for (const char* bad :
       {"",    "#",    "2",       "x#2",      "#0",      "#31",   "#2x",  "h2",
        "#-1", "#2.5", "s#1.5",   "h#30.5",   "h#2.25",  "h#2.",  "h#.5", "==2",
        "#=2", "r=2",  "ser-r#2", "ser-#2.5", "ser-s=2", "ser#2", "ser-", "r#2.5"}) {
    try {
      parse_stipulation(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("expected #N, =N, h#N"), std::string::npos) << bad;
    }
  }
}

TEST(Stipulation, StalemateGoalsAndPopeyesOtherPlaysRoundTrip) {
  using K = StipulationKind;
  EXPECT_EQ(parse_stipulation("=3"), (Stipulation{K::kDirectMate, 3, false, Goal::kStalemate}));
  EXPECT_EQ(parse_stipulation("h=2.5"), (Stipulation{K::kHelpMate, 2, true, Goal::kStalemate}));
  EXPECT_EQ(parse_stipulation("s=3"), (Stipulation{K::kSelfMate, 3, false, Goal::kStalemate}));
  EXPECT_EQ(parse_stipulation("R#2"), (Stipulation{K::kReflexMate, 2}));
  EXPECT_EQ(parse_stipulation("ser-#5"), (Stipulation{K::kSeriesDirect, 5}));
  EXPECT_EQ(parse_stipulation("SER-=4"),
            (Stipulation{K::kSeriesDirect, 4, false, Goal::kStalemate}));
  EXPECT_EQ(parse_stipulation("ser-h#4"), (Stipulation{K::kSeriesHelp, 4}));
  EXPECT_EQ(parse_stipulation("ser-h=3"),
            (Stipulation{K::kSeriesHelp, 3, false, Goal::kStalemate}));
  EXPECT_EQ(parse_stipulation("ser-s#3"), (Stipulation{K::kSeriesSelf, 3}));
  for (const char* text :
       {"=3", "h=2", "h=2.5", "s=3", "r#2", "ser-#5", "ser-=4", "ser-h#4", "ser-h=3", "ser-s#3"})
    EXPECT_EQ(parse_stipulation(text).str(), text);
}

}  // namespace
}  // namespace arbiter::puzzles
