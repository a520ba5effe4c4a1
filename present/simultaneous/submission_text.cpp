#include "present/simultaneous/submission_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

#include "rules/core/move_words.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_conditional.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_move_text.hpp"
#include "rules/simultaneous/move_neutral/move_neutral.hpp"
#include "rules/simultaneous/sim_move_text.hpp"
#include "rules/simultaneous/sim_rules.hpp"
#include "rules/simultaneous/submission_reason.hpp"

namespace arbiter::inline present {
namespace {

const RulesTraits& traits(const SimState& s) {
  return s.pos.variant().traits();
}

void submissions_of(const SimState& s, Color c, MoveList& out) {
  sim_rules_for(s.pos.variant_ptr())->submissions(s, c, out);
}

std::string some_submissions(const SimState& s, Color c, const MoveList& subs) {
  if (subs.empty()) return fmt::format("{} has no submission", side_name(c));
  constexpr int kShown = 8;
  std::string list;
  for (int i = 0; i < std::min(kShown, subs.size()); ++i)
    list += (i ? ", " : "") + submission_san(s, c, subs[i]);
  if (subs.size() > kShown) list += fmt::format(", ... ({} in all)", subs.size());
  return fmt::format("{} may submit {}", side_name(c), list);
}

}  // namespace

Move read_submission(const SimState& s, Color c, std::string_view text) {
  MoveList subs;
  submissions_of(s, c, subs);
  try {
    return read_sim_move(s, c, text, subs);
  } catch (const NotationError& e) {
    const std::string why =
        e.kind() == NotationErrorKind::kIllegal ? why_not_submission(s, c, text) : e.what();
    throw NotationError(e.kind(), fmt::format("{} may not submit '{}': {}; {}", side_name(c), text,
                                              why, some_submissions(s, c, subs)));
  }
}

std::string submission_san(const SimState& s, Color c, Move m) {
  MoveList subs;
  submissions_of(s, c, subs);
  return sim_san(s, c, m, subs);
}

SideSubmission read_side_submission(const SimState& s, Color c, const std::string& text) {
  SideSubmission side;
  side.written = text;
  if (text == "-" || is_null_move_word(text)) {  // "--", "Z0": a pass, as records write it
    if (!traits(s).passes)
      throw std::invalid_argument(fmt::format(
          "{} must submit a move: in Move-Neutral Chess both sides move every turn ('-' passes "
          "only in Diplomacy Chess)",
          c == kWhite ? "White" : "Black"));
    return side;
  }
  std::string_view move_text = text;
  if (looks_like_diplomacy_conditional(text)) {
    if (!traits(s).conditional_submissions)
      throw NotationError(NotationErrorKind::kSyntax,
                          fmt::format("{}'s '{}' is a conditional move, which only Diplomacy "
                                      "Chess has (rule text, \"Conditional Moves\")",
                                      side_name(c), text));
    // Evaluated on the position before the turn; "n?" needs a set (--sets progressive).
    side.branch = chosen_branch(parse_diplomacy_conditional(s.pos.variant(), text), s, c, nullptr);
    move_text = side.branch;
  }
  try {
    side.move = read_submission(s, c, move_text);
  } catch (const NotationError& e) {
    if (side.branch.empty()) throw;
    throw NotationError(e.kind(), fmt::format("{}'s conditional move '{}' chose '{}': {}",
                                              side_name(c), text, side.branch, e.what()));
  }
  side.san = submission_san(s, c, side.move);
  side.uci = to_uci(view_for(s, c), side.move);
  return side;
}

}  // namespace arbiter::inline present
