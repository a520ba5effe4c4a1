// The secrets of the monitor: game ids and the per-side tokens, drawn from the operating
// system's entropy, and their comparison in time that does not depend on where they differ.
#pragma once

#include <string>
#include <string_view>

namespace arbiter::server {

/// `bytes` random bytes from std::random_device (the kernel's entropy on Linux), as lower-case
/// hex.
std::string random_hex(int bytes);

/// Equality of two secrets in constant time for a given length of `expected`.
bool same_secret(std::string_view expected, std::string_view given);

}  // namespace arbiter::server
