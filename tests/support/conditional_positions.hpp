// Hand-built Conditional Chess positions (extended FENs) and knob alternatives for the perft
// cross-checks of conditional_perft_test.cpp and conditional_perft_slow_test.cpp.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "rules/core/variant.hpp"

namespace arbiter::test {

struct ConditionalCase {
  const char* name;
  const char* fen;  ///< extended FEN; '+' phases parse only under a-move-mate=end-of-turn
};

// Each position, and why it is here.
inline const ConditionalCase kConditionalCases[] = {
    // The setup: White's A-move (six fields mean phase A).
    {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    // Kiwipete, Black to move in phase B (White just made its A-move and stated a C-move
    // that is not known here): every legal move of Black is a B-move.
    {"kiwipete_b", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1 B -"},
    // Kiwipete, White's C-move due with a stated conditional in the FEN (perft ignores it and
    // counts every legal move plus a skip). White can castle and capture, Black has a pawn on
    // h3 that attacks g2: many move kinds in the C ply.
    {"kiwipete_c",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 C Pb4?Na4/Nb1"},
    // Black's B-move ...Bb4+ checks White (c3 and d2 empty). White's C-move executes only if it
    // is legal (then it cancels the check: c3, d2 blocks or a king move); else it is skipped
    // and White plays an A-move (restart-turn) or any move in its place (replace-c-move).
    {"c_after_b_check", "r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 1 C -"},
    // Italian game, White's A-move: Bxf7+ is a check that does not mate (the king takes), so
    // it is no A-move under a-move-mate=immediate; under end-of-turn it is, owing mate.
    {"a_with_checks", "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 1"},
    // White's only legal move d7+ checks without mating (Ka1 is boxed in by Rb8 and its own
    // a2 pawn, blocked by a3): a forced non-mating A-move check, the game ends (rule 2.1);
    // under end-of-turn d7+ is played and the C-move would have to mate.
    {"forced_a_check", "1r2k3/8/3P4/8/8/p7/P7/K7 w - - 0 1"},
    // White's C-move is due and White has no legal move and is not in check (Qb3 covers a2,
    // b1, b2): skipped (no-legal-c-move=skip, Black's A-move follows) or stalemate.
    {"stalemate_at_c", "4k3/8/8/8/8/1q6/8/K7 w - - 0 1 C -"},
    // Black's B-move ...d5 checks Ke4 with a double step: White's C-move exd6 (en passant)
    // cancels the check; after a skip White's A-move may still take en passant.
    {"b_check_by_double_step", "4k3/3p4/8/4P3/4K3/8/8/8 b - - 0 1 B -"},
    // Black's C-move is due under the check of White's B-move Rd8+: Kxd8, Nxd8 and Ke7 cancel
    // it; any other statement is skipped and Black plays its own A-move (restart-turn).
    {"black_c_under_check", "3Rk3/ppp2ppp/2n5/8/8/8/PPP2PPP/6K1 b - - 0 1 C -"},
    // Phase B+, knob end-of-turn: White's A-move Rd8+ owes mate by the end of the turn. Black's
    // only B-move is Rxd8 and White's C-move Rxd8 mates: one line of three plies.
    {"b_plus_owed_mate", "r2R2k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1 B+ -"},
    // Phase C+, knob end-of-turn: White's C-move must mate; of the rook's moves only Ra8 does.
    {"c_plus_owed_mate", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 C+ -"},
};

/// Each knob alternative that can change a count or a status, one at a time.
inline const KnobSettings kConditionalKnobSets[] = {
    {},
    {{"a-move-mate", "end-of-turn"}},
    {{"b-move-check", "replace-c-move"}},
    {{"illegal-c-move", "opponent-moves"}},
    {{"no-legal-c-move", "stalemate"}},
    {{"forced-a-move-check", "loss"}},
    {{"c-move-resolution", "statement"}},
    // Together with opponent-moves and replace-c-move the statement reading cannot matter:
    // every legal move is reachable as a player's pick.
    {{"c-move-resolution", "statement"},
     {"illegal-c-move", "opponent-moves"},
     {"b-move-check", "replace-c-move"}},
    {{"illegal-c-move", "opponent-moves"}, {"b-move-check", "replace-c-move"}},
};

/// The FEN of the case named `name` (std::invalid_argument when there is none).
inline const char* conditional_fen(std::string_view name) {
  for (const ConditionalCase& c : kConditionalCases)
    if (name == c.name) return c.fen;
  throw std::invalid_argument("no conditional test position named " + std::string(name));
}

}  // namespace arbiter::test
