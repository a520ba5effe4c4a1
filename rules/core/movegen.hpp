// Legal move generation for sequential variants, driven by the compiled piece masks.
#pragma once

#include <cstdint>

#include "rules/core/move.hpp"
#include "rules/core/position.hpp"

namespace arbiter {

/// Appends every legal move of the side to move.
void generate_legal(const Position& pos, MoveList& out);

/// The number of legal moves, what generate_legal would append: counted without listing them
/// where it can (perft's bulk-counted last ply).
std::uint64_t count_legal(const Position& pos);

/// What perft's last ply may share between siblings (the positions one move after the same
/// position): Conversion Chess's threat watch on the royal piece of the side not to move there,
/// built once on that position. A sibling whose move left it alone (touched none of the squares
/// it depends on, see ThreatWatch::depends) has that very watch.
/// It also keeps the watched side's twins (what a move that captures and converts none of its
/// pieces leaves alone), the watching side's castling danger squares (castling_danger: what
/// a move that changes no castling right and moves no royal piece, castling rook or partner of
/// either leaves alone) and paired pieces (which a plain move moves one of at most), and
/// watches on the watched royal piece's steps, each kept as the main watch is.
struct SiblingCache {
  explicit SiblingCache(const Position& parent);
  ThreatWatch watch;
  bool valid = false;       ///< `watch` was built (the watching side has twins, the other a king)
  Square king = kNoSquare;  ///< the watched royal piece
  Bitboard twins[kMaxPieceTypes] = {};  ///< partner_pieces of the watched side, by type
  Bitboard danger = 0;                  ///< castling_danger of the watching side
  Bitboard paired = 0;  ///< the watching side's pieces whose type takes part in some co-pair
  PieceTypeMask castling_types = 0;  ///< the types castling_danger reads
  /// Watches on steps of the watched royal piece (watch_step_threats): on the empty squares it
  /// reaches by a leap where a child is likely to ask (a paired piece of the watching side on
  /// the square's lines, the square not attacked now), at most kMaxSteps; steps.w[i] is for
  /// the i-th square of step_squares. Built with `watch`, under 'counts' threat-by-pinned-piece
  /// and without riders.
  static constexpr int kMaxSteps = 4;
  Bitboard step_squares = 0;
  union Steps {
    Steps() {}  // left unset: only the watches step_squares names are built
    ThreatWatch w[kMaxSteps];
  } steps;
};

/// count_legal of the position `last` (made with `undo`) led to from the position `cache` was
/// built on.
std::uint64_t count_legal_after(const Position& pos, Move last, const Undo& undo,
                                const SiblingCache& cache);

/// Appends every pseudo-legal move (the piece moves as the table says; the own king may be
/// left attacked). Castling is included only when it is fully legal.
void generate_pseudo_legal(const Position& pos, MoveList& out);

/// True when a pseudo-legal move does not leave the mover's royal piece attacked.
bool leaves_king_safe(const Position& pos, Move m);

/// True when `m` is one of the legal moves of the position.
bool is_legal(const Position& pos, Move m);

}  // namespace arbiter
