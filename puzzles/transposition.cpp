// Transposition table of the problem solver (see transposition.hpp).
#include "puzzles/transposition.hpp"

#include <algorithm>
#include <new>

#include <sys/mman.h>

namespace arbiter::puzzles {

void TranspositionTable::Unmap::operator()(Entry* e) const {
  munmap(e, bytes);
}

TranspositionTable::TranspositionTable(int log2_entries)
    : entries_(nullptr, Unmap{(std::size_t{1} << log2_entries) * sizeof(Entry)}),
      size_(std::size_t{1} << log2_entries),
      mask_((std::uint64_t{1} << log2_entries) - 1) {
  // Mapped with room to start on a 2 MiB boundary, and the kernel asked for huge pages: a
  // search that touches the whole table (every hash is random) then takes a few faults, not
  // one per 4 KiB page (thousands, and costly on a virtual machine). Only a hint: with
  // transparent huge pages off the table still works.
  constexpr std::size_t kHuge = std::size_t{2} << 20;
  const std::size_t bytes = entries_.get_deleter().bytes;
  const std::size_t mapped = bytes + kHuge;
  void* p = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  auto* base = static_cast<char*>(p);
  const std::size_t head = (kHuge - reinterpret_cast<std::uintptr_t>(base) % kHuge) % kHuge;
  if (head > 0) munmap(base, head);
  if (kHuge - head > 0) munmap(base + head + bytes, kHuge - head);
  char* table = base + head;
#ifdef MADV_HUGEPAGE
  if (bytes >= kHuge) madvise(table, bytes, MADV_HUGEPAGE);
#endif
  entries_.reset(reinterpret_cast<Entry*>(table));
}

std::optional<bool> TranspositionTable::probe(std::uint64_t key, int depth) const {
  const Entry& e = entries_[key & mask_];
  if (e.key != key) return std::nullopt;
  if (depth >= e.win_at()) return ++hits_, true;
  if (depth <= e.fail_at) return ++hits_, false;
  return std::nullopt;
}

void TranspositionTable::store(std::uint64_t key, int depth, bool reachable) {
  Entry& e = entries_[key & mask_];
  if (e.key != key) e = Entry{key};
  const auto d = static_cast<std::uint8_t>(depth);
  if (reachable)
    e.not_win_at = std::max(e.not_win_at, static_cast<std::uint8_t>(0xFF - d));
  else
    e.fail_at = std::max(e.fail_at, d);
}

void TranspositionTable::clear() {
  std::fill(entries_.get(), entries_.get() + size_, Entry{});
  hits_ = 0;
}

}  // namespace arbiter::puzzles
