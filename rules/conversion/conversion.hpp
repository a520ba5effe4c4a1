// Conversion Chess co-effects, compiled from [effects.conversion] and the table's knobs.
// Rule text: ../shared/rules-text/conversion-chess.txt. A moving piece that lands off the rank
// and file of a co-pair partner ("twin") defines two co-squares (the other two corners of the
// rectangle); enemy pieces on them change colour. A threat to convert the royal piece is check.
#pragma once

#include <bit>
#include <cstdint>
#include <map>
#include <string>

#include "rules/conversion/conversion_knobs.hpp"
#include "rules/core/geometry.hpp"
#include "rules/core/piece_type.hpp"
#include "rules/core/position.hpp"
#include "rules/core/rule_table.hpp"

namespace arbiter {

/// What a compiled table knows of the co-effect (Variant::conversion(); `enabled` false and no
/// pairs in a table without [effects.conversion]).
struct ConversionRules {
  bool enabled = false;
  /// partners[t]: bit u set when a moving piece of type t pairs with a standing piece of type u;
  /// symmetric (bit t of partners[u] is set too).
  PieceTypeMask partners[kMaxPieceTypes] = {};
  PieceTypeMask paired = 0;  ///< types that take part in some co-pair
  /// Its knobs: the table's Variant::knobs().conversion (set with them, never null).
  const ConversionKnobs* knobs = nullptr;
};

/// Compiles [effects.conversion] of `v`'s table: which piece types pair with which (`knobs`:
/// the table's compiled knobs of the co-effect).
ConversionRules compile_conversion(const Variant& v, const ConversionKnobs& knobs);

/// The co-effect's knobs in force for `v`.
inline const ConversionKnobs& conversion_knobs(const Variant& v) {
  return *v.conversion().knobs;
}

/// The pieces of colour `c` whose type takes part in some co-pair.
inline Bitboard paired_pieces(const Position& pos, Color c) {
  Bitboard out = 0;
  for (PieceTypeMask m = pos.variant().conversion().paired; m;
       m &= static_cast<PieceTypeMask>(m - 1))
    out |= pos.pieces(c, static_cast<PieceType>(std::countr_zero(m)));
  return out;
}

/// The pieces of colour `c` that pair with a mover of type `t` (the mover itself included when
/// its own type pairs).
inline Bitboard partner_pieces(const Position& pos, Color c, PieceType t) {
  Bitboard out = 0;
  for (PieceTypeMask m = pos.variant().conversion().partners[t]; m;
       m &= static_cast<PieceTypeMask>(m - 1))
    out |= pos.pieces(c, static_cast<PieceType>(std::countr_zero(m)));
  return out;
}

/// The two co-squares of a mover on `to` and a twin on `twin` (empty when they share a rank or
/// a file).
inline Bitboard co_squares(Square to, Square twin) {
  if (file_of(to) == file_of(twin) || rank_of(to) == rank_of(twin)) return 0;
  return bb(make_square(file_of(twin), rank_of(to))) | bb(make_square(file_of(to), rank_of(twin)));
}

/// The co-squares a piece forms by landing on `to`; `twins` are the squares of its partners
/// (the mover itself excluded). The twins off `to`'s rank and file give their files on `to`'s
/// rank and their ranks on `to`'s file: both by fills, without a loop over the twins.
inline Bitboard co_squares_of(Square to, Bitboard twins) {
  const Bitboard rank = rank_bb(to), file = file_bb(to);
  Bitboard files = twins & ~rank & ~file;
  if (!files) return 0;
  constexpr Bitboard kLow7 = 0x7F7F7F7F7F7F7F7FULL, kHigh = 0x8080808080808080ULL;
  // Their ranks: a rank's byte is non-zero when a twin stands on it.
  const Bitboard ranks = ((((files & kLow7) + kLow7) | files) & kHigh) >> 7;
  files |= files >> 32;
  files |= files >> 16;
  files |= files >> 8;
  return ((files & 0xFF) * 0x0101010101010101ULL & rank) | (ranks * 0xFF & file);
}

/// True when `by` has a move that would convert a piece standing on `target` (a royal piece
/// there is in check). Occupancy and pieces are the position's.
bool conversion_threat(const Position& pos, Square target, Color by);

/// The same on a changed board: `occupied` is the occupancy, `removed` squares of `by` whose
/// pieces are gone (captured), `victims` the pieces `by` may capture. Castling threats are
/// judged on the position as it is (see castling_may_threaten).
bool conversion_threat_after(const Position& pos, Square target, Color by, Bitboard occupied,
                             Bitboard removed, Bitboard victims, bool castling = true);

/// Whether some piece of `c` has a twin (a partner other than itself), from its pieces: only
/// then can a move of `c` convert. Position keeps it (Position::has_co_pair).
bool pieces_pair(const Position& pos, Color c);

/// The co-squares the castling `cm` of `by` forms, both pieces judged on the board after it
/// (its king and rook standing where the castling move found them).
Bitboard castling_co_squares_formed(const Position& pos, const CastlingMove& cm, Color by);
/// The same from the partners of the castling side's royal piece and castling rook as they
/// stand before it (partner_pieces of their types), for a caller that has them.
Bitboard castling_co_squares_formed(const Variant& v, const CastlingMove& cm,
                                    Bitboard royal_partners, Bitboard rook_partners);

/// Squares on which some castling move of `by` (with its right) could ever form a co-square,
/// whether or not it is possible now: castling threats lie within these.
Bitboard castling_danger(const Position& pos, Color by);

/// The types whose pieces castling_danger reads (besides the castling rights): the royal piece,
/// `by`'s castling rooks and the partners of both. A move of no such piece that changes no
/// right leaves castling_danger as it is.
PieceTypeMask castling_danger_types(const Variant& v, Color by);

/// The ranks and files of the landing squares of `by`'s castling moves (with their rights): a
/// co-square shares a line with the piece that formed it, so castling_danger lies within these.
Bitboard castling_lines(const Position& pos, Color by);

/// Non-promoting destinations of `c`'s piece of type `t` on `from`, for a board occupied as
/// `occupied`, capturing only among `victims`.
Bitboard piece_destinations(const Position& pos, Color c, PieceType t, Square from,
                            Bitboard occupied, Bitboard victims);

/// The enemy pieces that could threaten to convert a royal piece on `king` after a move of
/// the king's side that neither moves the king, captures a paired piece, nor converts: such a
/// move cannot change the twins, so only these movers' destinations need re-checking.
struct ThreatWatch {
  struct Mover {
    Square from;
    PieceType type;
    Bitboard landing;  ///< destinations that would put a co-square on the king
    /// Squares whose change of occupant or colour may change which of `landing` it reaches:
    /// those reachable squares and the squares between it and them.
    Bitboard sensitive;
  };
  Mover movers[16];
  int count = 0;
  bool castling = false;  ///< an enemy castling move could form a co-square on the king
  /// What castling_lines returned when the watch was built; unset when it gave up (more than
  /// 16 movers). Castling rights only shrink, and so do these lines: a watch kept over a move
  /// that lost a right (see depends) holds a superset of the position's.
  Bitboard castling_lines = 0;
  /// What castling_danger returns (squares where an enemy castling could ever form a
  /// co-square), computed only when the king stands on castling_lines (else unset).
  Bitboard castling_danger = 0;
  bool threat_now = false;  ///< the king is threatened with conversion in this position
  /// With threat_now: squares one threat needs (its mover, landing square, the squares
  /// between, its twins); a move of the king's side that leaves them all alone, captures or
  /// converts none and does not move the king keeps that threat. All squares when unknown.
  Bitboard threat_support = ~Bitboard{0};
  /// The types of the pieces that could be movers (partners of the watching side's paired
  /// pieces on the king's lines).
  PieceTypeMask mover_types = 0;
  /// Squares whose change may change this watch: each mover's square and its sensitive
  /// squares; all squares when the watch looks further (castling threats on the king, more
  /// than 16 movers, riders, or 'ignored' threat-by-pinned-piece, which reads the king's side
  /// too). The paired pieces on the king's rank and file (twin_lines) choose the movers and
  /// their landing squares. A move of the watching side that touches none of `depends`, moves
  /// no piece of mover_types, moves no paired piece on or off twin_lines, and neither promotes,
  /// castles nor converts leaves the watch as it is, castling_lines aside (a superset when it
  /// lost a right: castling threats read them only when the king stands on them, and then
  /// depends is every square).
  Bitboard depends = ~Bitboard{0};
  Bitboard twin_lines = 0;  ///< the king's rank and file
};
/// Fills `w` with the watch of `by`'s pieces on the royal piece on `king`.
void watch_conversion_threats(const Position& pos, Square king, Color by, ThreatWatch& w);

/// Fills `w` with the watch of `by`'s pieces on the royal piece on `from` as if it had stepped
/// to the empty square `to`, castling threats left out: its threat_now is then
/// conversion_threat_after(pos, to, by, the occupancy after the step, 0, the other side's
/// pieces after the step, /*castling=*/false), and a move that leaves `w` alone (see
/// ThreatWatch::depends) keeps that answer. Meaningless where depends is every square
/// ('ignored' threat-by-pinned-piece reads the board as it stands).
void watch_step_threats(const Position& pos, Square from, Square to, Color by, ThreatWatch& w);

}  // namespace arbiter
