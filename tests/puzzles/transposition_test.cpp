// The solver's transposition table (puzzles/transposition.hpp): its answers, and its growth
// from a small first size, which keeps what it was told.
#include "puzzles/transposition.hpp"

#include <gtest/gtest.h>

#include <cstdint>

#include "rules/core/splitmix.hpp"

namespace arbiter::puzzles {
namespace {

TEST(TranspositionTable, AnswersTheDepthsItWasToldOf) {
  TranspositionTable t(12);
  t.store(0x1234, 3, true);   // reachable in 3: so in 4 and more
  t.store(0x5678, 2, false);  // unreachable within 2: so within 1
  EXPECT_EQ(t.probe(0x1234, 3), true);
  EXPECT_EQ(t.probe(0x1234, 5), true);
  EXPECT_EQ(t.probe(0x1234, 2), std::nullopt);
  EXPECT_EQ(t.probe(0x5678, 1), false);
  EXPECT_EQ(t.probe(0x5678, 3), std::nullopt);
  EXPECT_EQ(t.probe(0x9ABC, 1), std::nullopt);
}

TEST(TranspositionTable, StartsSmallAndGrowsFourfoldToItsSizeKeepingItsEntries) {
  TranspositionTable t(16, 12);
  EXPECT_EQ(t.size(), std::size_t{1} << 12);
  // Keys with distinct low bits: none is overwritten, so every one is still there after
  // each growth (past a sixteenth of the slots written: the 257th key at 2^12, then the
  // 1,025th after it at 2^14).
  std::uint64_t k = 0;
  const auto key = [](std::uint64_t i) { return splitmix64(i) << 16 | i; };
  for (; k < 257; ++k) t.store(key(k), 1, true);
  EXPECT_EQ(t.size(), std::size_t{1} << 14);
  for (; k < 1281; ++k) t.store(key(k), 1, true);
  EXPECT_EQ(t.size(), std::size_t{1} << 14);
  t.store(key(k++), 1, true);
  EXPECT_EQ(t.size(), std::size_t{1} << 16);
  for (; k < 20000; ++k) t.store(key(k), 1, true);
  EXPECT_EQ(t.size(), std::size_t{1} << 16);  // never past its size
  for (std::uint64_t i = 0; i < 20000; ++i) ASSERT_EQ(t.probe(key(i), 1), true) << i;
}

TEST(TranspositionTable, AFirstSizeNotBelowItsSizeIsItsSize) {
  EXPECT_EQ(TranspositionTable(12, 18).size(), std::size_t{1} << 12);
  EXPECT_EQ(TranspositionTable(12).size(), std::size_t{1} << 12);
}

}  // namespace
}  // namespace arbiter::puzzles
