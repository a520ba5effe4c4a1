// The monitor's secrets (server/tokens.hpp): hex of the asked length, never twice the same,
// and compared whole.
#include "server/tokens.hpp"

#include <gtest/gtest.h>

#include <set>

namespace arbiter::server {
namespace {

TEST(Tokens, RandomHexHasTwoDigitsPerByteAndDoesNotRepeat) {
  std::set<std::string> seen;
  for (int i = 0; i < 100; ++i) {
    const std::string t = random_hex(32);
    ASSERT_EQ(t.size(), 64U);
    EXPECT_EQ(t.find_first_not_of("0123456789abcdef"), std::string::npos) << t;
    seen.insert(t);
  }
  EXPECT_EQ(seen.size(), 100U);
}

TEST(Tokens, SameSecretNeedsEveryCharacterAndTheLength) {
  EXPECT_TRUE(same_secret("abcd", "abcd"));
  EXPECT_FALSE(same_secret("abcd", "abce"));
  EXPECT_FALSE(same_secret("abcd", "bbcd"));
  EXPECT_FALSE(same_secret("abcd", "abc"));
  EXPECT_FALSE(same_secret("abcd", "abcde"));
  EXPECT_FALSE(same_secret("abcd", ""));
}

}  // namespace
}  // namespace arbiter::server
