// The HTTP layer's connection timeout (issue 38, item 2): a connection silent for --idle-timeout
// seconds is closed, whether it stopped in the middle of its headers or between requests; an
// event stream is not silent (its keep-alive) and is not closed.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "tests/server/serve_fixture.hpp"
#include "tests/server/serve_transport_support.hpp"

namespace arbiter::server::testing {

TEST(ServeTransportSlow, ASilentConnectionIsClosedAfterTheIdleTimeout) {
  ServePolicy policy = serve_test_policy();
  policy.idle_timeout = 1;
  const ServedMonitor served("", "", "", policy);
  const ServeGame g = served.create("diplomacy");
  RawSocket half(served.port());
  ASSERT_TRUE(half.send_text("GET /api/variants HTTP/1.1\r\nHost: x\r\nX-Slow: a"));
  RawSocket idle(served.port());
  ASSERT_TRUE(idle.send_text("GET /api/variants HTTP/1.1\r\nHost: x\r\n\r\n"));
  EXPECT_NE(idle.read_until("HTTP/1.1 200", 1000).find("HTTP/1.1 200"), std::string::npos);
  RawSocket stream(served.port());
  ASSERT_TRUE(stream.send_text(transport_events_request(g.id, g.tokens[kWhite])));
  EXPECT_NE(stream.read_until("event: update", 1000).find("event: update"), std::string::npos);
  bool closed = false;
  half.read_for(3500, &closed);
  EXPECT_TRUE(closed) << "in the middle of its headers";
  idle.read_for(1500, &closed);
  EXPECT_TRUE(closed) << "between requests";
  served.play(g, kBlack, "e5");
  EXPECT_NE(stream.read_for(1000, &closed).find("id: 1\nevent: update"), std::string::npos);
  EXPECT_FALSE(closed) << "the event stream";
}

}  // namespace arbiter::server::testing
