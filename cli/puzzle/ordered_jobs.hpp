// Many problems on several threads, their results printed in file order (`puzzle solve FILE
// --jobs N`, `puzzle check --jobs N`). The solver keeps no global state, so problems solve
// independently; each worker takes the next problem, and the calling thread prints each result
// as soon as it and every one before it are done.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace arbiter::cli {

/// Calls `work(i)` for each i in [0, n) on `jobs` threads (1: in turn on this thread) and
/// `emit(i, result)` on this thread in the order of i. `work` must not throw.
template <typename Result, typename Work, typename Emit>
void run_ordered(std::size_t n, int jobs, Work work, Emit emit) {
  if (jobs <= 1 || n <= 1) {
    for (std::size_t i = 0; i < n; ++i) emit(i, work(i));
    return;
  }
  std::vector<std::optional<Result>> done(n);
  std::mutex m;
  std::condition_variable ready;
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> workers;
  const auto threads = std::min(static_cast<std::size_t>(jobs), n);
  for (std::size_t t = 0; t < threads; ++t)
    workers.emplace_back([&] {
      for (std::size_t i = next++; i < n; i = next++) {
        Result r = work(i);
        {
          const std::lock_guard<std::mutex> lock(m);
          done[i] = std::move(r);
        }
        ready.notify_all();
      }
    });
  for (std::size_t i = 0; i < n; ++i) {
    std::optional<Result> r;
    {
      std::unique_lock<std::mutex> lock(m);
      ready.wait(lock, [&] { return done[i].has_value(); });
      r = std::move(done[i]);
      done[i].reset();
    }
    emit(i, std::move(*r));
  }
  for (auto& w : workers) w.join();
}

}  // namespace arbiter::cli
