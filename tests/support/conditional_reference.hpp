// A slow, literal perft for Conditional Chess, written from the rule text
// (shared/rules-text/conditional-chess.txt) and the knob descriptions of
// rules/tables/conditional.toml, for the tests to compare rules/conditional/conditional_perft.cpp
// with. It calls nothing of rules/conditional/conditional_game.cpp nor
// rules/conditional/conditional_fen.cpp: only the orthodox position (parse_fen, to_fen, make,
// in_check) and generate_legal.
//
// What it counts: sequences of executed plies, the phase cycling A -> B -> C with the colours
// alternating (rules 1.1-1.8). A ply is a move, or a skip of a C-move (rules 2.2 and 3). The
// C ply enumerates what can happen whatever conditional move was stated: each legal move of the
// C-mover (a statement can always name it), plus a skip when a statement can lead to one.
//
// The readings it implements, each from a sentence of the text or a knob description:
//  - A-move: any legal move except a check that is not checkmate (rule 2.1); knob
//    a-move-mate=end-of-turn allows every check and the C-move closing that turn must mate.
//  - A-move with no allowed move but some legal one: the game ends (rule 2.1, knob
//    forced-a-move-check says who wins); no legal move at all: checkmate or stalemate.
//  - B-move: any legal move (nothing restricts it); none: checkmate or stalemate.
//  - C-move under a B-move check (rule 2.2): a legal C-move cancels the check and executes;
//    otherwise it is skipped and the checked side plays an A-move (restart-turn), or the
//    checked side plays any legal move in its place (replace-c-move: no extra outcome).
//  - C-move not under check (rule 3): a named illegal move is skipped and the opponent's
//    A-move follows; under illegal-c-move=opponent-moves the opponent picks a legal move of
//    the C-mover instead (no extra outcome), unless the C-mover has none.
//  - C-mover with no legal move and not in check: skipped, or a drawn stalemate (rule 4, knob
//    no-legal-c-move); in check: checkmate.
//  - c-move-resolution=statement: the then/else move is fixed on the board where it is stated
//    (after the A-move, the stater as if to move, no en-passant right), so a C-move can only
//    execute a move that was legal there too: a pawn capture of a piece that the B-move
//    brought, an en-passant capture of the B-move's double step or a move of a piece the
//    B-move unpinned cannot be stated. Moves a player picks in the C-move's place (knobs
//    opponent-moves, replace-c-move) are not limited. From a phase-C root the statement board
//    is unknown and every legal move counts as stateable.
//  - A skip makes no move: after a skip to the opponent the en-passant right lapses (the
//    opponent cannot capture its own pawn); after a skip back to the checked side nothing on
//    the board changed, and that side's A-move is the very next move after the B-move's
//    double step, so an en-passant right stays.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/core/position.hpp"

namespace arbiter::test {

/// The knobs as the reference reads them.
struct RefConditionalRules {
  bool forced_check_loses = false;        ///< forced-a-move-check = loss
  bool illegal_c_opponent_moves = false;  ///< illegal-c-move = opponent-moves
  bool replace_c_after_b_check = false;   ///< b-move-check = replace-c-move
  bool mate_by_end_of_turn = false;       ///< a-move-mate = end-of-turn
  bool no_legal_c_is_stalemate = false;   ///< no-legal-c-move = stalemate
  bool resolve_at_statement = false;      ///< c-move-resolution = statement
  bool ep_lapses_after_skip = false;      ///< ep-after-skipped-c-move = lapses

  /// Read from the variant's knob values by name.
  static RefConditionalRules of(const Variant& v);
};

/// Where the turn stands: the board, the phase letter and whether an A-move check owes mate.
struct RefConditionalNode {
  Position pos;
  char phase = 'A';
  bool mate_due = false;
  /// Phases B and C: the stater's legal moves (UCI) on the board where the conditional was
  /// stated; `stateable_known` false when that board is not known (a phase-C root) or does
  /// not matter (c-move-resolution=execution).
  std::vector<std::string> stateable;
  bool stateable_known = false;
};

/// Reads an extended FEN by splitting off fields 7 ("A", "B", "C", "B+", "C+") and 8 (the
/// pending conditional, ignored: the count does not depend on what was stated). Throws
/// std::invalid_argument for a phase it does not know.
RefConditionalNode ref_conditional_node(const VariantPtr& v, std::string_view fen);

/// How the game stands before the ply of the side to move.
enum class RefEnd { kNone, kCheckmate, kStalemate, kForcedCheck };
RefEnd ref_conditional_end(const RefConditionalNode& n);

/// Every ply from `n`: label (UCI of the move, or "skip") and the node after it.
std::vector<std::pair<std::string, RefConditionalNode>> ref_conditional_plies(
    const RefConditionalNode& n);

std::uint64_t ref_conditional_perft(const RefConditionalNode& n, int depth);

/// Per-root-ply counts, sorted by label.
std::vector<std::pair<std::string, std::uint64_t>> ref_conditional_divide(
    const RefConditionalNode& n, int depth);

}  // namespace arbiter::test
