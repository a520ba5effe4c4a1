// SHA-256 (FIPS 180-4), for the digests of the monitor's tokens (server/tokens.hpp). Written
// here rather than taken from OpenSSL so that the server library and the fuzz target that
// compiles its sources need no crypto library of their own.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace arbiter::server {

/// The 32-byte SHA-256 digest of `data`.
std::array<std::uint8_t, 32> sha256(std::string_view data);

}  // namespace arbiter::server
