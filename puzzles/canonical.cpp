// Canonical problem forms (see canonical.hpp).
#include "puzzles/canonical.hpp"

#include <algorithm>

#include "rules/core/fen.hpp"

namespace arbiter::puzzles {
namespace {

constexpr Square mirror(Square s) {
  return static_cast<Square>(s ^ 7);
}

Bitboard mirror(Bitboard b) {
  Bitboard out = 0;
  for (; b; b &= b - 1) out |= Bitboard{1} << mirror(static_cast<Square>(std::countr_zero(b)));
  return out;
}

bool same_moves(const SquareMoves& a, const SquareMoves& b) {
  return mirror(a.leap_move) == b.leap_move && mirror(a.leap_capture) == b.leap_capture &&
         mirror(a.rook_move) == b.rook_move && mirror(a.rook_capture) == b.rook_capture &&
         mirror(a.bishop_move) == b.bishop_move && mirror(a.bishop_capture) == b.bishop_capture &&
         mirror(a.en_passant) == b.en_passant && mirror(a.initial_only) == b.initial_only;
}

bool riders_mirror(const std::vector<RiderStep>& riders) {
  for (const RiderStep& r : riders) {
    const bool found = std::any_of(riders.begin(), riders.end(), [&](const RiderStep& o) {
      return o.df == -r.df && o.dr == r.dr && o.range == r.range && o.move == r.move &&
             o.capture == r.capture && o.from_mask == mirror(r.from_mask);
    });
    if (!found) return false;
  }
  return true;
}

/// FEN without the two clock fields.
std::string board_fen(const Position& pos) {
  std::string fen = to_fen(pos);
  for (int i = 0; i < 2; ++i) fen.erase(fen.find_last_of(' '));
  return fen;
}

}  // namespace

bool file_mirror_symmetric(const Variant& v) {
  for (int t = 0; t < v.piece_count(); ++t) {
    const PieceInfo& p = v.piece(static_cast<PieceType>(t));
    for (Color c : {kWhite, kBlack}) {
      if (mirror(p.forbidden[c]) != p.forbidden[c] ||
          mirror(p.promotion_squares[c]) != p.promotion_squares[c] ||
          !riders_mirror(p.moves.riders[c]))
        return false;
      for (int s = 0; s < kSquares; ++s)
        if (!same_moves(p.moves.at[c][s], p.moves.at[c][mirror(static_cast<Square>(s))]))
          return false;
    }
  }
  return true;
}

Position mirror_files(const Position& pos) {
  Position out(pos.variant_ptr());
  for (Color c : {kWhite, kBlack})
    for (Bitboard b = pos.pieces(c); b; b &= b - 1) {
      const auto s = static_cast<Square>(std::countr_zero(b));
      out.put(c, pos.piece_on(c, s), mirror(s));
    }
  out.set_converted(mirror(pos.converted()));
  out.set_converted_unmoved(mirror(pos.converted_unmoved()));
  out.set_side_to_move(pos.side_to_move());
  if (pos.en_passant() != kNoSquare) out.set_en_passant(mirror(pos.en_passant()));
  return out;
}

std::string canonical_problem(const Position& pos, const Stipulation& stip) {
  std::string best = board_fen(pos);
  if (pos.castling_rights() == 0 && file_mirror_symmetric(pos.variant()))
    best = std::min(best, board_fen(mirror_files(pos)));
  return stip.str() + " " + best;
}

}  // namespace arbiter::puzzles
