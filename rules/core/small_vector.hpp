// A sequence that keeps its first N elements inline and moves to the heap only beyond them.
// Why: a Diplomacy resolution lists one fate per submission, nearly always two, and resolving
// a pair is the resolver's hot path; a std::vector there cost one allocation per pair (about a
// sixth of the time of an independent pair, bench/diplomacy_bench.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <initializer_list>
#include <vector>

namespace arbiter {

template <typename T, std::size_t N>
class SmallVector {
 public:
  using value_type = T;
  using iterator = T*;
  using const_iterator = const T*;
  using size_type = std::size_t;

  SmallVector() = default;
  SmallVector(std::initializer_list<T> init) {
    for (const T& x : init) push_back(x);
  }

  void push_back(const T& x) {
    if (size_ < N) {
      inline_[size_] = x;
    } else {
      if (size_ == N) heap_.assign(inline_.begin(), inline_.end());
      heap_.push_back(x);
    }
    ++size_;
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* data() { return size_ <= N ? inline_.data() : heap_.data(); }
  const T* data() const { return size_ <= N ? inline_.data() : heap_.data(); }
  T& operator[](std::size_t i) { return data()[i]; }
  const T& operator[](std::size_t i) const { return data()[i]; }
  T* begin() { return data(); }
  T* end() { return data() + size_; }
  const T* begin() const { return data(); }
  const T* end() const { return data() + size_; }

  friend bool operator==(const SmallVector& a, const SmallVector& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  std::array<T, N> inline_{};
  std::vector<T> heap_;  ///< every element once there are more than N
  std::size_t size_ = 0;
};

}  // namespace arbiter
