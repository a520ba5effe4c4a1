#include "rules/core/notation.hpp"

#include <fmt/format.h>

#include <cctype>

#include "rules/core/move_words.hpp"
#include "rules/core/movegen.hpp"

namespace arbiter {
namespace {

PieceType moved_type(const Position& pos, Move m) {
  return pos.piece_on(pos.side_to_move(), m.from());
}

char lower(char c) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}
char upper_letter(char c) {
  return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
}

/// What follows the move proper: "/Nf3" per converted piece, then '+' or '#'.
std::string effects_suffix(const Position& pos, Move m) {
  Position after = pos;
  Undo undo;
  after.make(m, undo);
  std::string s;
  for (Bitboard b = undo.converted; b;) {
    const Square sq = pop_lsb(b);
    s += '/';
    s += pos.variant().piece(pos.piece_on(~pos.side_to_move(), sq)).letter;
    s += square_name(sq);
  }
  if (after.in_check()) s += is_checkmate(after) ? "#" : "+";
  return s;
}

struct StatedConversion {
  char letter;  ///< 0 when only the square was written
  Square square;
};

/// Splits "Qg5+/Pe5" into the move ("Qg5+") and its stated conversions.
std::string_view split_conversions(std::string_view text, const std::string& original,
                                   std::vector<StatedConversion>& stated, SanDetails& d) {
  const std::size_t slash = text.find('/');
  if (slash == std::string_view::npos) return text;
  d.conversions_written = true;
  std::string_view rest = text.substr(slash + 1);
  while (true) {
    const std::size_t next = rest.find('/');
    std::string_view item = rest.substr(0, next);
    while (!item.empty() && std::string_view("+#!?").find(item.back()) != std::string_view::npos) {
      if (item.back() == '+' || item.back() == '#') d.check_mark = item.back();
      item.remove_suffix(1);
    }
    StatedConversion c{0, kNoSquare};
    if (item.size() == 3 && std::isupper(static_cast<unsigned char>(item[0]))) {
      c.letter = item[0];
      item.remove_prefix(1);
    }
    const auto sq = parse_square(item);
    if (!sq)
      throw NotationError(NotationErrorKind::kSyntax,
                          fmt::format("'{}': bad conversion suffix '/{}': expected a piece letter "
                                      "and square such as /Nf3 (or a square such as /f2)",
                                      original, rest.substr(0, next)));
    c.square = *sq;
    stated.push_back(c);
    if (next == std::string_view::npos) break;
    rest = rest.substr(next + 1);
  }
  return text.substr(0, slash);
}

void check_conversions(const Position& pos, Move m, const std::string& original,
                       const std::vector<StatedConversion>& stated, bool written) {
  Position after = pos;
  Undo undo;
  after.make(m, undo);
  const Variant& v = pos.variant();
  const Color them = ~pos.side_to_move();
  Bitboard said = 0;
  for (const StatedConversion& c : stated) {
    said |= bb(c.square);
    if (c.letter && has(undo.converted, c.square) &&
        v.piece(pos.piece_on(them, c.square)).letter != c.letter)
      throw NotationError(
          NotationErrorKind::kConversionMismatch,
          fmt::format("'{}' states {}{} but the piece converted there is {}{}", original, c.letter,
                      square_name(c.square), v.piece(pos.piece_on(them, c.square)).letter,
                      square_name(c.square)));
  }
  if (said == undo.converted || (!written && !v.converts())) return;
  const auto list = [&](Bitboard b) {
    std::string out;
    while (b) {
      const Square sq = pop_lsb(b);
      out += (out.empty() ? "" : ", ") + std::string(1, v.piece(pos.piece_on(them, sq)).letter) +
             square_name(sq);
    }
    return out.empty() ? std::string("nothing") : out;
  };
  std::string stated_text;
  for (const StatedConversion& c : stated)
    stated_text += (stated_text.empty() ? "" : ", ") +
                   (c.letter ? std::string(1, c.letter) : std::string()) + square_name(c.square);
  throw NotationError(NotationErrorKind::kConversionMismatch,
                      fmt::format("'{}' states conversion of {} but the move converts {}", original,
                                  stated_text.empty() ? std::string("nothing") : stated_text,
                                  list(undo.converted)));
}

/// Strips trailing annotation and check marks, recording them.
std::string_view strip_suffixes(std::string_view s, SanDetails& d) {
  while (!s.empty()) {
    const char c = s.back();
    if (c == '!' || c == '?') {
      d.annotation.insert(d.annotation.begin(), c);
    } else if (c == '+' || c == '#') {
      if (c == '+' && d.check_mark == '+') d.double_plus = true;
      if (d.check_mark == 0 || c == '#') d.check_mark = c;
    } else {
      break;
    }
    s.remove_suffix(1);
  }
  return s;
}

std::string list_moves(const Position& pos, const std::vector<Move>& moves) {
  std::string out;
  for (Move m : moves) {
    if (!out.empty()) out += ", ";
    out += to_san(pos, m);
  }
  return out;
}

[[noreturn]] void throw_illegal(const std::string& original, const std::string& why) {
  throw NotationError(NotationErrorKind::kIllegal,
                      fmt::format("'{}' is illegal: {}", original, why));
}

/// Throws the most precise reason why no legal move matched a SAN text.
[[noreturn]] void explain_no_match(const Position& pos, const std::string& original, PieceType type,
                                   Square to, int from_file, int from_rank, PieceType promo) {
  const Variant& v = pos.variant();
  const auto fail = [&original](const std::string& why) { throw_illegal(original, why); };
  const auto matches_piece = [&](Move m) {
    const PieceType t = moved_type(pos, m);
    return (type == kNoPiece ? v.piece(t).pawn : t == type) &&
           (from_file < 0 || file_of(m.from()) == from_file) &&
           (from_rank < 0 || rank_of(m.from()) == from_rank);
  };
  MoveList legal;
  generate_legal(pos, legal);
  for (Move m : legal)
    if (m.kind() == MoveKind::kCastling && type == v.royal() && m.to() == to && matches_piece(m))
      fail(fmt::format("castling is written {}",
                       v.castling(pos.side_to_move())[m.arg()].king_side ? "O-O" : "O-O-O"));
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  for (Move m : pseudo) {
    if (m.to() != to || m.kind() == MoveKind::kCastling || !matches_piece(m)) continue;
    const PieceInfo& info = v.piece(moved_type(pos, m));
    if (m.kind() != MoveKind::kPromotion && promo != kNoPiece)
      fail(fmt::format("that {} move does not promote: drop the '{}'", info.name,
                       v.piece(promo).letter));
    if (m.kind() == MoveKind::kPromotion && promo != kNoPiece) {
      bool allowed = false;
      std::string choices;
      for (PieceType c : info.promotion_choices) {
        allowed |= c == promo;
        choices += std::string(choices.empty() ? "" : ", ") + v.piece(c).letter;
      }
      if (!allowed)
        fail(fmt::format("a {} promotes to one of {}, not {}", info.name, choices,
                         v.piece(promo).letter));
    }
    fail(fmt::format("it would leave the {} in check", v.piece(v.royal()).name));
  }
  // Move-Neutral Chess: two pieces sharing a square cannot be taken there, en passant included.
  const Square ep = pos.en_passant();
  const Square victim =
      to == ep && type == kNoPiece ? en_passant_victim_of(ep, pos.side_to_move()) : to;
  if (has(pos.pieces(kWhite) & pos.pieces(kBlack), victim))
    fail(fmt::format("{} is shared: neither piece there can be taken until one moves away",
                     square_name(victim)));
  const std::string who = type == kNoPiece ? std::string("pawn") : v.piece(type).name;
  throw_illegal(original,
                fmt::format("no {} of the side to move can go to {}", who, square_name(to)));
}

}  // namespace

