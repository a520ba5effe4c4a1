#include "server/tokens.hpp"

#include <openssl/evp.h>

#include <array>
#include <random>
#include <stdexcept>

namespace arbiter::server {

std::string random_hex(int bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::random_device device("/dev/urandom");  // the kernel's entropy, never a PRNG
  std::string out;
  out.reserve(static_cast<std::size_t>(bytes) * 2);
  unsigned word = 0;
  for (int i = 0; i < bytes; ++i) {
    if (i % 4 == 0) word = device();
    const unsigned byte = word & 0xFF;
    word >>= 8;
    out += kHex[byte >> 4];
    out += kHex[byte & 0xF];
  }
  return out;
}

namespace {
constexpr std::string_view kDigestPrefix = "sha256:";
}  // namespace

std::string token_digest(std::string_view token) {
  static constexpr char kHex[] = "0123456789abcdef";
  // OpenSSL's libcrypto computes the digest: crypto is taken from a maintained library, never
  // written here.
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned size = 0;
  if (EVP_Digest(token.data(), token.size(), digest.data(), &size, EVP_sha256(), nullptr) != 1 ||
      size != 32)
    throw std::runtime_error("OpenSSL could not compute a SHA-256 digest");
  std::string out(kDigestPrefix);
  for (unsigned i = 0; i < size; ++i) {
    const unsigned byte = digest[i];
    out += kHex[byte >> 4];
    out += kHex[byte & 0xF];
  }
  return out;
}

bool is_token_digest(std::string_view stored) {
  return stored.size() == kDigestPrefix.size() + 64 &&
         stored.compare(0, kDigestPrefix.size(), kDigestPrefix) == 0;
}

bool same_secret(std::string_view expected, std::string_view given) {
  // Every byte of `expected` is compared, whatever `given` holds, so the time says nothing
  // about how much of a guess was right.
  unsigned diff = expected.size() == given.size() ? 0U : 1U;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const unsigned char g = i < given.size() ? static_cast<unsigned char>(given[i]) : 0;
    diff |= static_cast<unsigned char>(expected[i]) ^ g;
  }
  return diff == 0;
}

}  // namespace arbiter::server
