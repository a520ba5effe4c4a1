#include "server/worker_pool.hpp"

#include <algorithm>

namespace arbiter::server {

WorkerPool::WorkerPool(int threads) {
  for (int i = 0; i < std::max(1, threads); ++i)
    threads_.emplace_back([this] {
      for (;;) {
        std::function<void()> task;
        {
          std::unique_lock lock(mutex_);
          ready_.wait(lock, [this] { return finishing_ || !tasks_.empty(); });
          if (tasks_.empty()) return;  // finishing, and nothing left
          task = std::move(tasks_.front());
          tasks_.pop_front();
        }
        task();
      }
    });
}

WorkerPool::~WorkerPool() {
  finish();
}

bool WorkerPool::post(std::function<void()> task) {
  {
    const std::lock_guard lock(mutex_);
    if (finishing_) return false;
    tasks_.push_back(std::move(task));
  }
  ready_.notify_one();
  return true;
}

void WorkerPool::finish() {
  {
    const std::lock_guard lock(mutex_);
    finishing_ = true;
  }
  ready_.notify_all();
  for (std::thread& t : threads_)
    if (t.joinable() && t.get_id() != std::this_thread::get_id()) t.join();
  threads_.clear();
}

}  // namespace arbiter::server