bool is_capture(const Position& pos, Move m) {
  if (m.kind() == MoveKind::kEnPassant) return true;
  if (m.kind() == MoveKind::kCastling) return false;
  return pos.piece_on(~pos.side_to_move(), m.to()) != kNoPiece;
}

std::string to_string(NotationErrorKind kind) {
  switch (kind) {
    case NotationErrorKind::kSyntax:
      return "syntax";
    case NotationErrorKind::kUnknownPiece:
      return "unknown piece letter";
    case NotationErrorKind::kIllegal:
      return "illegal";
    case NotationErrorKind::kAmbiguous:
      return "ambiguous";
    case NotationErrorKind::kConversionMismatch:
      return "conversion mismatch";
  }
  return "?";
}

bool is_checkmate(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  return moves.empty() && pos.in_check();
}

bool is_stalemate(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  return moves.empty() && !pos.in_check();
}

std::string to_uci(const Position& pos, Move m) {
  std::string s = square_name(m.from()) + square_name(m.to());
  if (m.kind() == MoveKind::kPromotion)
    s += lower(pos.variant().piece(static_cast<PieceType>(m.arg())).letter);
  return s;
}

bool looks_like_uci(std::string_view t) {
  return (t.size() == 4 || t.size() == 5) && parse_square(t.substr(0, 2)) &&
         parse_square(t.substr(2, 2)) &&
         (t.size() == 4 || std::isalpha(static_cast<unsigned char>(t[4])));
}

