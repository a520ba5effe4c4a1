// The zeroed tables (puzzles/zeroed_pages.hpp): every entry reads as all zero bytes until
// written (the transposition tables' and the blockers' memory's empty entry), whatever the size
// (below a quarter of a huge page, mapped as it is; above, rounded up to whole huge pages).
#include <gtest/gtest.h>

#include <cstdint>

#include "puzzles/zeroed_pages.hpp"

namespace arbiter::puzzles {
namespace {

struct Slot {
  std::uint64_t key;
  std::uint8_t count;
};

TEST(ZeroedArray, EveryEntryReadsZeroUntilWrittenAtAnySize) {
  for (std::size_t count :
       {std::size_t{1}, std::size_t{4096}, std::size_t{1} << 15, std::size_t{1} << 18}) {
    ZeroedArray<Slot> a(count);
    ASSERT_EQ(a.size(), count);
    std::size_t nonzero = 0;
    for (const Slot& s : a) nonzero += s.key != 0 || s.count != 0;
    EXPECT_EQ(nonzero, 0U) << count;
    a[count - 1] = Slot{42, 7};
    a[0].count = 3;
    EXPECT_EQ(a[count - 1].key, 42U);
    EXPECT_EQ(a[0].count, 3U);
  }
}

TEST(ZeroedArray, AnEmptyOneIsMadeOnFirstUse) {
  ZeroedArray<Slot> a;
  EXPECT_TRUE(a.empty());
  a = ZeroedArray<Slot>(1 << 14);
  EXPECT_FALSE(a.empty());
  EXPECT_EQ(a[(1 << 14) - 1].key, 0U);
}

}  // namespace
}  // namespace arbiter::puzzles
