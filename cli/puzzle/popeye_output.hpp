// `puzzle solve --format popeye`: a verdict printed as Popeye prints its solution, from the
// stipulation line to "solution finished.", so that a composer can diff arbiter's answer
// against Popeye's own output (scripts/popeye-diff.sh; docs/popeye-input.md, "Popeye's
// output").
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cli/puzzle/popeye_keywords.hpp"
#include "cli/puzzle/popeye_layout.hpp"
#include "cli/puzzle/problem_source.hpp"
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
/// `variations`: Popeye's Option Variation (without it a key is its line alone, "   1.Da7-f2 !",
/// without threats and variations; with it s#1 and r#1 also list the defender's mates).
std::string popeye_body(const Position& pos, const puzzles::Verdict& v, popeye::Language lang,
                        bool no_threat, bool set_play, bool variations);

/// Part `i` of `problems` (a Popeye file's, as read_popeye returns them) in Popeye's text.
/// The twins and duplex halves of one problem are one block (output/plaintext/twinning.c):
/// its head (or the stipulation line) on the first part, each part its twin line between
/// blank lines and its solution, "solution finished." after the last part. `pos` and
/// `verdict` are the part's, or both null when it could not be read or solved: the part is
/// then its twin line and a blank line, as Popeye prints a twin it rejects (its message goes
/// to stderr), and its block stays whole. Empty for a problem of its own that was not read
/// far enough to have a stipulation and a position.
std::string popeye_part(const std::vector<ProblemSpec>& problems, std::size_t i,
                        const Position* pos, const puzzles::Verdict* verdict);

/// The problem as Popeye prints it after its diagram: the stipulation line, a blank line, the
/// solution (set play, then keys with their threats and the variations that defeat the threat,
/// tries with "but" and their refutation; helpmates and series one line a solution), and
/// "solution finished." (in `lang`) followed by two blank lines, as Popeye prints it under
/// Option Variation. No timing: Popeye's
/// "Time = ..." is what a diff leaves out. `no_threat`: Popeye's NoThreat (no threats printed,
/// every defence shown).
std::string popeye_solution(const Position& pos, const puzzles::Verdict& v, popeye::Language lang,
                            bool no_threat);

}  // namespace arbiter::cli
