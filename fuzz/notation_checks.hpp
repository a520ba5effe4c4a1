// The notation properties the fuzzers check: text read as a FEN (check_fen_text) or as a move
// (check_move_text) is refused with the reader's own error or reads back to the same thing.
#pragma once

#include <cstdlib>
#include <string>
#include <string_view>

#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"

namespace arbiter::fuzz {

/// Text read as a FEN of `variant`: a FenError, or a position whose FEN parses back to it.
inline void check_fen_text(const VariantPtr& variant, std::string_view text) {
  try {
    const Position pos = parse_fen(variant, text);
    const Position again = parse_fen(variant, to_fen(pos));
    if (!(again == pos)) std::abort();
  } catch (const FenError&) {
  }
}

/// Text read as SAN or as UCI: a NotationError, or a legal move whose own SAN reads back to it.

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