Move parse_uci(const Position& pos, std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  const auto from = parse_square(text.substr(0, 2));
  const auto to = text.size() >= 4 ? parse_square(text.substr(2, 2)) : std::nullopt;
  if (!from || !to || text.size() > 5)
    throw NotationError(NotationErrorKind::kSyntax,
                        fmt::format("'{}' is not a coordinate move: expected from and to squares "
                                    "such as e2e4, with a piece letter for a promotion (e7e8q)",
                                    text));
  PieceType promo = kNoPiece;
  if (text.size() == 5) {
    promo = pos.variant().type_of_letter(upper_letter(text[4]));
    if (promo == kNoPiece)
      throw NotationError(NotationErrorKind::kUnknownPiece,
                          fmt::format("'{}': unknown promotion piece '{}'", text, text[4]));
  }
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    if (m.from() != *from || m.to() != *to) continue;
    const bool is_promo = m.kind() == MoveKind::kPromotion;
    if (is_promo && promo == kNoPiece)
      throw NotationError(NotationErrorKind::kAmbiguous,
                          fmt::format("'{}' promotes: add the piece letter, e.g. {}q", text, text));
    if (!is_promo && promo != kNoPiece) continue;
    if (is_promo && m.arg() != promo) continue;
    return m;
  }
  throw NotationError(NotationErrorKind::kIllegal,
                      fmt::format("'{}' is not a legal move in this position", text));
}

std::string san_disambiguation(Square from, Bitboard rivals) {
  rivals &= ~bb(from);
  if (rivals == 0) return {};
  if ((rivals & file_bb(from)) == 0) return std::string(1, static_cast<char>('a' + file_of(from)));
  if ((rivals & rank_bb(from)) == 0) return std::string(1, static_cast<char>('1' + rank_of(from)));
  return square_name(from);
}

std::string to_san(const Position& pos, Move m) {
  const Variant& v = pos.variant();
  if (m.kind() == MoveKind::kCastling) {
    const bool king_side = v.castling(pos.side_to_move())[m.arg()].king_side;
    return std::string(king_side ? "O-O" : "O-O-O") + effects_suffix(pos, m);
  }
  const PieceType type = moved_type(pos, m);
  const PieceInfo& info = v.piece(type);
  const bool capture = is_capture(pos, m);
  std::string s;
  if (info.pawn) {
    if (capture) s += static_cast<char>('a' + file_of(m.from()));
  } else {
    s += info.letter;
    MoveList moves;
    generate_legal(pos, moves);
    Bitboard rivals = 0;
    for (Move o : moves)
      if (o.to() == m.to() && moved_type(pos, o) == type) rivals |= bb(o.from());
    s += san_disambiguation(m.from(), rivals);
  }
  if (capture) s += 'x';
  s += square_name(m.to());
  if (m.kind() == MoveKind::kPromotion) {
    s += '=';
    s += v.piece(static_cast<PieceType>(m.arg())).letter;
  }
  return s + effects_suffix(pos, m);
}

