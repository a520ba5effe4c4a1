// Progressive play: the sets are resolved pair by pair.
#include "rules/simultaneous/diplomacy/diplomacy_progressive.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "rules/registry/rule_knobs.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_move_text.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_set_entry.hpp"

namespace arbiter {

MoveSet move_set(const std::vector<std::string>& texts) {
  MoveSet out;
  for (const std::string& t : texts) out.push_back(ProgressiveEntry::of(t));
  return out;
}

std::string to_string(ProgressiveOutcome o) {
  switch (o) {
    case ProgressiveOutcome::kExecuted:
      return "executed";
    case ProgressiveOutcome::kFailed:
      return "failed";
    case ProgressiveOutcome::kCaptured:
      return "captured";
    case ProgressiveOutcome::kSkipped:
      return "skipped";
    case ProgressiveOutcome::kVoid:
      return "void";
    case ProgressiveOutcome::kNotReached:
      return "not reached";
  }
  return "?";
}

namespace {

ProgressiveOutcome outcome_of(Fate f) {
  switch (f) {
    case Fate::kExecuted:
      return ProgressiveOutcome::kExecuted;
    case Fate::kCaptured:
      return ProgressiveOutcome::kCaptured;
    case Fate::kFailed:
      break;
  }
  return ProgressiveOutcome::kFailed;
}

std::vector<PreparedEntry> prepare(const Variant& v, Color c, const MoveSet& set) {
  std::vector<PreparedEntry> out;
  for (std::size_t i = 0; i < set.size(); ++i) {
    PreparedEntry e = prepare_entry(v, c, static_cast<int>(i) + 1, set[i]);
    // "n?" may only look back: known before play, so refused here rather than mid-game.
    if (e.conditional && e.conditional->condition &&
        e.conditional->condition->kind == DiplomacyConditionKind::kExecuted &&
        e.conditional->condition->number >= e.index)
      throw entry_error(e, fmt::format("a move number from 1 to {}", e.index - 1),
                        fmt::format("'{}' asks about move {}, which is not resolved before move {}",
                                    e.entry.text, e.conditional->condition->number, e.index),
                        1);
    out.push_back(std::move(e));
  }
  return out;
}

/// One side's part of a pair while it is being read.
struct Slot {
  const PreparedEntry* entry = nullptr;  ///< null: the set is over, the side passes
  Move move{};
  std::size_t result = 0;  ///< index in ProgressiveResult::moves
};

}  // namespace

ProgressiveResult play_progressive(const SimState& start, const MoveSet& white,
                                   const MoveSet& black) {
  const Variant& v = start.pos.variant();
  const std::vector<PreparedEntry> sets[2] = {prepare(v, kWhite, white), prepare(v, kBlack, black)};
  const DiplomacyKnobs& knobs = v.knobs().diplomacy;
  ResolveOptions options;
  options.knobs = &knobs;

  if (knobs.unequal_sets == UnequalSets::kRefused && white.size() != black.size()) {
    const Color shorter = white.size() < black.size() ? kWhite : kBlack;
    const std::size_t want = std::max(white.size(), black.size());
    throw ProgressiveError(
        shorter, static_cast<int>(std::min(white.size(), black.size())) + 1,
        fmt::format("a set of {} moves", want), 0,
        fmt::format("{}'s set has {} move(s) and {}'s {}: under unequal-sets=refused both sets "
                    "must be equally long",
                    shorter == kWhite ? "White" : "Black",
                    (shorter == kWhite ? white : black).size(),
                    shorter == kWhite ? "Black" : "White", want));
  }
  ProgressiveResult out{{}, start, diplomacy_status(start), 0};
  ExecutedHistory history[2];
  bool voided[2] = {false, false};
  const std::size_t pairs = std::max(sets[0].size(), sets[1].size());
  for (std::size_t p = 0; p < pairs; ++p) {
    const SimState& s = out.final_state;
    Slot slot[2];
    for (Color c : {kWhite, kBlack}) {
      if (p >= sets[c].size()) continue;
      const PreparedEntry& e = sets[c][p];
      ProgressiveMoveResult r;
      r.pair = r.index = e.index;
      r.color = c;
      r.written = written_text(s, e);
      slot[c].entry = &e;
      slot[c].result = out.moves.size();
      if (out.status.over) {
        r.outcome = ProgressiveOutcome::kNotReached;
        r.reason = fmt::format("the game ended before pair {} ({})", e.index, out.status.reason);
      } else if (voided[c]) {
        r.outcome = ProgressiveOutcome::kVoid;
        r.reason = "an earlier move of the set was void";
      } else {
        ReadEntry read;
        try {
          read_entry(s, e, &history[c], read);
          r.canonical = diplomacy_san(s, c, read.move);
          r.branch = read.branch;
          slot[c].move = read.move;
        } catch (const DiplomacyConditionalError& err) {
          throw entry_error(e, "a condition that can be evaluated", err.what(), err.column());
        } catch (const NotationError& err) {
          // On the starting board no earlier conflict can explain it: the set is wrong.
          if (p == 0)
            throw entry_error(e, "a move it may submit on the starting board", err.what());
          voided[c] = knobs.progressive_illegal == ProgressiveIllegal::kVoid;
          r.outcome = voided[c] ? ProgressiveOutcome::kVoid : ProgressiveOutcome::kSkipped;
          r.branch = read.branch;
          r.reason = err.what();
        }
      }
      out.moves.push_back(std::move(r));
    }
    if (out.status.over) continue;  // the remaining entries are listed as not reached
    if (slot[0].move.is_null() && slot[1].move.is_null()) {
      // Nobody moves (skipped, void or passing): nothing to resolve; the board and clocks stay,
      // and the en-passant rights as ep-over-idle-pair says.
      for (Color c : {kWhite, kBlack})
        if (slot[c].entry) history[c].executed.push_back(false);
      if (knobs.ep_over_idle_pair == EpOverIdlePair::kLapses)
        out.final_state.ep_target[kWhite] = out.final_state.ep_target[kBlack] = kNoSquare;
      continue;
    }
    DiplomacyResolution res = resolve_diplomacy(s, slot[0].move, slot[1].move, options);
    ++out.pairs_resolved;
    for (Color c : {kWhite, kBlack}) {
      if (!slot[c].entry) continue;
      ProgressiveMoveResult& r = out.moves[slot[c].result];
      if (!slot[c].move.is_null()) r.outcome = outcome_of(res.fates[c]);
      r.trace = res.trace;
      history[c].executed.push_back(r.outcome == ProgressiveOutcome::kExecuted);
    }
    out.final_state = std::move(res.after);
    out.status = diplomacy_status(out.final_state);
  }
  return out;
}

}  // namespace arbiter
