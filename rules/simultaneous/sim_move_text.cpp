#include "rules/simultaneous/sim_move_text.hpp"

#include <fmt/format.h>

#include <cctype>
#include <vector>

#include "rules/core/move_words.hpp"

namespace arbiter {
namespace {

[[noreturn]] void syntax(std::string_view text, const std::string& why) {
  throw NotationError(NotationErrorKind::kSyntax, fmt::format("'{}' is not a move: {}", text, why));
}

PieceType letter_type(const Variant& v, std::string_view text, char letter, const char* what) {
  const PieceType t =
      v.type_of_letter(static_cast<char>(std::toupper(static_cast<unsigned char>(letter))));
  if (t == kNoPiece)
    throw NotationError(NotationErrorKind::kUnknownPiece,
                        fmt::format("'{}': unknown {} letter '{}'", text, what, letter));
  return t;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

PieceType moved_type(const SimState& s, Color c, Move m) {
  return s.pos.piece_on(c, m.from());
}

bool captures(const SimState& s, Color c, Move m) {
  if (m.kind() == MoveKind::kEnPassant) return true;
  return m.kind() != MoveKind::kCastling && s.pos.piece_on(~c, m.to()) != kNoPiece;
}

bool matches(const SimState& s, Color c, Move m, const SimMoveText& t) {
  const Variant& v = s.pos.variant();
  if (t.castling != 0)
    return m.kind() == MoveKind::kCastling && v.castling(c)[m.arg()].king_side == (t.castling == 1);
  if (m.to() != t.to) return false;
  if (t.from_file >= 0 && file_of(m.from()) != t.from_file) return false;
  if (t.from_rank >= 0 && rank_of(m.from()) != t.from_rank) return false;
  if (m.kind() == MoveKind::kPromotion) {
    if (t.promotion != kNoPiece && m.arg() != t.promotion) return false;
  } else if (t.promotion != kNoPiece) {
    return false;
  }
  if (t.coordinates) return true;  // castling in coordinates is the king's move (e1g1)
  if (m.kind() == MoveKind::kCastling) return false;
  const PieceType type = moved_type(s, c, m);
  return t.piece == kNoPiece ? v.piece(type).pawn : type == t.piece;
}

}  // namespace

SimMoveText parse_sim_move_text(const Variant& v, std::string_view text) {
  const std::string_view original = trim(text);
  std::string_view s = original;
  while (!s.empty() && std::string_view("+#!?").find(s.back()) != std::string_view::npos)
    s.remove_suffix(1);
  if (s.empty()) syntax(original, "expected SAN (e4, Nf3, exd5, O-O, e8=Q) or coordinates (e2e4)");
  if (is_null_move_word(original))
    throw NotationError(NotationErrorKind::kSyntax,
                        fmt::format("'{}' is a null move (a pass), not a submission", original));
  SimMoveText t;
  if (looks_like_uci(s)) {
    t.coordinates = true;
    t.from_file = file_of(*parse_square(s.substr(0, 2)));
    t.from_rank = rank_of(*parse_square(s.substr(0, 2)));
    t.to = *parse_square(s.substr(2, 2));
    if (s.size() == 5) t.promotion = letter_type(v, original, s[4], "promotion piece");
    return t;
  }
  std::string compact;
  for (char c : s)
    if (c != '-') compact += c == '0' ? 'O' : c;
  if (compact == "OO" || compact == "OOO") {
    t.castling = compact == "OO" ? 1 : 2;
    return t;
  }
  if (s.size() >= 3 && s[s.size() - 2] == '=') {
    t.promotion = letter_type(v, original, s.back(), "promotion piece");
    s.remove_suffix(2);
  }
  if (s.size() < 2 || !parse_square(s.substr(s.size() - 2)))
    syntax(original, "expected it to end in a destination square such as e4 (before any =Q)");
  t.to = *parse_square(s.substr(s.size() - 2));
  s.remove_suffix(2);
  if (!s.empty() && std::isupper(static_cast<unsigned char>(s.front()))) {
    t.piece = letter_type(v, original, s.front(), "piece");
    if (v.piece(t.piece).pawn) t.piece = kNoPiece;  // "Pe4" is a pawn move
    s.remove_prefix(1);
  }
  if (!s.empty() && (s.back() == 'x' || s.back() == ':')) {
    t.capture_mark = true;
    s.remove_suffix(1);
  }
  for (char c : s) {
    if (c >= 'a' && c <= 'h' && t.from_file < 0 && t.from_rank < 0) {
      t.from_file = c - 'a';
    } else if (c >= '1' && c <= '8' && t.from_rank < 0) {
      t.from_rank = c - '1';
    } else {
      syntax(original, fmt::format("unexpected '{}' (expected a piece letter, an origin file or "
                                   "rank, 'x', and a square)",
                                   c));
    }
  }
  return t;
}

bool sim_capture(const SimState& s, Color c, Move m) {
  return captures(s, c, m);
}

Move read_sim_move(const SimState& s, Color c, std::string_view text, const MoveList& subs,
                   SimMoveText* shape) {
  const SimMoveText t = parse_sim_move_text(s.pos.variant(), text);
  if (shape != nullptr) *shape = t;
  std::vector<Move> found;
  for (Move m : subs)
    if (matches(s, c, m, t)) found.push_back(m);
  const std::string_view original = trim(text);
  const char* side = c == kWhite ? "White" : "Black";
  if (found.empty())
    throw NotationError(
        NotationErrorKind::kIllegal,
        fmt::format("'{}' is not a move {} may submit in this position", original, side));
  if (found.size() > 1) {
    // A promotion written without its piece matches every choice.
    if (found.front().kind() == MoveKind::kPromotion && t.promotion == kNoPiece)
      throw NotationError(NotationErrorKind::kAmbiguous,
                          fmt::format("'{}' promotes: say to what, e.g. {}=Q", original,
                                      square_name(found.front().to())));
    std::string list;
    for (Move m : found) list += (list.empty() ? "" : ", ") + sim_san(s, c, m, subs);
    throw NotationError(NotationErrorKind::kAmbiguous,
                        fmt::format("'{}' is ambiguous: it matches {}", original, list));
  }
  return found.front();
}

std::string sim_san(const SimState& s, Color c, Move m, const MoveList& subs) {
  const Variant& v = s.pos.variant();
  if (m.kind() == MoveKind::kCastling) return v.castling(c)[m.arg()].king_side ? "O-O" : "O-O-O";
  const PieceType type = moved_type(s, c, m);
  const bool capture = captures(s, c, m);
  std::string out;
  if (v.piece(type).pawn) {
    if (capture || file_of(m.from()) != file_of(m.to()))
      out += static_cast<char>('a' + file_of(m.from()));
  } else {
    out += v.piece(type).letter;
    Bitboard rivals = 0;
    for (Move o : subs)
      if (o.to() == m.to() && o.kind() != MoveKind::kCastling && moved_type(s, c, o) == type)
        rivals |= bb(o.from());
    out += san_disambiguation(m.from(), rivals);
  }
  if (capture || (v.piece(type).pawn && file_of(m.from()) != file_of(m.to()))) out += 'x';
  out += square_name(m.to());
  if (m.kind() == MoveKind::kPromotion) {
    out += '=';
    out += v.piece(static_cast<PieceType>(m.arg())).letter;
  }
  return out;
}

}  // namespace arbiter
