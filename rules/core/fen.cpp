#include "rules/core/fen.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstring>
#include <iterator>
#include <vector>

namespace arbiter {
namespace {

std::string piece_letters(const Variant& v) {
  std::string s;
  for (int t = 0; t < v.piece_count(); ++t) {
    if (!s.empty()) s += ' ';
    s += v.piece(static_cast<PieceType>(t)).letter;
  }
  return s;
}

const char* color_name(Color c) {
  return c == kWhite ? "White" : "Black";
}
const char* color_word(Color c) {
  return c == kWhite ? "white" : "black";
}

/// The fields after the piece placement, in order (the two clocks are optional together).
enum class FenSlot { kSide, kCastling, kEnPassant, kHalfmove, kFullmove, kCount };

const char* slot_name(FenSlot k) {
  switch (k) {
    case FenSlot::kSide:
      return "side to move";
    case FenSlot::kCastling:
      return "castling field";
    case FenSlot::kEnPassant:
      return "en-passant field";
    case FenSlot::kHalfmove:
      return "halfmove clock";
    default:
      return "fullmove number";
  }
}

const char* slot_expected(FenSlot k) {
  switch (k) {
    case FenSlot::kSide:
      return "'w' or 'b'";
    case FenSlot::kCastling:
      return "'-' or castling rights such as KQkq";
    case FenSlot::kEnPassant:
      return "'-' or a square such as e3";
    default:
      return "a whole number";
  }
}

/// Whether `t` has the shape of field `k` (not whether it is right for the position): how a
/// field that is missing or out of place is told from one that is only wrong.
bool fits(FenSlot k, std::string_view t) {
  const auto all = [&](auto pred) {
    return !t.empty() && std::all_of(t.begin(), t.end(),
                                     [&](char c) { return pred(static_cast<unsigned char>(c)); });
  };
  switch (k) {
    case FenSlot::kSide:
      return t == "w" || t == "b";
    case FenSlot::kCastling:  // KQkq, or the files of Shredder-FEN and X-FEN
      return t == "-" || all([](unsigned char c) {
               return c != 0 && std::strchr("KQkqABCDEFGHabcdefgh", c) != nullptr;
             });
    case FenSlot::kEnPassant:
      return t == "-" ||
             (t.size() == 2 && t[0] >= 'a' && t[0] <= 'h' && t[1] >= '1' && t[1] <= '8');
    default:
      return all([](unsigned char c) { return std::isdigit(c) != 0; });
  }
}

/// "; 'KQkq' looks like the castling field, which comes after the side to move" when `t`,
/// found in field `at`, has the shape of another field only; "" otherwise.
std::string misplaced_hint(std::string_view t, FenSlot at) {
  for (int k = 0; k < static_cast<int>(FenSlot::kCount); ++k) {
    const auto other = static_cast<FenSlot>(k);
    if (other == at || t == "-" || !fits(other, t) || fits(at, t)) continue;
    return fmt::format("; '{}' looks like the {}, which comes {} the {}", t, slot_name(other),
                       other < at ? "before" : "after", slot_name(at));
  }
  return "";
}

/// Where each square's piece was written in the FEN (1-based column), for messages.
using SquareColumns = std::array<int, kSquares>;

/// "(Qp)" at f.text[i]: one white and one black piece sharing a square. Returns the index of
/// the closing ')'.
std::size_t parse_shared(Position& pos, const FenField& f, std::size_t i, Square sq, bool allowed) {
  const Variant& v = pos.variant();
  const int col = f.column() + static_cast<int>(i);
  if (!allowed)
    throw_fen_error(col,
                    fmt::format("'(' starts a shared square such as (Qp), which only Move-Neutral "
                                "Chess positions have; the {} table has none",
                                v.name()));
  const std::size_t close = f.text.find(')', i);
  if (close == std::string_view::npos)
    throw_fen_error(
        col, "unclosed '(': expected a shared square such as (Qp), a white and a black piece");
  const std::string_view inside = f.text.substr(i + 1, close - i - 1);
  if (inside.size() != 2)
    throw_fen_error(
        col, fmt::format("shared square '({})' holds {} piece letter(s): expected one white and "
                         "one black piece such as (Qp)",
                         inside, inside.size()));
  bool seen[2] = {false, false};
  for (std::size_t k = 0; k < 2; ++k) {
    const char ch = inside[k];
    const PieceType t = std::isalpha(static_cast<unsigned char>(ch))
                            ? v.type_of_letter(static_cast<char>(std::toupper(ch)))
                            : kNoPiece;
    if (t == kNoPiece)
      throw_fen_error(
          col + 1 + static_cast<int>(k),
          fmt::format("unknown piece letter '{}' in a shared square: the {} table has {}", ch,
                      v.name(), piece_letters(v)));
    const Color c = std::isupper(static_cast<unsigned char>(ch)) ? kWhite : kBlack;
    if (seen[c])
      throw_fen_error(
          col + 1 + static_cast<int>(k),
          fmt::format("shared square '({})' holds two {} pieces: a square holds at most one "
                      "piece of each colour",
                      inside, color_word(c)));
    seen[c] = true;
    pos.put(c, t, sq);
  }
  return close;
}

/// Conversion flags, written right after a piece letter: '~' a converted piece (it counts as
/// moved), '^' a pawn converted but never moved (Position::converted_unmoved).
bool is_mark(char ch) {
  return ch == '~' || ch == '^';
}
const char* mark_meaning(char mark) {
  return mark == '~' ? "converted piece" : "pawn converted but never moved";
}
const char* mark_example(char mark) {
  return mark == '~' ? "N~: a converted piece" : "P^: a pawn converted but never moved";
}

/// The ranks holding some square of `squares`: "rank 2", "ranks 2 and 7".
std::string rank_list(Bitboard squares) {
  std::vector<int> ranks;
  for (int r = 0; r < kRanks; ++r)
    if (squares & rank_bb_of(r)) ranks.push_back(r + 1);
  std::string out = ranks.size() == 1 ? "rank " : "ranks ";
  for (std::size_t k = 0; k < ranks.size(); ++k)
    out += (k == 0 ? "" : k + 1 == ranks.size() ? " and " : ", ") + std::to_string(ranks[k]);
  return out;
}

/// The mark `mark` after the letter `letter` of the piece of type `t` just put on `s`; `col`
/// is the mark's column.
void read_mark(Position& pos, char mark, char letter, PieceType t, Square s, int col) {
  const Variant& v = pos.variant();
  if (!v.converts())
    throw_fen_error(col, fmt::format("'{}' after '{}' marks a {}, which only tables with "
                                     "[effects.conversion] have; the {} table has none",
                                     mark, letter, mark_meaning(mark), v.name()));
  if (mark == '~') {
    pos.set_converted(pos.converted() | bb(s));
    return;
  }
  const PieceInfo& info = v.piece(t);
  if (!info.pawn)
    throw_fen_error(col, fmt::format("'^' after '{}' marks a pawn converted but never moved; "
                                     "only pawns carry it (a converted {} is written {}~)",
                                     letter, info.name, letter));
  // Never moved: it stands where its original side's double step starts.
  Bitboard starts = 0;
  for (Square o = 0; o < kSquares; ++o)
    if (info.moves.at[kWhite][o].initial_only | info.moves.at[kBlack][o].initial_only)
      starts |= bb(o);
  if (!starts)
    throw_fen_error(col, fmt::format("'^' after '{}' marks a pawn converted but never moved, "
                                     "which only matters for a double step; the {} table's {} "
                                     "has none (write {}~)",
                                     letter, v.name(), info.name, letter));
  if (!has(starts, s))
    throw_fen_error(col, fmt::format("'^' after '{}' on {} marks a pawn converted but never "
                                     "moved, so it stands where a double step starts ({}); "
                                     "{} is not such a square",
                                     letter, square_name(s), rank_list(starts), square_name(s)));
  pos.set_converted_unmoved(pos.converted_unmoved() | bb(s));
}

void parse_placement(Position& pos, const FenField& f, SquareColumns& columns, bool shared) {
  const Variant& v = pos.variant();
  int rank = 7, file = 0;
  int rank_start = f.column();
  for (std::size_t i = 0; i <= f.text.size(); ++i) {
    const int col = f.column() + static_cast<int>(i);
    const char ch = i < f.text.size() ? f.text[i] : '/';
    if (ch == '/') {
      if (file != 8)
        throw_fen_error(rank_start,
                        fmt::format("rank {} describes {} squares, expected 8", rank + 1, file));
      if (i == f.text.size()) break;
      if (rank == 0)
        throw_fen_error(
            col, i + 1 == f.text.size()
                     ? "stray '/' after the 8th rank: expected the placement to end there"
                     : "more than 8 ranks in the piece placement: expected 8 ranks separated "
                       "by '/'");
      --rank;
      file = 0;
      rank_start = col + 1;
      continue;
    }
    if (ch == '0' || ch == '9')
      throw_fen_error(
          col, fmt::format("bad digit '{}' in rank {}: a digit counts 1 to 8 empty squares", ch,
                           rank + 1));
    if (ch == '(') {
      if (file >= 8)
        throw_fen_error(rank_start,
                        fmt::format("rank {} describes more than 8 squares, expected 8", rank + 1));
      columns[make_square(file, rank)] = col;
      i = parse_shared(pos, f, i, make_square(file, rank), shared);
      ++file;
      continue;
    }
    if (ch >= '1' && ch <= '8') {
      file += ch - '0';
      if (file > 8)
        throw_fen_error(rank_start,
                        fmt::format("rank {} describes more than 8 squares, expected 8", rank + 1));
      continue;
    }
    if (is_mark(ch))
      throw_fen_error(col, v.converts()
                               ? fmt::format("'{}' follows no piece letter: a piece carries at "
                                             "most one mark, right after its letter ({})",
                                             ch, mark_example(ch))
                               : fmt::format("'{}' marks a {}, which only tables with "
                                             "[effects.conversion] have; the {} table has none",
                                             ch, mark_meaning(ch), v.name()));
    const bool upper = std::isupper(static_cast<unsigned char>(ch)) != 0;
    const PieceType t = std::isalpha(static_cast<unsigned char>(ch))
                            ? v.type_of_letter(static_cast<char>(std::toupper(ch)))
                            : kNoPiece;
    if (t == kNoPiece)
      throw_fen_error(
          col, fmt::format("unknown piece letter '{}': the {} table has {} (upper case White, "
                           "lower case Black) and digits 1-8 for empty squares",
                           ch, v.name(), piece_letters(v)));
    if (file >= 8)
      throw_fen_error(rank_start,
                      fmt::format("rank {} describes more than 8 squares, expected 8", rank + 1));
    columns[make_square(file, rank)] = col;
    pos.put(upper ? kWhite : kBlack, t, make_square(file, rank));
    if (i + 1 < f.text.size() && is_mark(f.text[i + 1])) {
      read_mark(pos, f.text[i + 1], ch, t, make_square(file, rank), col + 1);
      ++i;
    }
    ++file;
  }
  if (rank != 0)
    throw_fen_error(
        f.column(),
        fmt::format("the piece placement has {} ranks, expected 8 separated by '/'", 8 - rank));
}

/// The column of the piece written last among `squares` (the one that broke a rule).
int last_written(Bitboard squares, const SquareColumns& columns) {
  int column = 0;
  for (Bitboard b = squares; b;) column = std::max(column, columns[pop_lsb(b)]);
  return column;
}

void check_pieces(const Position& pos, int column, const SquareColumns& columns,
                  bool missing_king_ok) {
  const Variant& v = pos.variant();
  const PieceType royal = v.royal();
  for (Color c : {kWhite, kBlack}) {
    if (royal != kNoPiece) {
      const int n = popcount(pos.pieces(c, royal));
      const char letter = c == kWhite ? v.piece(royal).letter
                                      : static_cast<char>(std::tolower(v.piece(royal).letter));
      if (n == 0 && !missing_king_ok)
        throw_fen_error(column, fmt::format("{} has no {} ({}): expected exactly one",
                                            color_name(c), v.piece(royal).name, letter));
      if (n > 1)
        throw_fen_error(last_written(pos.pieces(c, royal), columns),
                        fmt::format("{} has {} {}s ({}): expected exactly one", color_name(c), n,
                                    v.piece(royal).name, letter));
    }
    for (int t = 0; t < v.piece_count(); ++t) {
      const PieceInfo& info = v.piece(static_cast<PieceType>(t));
      const Bitboard bad = pos.pieces(c, static_cast<PieceType>(t)) & info.forbidden[c];
      if (bad)
        throw_fen_error(columns[lsb(bad)],
                        fmt::format("{} {} on {}: a {} may not stand on its first rank or on a "
                                    "rank where it promotes",
                                    color_word(c), info.name, square_name(lsb(bad)), info.name));
    }
  }
}

void parse_castling(Position& pos, const FenField& f) {
  const Variant& v = pos.variant();
  if (f.text == "-") return;
  std::uint8_t rights = 0;
  for (std::size_t i = 0; i < f.text.size(); ++i) {
    const char ch = f.text[i];
    const int col = f.column() + static_cast<int>(i);
    const CastlingMove* found = nullptr;
    Color side = kWhite;
    for (Color c : {kWhite, kBlack})
      for (const CastlingMove& cm : v.castling(c))
        if (cm.fen == ch) found = &cm, side = c;
    if (found == nullptr) {
      std::string letters;
      for (Color c : {kWhite, kBlack})
        for (const CastlingMove& cm : v.castling(c)) letters += cm.fen;
      throw_fen_error(col,
                      fmt::format("bad castling field '{}': '{}' is not a castling right; expected "
                                  "'-' or some of '{}'{}",
                                  f.text, ch, letters, misplaced_hint(f.text, FenSlot::kCastling)));
    }
    if (rights & found->right)
      throw_fen_error(col, fmt::format("bad castling field '{}': '{}' appears twice", f.text, ch));
    if (pos.piece_on(side, found->king_from) != v.royal() ||
        pos.piece_on(side, found->rook_from) != found->rook_type)
      throw_fen_error(
          col, fmt::format("bad castling field '{}': right '{}' needs the {} {} on {} and the "
                           "{} on {}",
                           f.text, ch, color_word(side), v.piece(v.royal()).name,
                           square_name(found->king_from), v.piece(found->rook_type).name,
                           square_name(found->rook_from)));
    rights |= found->right;
  }
  pos.set_castling_rights(rights);
}

void parse_en_passant(Position& pos, const FenField& f) {
  if (f.text == "-") return;
  const auto sq = parse_square(f.text);
  const Color us = pos.side_to_move(), them = ~us;
  const int want_rank = us == kWhite ? 5 : 2;
  const std::string expected = fmt::format(
      "expected '-' or a square on rank {} behind a {} pawn that has just made a double step",
      want_rank + 1, color_word(them));
  if (!sq)
    throw_fen_error(f.column(), fmt::format("bad en-passant field '{}': {}{}", f.text, expected,
                                            misplaced_hint(f.text, FenSlot::kEnPassant)));
  const Square victim = en_passant_victim_of(*sq, us);
  const Square origin = 2 * *sq - victim;  // the square the pawn started from
  const auto bad = [&](const std::string& why) {
    throw_fen_error(f.column(),
                    fmt::format("bad en-passant square {}: {}; {}", f.text, why, expected));
  };
  if (rank_of(*sq) != want_rank)
    bad(fmt::format("it is on rank {} but {} is to move", rank_of(*sq) + 1,
                    us == kWhite ? "White" : "Black"));
  const PieceType t = pos.piece_on(them, victim);
  if (t == kNoPiece || !pos.variant().piece(t).pawn)
    bad(fmt::format("there is no {} pawn on {}", color_word(them), square_name(victim)));
  if (has(pos.occupied(), *sq)) bad(fmt::format("{} itself is occupied", f.text));
  if (has(pos.occupied(), origin))
    bad(fmt::format("{} is occupied, so no pawn can have just left it", square_name(origin)));
  pos.set_en_passant(*sq);
}

int parse_counter(const FenField& f, const char* what, int min) {
  int value = -1;
  const auto* end = f.text.data() + f.text.size();
  const auto [ptr, ec] = std::from_chars(f.text.data(), end, value);
  if (ec != std::errc() || ptr != end || value < min || value > 100000)
    throw_fen_error(
        f.column(),
        fmt::format("bad {} '{}': expected a whole number from {} to 100000", what, f.text, min));
  return value;
}

constexpr std::string_view kFieldList =
    "placement, side to move, castling, en passant, halfmove clock, fullmove number";

/// Checks the number of fields, and names a field that is missing (the fields after it are
/// all there, one place early): "the side to move is missing" for
/// "rnbqkbnr/... KQkq - 0 1", not "a halfmove clock but no fullmove number".
void check_field_layout(std::string_view fen, const std::vector<FenField>& fields) {
  if (fields.empty())
    throw_fen_error(1,
                    "empty FEN: expected piece placement, side to move, castling, "
                    "en passant, and optionally the two clocks");
  if (fields.size() > 6)
    throw_fen_error(fields[6].column(),
                    fmt::format("unexpected text '{}' after the fullmove number", fields[6].text));
  // The first field after the placement that does not have its slot's shape, where it and
  // every later field have the shape of the slot one (or two) further on: the field(s) of
  // that slot are missing. Not with 6 fields, where every slot has one: a misfit there is a
  // wrong field, said by the field's own check.
  if (fields.size() > 1 && fields.size() < 6) {
    const auto fits_from = [&](std::size_t i, std::size_t shift) {
      for (std::size_t j = i; j < fields.size(); ++j)
        if (j - 1 + shift >= static_cast<std::size_t>(FenSlot::kCount) ||
            !fits(static_cast<FenSlot>(j - 1 + shift), fields[j].text))
          return false;
      return true;
    };
    std::size_t i = 1;
    while (i < fields.size() && fits(static_cast<FenSlot>(i - 1), fields[i].text)) ++i;
    for (std::size_t shift = 1; i < fields.size() && shift <= 2; ++shift) {
      if (!fits_from(i, shift)) continue;
      const auto slot = static_cast<FenSlot>(i - 1);
      // After a '-' that may be either, the castling or the en-passant field is missing.
      const std::string missing =
          shift == 2 ? fmt::format("{} and the field after it are", slot_name(slot))
          : slot == FenSlot::kEnPassant && fields[i - 1].text == "-"
              ? std::string("castling or en-passant field is")
              : fmt::format("{} is", slot_name(slot));
      throw_fen_error(
          fields[i].column(),
          fmt::format("the {} missing: field {} should be the {} ({}), but '{}' looks like the "
                      "{}; expected {} (the two clocks may be left out together)",
                      missing, i + 1, slot_name(slot), slot_expected(slot), fields[i].text,
                      slot_name(static_cast<FenSlot>(i - 1 + shift)), kFieldList));
    }
  }
  if (fields.size() < 4)
    throw_fen_error(static_cast<int>(fen.size()) + 1,
                    fmt::format("the FEN has {} field(s), expected 6 (or 4 without the clocks): {}",
                                fields.size(), kFieldList));
  if (fields.size() == 5)
    throw_fen_error(fields[4].column(),
                    "the FEN has a halfmove clock but no fullmove number: expected both "
                    "clocks or neither");
}

}  // namespace

Position parse_fen(const VariantPtr& variant, std::string_view fen, const FenOptions& options) {
  const std::vector<FenField> fields = split_fen_fields(fen, kFenWhitespace);
  check_field_layout(fen, fields);
  Position pos(variant);
  SquareColumns columns{};
  parse_placement(pos, fields[0], columns, options.allow_shared_squares);
  check_pieces(pos, fields[0].column(), columns, options.allow_missing_king);
  if (fields[1].text == "w") {
    pos.set_side_to_move(kWhite);
  } else if (fields[1].text == "b") {
    pos.set_side_to_move(kBlack);
  } else {
    throw_fen_error(fields[1].column(),
                    fmt::format("bad side to move '{}': expected 'w' or 'b'{}", fields[1].text,
                                misplaced_hint(fields[1].text, FenSlot::kSide)));
  }
  parse_castling(pos, fields[2]);
  parse_en_passant(pos, fields[3]);
  int halfmove = 0, fullmove = 1;
  if (fields.size() == 6) {
    halfmove = parse_counter(fields[4], "halfmove clock", 0);
    // Published puzzle collections often write 0 ("... w - - 0 0"): read as 1, as python-chess
    // does, so that the first move is numbered 1. (docs/engine.md, "FEN")
    fullmove = std::max(1, parse_counter(fields[5], "fullmove number", 0));
  }
  pos.set_clocks(halfmove, fullmove);
  const Color them = ~pos.side_to_move();
  const Square k = pos.king_square(them);
  if (k != kNoSquare && !options.allow_both_in_check && pos.king_in_check(them))
    throw_fen_error(
        fields[1].column(),
        fmt::format(
            "{} is not to move but its {} on {} is {}: the side that has just "
            "moved cannot be in check",
            color_name(them), variant->piece(variant->royal()).name, square_name(k),
            pos.attacked(k, pos.side_to_move()) ? "attacked" : "threatened with conversion"));
  return pos;
}

void throw_fen_error(int column, const std::string& message) {
  throw FenError(fmt::format("FEN column {}: {}", column, message), column);
}

std::vector<FenField> split_fen_fields(std::string_view fen, std::string_view separators) {
  std::vector<FenField> out;
  std::size_t i = 0;
  while (i < fen.size()) {
    while (i < fen.size() && separators.find(fen[i]) != std::string_view::npos) ++i;
    const std::size_t begin = i;
    while (i < fen.size() && separators.find(fen[i]) == std::string_view::npos) ++i;
    if (i > begin) out.push_back({begin, fen.substr(begin, i - begin)});
  }
  return out;
}

std::string to_fen(const Position& pos) {
  const Variant& v = pos.variant();
  std::string out;
  // Written for every resolved pair of the step-case sweeps: one allocation (a full board with
  // its other fields is about 90 characters) and no temporary strings.
  out.reserve(96);
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Square s = make_square(file, rank);
      const PieceType w = pos.piece_on(kWhite, s), b = pos.piece_on(kBlack, s);
      if (w == kNoPiece && b == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty), empty = 0;
      const char* mark = has(pos.converted(), s) ? "~" : has(pos.converted_unmoved(), s) ? "^" : "";
      const bool shared = w != kNoPiece && b != kNoPiece;
      if (shared) out += '(';
      if (w != kNoPiece) {
        out += v.piece(w).letter;
        out += mark;
      }
      if (b != kNoPiece) {
        out += static_cast<char>(std::tolower(v.piece(b).letter));
        out += mark;
      }
      if (shared) out += ')';
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (rank) out += '/';
  }
  out += pos.side_to_move() == kWhite ? " w " : " b ";
  const std::size_t rights_at = out.size();
  for (Color c : {kWhite, kBlack})
    for (const CastlingMove& cm : v.castling(c))
      if (pos.castling_rights() & cm.right) out += cm.fen;
  if (out.size() == rights_at) out += '-';
  out += ' ';
  if (pos.en_passant() == kNoSquare)
    out += '-';
  else
    out += square_name(pos.en_passant());
  fmt::format_to(std::back_inserter(out), " {} {}", pos.halfmove_clock(), pos.fullmove_number());
  return out;
}

}  // namespace arbiter
