#include "rules/diplomacy_notation.hpp"

#include <fmt/format.h>

#include <cctype>
#include <vector>

namespace arbiter {
namespace {

const char* side_name(Color c) {
  return c == kWhite ? "White" : "Black";
}

char upper(char c) {
  return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
}

bool king_side(const SimState& s, Color c, Move m) {
  return s.pos.variant().castling(c)[m.arg()].king_side;
}

[[noreturn]] void fail(NotationErrorKind kind, std::string message) {
  throw NotationError(kind, std::move(message));
}

PieceType promotion_type(const Variant& v, char letter, std::string_view text) {
  const PieceType t = v.type_of_letter(upper(letter));
  if (t == kNoPiece)
    fail(NotationErrorKind::kUnknownPiece,
         fmt::format("'{}': unknown promotion piece '{}'", text, letter));
  return t;
}

/// The one submission in `found`, or the error that says why there is not one.
Move single(const SimState& s, Color c, const std::vector<Move>& found, std::string_view text) {
  if (found.size() == 1) return found.front();
  if (found.empty())
    fail(NotationErrorKind::kIllegal,
         fmt::format("'{}' is not a move {} may submit in this position", text, side_name(c)));
  std::string list;
  for (Move m : found) list += (list.empty() ? "" : ", ") + diplomacy_san(s, c, m);
  fail(NotationErrorKind::kAmbiguous, fmt::format("'{}' is ambiguous: it matches {}", text, list));
}

}  // namespace

bool diplomacy_capture(const SimState& s, Color c, Move m) {
  return m.kind() == MoveKind::kEnPassant ||
         (m.kind() != MoveKind::kCastling && s.pos.piece_on(~c, m.to()) != kNoPiece);
}

std::string diplomacy_san(const SimState& s, Color c, Move m) {
  const Variant& v = s.pos.variant();
  if (m.kind() == MoveKind::kCastling) return king_side(s, c, m) ? "O-O" : "O-O-O";
  const PieceType type = s.pos.piece_on(c, m.from());
  const bool capture = diplomacy_capture(s, c, m);
  std::string out;
  if (v.piece(type).pawn) {
    if (capture) out += static_cast<char>('a' + file_of(m.from()));
  } else {
    out += v.piece(type).letter;
    MoveList subs;
    diplomacy_submissions(s, c, subs);
    bool clash = false, same_file = false, same_rank = false;
    for (Move o : subs) {
      if (o.to() != m.to() || o.from() == m.from() || s.pos.piece_on(c, o.from()) != type ||
          o.kind() == MoveKind::kCastling)
        continue;
      clash = true;
      same_file |= file_of(o.from()) == file_of(m.from());
      same_rank |= rank_of(o.from()) == rank_of(m.from());
    }
    if (clash)
      out += !same_file   ? std::string(1, static_cast<char>('a' + file_of(m.from())))
             : !same_rank ? std::string(1, static_cast<char>('1' + rank_of(m.from())))
                          : square_name(m.from());
  }
  if (capture) out += 'x';
  out += square_name(m.to());
  if (m.kind() == MoveKind::kPromotion)
    out += std::string("=") + v.piece(static_cast<PieceType>(m.arg())).letter;
  return out;
}

Move parse_diplomacy_move(const SimState& s, Color c, std::string_view text,
                          DiplomacyMoveText* details) {
  DiplomacyMoveText local;
  DiplomacyMoveText& d = details ? *details : local;
  d = DiplomacyMoveText{};
  const Variant& v = s.pos.variant();
  std::string_view t = text;
  while (!t.empty() && (t.back() == '+' || t.back() == '#' || t.back() == '!' || t.back() == '?'))
    t.remove_suffix(1);
  if (t.empty())
    fail(NotationErrorKind::kSyntax,
         fmt::format("'{}' is not a move: expected SAN (Nf3, exd5, O-O) or coordinates (g1f3)",
                     text));
  MoveList subs;
  diplomacy_submissions(s, c, subs);
  std::vector<Move> found;

  std::string compact;
  for (char ch : t)
    if (ch != '-') compact += ch == '0' ? 'O' : ch;
  if (compact == "OO" || compact == "OOO") {
    for (Move m : subs)
      if (m.kind() == MoveKind::kCastling && king_side(s, c, m) == (compact == "OO"))
        found.push_back(m);
    return single(s, c, found, text);
  }

  const auto from_sq = parse_square(t.substr(0, 2));
  const auto to_sq = t.size() >= 4 ? parse_square(t.substr(2, 2)) : std::nullopt;
  if (from_sq && to_sq && (t.size() == 4 || t.size() == 5)) {
    d.coordinates = true;
    const PieceType promo = t.size() == 5 ? promotion_type(v, t[4], text) : kNoPiece;
    for (Move m : subs) {
      if (m.from() != *from_sq || m.to() != *to_sq) continue;
      if (m.kind() == MoveKind::kPromotion ? promo != kNoPiece && m.arg() != promo
                                           : promo != kNoPiece)
        continue;
      found.push_back(m);
    }
    return single(s, c, found, text);
  }

  PieceType promo = kNoPiece;
  if (t.size() >= 3 && std::isalpha(static_cast<unsigned char>(t.back())) &&
      (t[t.size() - 2] == '=' || std::isdigit(static_cast<unsigned char>(t[t.size() - 2])))) {
    promo = promotion_type(v, t.back(), text);
    t.remove_suffix(t[t.size() - 2] == '=' ? 2 : 1);
  }
  const auto to = t.size() >= 2 ? parse_square(t.substr(t.size() - 2)) : std::nullopt;
  if (!to)
    fail(NotationErrorKind::kSyntax,
         fmt::format("'{}' is not a move: expected SAN ending in a square (Nf3, exd5, e8=Q) or "
                     "coordinates (g1f3)",
                     text));
  t.remove_suffix(2);
  PieceType type = kNoPiece;
  if (!t.empty() && std::isupper(static_cast<unsigned char>(t.front()))) {
    type = v.type_of_letter(t.front());
    if (type == kNoPiece)
      fail(NotationErrorKind::kUnknownPiece,
           fmt::format("'{}': unknown piece letter '{}'", text, t.front()));
    t.remove_prefix(1);
  }
  if (!t.empty() && (t.back() == 'x' || t.back() == ':')) {
    d.capture_mark = true;
    t.remove_suffix(1);
  }
  int from_file = -1, from_rank = -1;
  for (char ch : t) {
    if (ch >= 'a' && ch <= 'h' && from_file < 0 && from_rank < 0)
      from_file = ch - 'a';
    else if (ch >= '1' && ch <= '8' && from_rank < 0)
      from_rank = ch - '1';
    else
      fail(NotationErrorKind::kSyntax,
           fmt::format("'{}' is not a move: unexpected '{}'", text, ch));
  }
  for (Move m : subs) {
    if (m.to() != *to || m.kind() == MoveKind::kCastling) continue;
    const PieceType mt = s.pos.piece_on(c, m.from());
    if (type == kNoPiece ? !v.piece(mt).pawn : mt != type) continue;
    if (from_file >= 0 && file_of(m.from()) != from_file) continue;
    if (from_rank >= 0 && rank_of(m.from()) != from_rank) continue;
    if (m.kind() == MoveKind::kPromotion ? promo != kNoPiece && m.arg() != promo
                                         : promo != kNoPiece)
      continue;
    found.push_back(m);
  }
  return single(s, c, found, text);
}

}  // namespace arbiter
