#include "rules/simultaneous/submission_reason.hpp"

#include <fmt/format.h>

#include <cctype>
#include <string_view>

#include "rules/core/game_record.hpp"
#include "rules/core/move_words.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "rules/simultaneous/sim_move_text.hpp"
#include "rules/simultaneous/sim_rules.hpp"

namespace arbiter {
namespace {

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
}

Move read_orthodox(const Position& pos, std::string_view text) {
  text = trimmed(text);
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

/// Orthodox notation speaks of "the side to move"; a simultaneous table has none, so the
/// message names the side instead ("no rook of the side to move" -> "no white rook"): every
/// "no WORD of the side to move", WORD lower-case letters, from left to right. A scan rather than
/// std::regex, whose header cost 3 to 7 s of compile time in each of the three copies of this
/// file a CI run builds (docs/building.md, CI stages, session 15).
std::string for_side(const std::string& message, Color c) {
  constexpr std::string_view kNo = "no ", kTail = " of the side to move";
  const std::string_view side = c == kWhite ? "white " : "black ";
  std::string out;
  std::size_t i = 0;
  while (i < message.size()) {
    if (message.compare(i, kNo.size(), kNo) == 0) {
      std::size_t end = i + kNo.size();
      while (end < message.size() && message[end] >= 'a' && message[end] <= 'z') ++end;
      if (end > i + kNo.size() && message.compare(end, kTail.size(), kTail) == 0) {
        out.append(kNo).append(side).append(message, i + kNo.size(), end - i - kNo.size());
        i = end + kTail.size();
        continue;
      }
    }
    out += message[i++];
  }
  return out;
}

/// Why a text is not a Move-Neutral submission: what orthodox notation says of it on the view
/// (the submissions are orthodox legal moves of the view; it names a shared square too).
std::string why_not_move_neutral(const SimState& s, Color c, std::string_view text) {
  try {
    const SimMoveText t = parse_sim_move_text(s.pos.variant(), text);
    const std::string shared =
        t.castling == 0
            ? ""
            : sim_rules_for(s.pos.variant_ptr())->why_no_castling(s, c, t.castling == 1);
    if (!shared.empty()) return shared;
  } catch (const NotationError&) {
  }
  try {
    read_orthodox(view_for(s, c), text);
  } catch (const NotationError& orthodox) {
    return notation_reason(orthodox, std::string(trimmed(text)), s.pos.variant());
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

std::string why_not_submission(const SimState& s, Color c, std::string_view text) {
  // Submissions that may share a square (Move-Neutral) are the view's orthodox legal moves.
  if (s.pos.variant().traits().shared_squares) return for_side(why_not_move_neutral(s, c, text), c);
  // Read the text among the pseudo-legal moves of the board as it stands (an en-passant capture
  // needs its victim there), else as an orthodox move on the board without the other side.
  MoveList pseudo;
  generate_pseudo_legal(view_for(s, c), pseudo);
  try {
    return why_not(s, c, read_sim_move(s, c, text, pseudo));
  } catch (const NotationError&) {
  }
  try {
    return why_not(s, c, read_orthodox(bare_view(s, c), text));
  } catch (const NotationError& orthodox) {  // no piece of that side can make it at all
    return for_side(notation_reason(orthodox, std::string(trimmed(text)), s.pos.variant()), c);
  }
}

}  // namespace arbiter
