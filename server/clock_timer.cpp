#include "server/clock_timer.hpp"

#include <algorithm>

namespace arbiter::server {

ClockTimer::ClockTimer(std::function<std::optional<ClockMs>()> check, ClockSource now,
                       std::chrono::milliseconds poll)
    : check_(std::move(check)), now_(std::move(now)), poll_(poll), thread_([this] { loop(); }) {}

ClockTimer::~ClockTimer() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void ClockTimer::poke() {
  {
    const std::lock_guard lock(mutex_);
    poked_ = true;
  }
  wake_.notify_all();
}

void ClockTimer::loop() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    poked_ = false;
    lock.unlock();  // the check takes the games' locks, which poke()'s callers may hold
    const std::optional<ClockMs> next = check_();
    lock.lock();
    if (stopping_) break;
    if (poked_) continue;
    if (!next) {  // no clock runs: sleep until one starts
      wake_.wait(lock, [this] { return poked_ || stopping_; });
      continue;
    }
    const auto wait =
        std::clamp(std::chrono::milliseconds(*next - now_()), std::chrono::milliseconds(0), poll_);
    wake_.wait_for(lock, wait, [this] { return poked_ || stopping_; });
  }
}

}  // namespace arbiter::server
