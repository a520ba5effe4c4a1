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
#include "rules/simultaneous/sim_rules.hpp"

namespace arbiter::inline present {
namespace {

Move read_orthodox(const Position& pos, std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  return looks_like_uci(text) ? parse_uci(pos, text) : parse_san(pos, text);
}

/// The view without the other side's pieces: every path is open and no square is attacked,
/// so notation reads any piece's move of the submitting side.
Position bare_view(const SimState& s, Color c) {
  Position bare = view_for(s, c);
  bare.set_en_passant(kNoSquare);
  for (Bitboard b = bare.pieces(~c); b;) bare.remove(~c, pop_lsb(b));
  return bare;
}

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

/// Why a text is not a Move-Neutral submission: what orthodox notation says of it on the view
/// (the submissions are orthodox legal moves of the view; it names a shared square too).
std::string why_not_move_neutral(const SimState& s, Color c, std::string_view text) {
  try {
    read_orthodox(view_for(s, c), text);
  } catch (const NotationError& orthodox) {
    return orthodox.what();
  }
  return "no move may take a king";
}

/// Why a move read on the bare board is still not a submission.
std::string why_not(const SimState& s, Color c, Move m) {
  const Position view = view_for(s, c);
  const DiplomacyKnobs& k = view.variant().knobs().diplomacy;
  const bool king = view.piece_on(c, m.from()) == view.variant().royal();
  if (king && k.king_safety == KingSafety::kCurrentPosition)
    return "under " + knob_setting_of<&DiplomacyKnobs::king_safety>(KingSafety::kCurrentPosition) +
           " a king move must be legal on the current board";
  if (!king && k.exposing_move == ExposingMove::kRefused) {
    Position after = view;
    Undo undo;
    after.make(m, undo);
    if (after.king_square(c) != kNoSquare && after.attacked(after.king_square(c), ~c))
      return fmt::format("it would leave {}'s king attacked now ({})", side_name(c),
                         knob_setting_of<&DiplomacyKnobs::exposing_move>(ExposingMove::kRefused));
  }
  if (k.vacated_square == VacatedSquare::kBlocked)
    return "under " + knob_setting_of<&DiplomacyKnobs::vacated_square>(VacatedSquare::kBlocked) +
           " a path may not cross a piece, as in chess";
  return "it is not a Diplomacy Chess move in this position";
}

}  // namespace

Move read_submission(const SimState& s, Color c, std::string_view text) {
  MoveList subs;
  submissions_of(s, c, subs);
  try {
    return read_sim_move(s, c, text, subs);
  } catch (const NotationError& e) {
    std::string why = e.what();
    // Submissions that may share a square (Move-Neutral) are the view's orthodox legal moves.
    if (e.kind() == NotationErrorKind::kIllegal && traits(s).shared_squares) {
      why = why_not_move_neutral(s, c, text);
    } else if (e.kind() == NotationErrorKind::kIllegal) {
      // Say why: read the text among the pseudo-legal moves of the board as it stands (an
      // en-passant capture needs its victim there), else as an orthodox move on the board
      // without the other side.
      MoveList pseudo;
      generate_pseudo_legal(view_for(s, c), pseudo);
      try {
        why = why_not(s, c, read_sim_move(s, c, text, pseudo));
      } catch (const NotationError&) {
        try {
          why = why_not(s, c, read_orthodox(bare_view(s, c), text));
        } catch (const NotationError& orthodox) {
          why = orthodox.what();  // no piece of that side can make it at all
        }
      }
    }
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
    side.branch = chosen_branch(parse_diplomacy_conditional(s.pos.variant(), text), s, nullptr);
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
