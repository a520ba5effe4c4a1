// The secrets of the monitor: game ids and the per-side tokens, drawn from the operating
// system's entropy, the digests the store keeps instead of the tokens, and their comparison in
// time that does not depend on where they differ.
#pragma once

#include <string>
#include <string_view>

namespace arbiter::server {

/// `bytes` random bytes from std::random_device (the kernel's entropy on Linux), as lower-case
/// hex.
std::string random_hex(int bytes);

/// What the store keeps of a token: "sha256:" and the hex SHA-256 digest of the token (by
/// OpenSSL's libcrypto). A
/// token is 256 random bits, so a digest without salt cannot be inverted by trying tokens.
std::string token_digest(std::string_view token);

/// True for a stored value written by token_digest (a database from before tokens were hashed
/// holds the tokens themselves).
bool is_token_digest(std::string_view stored);

/// Equality of two secrets in constant time for a given length of `expected`.
bool same_secret(std::string_view expected, std::string_view given);

}  // namespace arbiter::server
