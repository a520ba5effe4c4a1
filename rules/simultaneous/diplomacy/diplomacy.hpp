// Diplomacy Chess (rule text: shared/rules-text/diplomacy-chess.txt): both players move at
// once, and the resolver decides which moves execute. Pieces travel one square per time step;
// conflicts are decided by the destination (piece ranks), by meeting on a square at the same
// step, by obstacles that arrived first, and by the king's safety after resolution.
// Rules, knobs and decisions: docs/diplomacy.md.
#pragma once

#include <string>
#include <vector>

#include "rules/core/move.hpp"
#include "rules/core/small_vector.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_knobs.hpp"
#include "rules/simultaneous/sim_trace.hpp"
#include "rules/simultaneous/simultaneous.hpp"
#include "rules/simultaneous/trace_clauses.hpp"

namespace arbiter {

/// The moves colour `c` may submit: each piece moves as in chess on the current board, except
/// that its path may cross enemy pieces (they may have left when it passes; under
/// vacated-square=blocked the path must be clear as in chess); a non-king move
/// must not leave its own king attacked now (unless exposing-move=allowed); a king move may go
/// to a square attacked now (it fails if the square is attacked after resolution), unless
/// king-safety=current-position, which judges king moves as in orthodox chess.
void diplomacy_submissions(const SimState& s, Color c, MoveList& out);
bool is_diplomacy_submission(const SimState& s, Color c, Move m);

/// One submitted move. Several per colour only in simultaneously progressive play.
struct Submission {
  Color color = kWhite;
  Move move{};
};

enum class Fate {
  kExecuted,  ///< the move was made
  kFailed,    ///< the piece stays where it was
  kCaptured,  ///< the moving piece was taken where it was bound, or back home (the trace says)
};
std::string to_string(Fate f);

struct DiplomacyResolution {
  SimState after;
  SmallVector<Fate, 2> fates;  ///< one per submission, in the order given
  std::vector<TraceEntry> trace;
  bool king_captured[2] = {false, false};  ///< [c]: c's king was taken
};

struct ResolveOptions {
  TraceDetail trace = TraceDetail::kFull;  ///< the explanation (costs time)
  bool validate = true;  ///< check each move is a submission (std::invalid_argument if not)
  /// The table's knobs read once by a caller that resolves many turns; null: read them here.
  const DiplomacyKnobs* knobs = nullptr;
};

/// Resolves submissions made at the same moment (one per colour normally; more per colour in
/// simultaneously progressive play). Each must be a diplomacy_submission of its colour.
/// Deterministic: the order of `subs` changes nothing but the order of `fates`.
DiplomacyResolution resolve_diplomacy(const SimState& s, const std::vector<Submission>& subs,
                                      const ResolveOptions& options = {});

/// The usual turn: White's and Black's moves (a null Move: that side does not move). Moves
/// whose squares (home, path, destination, piece taken) are disjoint and that take no king
/// are made one after the other, which gives the same result faster.
DiplomacyResolution resolve_diplomacy(const SimState& s, Move white, Move black,
                                      const ResolveOptions& options = {});

/// The game's state read from the resolved position: a side without its king lost (both:
/// draw); a side in check with no orthodox legal move is mated (both: draw); a side not in
/// check with no orthodox legal move is stalemated (draw). Under game-end-moves=submissions,
/// "no Diplomacy submission" instead of "no orthodox legal move".
SimStatus diplomacy_status(const SimState& s);

}  // namespace arbiter
