// See placement.hpp.
#include "tests/support/placement.hpp"

#include <optional>
#include <string>

#include "rules/core/fen.hpp"

namespace arbiter::test {
namespace {

/// The FEN of `pos` with field `index` (0-based: 2 castling, 3 en passant) replaced.
std::string with_field(const Position& pos, int index, const std::string& value) {
  const std::string fen = to_fen(pos);
  std::size_t at = 0;
  for (int i = 0; i < index; ++i) at = fen.find(' ', at) + 1;
  const std::size_t end = fen.find(' ', at);
  return fen.substr(0, at) + value + (end == std::string::npos ? "" : fen.substr(end));
}

std::optional<Position> read(const VariantPtr& v, const std::string& fen) {
  try {
    return parse_fen(v, fen);
  } catch (const FenError&) {
    return std::nullopt;
  }
}

}  // namespace

bool reader_accepts(const VariantPtr& v, const Position& pos) {
  return read(v, to_fen(pos)).has_value();
}

std::ostream& operator<<(std::ostream& os, const Placement& p) {
  os << "Placement{royal " << int(p.royal[0]) << ' ' << int(p.royal[1]) << ", pieces [";
  for (std::size_t i = 0; i < p.pieces.size(); ++i)
    os << (i ? " " : "") << int(p.pieces[i].first) << ':' << int(p.pieces[i].second);
  return os << "], " << (p.black_to_move ? "black" : "white") << ", castling " << int(p.castling)
            << '}';
}

Position place(const VariantPtr& v, const Placement& p) {
  const PieceType royal = v->royal();
  const Color side = p.black_to_move ? kBlack : kWhite;
  Position pos(v);
  pos.set_side_to_move(side);
  for (Color c : {kWhite, kBlack}) {
    for (int i = 0; i < kSquares; ++i) {
      const auto s = static_cast<Square>((p.royal[c] + i) % kSquares);
      if (pos.occupied() & bb(s) || has(v->piece(royal).forbidden[c], s)) continue;
      Position next = pos;
      next.put(c, royal, s);
      // White's royal alone is not a position the reader takes; judge it with Black's.
      if (c == kWhite || reader_accepts(v, next)) {
        pos = next;
        break;
      }
    }
  }
  for (const auto& [sq, code] : p.pieces) {
    const auto s = static_cast<Square>(sq % kSquares);
    const auto c = static_cast<Color>(code / v->piece_count());
    const auto t = static_cast<PieceType>(code % v->piece_count());
    if (t == royal || pos.occupied() & bb(s) || has(v->piece(t).forbidden[c], s)) continue;
    Position next = pos;
    next.put(c, t, s);
    if (reader_accepts(v, next)) pos = next;
  }
  std::string letters;
  int bit = 0;
  for (Color c : {kWhite, kBlack})
    for (const CastlingMove& m : v->castling(c)) {
      if (p.castling >> bit++ & 1 && read(v, with_field(pos, 2, letters + m.fen))) letters += m.fen;
    }
  return letters.empty() ? pos : parse_fen(v, with_field(pos, 2, letters));
}

}  // namespace arbiter::test
