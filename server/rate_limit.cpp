#include "server/rate_limit.hpp"

#include <algorithm>
#include <cmath>

namespace arbiter::server {
namespace {

constexpr std::size_t kPruneAbove = 4096;  // buckets kept before the full ones are dropped

}  // namespace

long CreationLimiter::take(const std::string& address, Clock::time_point now) {
  if (limit_.per_minute <= 0) return 0;
  const double burst = std::max(1.0, limit_.burst);
  const double per_second = limit_.per_minute / 60.0;
  const std::lock_guard lock(mutex_);
  if (buckets_.size() > kPruneAbove) forget_full(now);
  auto [it, fresh] = buckets_.try_emplace(address, Bucket{burst, now});
  Bucket& b = it->second;
  if (!fresh) {
    const double elapsed = std::chrono::duration<double>(now - b.at).count();
    b.tokens = std::min(burst, b.tokens + elapsed * per_second);
    b.at = now;
  }
  if (b.tokens >= 1.0) {
    b.tokens -= 1.0;
    return 0;
  }
  return std::max(1L, static_cast<long>(std::ceil((1.0 - b.tokens) / per_second)));
}

void CreationLimiter::forget_full(Clock::time_point now) {
  const double burst = std::max(1.0, limit_.burst);
  const double per_second = limit_.per_minute / 60.0;
  std::erase_if(buckets_, [&](const auto& entry) {
    const double elapsed = std::chrono::duration<double>(now - entry.second.at).count();
    return entry.second.tokens + elapsed * per_second >= burst;
  });
}

std::string client_address(const std::string& peer, const std::string& forwarded_for,
                           bool behind_proxy) {
  if (!behind_proxy || forwarded_for.empty()) return peer;
  std::string last = forwarded_for.substr(forwarded_for.rfind(',') + 1);
  const std::size_t first = last.find_first_not_of(' ');
  if (first == std::string::npos) return peer;
  last = last.substr(first, last.find_last_not_of(' ') - first + 1);
  return last;
}

}  // namespace arbiter::server
