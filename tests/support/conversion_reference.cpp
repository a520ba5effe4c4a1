#include "tests/support/conversion_reference.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "rules/conversion/conversion.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::test {
namespace {

constexpr char kEmpty = '.';

// The board holds FEN letters and '.', all ASCII: plain comparisons, not <cctype>'s
// locale-aware calls, which were a third of the reference's perft time.
bool is_white(char p) {
  return p >= 'A' && p <= 'Z';
}
Color color_of(char p) {
  return is_white(p) ? kWhite : kBlack;
}
char upper(char p) {
  return p >= 'a' && p <= 'z' ? static_cast<char>(p - 'a' + 'A') : p;
}
char lower(char p) {
  return is_white(p) ? static_cast<char>(p - 'A' + 'a') : p;
}
char letter(Color c, char upper_letter) {
  return c == kWhite ? upper_letter : lower(upper_letter);
}
char swap_case(char p) {
  return is_white(p) ? lower(p) : upper(p);
}
bool mine(const ConvBoard& b, Square s, Color c) {
  return b.piece[s] != kEmpty && color_of(b.piece[s]) == c;
}

/// Orthodox castling (FIDE Laws 3.8): the king two squares towards the rook, which jumps over
/// it. White's squares; Black's are on the 8th rank.
struct Castle {
  char right;  ///< White's letter
  Square king_from, king_to, rook_from, rook_to;
  std::vector<Square> must_be_empty;
  Square passed;  ///< the square the king crosses
};

const std::array<Castle, 2>& castles() {
  static const std::array<Castle, 2> c = {{
      {'K', 4, 6, 7, 5, {5, 6}, 5},
      {'Q', 4, 2, 0, 3, {1, 2, 3}, 3},
  }};
  return c;
}

Square relative(Color c, Square s) {
  return c == kWhite ? s : s ^ 56;
}

const Castle& castle_of(char right) {
  for (const Castle& c : castles())
    if (c.right == upper(right)) return c;
  throw std::logic_error("no castling right " + std::string(1, right));
}

/// Drops every right whose king or rook stands on (or leaves, or is captured on) `s`.
void drop_rights_at(ConvBoard& b, Square s) {
  for (Color c : {kWhite, kBlack})
    for (const Castle& cs : castles())
      if (s == relative(c, cs.king_from) || s == relative(c, cs.rook_from))
        std::erase(b.castling, letter(c, cs.right));
}

/// Co-pair partners: identical pieces other than pawns; the king with a queen.
bool partners(char a, char b) {
  if (a == b) return a != 'P';
  return (a == 'K' && b == 'Q') || (a == 'Q' && b == 'K');
}

constexpr int kKnight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                               {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int kKing[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
constexpr int kRook[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
constexpr int kBishop[4][2] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};

/// The rank a pawn of colour `c` starts on (0-based), where its two-step begins.
int second_rank(Color c) {
  return c == kWhite ? 1 : 6;
}

/// The history an unmarked piece is read with: never converted; a pawn on its own second rank
/// has not moved (pawns only go forward), any other piece counts as moved.
void unmarked_history(ConvBoard& b, Square s) {
  b.converted[s] = false;
  b.moved[s] = !(upper(b.piece[s]) == 'P' && rank_of(s) == second_rank(color_of(b.piece[s])));
}

/// The FEN mark of the piece on `s`: "^" a pawn converted but never moved, "~" any other
/// converted piece, "" otherwise.
const char* mark_of(const ConvBoard& b, Square s) {
  if (!b.converted[s]) return "";
  return upper(b.piece[s]) == 'P' && !b.moved[s] ? "^" : "~";
}

std::string sorted_rights(const std::string& rights) {
  std::string out;
  for (char r : std::string("KQkq"))
    if (rights.find(r) != std::string::npos) out += r;
  return out;
}

}  // namespace

ConversionKnobSet ConversionKnobSet::from(const KnobSettings& knobs) {
  ConversionKnobSet k;
  struct Entry {
    const char* name;
    const char* off;
    const char* on;
    bool ConversionKnobSet::*flag;
  };
  static const Entry entries[] = {
      {"threat-by-pinned-piece", "ignored", "counts", &ConversionKnobSet::pinned_piece_threatens},
      {"castling-threatens", "ignored", "counts", &ConversionKnobSet::castling_threatens},
      {"castle-through-cleared-square", "forbidden", "allowed",
       &ConversionKnobSet::castle_through_cleared},
      {"castle-out-of-check-by-conversion", "forbidden", "allowed",
       &ConversionKnobSet::castle_out_of_check},
      {"converted-rook-castling", "lost", "kept", &ConversionKnobSet::converted_rook_keeps_rights},
      {"converted-pawn-double-step", "forbidden", "allowed",
       &ConversionKnobSet::converted_pawn_double_step},
  };
  for (const auto& [name, value] : knobs) {
    const Entry* e = nullptr;
    for (const Entry& x : entries)
      if (name == x.name) e = &x;
    if (e == nullptr || (value != e->off && value != e->on))
      throw std::invalid_argument("conversion reference: bad knob " + name + "=" + value);
    k.*(e->flag) = value == e->on;
  }
  return k;
}

// ---- Boards ------------------------------------------------------------------------------

ConvBoard ConversionReference::parse_fen(std::string_view fen) {
  const auto bad = [&fen](const std::string& why) {
    return std::invalid_argument("conversion reference FEN '" + std::string(fen) + "': " + why);
  };
  std::vector<std::string> fields;
  std::string cur;
  for (char ch : fen) {
    if (ch == ' ') {
      if (!cur.empty()) fields.push_back(cur);
      cur.clear();
    } else {
      cur += ch;
    }
  }
  if (!cur.empty()) fields.push_back(cur);
  if (fields.size() < 4) throw bad("expected at least four fields");
  ConvBoard b;
  b.piece.fill(kEmpty);
  int f = 0, r = 7;
  Square last = kNoSquare;
  for (char ch : fields[0]) {
    if (ch == '/') {
      if (f != 8) throw bad("a rank without 8 squares");
      f = 0;
      --r;
    } else if (ch >= '1' && ch <= '8') {
      f += ch - '0';
    } else if (ch == '~' || ch == '^') {
      if (last == kNoSquare) throw bad(std::string(1, ch) + " without a piece");
      if (ch == '^' && upper(b.piece[last]) != 'P')
        throw bad("'^' after a piece other than a pawn");
      b.converted[last] = true;
      b.moved[last] = ch == '~';
      last = kNoSquare;
    } else {
      if (std::string("KQRBNP").find(upper(ch)) == std::string::npos)
        throw bad(std::string("unknown piece '") + ch + "'");
      if (!on_board(f, r)) throw bad("too many squares");
      last = make_square(f++, r);
      b.piece[last] = ch;
      unmarked_history(b, last);
    }
  }
  if (r != 0 || f != 8) throw bad("expected 8 ranks of 8 squares");
  if (fields[1] != "w" && fields[1] != "b") throw bad("bad side to move");
  b.side_to_move = fields[1] == "w" ? kWhite : kBlack;
  if (fields[2] != "-") b.castling = sorted_rights(fields[2]);
  if (fields[3] != "-") {
    const auto sq = parse_square(fields[3]);
    if (!sq) throw bad("bad en-passant square");
    b.en_passant = *sq;
  }
  return b;
}

std::string ConversionReference::to_fen(const ConvBoard& b) {
  std::string out;
  for (int r = 7; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 8; ++f) {
      const Square s = make_square(f, r);
      if (b.piece[s] == kEmpty) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty), empty = 0;
      out += b.piece[s];
      out += mark_of(b, s);
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (r) out += '/';
  }
  out += b.side_to_move == kWhite ? " w " : " b ";
  out += b.castling.empty() ? "-" : b.castling;
  out += ' ';
  out += b.en_passant == kNoSquare ? "-" : square_name(b.en_passant);
  return out + " 0 1";
}

ConvBoard ConversionReference::from_position(const Position& pos) {
  const Variant& v = pos.variant();
  ConvBoard b;
  b.piece.fill(kEmpty);
  for (Square s = 0; s < kSquares; ++s) {
    for (Color c : {kWhite, kBlack}) {
      const PieceType t = pos.piece_on(c, s);
      if (t != kNoPiece) b.piece[s] = letter(c, v.piece(t).letter);
    }
    if (b.piece[s] == kEmpty) continue;
    unmarked_history(b, s);
    if (has(pos.converted(), s) || has(pos.converted_unmoved(), s)) {
      b.converted[s] = true;
      b.moved[s] = has(pos.converted(), s);
    }
  }
  b.side_to_move = pos.side_to_move();
  std::string rights;
  for (Color c : {kWhite, kBlack})
    for (const CastlingMove& cm : v.castling(c))
      if (pos.castling_rights() & cm.right) rights += cm.fen;
  b.castling = sorted_rights(rights);
  b.en_passant = pos.en_passant();
  return b;
}

const std::vector<ConversionPosition>& conversion_positions() {
  static const std::vector<ConversionPosition> positions = [] {
    const std::string path = data_path("conversion/positions.txt");
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::vector<ConversionPosition> out;
    const auto trim = [](std::string s) {
      s.erase(0, s.find_first_not_of(' '));
      s.erase(s.find_last_not_of(' ') + 1);
      return s;
    };
    for (std::string line; std::getline(in, line);) {
      if (line.empty() || line[0] == '#') continue;
      const std::size_t a = line.find('|'), b = line.find('|', a + 1);
      if (a == std::string::npos || b == std::string::npos)
        throw std::runtime_error(path + ": expected 'name | FEN | counts' in '" + line + "'");
      ConversionPosition p{trim(line.substr(0, a)), trim(line.substr(a + 1, b - a - 1)), {}};
      std::istringstream counts(line.substr(b + 1));
      for (std::uint64_t n; counts >> n;) p.nodes.push_back(n);
      out.push_back(p);
    }
    return out;
  }();
  return positions;
}

const ConversionPosition& conversion_position(const std::string& name) {
  for (const ConversionPosition& p : conversion_positions())
    if (p.name == name) return p;
  throw std::invalid_argument("no conversion test position " + name);
}

Position engine_position(const VariantPtr& variant, const ConvBoard& b) {
  Position pos(variant);
  Bitboard moved = 0, unmoved = 0;
  for (Square s = 0; s < kSquares; ++s) {
    if (b.piece[s] == kEmpty) continue;
    const PieceType t = variant->type_of_letter(upper(b.piece[s]));
    if (t == kNoPiece) throw std::invalid_argument("engine_position: unknown piece");
    pos.put(color_of(b.piece[s]), t, s);
    const std::string_view mark = mark_of(b, s);
    if (mark == "~") moved |= bb(s);
    if (mark == "^") unmoved |= bb(s);
  }
  pos.set_side_to_move(b.side_to_move);
  std::uint8_t rights = 0;
  for (Color c : {kWhite, kBlack})
    for (const CastlingMove& cm : variant->castling(c))
      if (b.castling.find(cm.fen) != std::string::npos) rights |= cm.right;
  pos.set_castling_rights(rights);
  pos.set_en_passant(b.en_passant);
  pos.set_converted(moved);
  pos.set_converted_unmoved(unmoved);
  return pos;
}

ConvBoard mirror(const ConvBoard& b) {
  ConvBoard m;
  for (Square s = 0; s < kSquares; ++s) {
    m.piece[s ^ 56] = b.piece[s] == kEmpty ? kEmpty : swap_case(b.piece[s]);
    m.converted[s ^ 56] = b.converted[s];
    m.moved[s ^ 56] = b.moved[s];
  }
  m.side_to_move = ~b.side_to_move;
  std::string rights;
  for (char r : b.castling) rights += swap_case(r);
  m.castling = sorted_rights(rights);
  m.en_passant = b.en_passant == kNoSquare ? kNoSquare : b.en_passant ^ 56;
  return m;
}

// ---- Moves -------------------------------------------------------------------------------

void ConversionReference::castling_moves(const ConvBoard& b, Color c,
                                         std::vector<ConvMove>& out) const {
  for (const Castle& cs : castles()) {
    const char right = letter(c, cs.right);
    if (b.castling.find(right) == std::string::npos) continue;
    if (b.piece[relative(c, cs.king_from)] != letter(c, 'K') ||
        b.piece[relative(c, cs.rook_from)] != letter(c, 'R'))
      continue;
    bool empty = true;
    for (Square s : cs.must_be_empty) empty = empty && b.piece[relative(c, s)] == kEmpty;
    if (!empty) continue;
    ConvMove m;
    m.from = relative(c, cs.king_from);
    m.to = relative(c, cs.king_to);
    m.castling = right;
    out.push_back(m);
  }
}

void ConversionReference::pseudo_moves(const ConvBoard& b, Color c, bool threats_only,
                                       std::vector<ConvMove>& out) const {
  const auto add = [&](Square from, Square to) {
    if (b.piece[to] != kEmpty && color_of(b.piece[to]) == c) return false;
    out.push_back({from, to});
    return b.piece[to] == kEmpty;  // a slider goes on over empty squares only
  };
  for (Square from = 0; from < kSquares; ++from) {
    if (!mine(b, from, c)) continue;
    const int f = file_of(from), r = rank_of(from);
    const char type = upper(b.piece[from]);
    const auto leaps = [&](const int(&dirs)[8][2]) {
      for (const auto& d : dirs)
        if (on_board(f + d[0], r + d[1])) add(from, make_square(f + d[0], r + d[1]));
    };
    const auto slides = [&](const int(&dirs)[4][2]) {
      for (const auto& d : dirs)
        for (int k = 1; on_board(f + k * d[0], r + k * d[1]); ++k)
          if (!add(from, make_square(f + k * d[0], r + k * d[1]))) break;
    };
    switch (type) {
      case 'K':
        leaps(kKing);
        break;
      case 'N':
        leaps(kKnight);
        break;
      case 'R':
        slides(kRook);
        break;
      case 'B':
        slides(kBishop);
        break;
      case 'Q':
        slides(kRook);
        slides(kBishop);
        break;
      case 'P': {
        if (threats_only) break;  // pawns pair with nothing: their moves form no co-squares
        const int dir = c == kWhite ? 1 : -1;
        const int last = c == kWhite ? 7 : 0, second = second_rank(c);
        const auto pawn_move = [&](Square to, bool en_passant) {
          if (rank_of(to) == last) {
            for (char p : std::string("QRBN")) out.push_back({from, to, p});
          } else {
            ConvMove m{from, to};
            m.en_passant = en_passant;
            out.push_back(m);
          }
        };
        if (!on_board(f, r + dir)) break;
        const Square one = make_square(f, r + dir);
        if (b.piece[one] == kEmpty) {
          pawn_move(one, false);
          const Square two = make_square(f, r + 2 * dir);
          // "Standard rules": the two-step is a pawn's first move of its own. With
          // converted-pawn-double-step = forbidden a converted pawn that has moved (and then
          // came back to this rank) has no first move left; a conversion is not a move.
          const bool first_move = !(b.converted[from] && b.moved[from]);
          if (r == second && b.piece[two] == kEmpty &&
              (first_move || knobs_.converted_pawn_double_step))
            pawn_move(two, false);
        }
        for (int df : {-1, 1}) {
          if (!on_board(f + df, r + dir)) continue;
          const Square to = make_square(f + df, r + dir);
          if (b.piece[to] != kEmpty && color_of(b.piece[to]) != c) pawn_move(to, false);
          if (to == b.en_passant && c == b.side_to_move && b.piece[to] == kEmpty)
            pawn_move(to, true);
        }
        break;
      }
      default:
        throw std::logic_error("conversion reference: unknown piece");
    }
  }
  if (!threats_only || knobs_.castling_threatens) castling_moves(b, c, out);
}

ConvBoard ConversionReference::move_pieces(const ConvBoard& b, const ConvMove& m) const {
  ConvBoard n = b;
  const Color c = color_of(b.piece[m.from]);
  n.en_passant = kNoSquare;
  if (m.castling) {
    const Castle& cs = castle_of(m.castling);
    const Square rf = relative(c, cs.rook_from), rt = relative(c, cs.rook_to);
    const bool king_flag = b.converted[m.from], rook_flag = b.converted[rf];
    n.piece[m.from] = n.piece[rf] = kEmpty;
    n.converted[m.from] = n.converted[rf] = false;
    n.moved[m.from] = n.moved[rf] = false;
    n.piece[m.to] = letter(c, 'K');
    n.piece[rt] = letter(c, 'R');
    n.converted[m.to] = king_flag;
    n.converted[rt] = rook_flag;
    n.moved[m.to] = n.moved[rt] = true;
    drop_rights_at(n, m.from);
    drop_rights_at(n, rf);
    return n;
  }
  const char moving = b.piece[m.from];
  if (m.en_passant) {
    const Square victim = make_square(file_of(m.to), rank_of(m.from));
    n.piece[victim] = kEmpty;
    n.converted[victim] = n.moved[victim] = false;
  }
  // A promoted piece is a new piece that was never converted (it stands there by a move).
  n.piece[m.to] = m.promotion ? letter(c, m.promotion) : moving;
  n.converted[m.to] = m.promotion ? false : b.converted[m.from];
  n.moved[m.to] = true;
  n.piece[m.from] = kEmpty;
  n.converted[m.from] = n.moved[m.from] = false;
  if (upper(moving) == 'P' && std::abs(rank_of(m.to) - rank_of(m.from)) == 2)
    n.en_passant = make_square(file_of(m.from), (rank_of(m.from) + rank_of(m.to)) / 2);
  drop_rights_at(n, m.from);
  drop_rights_at(n, m.to);
  return n;
}

std::vector<Square> ConversionReference::co_squares(const ConvBoard& moved, const ConvMove& m,
                                                    Color c) const {
  std::vector<Square> out;
  if (m.promotion) return out;  // "Pawn promotion cannot cause co-effects."
  // "Castling is both a king move and a rook move": both pieces, on the board after both moved.
  const std::array<Square, 2> movers = {
      m.to, m.castling ? relative(c, castle_of(m.castling).rook_to) : kNoSquare};
  for (Square mover : movers) {
    if (mover == kNoSquare) continue;
    const char type = upper(moved.piece[mover]);
    for (Square twin = 0; twin < kSquares; ++twin) {
      if (twin == mover || !mine(moved, twin, c) || !partners(type, upper(moved.piece[twin])))
        continue;
      if (file_of(twin) == file_of(mover) || rank_of(twin) == rank_of(mover)) continue;
      out.push_back(make_square(file_of(twin), rank_of(mover)));
      out.push_back(make_square(file_of(mover), rank_of(twin)));
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void ConversionReference::convert(ConvBoard& b, const std::vector<Square>& squares,
                                  Color to) const {
  for (Square s : squares) {
    if (b.piece[s] == kEmpty || color_of(b.piece[s]) == to) continue;  // friendly: unaffected
    b.piece[s] = letter(to, upper(b.piece[s]));
    b.converted[s] = true;  // and it has moved exactly as much as before
    if (!knobs_.converted_rook_keeps_rights) drop_rights_at(b, s);
  }
}

ConvBoard ConversionReference::make(const ConvBoard& b, const ConvMove& m) const {
  const Color c = color_of(b.piece[m.from]);
  ConvBoard n = move_pieces(b, m);
  convert(n, co_squares(n, m, c), c);
  n.side_to_move = ~c;
  return n;
}

std::vector<Square> ConversionReference::conversions(const ConvBoard& b, const ConvMove& m) const {
  const Color c = color_of(b.piece[m.from]);
  const ConvBoard n = move_pieces(b, m);
  std::vector<Square> out;
  for (Square s : co_squares(n, m, c))
    if (n.piece[s] != kEmpty && color_of(n.piece[s]) != c) out.push_back(s);
  return out;
}

// ---- Check -------------------------------------------------------------------------------

bool ConversionReference::attacked(const ConvBoard& b, Square s, Color by) const {
  const int tf = file_of(s), tr = rank_of(s);
  for (Square from = 0; from < kSquares; ++from) {
    if (!mine(b, from, by)) continue;
    const int df = tf - file_of(from), dr = tr - rank_of(from);
    if (df == 0 && dr == 0) continue;
    const int adf = std::abs(df), adr = std::abs(dr);
    const auto clear = [&] {
      const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
      for (int k = 1; k < std::max(adf, adr); ++k)
        if (b.piece[make_square(file_of(from) + k * sf, rank_of(from) + k * sr)] != kEmpty)
          return false;
      return true;
    };
    const bool straight = df == 0 || dr == 0, diagonal = adf == adr;
    bool hit = false;
    switch (upper(b.piece[from])) {
      case 'K':
        hit = adf <= 1 && adr <= 1;
        break;
      case 'N':
        hit = (adf == 1 && adr == 2) || (adf == 2 && adr == 1);
        break;
      case 'R':
        hit = straight && clear();
        break;
      case 'B':
        hit = diagonal && clear();
        break;
      case 'Q':
        hit = (straight || diagonal) && clear();
        break;
      case 'P':
        hit = adf == 1 && dr == (by == kWhite ? 1 : -1);
        break;
      default:
        break;
    }
    if (hit) return true;
  }
  return false;
}

bool ConversionReference::threatened(const ConvBoard& b, Square s, Color by) const {
  std::vector<ConvMove> moves;
  pseudo_moves(b, by, true, moves);
  for (const ConvMove& m : moves) {
    // Every co-square shares a rank or a file with a piece the move moved (co_squares: the
    // destination, and a castling rook's): a move with neither on `s`'s lines forms none there.
    // Skipping it only saves time: the perft against the engine spent most of its time here.
    const auto on_lines = [s](Square mover) {
      return mover != kNoSquare && (file_of(mover) == file_of(s) || rank_of(mover) == rank_of(s));
    };
    if (!on_lines(m.to) && !(m.castling && on_lines(relative(by, castle_of(m.castling).rook_to))))
      continue;
    ConvBoard n = move_pieces(b, m);
    const std::vector<Square> co = co_squares(n, m, by);
    if (std::find(co.begin(), co.end(), s) == co.end()) continue;
    if (knobs_.pinned_piece_threatens) return true;
    // threat-by-pinned-piece = ignored: only a move after which (conversions done) the
    // mover's own king is not attacked threatens. (A king the move converts is not "own".)
    std::vector<Square> kings;
    for (Square k = 0; k < kSquares; ++k)
      if (n.piece[k] == letter(by, 'K')) kings.push_back(k);
    convert(n, co, by);
    bool exposed = false;
    for (Square k : kings) exposed = exposed || attacked(n, k, ~by);
    if (!exposed) return true;
  }
  return false;
}

bool ConversionReference::in_check(const ConvBoard& b, Color c) const {
  for (Square k = 0; k < kSquares; ++k)
    if (b.piece[k] == letter(c, 'K') && (attacked(b, k, ~c) || threatened(b, k, ~c))) return true;
  return false;
}

std::vector<ConvMove> ConversionReference::legal(const ConvBoard& b) const {
  const Color us = b.side_to_move, them = ~us;
  std::vector<ConvMove> pseudo, out;
  pseudo_moves(b, us, false, pseudo);
  const bool checked = in_check(b, us);
  const auto guarded = [&](const ConvBoard& board, Square s) {
    return attacked(board, s, them) || threatened(board, s, them);
  };
  for (const ConvMove& m : pseudo) {
    Square passed = kNoSquare;
    if (m.castling) {
      if (checked && !knobs_.castle_out_of_check) continue;
      passed = relative(us, castle_of(m.castling).passed);
      if (!knobs_.castle_through_cleared && guarded(b, passed)) continue;
    }
    // The mover's own king, where the move put it: a king the move converts (possible only
    // with knobs that let a move convert a king) is not the one that must be safe.
    const ConvBoard moved = move_pieces(b, m);
    const ConvBoard after = make(b, m);
    bool safe = true;
    for (Square k = 0; k < kSquares; ++k)
      if (moved.piece[k] == letter(us, 'K') && guarded(after, k)) safe = false;
    if (!safe) continue;
    // No move may convert a royal piece (docs/conversion.md). With castling-threatens=ignored
    // an enemy king may stand where a castling would convert it: that castling is no move.
    bool converts_king = false;
    for (Square k = 0; k < kSquares; ++k)
      if (b.piece[k] == letter(them, 'K') && after.piece[k] == letter(us, 'K'))
        converts_king = true;
    if (converts_king) continue;
    if (m.castling) {
      // Out of check only when the co-effect removed it: the king's square is no longer
      // attacked nor threatened after the move.
      if (checked && guarded(after, m.from)) continue;
      if (knobs_.castle_through_cleared && guarded(after, passed)) continue;
    }
    out.push_back(m);
  }
  std::sort(out.begin(), out.end(),
            [](const ConvMove& x, const ConvMove& y) { return x.triple() < y.triple(); });
  return out;
}

std::vector<MoveTriple> ConversionReference::legal_moves(const ConvBoard& b) const {
  std::vector<MoveTriple> out;
  for (const ConvMove& m : legal(b)) out.push_back(m.triple());
  return out;
}

std::uint64_t ConversionReference::perft(const ConvBoard& b, int depth) const {
  if (depth <= 0) return 1;
  const std::vector<ConvMove> moves = legal(b);
  if (depth == 1) return moves.size();
  std::uint64_t nodes = 0;
  for (const ConvMove& m : moves) nodes += perft(make(b, m), depth - 1);
  return nodes;
}

ConvMove ConversionReference::find(const ConvBoard& b, std::string_view text) const {
  const auto from = parse_square(text.substr(0, 2));
  const auto to = text.size() >= 4 ? parse_square(text.substr(2, 2)) : std::nullopt;
  const char promotion = text.size() == 5 ? upper(text[4]) : char{0};
  if (!from || !to || text.size() > 5)
    throw std::invalid_argument("conversion reference: bad move '" + std::string(text) + "'");
  for (const ConvMove& m : legal(b))
    if (m.from == *from && m.to == *to && m.promotion == promotion) return m;
  throw std::invalid_argument("conversion reference: '" + std::string(text) + "' is not legal in " +
                              to_fen(b));
}

ConvBoard ConversionReference::play(const ConvBoard& b, std::string_view moves) const {
  ConvBoard cur = b;
  std::size_t i = 0;
  while (i < moves.size()) {
    while (i < moves.size() && moves[i] == ' ') ++i;
    std::size_t j = i;
    while (j < moves.size() && moves[j] != ' ') ++j;
    if (j > i) cur = make(cur, find(cur, moves.substr(i, j - i)));
    i = j;
  }
  return cur;
}

}  // namespace arbiter::test
