// The HTTP layer under many and hostile connections (issue 38, item 2): an event stream holds no
// thread, so streams, slow clients and streams never read hold up no other request; one token
// holds at most --streams-per-token streams (429 past it).
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "tests/server/serve_fixture.hpp"
#include "tests/server/serve_transport_support.hpp"

namespace arbiter::server::testing {
namespace {

ServePolicy transport_policy(std::size_t streams_per_token) {
  ServePolicy p = serve_test_policy();
  p.streams_per_token = streams_per_token;
  return p;
}

}  // namespace

TEST(ServeTransport, OneTokenHoldsAtMostItsCapOfEventStreamsAndGets429PastIt) {
  const ServedMonitor served("", "", "", transport_policy(3));
  const ServeGame g = served.create("diplomacy");
  std::vector<std::unique_ptr<RawSocket>> open;
  for (int i = 0; i < 3; ++i) {
    open.push_back(std::make_unique<RawSocket>(served.port()));
    ASSERT_TRUE(open.back()->send_text(transport_events_request(g.id, g.tokens[kBlack])));
    EXPECT_NE(open.back()->read_until("event: update", 2000).find("event: update"),
              std::string::npos)
        << i;
  }
  const httplib::Result past = served.client().Get(
      "/api/games/" + g.id + "/events", {{"Authorization", "Bearer " + g.tokens[kBlack]}});
  ASSERT_TRUE(past);
  EXPECT_EQ(past->status, 429);
  EXPECT_NE(past->body.find("too many event streams open with this token: at most 3 at once"),
            std::string::npos)
      << past->body;
  EXPECT_EQ(past->get_header_value("Retry-After"), "15");
  // Another token of the same game is counted apart.
  RawSocket white(served.port());
  ASSERT_TRUE(white.send_text(transport_events_request(g.id, g.tokens[kWhite])));
  EXPECT_NE(white.read_until("event: update", 2000).find("event: update"), std::string::npos);
  // A stream whose client left gives its place back at once.
  open.pop_back();
  RawSocket again(served.port());
  ASSERT_TRUE(again.send_text(transport_events_request(g.id, g.tokens[kBlack])));
  EXPECT_NE(again.read_until("event: update", 2000).find("event: update"), std::string::npos);
}

TEST(ServeTransport, StreamsSlowClientsAndStreamsNeverReadHoldUpNoOtherRequest) {
  // More of each than the server has workers (the fixture's 32): each held a thread before.
  const ServedMonitor served("", "", "", transport_policy(100));
  const ServeGame g = served.create("diplomacy");
  std::vector<std::unique_ptr<RawSocket>> held;
  for (int i = 0; i < 40; ++i) {  // event streams of one token, never read
    held.push_back(std::make_unique<RawSocket>(served.port()));
    ASSERT_TRUE(held.back()->send_text(transport_events_request(g.id, g.tokens[kBlack])));
  }
  for (int i = 0; i < 40; ++i) {  // slowloris: a request line and half a header, then a byte
    held.push_back(std::make_unique<RawSocket>(served.port()));
    ASSERT_TRUE(held.back()->send_text("GET /api/variants HTTP/1.1\r\nHost: x\r\nX-Slow: a"));
  }
  for (int i = 0; i < 40; ++i) {  // a POST whose body never comes
    held.push_back(std::make_unique<RawSocket>(served.port()));
    ASSERT_TRUE(
        held.back()->send_text("POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: "
                               "100\r\n\r\n{\"variant\""));
  }
  for (int i = 40; i < 80; ++i) ASSERT_TRUE(held[static_cast<std::size_t>(i)]->send_text("a"));
  const auto start = std::chrono::steady_clock::now();
  httplib::Client c = served.client();
  c.set_read_timeout(5, 0);
  const httplib::Result view =
      c.Get("/api/games/" + g.id, {{"Authorization", "Bearer " + g.tokens[kWhite]}});
  ASSERT_TRUE(view);
  EXPECT_EQ(view->status, 200);
  served.play(g, kWhite, "e4");
  served.play(g, kBlack, "e5");
  const ServeGame other = served.create("orthodox");
  EXPECT_FALSE(other.id.empty());
  const auto took = std::chrono::steady_clock::now() - start;
  EXPECT_LT(took, std::chrono::seconds(2))
      << std::chrono::duration_cast<std::chrono::milliseconds>(took).count() << " ms";
  // Every stream was told of the game's change, never read or not.
  const std::string first = held.front()->read_until("id: 3\n", 1000);
  EXPECT_NE(first.find("id: 3\nevent: update"), std::string::npos) << first;
}

}  // namespace arbiter::server::testing
