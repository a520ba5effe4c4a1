#include "tests/support/reference_movegen.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <stdexcept>

#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"

namespace arbiter::test {
namespace {

constexpr char kEmpty = '.';

bool is_white(char c) {
  return std::isupper(static_cast<unsigned char>(c)) != 0;
}
Color color_of(char c) {
  return is_white(c) ? kWhite : kBlack;
}
char upper(char c) {
  return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
}
char lower(char c) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}
char letter_for(Color c, char upper_letter) {
  return c == kWhite ? upper_letter : lower(upper_letter);
}

/// A square of the table's castling data (White's view) as seen by `c`.
Square for_color(Color c, Square s) {
  return c == kWhite ? s : flip_rank(s);
}

int sign(int x) {
  return (x > 0) - (x < 0);
}

/// True when a straight leap (df, dr) from (f, r) passes only empty squares.
bool path_clear(const RefBoard& b, int f, int r, int df, int dr) {
  const int n = std::max(std::abs(df), std::abs(dr));
  for (int k = 1; k < n; ++k)
    if (b.square[make_square(f + sign(df) * k, r + sign(dr) * k)] != kEmpty) return false;
  return true;
}

/// The squares strictly between two squares of one rank.
std::vector<Square> between_on_rank(Square a, Square b) {
  std::vector<Square> out;
  const int lo = std::min(file_of(a), file_of(b)), hi = std::max(file_of(a), file_of(b));
  for (int f = lo + 1; f < hi; ++f) out.push_back(make_square(f, rank_of(a)));
  return out;
}

}  // namespace

std::string to_string(const MoveTriple& m) {
  std::string s = square_name(m.from) + square_name(m.to);
  if (m.promotion) s += m.promotion;
  return s;
}

std::ostream& operator<<(std::ostream& os, const MoveTriple& m) {
  return os << to_string(m);
}

std::string describe_difference(const std::vector<MoveTriple>& engine,
                                const std::vector<MoveTriple>& reference) {
  if (engine == reference) return "";
  std::vector<MoveTriple> only_engine, only_reference;
  std::set_difference(engine.begin(), engine.end(), reference.begin(), reference.end(),
                      std::back_inserter(only_engine));
  std::set_difference(reference.begin(), reference.end(), engine.begin(), engine.end(),
                      std::back_inserter(only_reference));
  std::string s = "engine " + std::to_string(engine.size()) + " moves, reference " +
                  std::to_string(reference.size()) + "; engine only:";
  for (const MoveTriple& m : only_engine) s.append(" ").append(to_string(m));
  s += "; reference only:";
  for (const MoveTriple& m : only_reference) s.append(" ").append(to_string(m));
  if (only_engine.empty() && only_reference.empty()) s += " (the engine repeats a move)";
  return s;
}

ReferenceMovegen::ReferenceMovegen(const RuleTable& table) : table_(table) {
  for (const PieceDef& def : table_.pieces) {
    by_letter_[static_cast<unsigned char>(upper(def.letter))] = &def;
    if (def.royal) royal_ = upper(def.letter);
  }
}

const PieceDef* ReferenceMovegen::piece_of(char fen_letter) const {
  return by_letter_[static_cast<unsigned char>(upper(fen_letter)) & 127U];
}

