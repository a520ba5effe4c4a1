// The retro counting rules (see legality.hpp).
#include "puzzles/legality.hpp"

#include "puzzles/material.hpp"
#include "rules/conversion/conversion.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>

namespace arbiter::puzzles {
namespace {

/// The orthodox army's piece types, read by letter; `counted` is false when the table has
/// other pieces or conversion, so that the counting rules do not apply.
struct Army {
  PieceType king = kNoPiece, queen = kNoPiece, rook = kNoPiece, bishop = kNoPiece,
            knight = kNoPiece, pawn = kNoPiece;
  bool counted = false;
};

Army army_of(const Variant& v) {
  Army a;
  a.king = v.type_of_letter('K'), a.queen = v.type_of_letter('Q'), a.rook = v.type_of_letter('R');
  a.bishop = v.type_of_letter('B'), a.knight = v.type_of_letter('N');
  a.pawn = v.type_of_letter('P');
  const std::array<PieceType, 6> all{a.king, a.queen, a.rook, a.bishop, a.knight, a.pawn};
  a.counted = v.piece_count() == 6 && !v.effect() &&
              std::none_of(all.begin(), all.end(), [](PieceType t) { return t == kNoPiece; });
  return a;
}

int count(const Position& pos, Color c, PieceType t) {
  return t == kNoPiece ? 0 : popcount(pos.pieces(c, t));
}

/// The fewest captures that bring `c`'s pawns from one origin file each to their files: the
/// pawns in file order matched to distinct files a-h in order (an order-keeping match is
/// optimal for the cost |from - to|).
int pawn_file_captures(const Position& pos, Color c, PieceType pawn) {
  std::vector<int> files;
  for (Bitboard b = pos.pieces(c, pawn); b;) files.push_back(file_of(pop_lsb(b)));
  std::sort(files.begin(), files.end());
  const int n = static_cast<int>(files.size());
  if (n > kFiles) return 0;  // the pawn-count rule reports it
  constexpr int kInf = 1 << 20;
  // best[i][j]: the first i pawns matched to origin files among the first j.
  std::array<std::array<int, kFiles + 1>, kFiles + 1> best{};
  for (auto& row : best) row.fill(kInf);
  for (int j = 0; j <= kFiles; ++j) best[0][j] = 0;
  for (int i = 1; i <= n; ++i)
    for (int j = i; j <= kFiles; ++j)
      best[i][j] = std::min(best[i][j - 1], best[i - 1][j - 1] + std::abs(files[i - 1] - (j - 1)));
  return best[n][kFiles];
}

void count_army(const Position& pos, const Army& a, std::vector<LegalityFailure>& out) {
  for (Color c : {kWhite, kBlack}) {
    const char* side = side_name(c);
    const int pawns = count(pos, c, a.pawn);
    const int men = popcount(pos.pieces(c));
    if (pawns > 8)
      out.push_back(
          {LegalityRule::kPawnCount, fmt::format("{} has {} pawns (8 at most)", side, pawns)});
    if (men > 16)
      out.push_back(
          {LegalityRule::kMenCount, fmt::format("{} has {} men (16 at most)", side, men)});
    const int missing_pawns = std::max(0, 8 - pawns);
    const int bishops = count(pos, c, a.bishop);
    const int light = popcount(pos.pieces(c, a.bishop) & kLightSquares);
    const int plain = std::max(0, count(pos, c, a.queen) - 1) +
                      std::max(0, count(pos, c, a.rook) - 2) +
                      std::max(0, count(pos, c, a.knight) - 2) + std::max(0, bishops - 2);
    const int by_colour = men_beyond_army(pos, c, a.queen, a.rook, a.bishop, a.knight);
    if (plain > missing_pawns)
      out.push_back({LegalityRule::kPromotions,
                     fmt::format("{} has {} pieces beyond the game array but only {} missing "
                                 "pawns to promote",
                                 side, plain, missing_pawns)});
    else if (by_colour > missing_pawns)
      out.push_back(
          {LegalityRule::kBishopColours,
           fmt::format("{} has {} bishops on light and {} on dark squares: {} of them "
                       "promoted with the other extra pieces, but only {} pawns "
                       "are missing",
                       side, light, bishops - light,
                       std::max(0, light - 1) + std::max(0, bishops - light - 1), missing_pawns)});
    const int captures = pawn_file_captures(pos, c, a.pawn);
    const int enemy_missing = std::max(0, 16 - popcount(pos.pieces(~c)));
    if (captures > enemy_missing)
      out.push_back({LegalityRule::kPawnCaptures,
                     fmt::format("{}'s pawn files need at least {} pawn captures, but only {} "
                                 "{} men are missing",
                                 side, captures, enemy_missing, side_name(~c))});
  }
}

void pawns_on_back_ranks(const Position& pos, std::vector<LegalityFailure>& out) {
  const Bitboard back = rank_bb_of(0) | rank_bb_of(kRanks - 1);
  for (Color c : {kWhite, kBlack})
    for (int t = 0; t < pos.variant().piece_count(); ++t)
      if (pos.variant().piece(static_cast<PieceType>(t)).pawn)
        for (Bitboard b = pos.pieces(c, static_cast<PieceType>(t)) & back; b;)
          out.push_back(
              {LegalityRule::kPawnOnBackRank,
               fmt::format("a {} pawn stands on {}", side_name(c), square_name(pop_lsb(b)))});
}

/// The squares strictly between two squares on one line, or 0 when they share none.
Bitboard between(Square a, Square b) {
  const int df = file_of(b) - file_of(a), dr = rank_of(b) - rank_of(a);
  if (a == b || (df != 0 && dr != 0 && std::abs(df) != std::abs(dr))) return 0;
  const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
  Bitboard out = 0;
  for (int f = file_of(a) + sf, r = rank_of(a) + sr; make_square(f, r) != b; f += sf, r += sr)
    out |= bb(make_square(f, r));
  return out;
}

/// Can a `c` pawn arriving on `to` become a `t`? The table's promotion squares and choices.
bool promotes_to(const Variant& v, Color c, Square to, PieceType t) {
  for (int p = 0; p < v.piece_count(); ++p) {
    const PieceInfo& pawn = v.piece(static_cast<PieceType>(p));
    if (has(pawn.promotion_squares[c], to) &&
        std::find(pawn.promotion_choices.begin(), pawn.promotion_choices.end(), t) !=
            pawn.promotion_choices.end())
      return true;
  }
  return false;
}

/// Could the `c` man now on `to` have come there from the empty square `from` by one move
/// (a plain move or capture, a pawn's step, double step or capture, or a promotion)?
bool could_have_come(const Position& pos, Color c, Square from, Square to) {
  const PieceType t = pos.piece_on(c, to);
  const Variant& v = pos.variant();
  const int fwd = c == kWhite ? 8 : -8;
  const int df = std::abs(file_of(to) - file_of(from));
  const bool one_forward = rank_of(to) - rank_of(from) == (c == kWhite ? 1 : -1);
  if (promotes_to(v, c, to, t) && one_forward && df <= 1)
    return true;  // a promotion (the promoting pawn's step or capture)
  if (v.piece(t).pawn) {
    if (to == from + fwd) return true;
    if (to == from + 2 * fwd && relative_rank(c, from) == 1 && !has(pos.occupied(), from + fwd))
      return true;
  }
  Position before = pos;
  before.remove(c, to);
  before.put(c, t, from);
  return has(before.attackers(to, c, before.occupied() & ~bb(to)), from);
}

/// Can the last move of `c` have given both checks, `mover` checking from where it landed and
/// `line` discovered (through the square it left, the pawn it took en passant, or the king's
/// or rook's first square when castling)?
bool one_move_gives(const Position& pos, Color c, Square mover, Square line, Square king) {
  const Bitboard path = between(line, king);
  if (path == 0) return false;
  for (Bitboard b = path; b;)
    if (could_have_come(pos, c, pop_lsb(b), mover)) return true;
  const Variant& v = pos.variant();
  if (v.piece(pos.piece_on(c, mover)).pawn && relative_rank(c, mover) == 5 &&
      has(path, c == kWhite ? mover - 8 : mover + 8))
    return true;  // en passant: the taken pawn stood on the line
  for (const CastlingMove& cm : v.castling(c))
    if (cm.rook_to == mover && pos.piece_on(c, mover) == cm.rook_type &&
        pos.king_square(c) == cm.king_to && (has(path, cm.king_from) || has(path, cm.rook_from)))
      return true;
  return false;
}

/// Can the last move of `c` have unmasked both checkers, `a` and `b`, neither of them moving?
/// A move empties two squares only by en passant (the capturing pawn's first square and the
/// taken pawn's) or by castling (the king's and the rook's first squares).
bool both_unmasked(const Position& pos, Color c, Square a, Square b, Square king) {
  const Bitboard path_a = between(a, king), path_b = between(b, king);
  const auto one_each = [&](Square x, Square y) {
    return (has(path_a, x) && has(path_b, y)) || (has(path_a, y) && has(path_b, x));
  };
  const Variant& v = pos.variant();
  for (Bitboard pawns = pos.pieces(c); pawns;) {
    const Square to = pop_lsb(pawns);
    if (!v.piece(pos.piece_on(c, to)).pawn || relative_rank(c, to) != 5) continue;
    const Square taken = c == kWhite ? to - 8 : to + 8;
    for (int side : {-1, 1})
      if (on_board(file_of(taken) + side, rank_of(taken)) &&
          one_each(make_square(file_of(taken) + side, rank_of(taken)), taken))
        return true;
  }
  for (const CastlingMove& cm : v.castling(c))
    if (pos.piece_on(c, cm.rook_to) == cm.rook_type && pos.king_square(c) == cm.king_to &&
        one_each(cm.king_from, cm.rook_from))
      return true;
  return false;
}

void checks(const Position& pos, std::vector<LegalityFailure>& out) {
  const Color stm = pos.side_to_move();
  if (pos.king_square(~stm) != kNoSquare && pos.king_in_check(~stm))
    out.push_back({LegalityRule::kOpponentInCheck,
                   fmt::format("{} is in check with {} to move", side_name(~stm), side_name(stm))});
  const Square king = pos.king_square(stm);
  if (king == kNoSquare) return;
  const Bitboard checkers = pos.attackers(king, ~stm, pos.occupied());
  const int n = popcount(checkers);
  std::string names;
  for (Bitboard b = checkers; b;) names += (names.empty() ? "" : ", ") + square_name(pop_lsb(b));
  if (n > 2) {
    out.push_back({LegalityRule::kImpossibleCheck,
                   fmt::format("{} checkers ({}): one move gives two checks at most", n, names)});
  } else if (n == 2) {
    const Square a = lsb(checkers), b = lsb(checkers & (checkers - 1));
    if (!one_move_gives(pos, ~stm, a, b, king) && !one_move_gives(pos, ~stm, b, a, king) &&
        !both_unmasked(pos, ~stm, a, b, king))
      out.push_back({LegalityRule::kImpossibleCheck,
                     fmt::format("the double check by {} cannot come from one last move: "
                                 "neither checker can have unmasked the other, nor an en "
                                 "passant capture or castling both",
                                 names)});
  }
}

void castling(const Position& pos, std::vector<LegalityFailure>& out) {
  const Variant& v = pos.variant();
  for (Color c : {kWhite, kBlack})
    for (const CastlingMove& cm : v.castling(c)) {
      if (!(pos.castling_rights() & cm.right)) continue;
      const bool king = pos.king_square(c) == cm.king_from;
      const bool rook = pos.piece_on(c, cm.rook_from) == cm.rook_type;
      if (!king || !rook)
        out.push_back(
            {LegalityRule::kCastlingRights,
             fmt::format("right '{}' needs the {} king on {} and a rook on {}", cm.fen,
                         side_name(c), square_name(cm.king_from), square_name(cm.rook_from))});
    }
}

void en_passant(const Position& pos, std::vector<LegalityFailure>& out) {
  const Square ep = pos.en_passant();
  if (ep == kNoSquare) return;
  const Color us = pos.side_to_move();
  const Square victim = en_passant_victim_of(ep, us);
  const Square origin = 2 * ep - victim;  // where the double step started
  const Variant& v = pos.variant();
  const PieceType at_victim = pos.piece_on(~us, victim);
  const bool ok = relative_rank(us, ep) == 5 && !has(pos.occupied(), ep) &&
                  !has(pos.occupied(), origin) && at_victim != kNoPiece && v.piece(at_victim).pawn;
  if (!ok)
    out.push_back(
        {LegalityRule::kEnPassant,
         fmt::format("target {} needs a {} pawn on {} with {} and {} empty", square_name(ep),
                     side_name(~us), square_name(victim), square_name(ep), square_name(origin))});
}

}  // namespace

std::string to_string(LegalityRule r) {
  switch (r) {
    case LegalityRule::kKingCount:
      return "king-count";
    case LegalityRule::kPawnCount:
      return "pawn-count";
    case LegalityRule::kMenCount:
      return "men-count";
    case LegalityRule::kPawnOnBackRank:
      return "pawn-on-back-rank";
    case LegalityRule::kPromotions:
      return "promotions";
    case LegalityRule::kBishopColours:
      return "bishop-colours";
    case LegalityRule::kPawnCaptures:
      return "pawn-captures";
    case LegalityRule::kOpponentInCheck:
      return "opponent-in-check";
    case LegalityRule::kImpossibleCheck:
      return "impossible-check";
    case LegalityRule::kCastlingRights:
      return "castling-rights";
    case LegalityRule::kEnPassant:
      break;
  }
  return "en-passant";
}

std::vector<LegalityFailure> legality_failures(const Position& pos) {
  std::vector<LegalityFailure> out;
  const Variant& v = pos.variant();
  for (Color c : {kWhite, kBlack}) {
    const int kings = v.royal() == kNoPiece ? 0 : popcount(pos.pieces(c, v.royal()));
    if (kings != 1)
      out.push_back({LegalityRule::kKingCount,
                     fmt::format("{} has {} kings (exactly one)", side_name(c), kings)});
  }
  const Army army = army_of(v);
  if (army.counted) count_army(pos, army, out);
  pawns_on_back_ranks(pos, out);
  checks(pos, out);
  castling(pos, out);
  en_passant(pos, out);
  std::stable_sort(out.begin(), out.end(), [](const LegalityFailure& a, const LegalityFailure& b) {
    return a.rule < b.rule;
  });
  return out;
}

std::string legality_text(const std::vector<LegalityFailure>& failures) {
  std::string out;
  for (const LegalityFailure& f : failures)
    out += (out.empty() ? "" : "; ") + to_string(f.rule) + ": " + f.reason;
  return out;
}

}  // namespace arbiter::puzzles
