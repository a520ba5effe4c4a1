// The per-address limit on game creation (issue 38, item 6): a token bucket per client
// address, 429 with Retry-After over it, and X-Forwarded-For read only behind a proxy.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "server/rate_limit.hpp"
#include "tests/server/serve_fixture.hpp"

namespace arbiter::server::testing {
namespace {

ServePolicy limited_policy(bool behind_proxy) {
  ServePolicy p = serve_test_policy();
  p.creation = {60, 2};  // two at once, then one a second
  p.behind_proxy = behind_proxy;
  return p;
}

int create_status_from(const ServedMonitor& served, const std::string& forwarded_for,
                       std::string* retry_after = nullptr) {
  httplib::Headers h;
  if (!forwarded_for.empty()) h.emplace("X-Forwarded-For", forwarded_for);
  const httplib::Result r =
      served.client().Post("/api/games", h, R"({"variant": "orthodox"})", "application/json");
  EXPECT_TRUE(r);
  if (!r) return 0;
  if (retry_after) *retry_after = r->get_header_value("Retry-After");
  return r->status;
}

}  // namespace

TEST(CreationLimiter, AnAddressMayCreateItsBurstThenOneGamePerIntervalAndOthersAreApart) {
  CreationLimiter limiter({6, 2});  // one every 10 s
  const auto t0 = CreationLimiter::Clock::time_point{} + std::chrono::hours(1);
  EXPECT_EQ(limiter.take("a", t0), 0);
  EXPECT_EQ(limiter.take("a", t0), 0);
  EXPECT_EQ(limiter.take("a", t0), 10) << "the next token in 10 s";
  EXPECT_EQ(limiter.take("b", t0), 0) << "another address has its own bucket";
  EXPECT_EQ(limiter.take("a", t0 + std::chrono::seconds(4)), 6);
  EXPECT_EQ(limiter.take("a", t0 + std::chrono::seconds(10)), 0);
  EXPECT_EQ(limiter.take("a", t0 + std::chrono::seconds(10)), 10);
  EXPECT_EQ(limiter.take("a", t0 + std::chrono::hours(1)), 0) << "refilled, up to the burst";
  EXPECT_EQ(limiter.take("a", t0 + std::chrono::hours(1)), 0);
  EXPECT_GT(limiter.take("a", t0 + std::chrono::hours(1)), 0);
}

TEST(CreationLimiter, ARateOfZeroIsNoLimit) {
  CreationLimiter limiter({0, 1});
  for (int i = 0; i < 100; ++i) EXPECT_EQ(limiter.take("a"), 0);
}

TEST(CreationLimiter, TheClientAddressIsXForwardedForsLastOnlyBehindAProxy) {
  EXPECT_EQ(client_address("10.0.0.1", "1.2.3.4, 5.6.7.8", false), "10.0.0.1");
  EXPECT_EQ(client_address("10.0.0.1", "1.2.3.4, 5.6.7.8", true), "5.6.7.8")
      << "the address the proxy added, not the one the client claimed";
  EXPECT_EQ(client_address("10.0.0.1", "5.6.7.8", true), "5.6.7.8");
  EXPECT_EQ(client_address("10.0.0.1", "", true), "10.0.0.1");
  EXPECT_EQ(client_address("10.0.0.1", " , ", true), "10.0.0.1");
}

TEST(ServeRateLimit, CreationOverTheLimitIs429WithRetryAfterAndPlayIsNotLimited) {
  const ServedMonitor served("", "", "", limited_policy(false));
  EXPECT_EQ(create_status_from(served, ""), 201);
  const ServeGame g = served.create("orthodox");
  std::string retry_after;
  EXPECT_EQ(create_status_from(served, "", &retry_after), 429);
  EXPECT_EQ(retry_after, "1");
  // Not behind a proxy: a forged X-Forwarded-For is no other address.
  EXPECT_EQ(create_status_from(served, "198.51.100.7"), 429);
  EXPECT_EQ(served.games(), 2U);
  served.play(g, kWhite, "e4");  // playing is not limited
  served.play(g, kBlack, "e5");
}

TEST(ServeRateLimit, BehindAProxyEachForwardedAddressHasItsOwnLimit) {
  const ServedMonitor served("", "", "", limited_policy(true));
  for (int i = 0; i < 2; ++i) EXPECT_EQ(create_status_from(served, "203.0.113.1"), 201);
  EXPECT_EQ(create_status_from(served, "203.0.113.1"), 429);
  EXPECT_EQ(create_status_from(served, "spoofed, 203.0.113.1"), 429)
      << "what the client put before the proxy's address does not count";
  EXPECT_EQ(create_status_from(served, "203.0.113.2"), 201);
}

}  // namespace arbiter::server::testing
