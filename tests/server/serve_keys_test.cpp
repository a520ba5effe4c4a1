// An Idempotency-Key is its side's (server/monitor.cpp, key_of): the opponent sending the same
// key makes a request of its own, and no answer quotes the first side's submission, which may
// be a sealed move.
#include <gtest/gtest.h>

#include "server/submission_turn.hpp"
#include "tests/server/serve_fixture.hpp"

namespace arbiter::server::testing {
namespace {

TEST(ServeKeys, TheOpponentsSameIdempotencyKeyIsAKeyOfItsOwnAndQuotesNoSealedMove) {
  const std::string db = serve_temp_db();
  {
    GameStore store(db);
    Monitor monitor(store, {});
    const std::string id = monitor.create("diplomacy", {}).id;
    EXPECT_TRUE(monitor.submit(id, kWhite, "Nf3", std::nullopt, "1"));  // sealed
    try {
      // Once a 422 quoting "white's submission 'Nf3'": the sealed move, to Black.
      EXPECT_TRUE(monitor.submit(id, kBlack, "c5", std::nullopt, "1"));
    } catch (const std::exception& e) {
      ADD_FAILURE() << e.what();
    }
    EXPECT_NE(monitor.view(id, kBlack).find("\"turn\":2"), std::string::npos);
    // Each side's key names its own request: its turn has resolved.
    EXPECT_THROW(monitor.submit(id, kWhite, "Nf3", std::nullopt, "1"), TurnError);
    EXPECT_THROW(monitor.submit(id, kBlack, "c5", std::nullopt, "1"), TurnError);
    // The same side's key for another text quotes that side's own submission only.
    try {
      monitor.submit(id, kBlack, "d5", std::nullopt, "1");
      ADD_FAILURE() << "a key used again for another submission is refused";
    } catch (const SubmissionError& e) {
      EXPECT_NE(std::string(e.what()).find("black's submission 'c5'"), std::string::npos)
          << e.what();
    }
  }
  serve_remove_db(db);
}

}  // namespace
}  // namespace arbiter::server::testing
