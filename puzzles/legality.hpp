// Is a problem position reachable from the game array? The retro counting rules a problem
// editor applies first (material, promotions, pawn captures, checks, castling, en passant),
// each failure named by its rule with the reason; docs/puzzles.md lists the rules.
#pragma once

#include <string>
#include <vector>

#include "rules/core/position.hpp"

namespace arbiter::puzzles {

/// One counting rule. The checks are necessary conditions, not a full retro analysis: a
/// position that passes them all may still be unreachable, one that fails one is not.
enum class LegalityRule {
  kKingCount,        ///< one king a side
  kPawnCount,        ///< at most 8 pawns a side
  kMenCount,         ///< at most 16 men a side
  kPawnOnBackRank,   ///< no pawn on the first or last rank
  kPromotions,       ///< each piece beyond the game array needs a missing pawn of its side
  kBishopColours,    ///< two bishops on same-coloured squares: the second is a promotion
  kPawnCaptures,     ///< captures implied by the pawn files <= enemy men missing
  kOpponentInCheck,  ///< the side not to move is not in check
  kImpossibleCheck,  ///< three checkers, or two that no single last move can give
  kCastlingRights,   ///< each right: king and rook on their first squares
  kEnPassant,        ///< the target behind a pawn that has just double-stepped
};

/// The rule's name as `puzzle check` prints it ("pawn-captures", ...).
std::string to_string(LegalityRule r);

struct LegalityFailure {
  LegalityRule rule;
  std::string reason;  ///< what is wrong, naming squares and counts
};

/// The rules the position breaks, in the enum's order; empty when it passes every check.
/// Counting rules read the orthodox army by letter (K Q R B N P): a table without those
/// pieces, or one with conversion (a man may change sides, so a side's count proves
/// nothing), is checked only by the rules that do not count a side's men.
std::vector<LegalityFailure> legality_failures(const Position& pos);

/// "rule: reason; rule: reason" of the failures, or "" when there is none.
std::string legality_text(const std::vector<LegalityFailure>& failures);

}  // namespace arbiter::puzzles
