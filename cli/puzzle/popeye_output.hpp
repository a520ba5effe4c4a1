// `puzzle solve --format popeye`: a verdict printed as Popeye prints its solution, from the
// stipulation line to "solution finished.", so that a composer can diff arbiter's answer
// against Popeye's own output (scripts/popeye-diff.sh; docs/popeye-input.md, "Popeye's
// output").
#pragma once

#include <string>
#include <string_view>

#include "cli/puzzle/popeye_keywords.hpp"
#include "cli/puzzle/popeye_layout.hpp"
#include "puzzles/verdict.hpp"
#include "rules/core/move.hpp"
#include "rules/core/position.hpp"

namespace arbiter::cli {

/// A legal move `m` of `pos` in Popeye's long algebraic, in the piece letters of `lang`:
/// "Da7-f2", "e5*d6 ep.", "0-0-0", "e7-e8=S", then " +" for a check, " #" for a mate when the
/// goal is mate, " =" for a stalemate when it is stalemate.
std::string popeye_move(const Position& pos, Move m, popeye::Language lang, puzzles::Goal goal);

/// Popeye's stipulation line: "  #2" and the piece counts right-aligned to column 35
/// ("  h#2                         2 + 2").
std::string popeye_stipulation_line(const Position& pos, const puzzles::Verdict& v);
// The same from the stipulation as written, and popeye_centred: cli/puzzle/popeye_layout.hpp.

/// "solution finished." in `lang`.
std::string_view popeye_finished(popeye::Language lang);

/// What Popeye prints between the stipulation line and "solution finished.": a blank line,
/// then the solution (set play, keys with their threats and variations, tries; helpmates and
/// series one line a solution). A twin or duplex block is the head, then this for each part
/// (a twin's line before its part), then "solution finished.". `set_play`: the set play was
/// asked for (Popeye notes when it cannot be, the side to move being in check);
/// `variations`: Popeye's Option Variation (s#1, r#1: the defender's mates after the key).
std::string popeye_body(const Position& pos, const puzzles::Verdict& v, popeye::Language lang,
                        bool no_threat, bool set_play, bool variations);

/// The problem as Popeye prints it after its diagram: the stipulation line, a blank line, the
/// solution (set play, then keys with their threats and the variations that defeat the threat,
/// tries with "but" and their refutation; helpmates and series one line a solution), and
/// "solution finished." (in `lang`) followed by two blank lines. No timing: Popeye's
/// "Time = ..." is what a diff leaves out. `no_threat`: Popeye's NoThreat (no threats printed,
/// every defence shown).
std::string popeye_solution(const Position& pos, const puzzles::Verdict& v, popeye::Language lang,
                            bool no_threat);

}  // namespace arbiter::cli
