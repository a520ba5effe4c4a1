// The move-text property both SAN fuzzers check: text read as SAN or as UCI either is refused
// with a NotationError or names a legal move whose own SAN reads back to the same move.
#pragma once

#include <cstdlib>
#include <string>

#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"

namespace arbiter::fuzz {

inline void check_move_text(const Position& pos, const std::string& text) {
  for (int uci = 0; uci < 2; ++uci) {
    try {
      const Move m = uci ? parse_uci(pos, text) : parse_san(pos, text);
      if (!is_legal(pos, m)) std::abort();
      if (parse_san(pos, to_san(pos, m)) != m) std::abort();
    } catch (const NotationError&) {
    }
  }
}

}  // namespace arbiter::fuzz