namespace {

Move parse_san_move(const Position& pos, std::string_view text, const std::string& original,
                    SanDetails& d);

}  // namespace

Move parse_san(const Position& pos, std::string_view text, SanDetails* details) {
  SanDetails local;
  SanDetails& d = details ? *details : local;
  d = SanDetails{};
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  const std::string original(text);
  const std::string plain = plain_move_word(text, nullptr);  // "e2-e4", "Ng1-f3", typeset forms
  text = plain;
  if (is_null_move_word(text))
    throw NotationError(
        NotationErrorKind::kSyntax,
        fmt::format("'{}' is a null move (a pass), which the rules do not allow", original));
  std::vector<StatedConversion> stated;
  const std::string_view move_text = split_conversions(text, original, stated, d);
  const char mark_after = d.check_mark;
  const Move m = parse_san_move(pos, move_text, original, d);
  if (mark_after && !d.check_mark) d.check_mark = mark_after;
  if (d.conversions_written || pos.variant().converts())
    check_conversions(pos, m, original, stated, d.conversions_written);
  return m;
}

namespace {

Move parse_san_move(const Position& pos, std::string_view text, const std::string& original,
                    SanDetails& d) {
  const Variant& v = pos.variant();
  const char mark_after = d.check_mark;
  const std::string annotation_after = d.annotation;
  std::string_view s = strip_suffixes(text, d);
  if (mark_after && d.check_mark == 0) d.check_mark = mark_after;
  if (d.annotation.empty()) d.annotation = annotation_after;
  if (s.size() > 4 && s.substr(s.size() - 4) == "e.p.") s.remove_suffix(4);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  if (s.empty())
    throw NotationError(NotationErrorKind::kSyntax,
                        fmt::format("'{}' is not a move: expected SAN such as e4, Nf3, exd5, "
                                    "O-O or e8=Q",
                                    original));
  MoveList legal;
  generate_legal(pos, legal);

  // Castling: O-O, 0-0, OO, 00 and the queen-side forms with three.
  std::string compact;
  for (char c : s)
    if (c != '-') compact += c == '0' ? 'O' : c;
  if (compact.find_first_not_of('O') == std::string::npos && compact.size() > 3)
    throw NotationError(NotationErrorKind::kSyntax,
                        fmt::format("'{}' is not a move: castling is O-O or O-O-O", original));
  if (compact == "OO" || compact == "OOO") {
    const bool king_side = compact == "OO";
    for (Move m : legal)
      if (m.kind() == MoveKind::kCastling &&
          v.castling(pos.side_to_move())[m.arg()].king_side == king_side)
        return m;
    throw NotationError(NotationErrorKind::kIllegal,
                        fmt::format("'{}': castling {} is not legal in this position", original,
                                    king_side ? "king-side" : "queen-side"));
  }

  // Promotion suffix: "=Q", "=q", "(Q)" or a bare letter after the destination square.
  PieceType promo = kNoPiece;
  const auto promotion_letter = [&](char letter) {
    const PieceType t = v.type_of_letter(upper_letter(letter));
    if (t == kNoPiece)
      throw NotationError(NotationErrorKind::kUnknownPiece,
                          fmt::format("'{}': unknown promotion piece '{}'", original, letter));
    return t;
  };
  if (s.size() >= 4 && s.back() == ')' && s[s.size() - 3] == '(') {
    promo = promotion_letter(s[s.size() - 2]);
    s.remove_suffix(3);
  } else if (s.size() >= 3 && std::isalpha(static_cast<unsigned char>(s.back())) &&
             (s[s.size() - 2] == '=' ||
              std::isdigit(static_cast<unsigned char>(s[s.size() - 2])))) {
    promo = promotion_letter(s.back());
    s.remove_suffix(1);
    if (s.back() == '=') s.remove_suffix(1);
  }
  if (s.size() < 2)
    throw NotationError(NotationErrorKind::kSyntax,
                        fmt::format("'{}' is not a move: expected a destination square", original));
  const auto to = parse_square(s.substr(s.size() - 2));
  if (!to)
    throw NotationError(NotationErrorKind::kSyntax,
                        fmt::format("'{}' is not a move: expected it to end in a destination "
                                    "square such as e4 (before any =Q, + or !?)",
                                    original));
  s.remove_suffix(2);

  PieceType type = kNoPiece;
  if (!s.empty() && std::isupper(static_cast<unsigned char>(s.front()))) {
    type = v.type_of_letter(s.front());
    if (type == kNoPiece)
      throw NotationError(NotationErrorKind::kUnknownPiece,
                          fmt::format("'{}': unknown piece letter '{}'", original, s.front()));
    s.remove_prefix(1);
  }
  if (!s.empty() && (s.back() == 'x' || s.back() == ':')) {
    d.capture_mark = true;
    s.remove_suffix(1);
  }
  int from_file = -1, from_rank = -1;
  for (char c : s) {
    if (c >= 'a' && c <= 'h' && from_file < 0 && from_rank < 0) {
      from_file = c - 'a';
    } else if (c >= '1' && c <= '8' && from_rank < 0) {
      from_rank = c - '1';
    } else {
      throw NotationError(NotationErrorKind::kSyntax,
                          fmt::format("'{}' is not a move: unexpected '{}' (expected a piece "
                                      "letter, an origin file or rank, 'x', and a square)",
                                      original, c));
    }
  }
  // Long algebraic and coordinate moves name the origin square: the piece is the one there
  // ("g1f3" moves the knight), and a king's move from it may be castling ("e1g1").
  const bool origin_square = from_file >= 0 && from_rank >= 0;
  if (origin_square) {
    const Square from = make_square(from_file, from_rank);
    const PieceType there = pos.piece_on(pos.side_to_move(), from);
    if (there == kNoPiece)
      throw_illegal(original,
                    fmt::format("the side to move has no piece on {}", square_name(from)));
    if (type == kNoPiece) {
      d.coordinate = !d.capture_mark;
      if (!v.piece(there).pawn) type = there;
    }
  }

  std::vector<Move> matches;
  for (Move m : legal) {
    if (m.to() != *to) continue;
    if (m.kind() == MoveKind::kCastling && !(origin_square && type == v.royal())) continue;
    const PieceType t = moved_type(pos, m);
    if (type == kNoPiece ? !v.piece(t).pawn : t != type) continue;
    if (from_file >= 0 && file_of(m.from()) != from_file) continue;
    if (from_rank >= 0 && rank_of(m.from()) != from_rank) continue;
    if (m.kind() == MoveKind::kPromotion) {
      if (promo != kNoPiece && m.arg() != promo) continue;
    } else if (promo != kNoPiece) {
      continue;
    }
    matches.push_back(m);
  }
  if (matches.size() == 1) return matches.front();
  if (matches.size() > 1) {
    if (matches.front().kind() == MoveKind::kPromotion && promo == kNoPiece)
      throw NotationError(
          NotationErrorKind::kAmbiguous,
          fmt::format("'{}' promotes: say to what, e.g. {}=Q", original, square_name(*to)));
    throw NotationError(
        NotationErrorKind::kAmbiguous,
        fmt::format("'{}' is ambiguous: it matches {}", original, list_moves(pos, matches)));
  }
  explain_no_match(pos, original, type, *to, from_file, from_rank, promo);
}

}  // namespace

}  // namespace arbiter
