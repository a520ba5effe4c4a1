// Tables whose empty entry is all zero bytes, held in an anonymous mapping: the system hands
// out zeroed pages, so a search never clears them. (calloc would do the same only while glibc
// serves the size by mmap, which its sliding threshold stops after the first free; a
// std::vector writes every entry.) The transposition tables, and the helpmate targets' memories
// of blockers and of a stalemate's pictures. Their keys are random, so a search touches most
// pages of a table: from a quarter of a huge page up, the memory is mapped as whole huge pages
// (asked of the kernel, only a hint), one fault where 4 KiB pages are hundreds; a smaller
// table has its pages faulted in when it is mapped (MAP_POPULATE), one call instead of a fault
// a page (a fault costs 10 to 25 us on a virtual machine).
#pragma once

#include <cstddef>
#include <memory>
#include <type_traits>

namespace arbiter::puzzles {

/// `bytes` of zeroed memory (nullptr for none); released with release_zeroed_pages(p, bytes).
void* map_zeroed_pages(std::size_t bytes);
void release_zeroed_pages(void* p, std::size_t bytes);

/// `count` entries of T, each all zero bytes until written.
template <typename T>
class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "the entries are raw zeroed memory");

 public:
  ZeroedArray() = default;
  explicit ZeroedArray(std::size_t count)
      : entries_(static_cast<T*>(map_zeroed_pages(count * sizeof(T))), Release{count * sizeof(T)}),
        count_(count) {}
  T& operator[](std::size_t i) { return entries_[i]; }
  const T& operator[](std::size_t i) const { return entries_[i]; }
  T* begin() { return entries_.get(); }
  T* end() { return entries_.get() + count_; }
  std::size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }

 private:
  struct Release {
    std::size_t bytes = 0;
    void operator()(T* p) const { release_zeroed_pages(p, bytes); }
  };
  std::unique_ptr<T[], Release> entries_;
  std::size_t count_ = 0;
};

}  // namespace arbiter::puzzles
