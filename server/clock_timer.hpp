// The monitor's clock timer (issue 38, item 6): a thread that wakes at the earliest deadline of
// the running clocks, so that a side out of time loses (or passes) without any request
// arriving. It knows no game: `check` (the monitor's) settles every clock due and returns the
// next deadline. It looks again at least every `poll`, so that a clock set back or forward (or
// a test's clock advanced) is seen within that time.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

#include "server/clock.hpp"

namespace arbiter::server {

class ClockTimer {
 public:
  /// Starts the thread; its first call of `check` comes at once.
  ClockTimer(std::function<std::optional<ClockMs>()> check, ClockSource now,
             std::chrono::milliseconds poll);
  /// Stops and joins the thread.
  ~ClockTimer();
  ClockTimer(const ClockTimer&) = delete;
  ClockTimer& operator=(const ClockTimer&) = delete;

  /// A clock started or changed: look again now.
  void poke();

 private:
  void loop();

  std::function<std::optional<ClockMs>()> check_;
  ClockSource now_;
  std::chrono::milliseconds poll_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool poked_ = true;
  bool stopping_ = false;
  std::thread thread_;  ///< last: started once the members above exist
};

}  // namespace arbiter::server