RefBoard ReferenceMovegen::parse_fen(std::string_view fen) const {
  const auto bad = [&fen](const std::string& why) {
    return std::invalid_argument("reference FEN '" + std::string(fen) + "': " + why);
  };
  std::vector<std::string> fields;
  std::string cur;
  for (char c : fen) {
    if (c == ' ') {
      if (!cur.empty()) fields.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) fields.push_back(cur);
  if (fields.size() < 4) throw bad("expected at least four fields");
  RefBoard b;
  b.square.fill(kEmpty);
  int f = 0, r = 7;
  for (char c : fields[0]) {
    if (c == '/') {
      if (f != 8) throw bad("a rank without 8 squares");
      f = 0;
      --r;
    } else if (c >= '1' && c <= '8') {
      f += c - '0';
    } else {
      if (piece_of(c) == nullptr) throw bad(std::string("unknown piece '") + c + "'");
      if (!on_board(f, r)) throw bad("too many squares");
      b.square[make_square(f++, r)] = c;
    }
  }
  if (r != 0 || f != 8) throw bad("expected 8 ranks of 8 squares");
  if (fields[1] != "w" && fields[1] != "b") throw bad("bad side to move");
  b.side_to_move = fields[1] == "w" ? kWhite : kBlack;
  if (fields[2] != "-") b.castling = fields[2];
  if (fields[3] != "-") {
    const auto sq = parse_square(fields[3]);
    if (!sq) throw bad("bad en-passant square");
    b.en_passant = *sq;
  }
  return b;
}

bool ReferenceMovegen::on_initial_rank(const PieceDef& def, Color c, Square s) const {
  for (int r : def.initial_ranks)
    if (relative_rank(c, s) == r) return true;
  return false;
}

void ReferenceMovegen::add_move(const PieceDef& def, Color c, Square from, Square to,
                                bool en_passant, std::vector<Candidate>& out) const {
  if (def.promotion && !en_passant) {
    const auto& ranks = def.promotion->ranks;
    if (std::find(ranks.begin(), ranks.end(), relative_rank(c, to)) != ranks.end()) {
      for (char choice : def.promotion->choices) out.push_back({{from, to, choice}});
      return;
    }
  }
  Candidate cand{{from, to, 0}};
  cand.en_passant = en_passant;
  out.push_back(cand);
}

void ReferenceMovegen::piece_moves(const RefBoard& b, Square from,
                                   std::vector<Candidate>& out) const {
  const char me = b.square[from];
  const Color c = color_of(me);
  const PieceDef& def = *piece_of(me);
  for (const BetzaAtom& atom : def.atoms) {
    if (atom.initial_only && !on_initial_rank(def, c, from)) continue;
    for (const Offset dir : atom.directions) {
      const int df = dir.df, dr = c == kWhite ? dir.dr : -dir.dr;
      int f = file_of(from), r = rank_of(from);
      for (int step = 1; atom.range == 0 || step <= atom.range; ++step) {
        if (!on_board(f + df, r + dr)) break;
        if (atom.lame && !path_clear(b, f, r, df, dr)) break;
        f += df;
        r += dr;
        const Square to = make_square(f, r);
        const char there = b.square[to];
        if (there == kEmpty) {
          if (atom.can_move) add_move(def, c, from, to, false, out);
          if (atom.en_passant && to == b.en_passant) {
            const Square victim = c == kWhite ? to - 8 : to + 8;
            const char v = b.square[victim];
            if (v != kEmpty && color_of(v) != c && piece_of(v)->pawn)
              add_move(def, c, from, to, true, out);
          }
          continue;
        }
        if (color_of(there) != c && atom.can_capture) add_move(def, c, from, to, false, out);
        break;
      }
    }
  }
}

void ReferenceMovegen::castling_moves(const RefBoard& b, std::vector<Candidate>& out) const {
  const Color c = b.side_to_move;
  for (std::size_t i = 0; i < table_.castling.size(); ++i) {
    const CastlingDef& def = table_.castling[i];
    if (b.castling.find(letter_for(c, def.fen)) == std::string::npos) continue;
    const Square kf = for_color(c, def.king_from), kt = for_color(c, def.king_to);
    const Square rf = for_color(c, def.rook_from), rt = for_color(c, def.rook_to);
    if (b.square[kf] != letter_for(c, royal_) || b.square[rf] != letter_for(c, def.rook)) continue;
    const auto free = [&](Square s) { return s == kf || s == rf || b.square[s] == kEmpty; };
    bool ok = free(kt) && free(rt);
    for (Square s : between_on_rank(kf, rf)) ok = ok && free(s);
    for (Square s : between_on_rank(kf, kt)) ok = ok && free(s);
    for (Square s : between_on_rank(rf, rt)) ok = ok && free(s);
    if (!ok) continue;
    // Not out of check nor through an attacked square; into check is the legality test.
    if (attacked(b, kf, ~c)) continue;
    for (Square s : between_on_rank(kf, kt)) ok = ok && !attacked(b, s, ~c);
    if (!ok) continue;
    Candidate cand{{kf, kt, 0}};
    cand.castling = static_cast<int>(i);
    out.push_back(cand);
  }
}

bool ReferenceMovegen::attacked(const RefBoard& b, Square s, Color by) const {
  for (Square from = 0; from < kSquares; ++from) {
    const char ch = b.square[from];
    if (ch == kEmpty || color_of(ch) != by) continue;
    const PieceDef& def = *piece_of(ch);
    for (const BetzaAtom& atom : def.atoms) {
      if (!atom.can_capture) continue;
      if (atom.initial_only && !on_initial_rank(def, by, from)) continue;
      for (const Offset dir : atom.directions) {
        const int df = dir.df, dr = by == kWhite ? dir.dr : -dir.dr;
        int f = file_of(from), r = rank_of(from);
        for (int step = 1; atom.range == 0 || step <= atom.range; ++step) {
          if (!on_board(f + df, r + dr)) break;
          if (atom.lame && !path_clear(b, f, r, df, dr)) break;
          f += df;
          r += dr;
          const Square to = make_square(f, r);
          if (to == s) return true;
          if (b.square[to] != kEmpty) break;
        }
      }
    }
  }
  return false;
}

Square ReferenceMovegen::royal_square(const RefBoard& b, Color c) const {
  if (royal_ == 0) return kNoSquare;
  for (Square s = 0; s < kSquares; ++s)
    if (b.square[s] == letter_for(c, royal_)) return s;
  return kNoSquare;
}

RefBoard ReferenceMovegen::make(const RefBoard& b, const Candidate& cand) const {
  RefBoard n = b;
  const Color c = b.side_to_move;
  const Square from = cand.move.from, to = cand.move.to;
  n.en_passant = kNoSquare;
  std::vector<Square> touched = {from, to};
  if (cand.castling >= 0) {
    const CastlingDef& def = table_.castling[static_cast<std::size_t>(cand.castling)];
    const Square rf = for_color(c, def.rook_from), rt = for_color(c, def.rook_to);
    const char king = b.square[from], rook = b.square[rf];
    n.square[from] = n.square[rf] = kEmpty;
    n.square[to] = king;
    n.square[rt] = rook;
    touched.push_back(rf);
  } else {
    const char me = b.square[from];
    n.square[from] = kEmpty;
    if (cand.en_passant) n.square[c == kWhite ? to - 8 : to + 8] = kEmpty;
    n.square[to] = cand.move.promotion ? letter_for(c, cand.move.promotion) : me;
    const bool quiet = b.square[to] == kEmpty && !cand.en_passant;
    if (piece_of(me)->pawn && quiet && file_of(from) == file_of(to) &&
        std::abs(rank_of(to) - rank_of(from)) == 2)
      n.en_passant = make_square(file_of(from), (rank_of(from) + rank_of(to)) / 2);
  }
  // A right is lost when its king's or partner's square is left or landed on.
  for (const CastlingDef& def : table_.castling)
    for (Color side : {kWhite, kBlack}) {
      const Square kf = for_color(side, def.king_from), rf = for_color(side, def.rook_from);
      for (Square s : touched)
        if (s == kf || s == rf) std::erase(n.castling, letter_for(side, def.fen));
    }
  n.side_to_move = ~c;
  return n;
}

std::vector<ReferenceMovegen::Candidate> ReferenceMovegen::legal_candidates(
    const RefBoard& b) const {
  std::vector<Candidate> pseudo;
  for (Square s = 0; s < kSquares; ++s)
    if (b.square[s] != kEmpty && color_of(b.square[s]) == b.side_to_move) piece_moves(b, s, pseudo);
  castling_moves(b, pseudo);
  // Two atoms may reach the same square: one move.
  std::sort(pseudo.begin(), pseudo.end(),
            [](const Candidate& x, const Candidate& y) { return x.move < y.move; });
  pseudo.erase(std::unique(pseudo.begin(), pseudo.end(),
                           [](const Candidate& x, const Candidate& y) { return x.move == y.move; }),
               pseudo.end());
  std::vector<Candidate> legal;
  for (const Candidate& cand : pseudo) {
    const RefBoard after = make(b, cand);
    const Square k = royal_square(after, b.side_to_move);
    if (k == kNoSquare || !attacked(after, k, ~b.side_to_move)) legal.push_back(cand);
  }
  return legal;
}

std::vector<MoveTriple> ReferenceMovegen::legal_moves(const RefBoard& b) const {
  std::vector<MoveTriple> out;
  for (const Candidate& cand : legal_candidates(b)) out.push_back(cand.move);
  return out;  // sorted and unique, as legal_candidates() leaves them
}

std::uint64_t ReferenceMovegen::perft(const RefBoard& b, int depth) const {
  if (depth <= 0) return 1;
  const std::vector<Candidate> moves = legal_candidates(b);
  if (depth == 1) return moves.size();
  std::uint64_t nodes = 0;
  for (const Candidate& cand : moves) nodes += perft(make(b, cand), depth - 1);
  return nodes;
}

std::vector<MoveTriple> engine_legal_moves(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  std::vector<MoveTriple> out;
  for (Move m : list) {
    const char promo = m.kind() == MoveKind::kPromotion
                           ? pos.variant().piece(static_cast<PieceType>(m.arg())).letter
                           : char{0};
    out.push_back({m.from(), m.to(), promo});
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<MoveTriple> reference_legal_moves(const Position& pos) {
  const ReferenceMovegen ref(pos.variant().table());
  return ref.legal_moves(ref.parse_fen(to_fen(pos)));
}

std::uint64_t reference_perft(const Position& pos, int depth) {
  const ReferenceMovegen ref(pos.variant().table());
  return ref.perft(ref.parse_fen(to_fen(pos)), depth);
}

}  // namespace arbiter::test
