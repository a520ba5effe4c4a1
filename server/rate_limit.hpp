// The per-address limit on game creation (issue 38, item 6): a token bucket per client
// address. Each address may create `burst` games at once, and one more every 60/`per_minute`
// seconds after that; a request over the limit is told when the next one is allowed (HTTP 429
// with Retry-After). Creation is the one request that anybody may make and that costs the
// server memory and a write, so it is the one limited.
#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <string>

namespace arbiter::server {

struct CreationLimit {
  double per_minute = 0;  ///< games an address may create per minute; 0: no limit
  double burst = 0;       ///< games an address may create at once (at least 1 when limited)
};

class CreationLimiter {
 public:
  using Clock = std::chrono::steady_clock;

  explicit CreationLimiter(CreationLimit limit) : limit_(limit) {}

  /// Takes one creation for `address` at `now`: 0 when allowed, else the whole seconds (at
  /// least 1) until it would be.
  long take(const std::string& address, Clock::time_point now = Clock::now());

 private:
  struct Bucket {
    double tokens = 0;
    Clock::time_point at;
  };
  /// Drops the buckets that have filled up again (they equal a new one), so that the map holds
  /// only addresses seen in the last burst/rate.
  void forget_full(Clock::time_point now);

  CreationLimit limit_;
  std::mutex mutex_;
  std::map<std::string, Bucket> buckets_;
};

/// The client address the limit counts: the connection's peer, or, when `behind_proxy`, the
/// last address of X-Forwarded-For (the one the proxy itself added: the earlier ones are what
/// the client claimed) when the header is present.
std::string client_address(const std::string& peer, const std::string& forwarded_for,
                           bool behind_proxy);

}  // namespace arbiter::server
