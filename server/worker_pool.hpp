// The threads that run the HTTP server's requests (server/http_server.cpp): the event loop
// reads and writes the connections and hands each complete request here, so a request that
// waits for a game's lock or for SQLite's commit holds a worker, never the loop.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace arbiter::server {

class WorkerPool {
 public:
  /// Starts `threads` workers (at least one).
  explicit WorkerPool(int threads);
  /// finish().
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  /// Queues `task` for the next free worker, in order; false once finish() has begun (the task
  /// is not run).
  bool post(std::function<void()> task);

  /// Runs every task queued so far, then ends the workers. Idempotent.
  void finish();

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> tasks_;
  bool finishing_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace arbiter::server
