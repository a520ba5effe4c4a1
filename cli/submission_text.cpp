#include "cli/submission_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

#include "rules/notation.hpp"

namespace arbiter::cli {
namespace {

const char* side_name(Color c) {
  return c == kWhite ? "White" : "Black";
}

bool looks_like_coordinates(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  return text.size() >= 4 && parse_square(text.substr(0, 2)) && parse_square(text.substr(2, 2));
}

Move read_orthodox(const Position& pos, std::string_view text) {
  return looks_like_coordinates(text) ? parse_uci(pos, text) : parse_san(pos, text);
}

/// The view without the other side's pieces: every path is open and no square is attacked,
/// so notation reads any piece's move of the submitting side.
Position bare_view(const SimState& s, Color c) {
  Position bare = view_for(s, c);
  bare.set_en_passant(kNoSquare);
  for (Bitboard b = bare.pieces(~c); b;) bare.remove(~c, pop_lsb(b));
  return bare;
}

/// Both moves promote to the same piece, or neither promotes.
bool same_promotion(Move a, Move b) {
  return (a.kind() == MoveKind::kPromotion) == (b.kind() == MoveKind::kPromotion) &&
         (a.kind() != MoveKind::kPromotion || a.arg() == b.arg());
}

/// The submission with the same squares and promotion as `m` (read on another board, where
/// its kind may differ: a capture there is a plain move).
std::optional<Move> same_squares(const MoveList& subs, Move m) {
  for (Move sub : subs)
    if (sub.from() == m.from() && sub.to() == m.to() && same_promotion(sub, m)) return sub;
  return std::nullopt;
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

/// Why a move read on the bare board is still not a submission.
std::string why_not(const SimState& s, Color c, Move m) {
  const Position view = view_for(s, c);
  const DiplomacyKnobs k = DiplomacyKnobs::of(view.variant());
  const bool king = view.piece_on(c, m.from()) == view.variant().royal();
  if (king && k.king_judged_now)
    return "under king-safety=current-position a king move must be legal on the current board";
  if (!king) {
    Position after = view;
    Undo undo;
    after.make(m, undo);
    if (after.king_square(c) != kNoSquare && after.attacked(after.king_square(c), ~c))
      return fmt::format("it would leave {}'s king attacked now", side_name(c));
  }
  if (!k.vacated_passable)
    return "under vacated-square=blocked a path may not cross a piece, as in chess";
  return "it is not a Diplomacy Chess move in this position";
}

/// The submission a text names, or the error kind and reason (without the list of
/// submissions, so that submission_san may call it).
struct Match {
  std::optional<Move> move;
  NotationErrorKind kind = NotationErrorKind::kIllegal;
  std::string why;
};

/// The other submissions that the SAN `text`, read as `m`, could also name: the same piece
/// type, destination and promotion from another square. Orthodox notation disambiguates among
/// legal moves only, so each is read on the bare view where it is the only piece of its type.
std::vector<Move> also_named(const SimState& s, Color c, const MoveList& subs, Move m,
                             std::string_view text) {
  std::vector<Move> out;
  if (looks_like_coordinates(text)) return out;
  const Position view = view_for(s, c);
  const PieceType type = view.piece_on(c, m.from());
  for (Move o : subs) {
    if (o.from() == m.from() || o.to() != m.to() || view.piece_on(c, o.from()) != type ||
        !same_promotion(o, m))
      continue;
    Position alone = bare_view(s, c);
    for (Bitboard b = view.pieces(c, type) & ~bb(o.from()); b;) alone.remove(c, pop_lsb(b));
    try {
      if (read_orthodox(alone, text).from() == o.from()) out.push_back(o);
    } catch (const NotationError&) {
    }
  }
  return out;
}

Match match(const SimState& s, Color c, const MoveList& subs, std::string_view text) {
  Move m{};
  try {
    m = read_orthodox(view_for(s, c), text);
  } catch (const NotationError& e) {
    if (e.kind() != NotationErrorKind::kIllegal) return {std::nullopt, e.kind(), e.what()};
    try {
      m = read_orthodox(bare_view(s, c), text);
    } catch (const NotationError&) {
      return {std::nullopt, e.kind(), e.what()};
    }
  }
  const auto sub = same_squares(subs, m);
  if (!sub) return {std::nullopt, NotationErrorKind::kIllegal, why_not(s, c, m)};
  const std::vector<Move> others = also_named(s, c, subs, *sub, text);
  if (others.empty()) return {*sub, NotationErrorKind::kIllegal, ""};
  const Position view = view_for(s, c);
  std::string names = to_uci(view, *sub);
  for (Move o : others) names += ", " + to_uci(view, o);
  return {std::nullopt, NotationErrorKind::kAmbiguous,
          fmt::format("'{}' is ambiguous among the submissions: it names {}", text, names)};
}

}  // namespace

Move read_submission(const SimState& s, Color c, std::string_view text) {
  MoveList subs;
  diplomacy_submissions(s, c, subs);
  const Match found = match(s, c, subs, text);
  if (found.move) return *found.move;
  throw NotationError(found.kind, fmt::format("{} may not submit '{}': {}; {}", side_name(c), text,
                                              found.why, some_submissions(s, c, subs)));
}

std::string submission_san(const SimState& s, Color c, Move m) {
  const Position view = view_for(s, c);
  const std::string san = to_san(view, m);
  const PieceType type = view.piece_on(c, m.from());
  if (view.variant().piece(type).pawn || m.kind() == MoveKind::kCastling) return san;
  MoveList subs;
  diplomacy_submissions(s, c, subs);
  if (match(s, c, subs, san).move == m) return san;
  // Orthodox SAN is disambiguated among the orthodox legal moves only: name the origin's
  // file, else its rank, else its square, as SAN does.
  const std::string from = square_name(m.from());
  std::string rest;
  if (view.piece_on(~c, m.to()) != kNoPiece) rest += 'x';
  rest.append(san, san.find(square_name(m.to())));
  const char letter = view.variant().piece(type).letter;
  for (const std::string& origin : {from.substr(0, 1), from.substr(1, 1)}) {
    const std::string text = letter + origin + rest;
    if (match(s, c, subs, text).move == m) return text;
  }
  return letter + from + rest;
}

}  // namespace arbiter::cli
