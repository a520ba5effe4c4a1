#include "solver/attack_encoding.hpp"

#include <algorithm>
#include <stdexcept>

namespace arbiter::solver {

namespace {

/// Squares strictly between `from` and `to` on a rider's path with step (df, dr), and
/// whether `to` lies on it within range; `from_mask` and direction as in piece_moves.cpp.
bool rider_path(const RiderStep& st, Square from, Square to, Bitboard& between) {
  if (!has(st.from_mask, from)) return false;
  between = 0;
  int f = file_of(from), r = rank_of(from);
  for (int k = 0; st.range == 0 || k < st.range; ++k) {
    f += st.df;
    r += st.dr;
    if (!on_board(f, r)) return false;
    const Square s = make_square(f, r);
    if (s == to) return true;
    between |= bb(s);
  }
  return false;
}

/// The square's bit, or none for kNoSquare.
Bitboard bit_of(Square s) {
  return s == kNoSquare ? 0 : bb(s);
}

z3::expr any_of(z3::context& ctx, const z3::expr_vector& terms) {
  return terms.empty() ? ctx.bool_val(false) : z3::mk_or(terms);
}

}  // namespace

AttackEncoding::AttackEncoding(const BoardEncoding& board) : b_(&board) {
  const ConversionRules& cr = board.variant().conversion();
  if (cr.enabled && !cr.pinned_piece_threatens)
    throw std::invalid_argument(
        "solver: threat-by-pinned-piece=ignored is not encoded yet (needs the board after the "
        "threatening move)");
}

std::vector<AttackTerm> AttackEncoding::attack_terms(Square s, Color by, BoardChange change) const {
  const BoardEncoding& b = *b_;
  const Variant& v = b.variant();
  z3::context& ctx = b.ctx();
  const auto empty = [&](Bitboard squares) {
    if (squares & bit_of(change.filled)) return ctx.bool_val(false);
    return b.all_empty(squares & ~bit_of(change.vacated));
  };
  const Bitboard gone = bit_of(change.vacated) | bit_of(change.filled);
  std::vector<AttackTerm> terms;
  for (int t = 0; t < v.piece_count(); ++t) {
    const PieceType pt = static_cast<PieceType>(t);
    const PieceMoves& pm = v.piece(pt).moves;
    const AttackSources& a = pm.attackers[by][s];
    for (Bitboard from = a.leap & ~gone; from;) {
      const Square f = pop_lsb(from);
      terms.push_back({f, b.is(f, by, pt)});
    }
    for (Bitboard from = (a.rook | a.bishop) & ~gone; from;) {
      const Square f = pop_lsb(from);
      terms.push_back({f, b.is(f, by, pt) && empty(v.between(f, s))});
    }
    for (const RiderStep& st : pm.riders[by]) {
      if (!st.capture) continue;
      for (Square f = 0; f < kSquares; ++f) {
        Bitboard between = 0;
        if (!has(gone, f) && rider_path(st, f, s, between))
          terms.push_back({f, b.is(f, by, pt) && empty(between)});
      }
    }
  }
  return terms;
}

z3::expr AttackEncoding::attacked(Square s, Color by, BoardChange change) const {
  z3::expr_vector terms(b_->ctx());
  for (const AttackTerm& t : attack_terms(s, by, change)) terms.push_back(t.holds);
  return any_of(b_->ctx(), terms);
}

z3::expr AttackEncoding::would_attack(Color by, PieceType t, Square from, Square s) const {
  const BoardEncoding& b = *b_;
  const Variant& v = b.variant();
  const PieceMoves& pm = v.piece(t).moves;
  const AttackSources& a = pm.attackers[by][s];
  z3::expr_vector terms(b.ctx());
  if (has(a.leap, from)) return b.ctx().bool_val(true);
  if (has(a.rook | a.bishop, from)) terms.push_back(b.all_empty(v.between(from, s)));
  for (const RiderStep& st : pm.riders[by]) {
    Bitboard between = 0;
    if (st.capture && rider_path(st, from, s, between)) terms.push_back(b.all_empty(between));
  }
  return any_of(b.ctx(), terms);
}

z3::expr AttackEncoding::reaches(Color c, PieceType t, Square from, Square to) const {
  const auto key = std::make_tuple(static_cast<int>(c), static_cast<int>(t), from, to);
  if (auto it = reach_cache_.find(key); it != reach_cache_.end()) return it->second;
  const BoardEncoding& b = *b_;
  const Variant& v = b.variant();
  const PieceMoves& pm = v.piece(t).moves;
  const SquareMoves& sm = pm.at[c][from];
  const z3::expr quiet = b.empty(to), capture = b.occupied_by(to, ~c);
  z3::expr_vector terms(b.ctx());
  if (has(sm.leap_move, to)) terms.push_back(quiet);
  if (has(sm.leap_capture, to)) terms.push_back(capture);
  const Bitboard between = v.between(from, to);
  if (has(sm.rook_move | sm.bishop_move, to)) terms.push_back(b.all_empty(between) && quiet);
  if (has(sm.rook_capture | sm.bishop_capture, to))
    terms.push_back(b.all_empty(between) && capture);
  for (const RiderStep& st : pm.riders[c]) {
    Bitboard path = 0;
    if (!rider_path(st, from, to, path)) continue;
    if (st.move) terms.push_back(b.all_empty(path) && quiet);
    if (st.capture) terms.push_back(b.all_empty(path) && capture);
  }
  const z3::expr out = any_of(b.ctx(), terms).simplify();
  reach_cache_.emplace(key, out);
  return out;
}

z3::expr AttackEncoding::captures_en_passant(Color c, PieceType t, Square from, Square to) const {
  const BoardEncoding& b = *b_;
  z3::context& ctx = b.ctx();
  if (!b.en_passant() || !has(b.variant().piece(t).moves.at[c][from].en_passant, to))
    return ctx.bool_val(false);
  const std::vector<EnPassantTarget>& targets = ep_targets(c);
  const bool possible = std::any_of(targets.begin(), targets.end(),
                                    [&](const EnPassantTarget& e) { return e.target == to; });
  return possible ? b.en_passant_is(to) && b.empty(to) : ctx.bool_val(false);
}

const std::vector<EnPassantTarget>& AttackEncoding::ep_targets(Color c) const {
  if (!ep_targets_[c]) ep_targets_[c] = b_->en_passant_targets(c);
  return *ep_targets_[c];
}

z3::expr AttackEncoding::move_exists(Square from, Square to) const {
  const BoardEncoding& b = *b_;
  z3::expr_vector terms(b.ctx());
  for (Color c : {kWhite, kBlack})
    for (int t = 0; t < b.variant().piece_count(); ++t) {
      const PieceType pt = static_cast<PieceType>(t);
      const z3::expr ep = captures_en_passant(c, pt, from, to);
      terms.push_back(b.is(from, c, pt) &&
                      (ep.is_false() ? reaches(c, pt, from, to) : reaches(c, pt, from, to) || ep));
    }
  return any_of(b.ctx(), terms);
}

// A mover of type t landing on L off the target's square forms a co-square on the target when a
// twin (a partner of t, not the mover itself) stands on the target's file and L is on the
// target's rank, or the twin on the target's rank and L on its file (conversion.cpp).
z3::expr AttackEncoding::conversion_threat(Square s, Color by) const {
  const ConversionRules& cr = b_->variant().conversion();
  z3::expr out = move_conversion_threat(s, by);
  if (!cr.enabled || !cr.castling_threatens) return out;
  z3::expr_vector terms(b_->ctx());
  terms.push_back(out);
  for (std::size_t i = 0; i < b_->variant().castling(by).size(); ++i)
    terms.push_back(castling_forms(static_cast<int>(i), s, by));
  return z3::mk_or(terms);
}

z3::expr AttackEncoding::move_conversion_threat(Square s, Color by) const {
  const BoardEncoding& b = *b_;
  const Variant& v = b.variant();
  const ConversionRules& cr = v.conversion();
  z3::context& ctx = b.ctx();
  if (!cr.enabled) return ctx.bool_val(false);
  const Bitboard on_file = file_bb(s) & ~rank_bb(s);
  const Bitboard on_rank = rank_bb(s) & ~file_bb(s);
  z3::expr_vector terms(ctx);
  for (int t = 0; t < v.piece_count(); ++t) {
    const PieceType pt = static_cast<PieceType>(t);
    const PieceTypeMask partners = cr.partners[t];
    if (!partners) continue;
    const Bitboard no_landing = v.piece(pt).promotion_squares[by];
    for (Square from = 0; from < kSquares; ++from) {
      // Twins on the file / rank of the target, other than the mover.
      const auto twins_on = [&](Bitboard squares) {
        z3::expr_vector tw(ctx);
        for (Bitboard sq = squares & ~bb(from); sq;)
          tw.push_back(b.is_any(pop_lsb(sq), by, partners));
        return any_of(ctx, tw);
      };
      z3::expr_vector landings(ctx);
      const auto add_landings = [&](Bitboard squares, const z3::expr& twin) {
        z3::expr_vector reach(ctx);
        for (Bitboard sq = squares & ~no_landing & ~bb(from); sq;) {
          const Square to = pop_lsb(sq);
          const z3::expr r = reaches(by, pt, from, to);
          if (!r.is_false()) reach.push_back(r);
        }
        if (!reach.empty()) landings.push_back(twin && z3::mk_or(reach));
      };
      add_landings(on_rank, twins_on(on_file));
      add_landings(on_file, twins_on(on_rank));
      if (!landings.empty()) terms.push_back(b.is(from, by, pt) && z3::mk_or(landings));
    }
  }
  return any_of(ctx, terms);
}

// castling_threat in conversion.cpp: a castling of `by` with its right, its squares empty and
// its pieces at home, whose king or rook forms a co-square on `s` on the board after castling.
z3::expr AttackEncoding::castling_forms(int index, Square s, Color by) const {
  const BoardEncoding& b = *b_;
  const Variant& v = b.variant();
  const ConversionRules& cr = v.conversion();
  z3::context& ctx = b.ctx();
  const CastlingMove& cm = v.castling(by)[static_cast<std::size_t>(index)];
  const Bitboard moved = bb(cm.king_from) | bb(cm.rook_from);
  z3::expr_vector formed(ctx);
  // The twins of a mover of type `mover` that landed on `landed`, square by square.
  const auto forms = [&](PieceType mover, Square landed) {
    for (Square tw = 0; tw < kSquares; ++tw) {
      if (!has(co_squares(landed, tw), s)) continue;
      if (tw == cm.king_to && landed != cm.king_to && (cr.partners[mover] >> v.royal() & 1U))
        formed.push_back(ctx.bool_val(true));
      else if (tw == cm.rook_to && landed != cm.rook_to &&
               (cr.partners[mover] >> cm.rook_type & 1U))
        formed.push_back(ctx.bool_val(true));
      else if (!has(moved, tw) && tw != landed)
        formed.push_back(b.is_any(tw, by, cr.partners[mover]));
    }
  };
  if (!cr.enabled) return ctx.bool_val(false);
  forms(v.royal(), cm.king_to);
  forms(cm.rook_type, cm.rook_to);
  if (formed.empty()) return ctx.bool_val(false);
  return b.castling_right(by, index) && b.all_empty(cm.must_be_empty) &&
         b.is(cm.king_from, by, v.royal()) && b.is(cm.rook_from, by, cm.rook_type) &&
         z3::mk_or(formed);
}

z3::expr AttackEncoding::threatened(Square s, Color by) const {
  return attacked(s, by) || conversion_threat(s, by);
}

z3::expr AttackEncoding::in_check(Color c) const {
  const BoardEncoding& b = *b_;
  const PieceType royal = b.variant().royal();
  z3::expr_vector terms(b.ctx());
  if (royal == kNoPiece) return b.ctx().bool_val(false);
  for (Square k = 0; k < kSquares; ++k) terms.push_back(b.is(k, c, royal) && threatened(k, ~c));
  return z3::mk_or(terms);
}

}  // namespace arbiter::solver
