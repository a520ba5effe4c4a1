#include "rules/simultaneous/diplomacy/diplomacy_set_entry.hpp"

#include <fmt/format.h>

#include "rules/simultaneous/diplomacy/diplomacy_move_text.hpp"
#include "rules/simultaneous/submission_reason.hpp"

namespace arbiter {

ProgressiveError entry_error(const PreparedEntry& e, const std::string& expected,
                             const std::string& why, int column) {
  return ProgressiveError(
      e.color, e.index, expected, column,
      fmt::format("{}'s move {}: {} (expected {})", side_name(e.color), e.index, why, expected));
}

PreparedEntry prepare_entry(const Variant& v, Color c, int index, const ProgressiveEntry& e) {
  PreparedEntry out{e, index, c, std::nullopt};
  if (e.text.empty()) {
    if (e.ply.is_null()) throw entry_error(out, "a move text or a ply", "the entry is empty");
    return out;
  }
  if (looks_like_diplomacy_conditional(e.text)) {
    try {
      out.conditional = parse_diplomacy_conditional(v, e.text);
    } catch (const DiplomacyConditionalError& err) {
      throw entry_error(out, "a conditional move cond?then:else", err.what(), err.column());
    }
    return out;
  }
  try {
    parse_sim_move_text(v, e.text);
  } catch (const NotationError& err) {
    throw entry_error(out, "SAN (e4, Nf3, exd5, O-O) or coordinates (e2e4)", err.what(), 1);
  }
  return out;
}

std::string written_text(const SimState& s, const PreparedEntry& e) {
  if (!e.entry.text.empty()) return e.entry.text;
  return to_uci(view_for(s, e.color), e.entry.ply);
}

void read_entry(const SimState& s, const PreparedEntry& e, const ExecutedHistory* history,
                ReadEntry& out) {
  if (e.entry.text.empty()) {
    if (!is_diplomacy_submission(s, e.color, e.entry.ply))
      throw NotationError(
          NotationErrorKind::kIllegal,
          fmt::format("'{}' is not a move {} may submit in this position",
                      to_uci(view_for(s, e.color), e.entry.ply), side_name(e.color)));
    out.move = e.entry.ply;
    return;
  }
  if (e.conditional) out.branch = chosen_branch(*e.conditional, s, e.color, history);
  const std::string& text = e.conditional ? out.branch : e.entry.text;
  try {
    out.move = read_diplomacy_move(s, e.color, text);
  } catch (const NotationError& err) {
    // The entry says why, as a single turn's move does.
    if (err.kind() != NotationErrorKind::kIllegal) throw;
    throw NotationError(err.kind(),
                        fmt::format("{}: {}", err.what(), why_not_submission(s, e.color, text)));
  }
}

}  // namespace arbiter
