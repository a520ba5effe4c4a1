// Simultaneously progressive play: both sets are resolved at once on the starting board. The
// rule text's extra conflict rule (pieces conflict only where both can reach the conflict
// point) is how the step-by-step resolver works anyway: a piece that failed earlier is home
// and meets nobody further along its path.
#include <fmt/format.h>

#include <map>

#include "rules/registry/rule_knobs.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_move_text.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_paths.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_progressive.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_set_entry.hpp"

namespace arbiter {
namespace {

/// Refuses a set that moves one piece twice, or sends two pieces to one square (knob
/// own-pieces-one-square; under played the resolver decides: a piece never takes one of its own
/// side): the player's intent cannot be carried out.
void check_one_move_per_piece(const SimState& s, const std::vector<PreparedEntry>& set,
                              const std::vector<Move>& moves, const DiplomacyKnobs& k) {
  std::map<Square, int> home_of, dest_of;  // square -> index (from 1) of the move using it
  const Variant& v = s.pos.variant();
  for (std::size_t i = 0; i < set.size(); ++i) {
    const PreparedEntry& e = set[i];
    const Legs legs = legs_of(s.pos, e.color, moves[i], k);
    for (int l = 0; l < legs.count; ++l) {
      const Leg& leg = legs.leg[l];
      const std::string piece =
          fmt::format("the {} on {}", v.piece(leg.type).name, square_name(leg.home));
      if (auto [it, fresh] = home_of.emplace(leg.home, e.index); !fresh)
        throw entry_error(
            e, "a move of a piece the set does not move yet",
            fmt::format("{} already moves {} (move {})", written_text(s, e), piece, it->second));
      if (k.own_pieces_one_square == OwnPiecesOneSquare::kPlayed) continue;
      if (auto [it, fresh] = dest_of.emplace(leg.dest(), e.index); !fresh)
        throw entry_error(
            e, "a destination no other move of the set has",
            fmt::format("{} sends {} to {}, where move {} already goes", written_text(s, e), piece,
                        square_name(leg.dest()), it->second));
    }
  }
}

}  // namespace

ProgressiveResult play_simultaneously_progressive(const SimState& start, const MoveSet& white,
                                                  const MoveSet& black) {
  const Variant& v = start.pos.variant();
  const DiplomacyKnobs& knobs = v.knobs().diplomacy;
  ProgressiveResult out{{}, start, diplomacy_status(start), 0};
  std::vector<Submission> subs;
  for (Color c : {kWhite, kBlack}) {
    const MoveSet& set = c == kWhite ? white : black;
    std::vector<PreparedEntry> prepared;
    std::vector<Move> moves;
    for (std::size_t i = 0; i < set.size(); ++i) {
      PreparedEntry e = prepare_entry(v, c, static_cast<int>(i) + 1, set[i]);
      ProgressiveMoveResult r;
      r.pair = 1;
      r.index = e.index;
      r.color = c;
      r.written = written_text(start, e);
      try {
        // No history: every move is resolved at the same moment, so "n?" has no answer.
        ReadEntry read;
        read_entry(start, e, nullptr, read);
        r.branch = read.branch;
        r.canonical = diplomacy_san(start, c, read.move);
        moves.push_back(read.move);
      } catch (const DiplomacyConditionalError& err) {
        throw entry_error(e, "a condition on the starting board (not n?)", err.what(),
                          err.column());
      } catch (const NotationError& err) {
        throw entry_error(e, "a move it may submit on the starting board", err.what());
      }
      prepared.push_back(std::move(e));
      out.moves.push_back(std::move(r));
    }
    check_one_move_per_piece(start, prepared, moves, knobs);
    for (Move m : moves) subs.push_back({c, m});
  }
  if (subs.empty() || diplomacy_status(start).over) {
    for (ProgressiveMoveResult& r : out.moves) r.reason = "nothing to resolve: the game is over";
    return out;
  }
  ResolveOptions options;
  options.knobs = &knobs;
  DiplomacyResolution res = resolve_diplomacy(start, subs, options);
  for (std::size_t i = 0; i < out.moves.size(); ++i) {
    ProgressiveMoveResult& r = out.moves[i];
    switch (res.fates[i]) {
      case Fate::kExecuted:
        r.outcome = ProgressiveOutcome::kExecuted;
        break;
      case Fate::kFailed:
        r.outcome = ProgressiveOutcome::kFailed;
        break;
      case Fate::kCaptured:
        r.outcome = ProgressiveOutcome::kCaptured;
        break;
    }
    r.trace = res.trace;
  }
  out.final_state = std::move(res.after);
  out.status = diplomacy_status(out.final_state);
  out.pairs_resolved = 1;
  return out;
}

}  // namespace arbiter
