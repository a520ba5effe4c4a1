// RapidCheck properties of the CLI's reading and writing of Diplomacy Chess submissions
// (present/simultaneous/submission_text.hpp) on positions reached by random simultaneous play:
// every submission reads back from its SAN and from its coordinates, as its own side's move.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>

#include "present/simultaneous/submission_text.hpp"
#include "rules/core/notation.hpp"
#include "tests/support/diplomacy_play.hpp"

namespace arbiter {
namespace {

RC_GTEST_PROP(SubmissionTextProperties, EverySubmissionReadsBackFromSanAndCoordinates, ()) {
  const test::Scenario sc = test::random_scenario();
  for (Color c : {kWhite, kBlack}) {
    const Move m = sc.moves[c];
    const std::string san = present::submission_san(sc.state, c, m);
    const std::string uci = to_uci(view_for(sc.state, c), m);
    RC_LOG() << "san " << san << ", uci " << uci << "\n";
    RC_ASSERT(present::read_submission(sc.state, c, san) == m);
    RC_ASSERT(present::read_submission(sc.state, c, uci) == m);
  }
}

}  // namespace
}  // namespace arbiter
