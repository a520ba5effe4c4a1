// Zeroed memory from anonymous mappings (see zeroed_pages.hpp).
#include "puzzles/zeroed_pages.hpp"

#include <algorithm>
#include <cstdint>
#include <new>

#include <sys/mman.h>

namespace arbiter::puzzles {
namespace {

constexpr std::size_t kHuge = std::size_t{2} << 20;

/// The bytes mapped for `bytes`: from a quarter of a huge page up, at least one whole huge
/// page (1 MiB in 4 KiB pages: about 1.5 ms of faults on a virtual machine, a tenth of a small
/// helpmate's process). Smaller tables keep their size (the generator's table, cleared per
/// candidate, is 64 KiB).
std::size_t mapped_bytes(std::size_t bytes) {
  return bytes >= kHuge / 4 ? std::max(bytes, kHuge) : bytes;
}

}  // namespace

void* map_zeroed_pages(std::size_t bytes) {
  if (bytes == 0) return nullptr;
  bytes = mapped_bytes(bytes);
  if (bytes < kHuge) {
    // A small table (the targets' memories of the blockers, 384 KiB and 224 KiB) is read at
    // random, so most of its pages are touched: they are faulted in by the one call, which on a
    // virtual machine costs far less than a fault per page (intell 43, 528 -> 347 faults).
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    return p;
  }
  // Mapped with room to start on a 2 MiB boundary, and the kernel asked for huge pages: a
  // search that touches the whole table (every hash is random) then takes a few faults, not
  // one per 4 KiB page (thousands, and costly on a virtual machine). Only a hint: with
  // transparent huge pages off the memory still works.
  const std::size_t mapped = bytes + kHuge;
  void* p = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  auto* base = static_cast<char*>(p);
  const std::size_t head = (kHuge - reinterpret_cast<std::uintptr_t>(base) % kHuge) % kHuge;
  if (head > 0) munmap(base, head);
  if (kHuge - head > 0) munmap(base + head + bytes, kHuge - head);
  char* table = base + head;
#ifdef MADV_HUGEPAGE
  madvise(table, bytes, MADV_HUGEPAGE);
#endif
  return table;
}

void release_zeroed_pages(void* p, std::size_t bytes) {
  if (p) munmap(p, mapped_bytes(bytes));
}

}  // namespace arbiter::puzzles
