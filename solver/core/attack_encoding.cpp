#include "solver/core/attack_encoding.hpp"

#include <algorithm>
#include <utility>

#include "solver/core/ply_step_effect.hpp"
#include "solver/core/z3_setup.hpp"

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

}  // namespace

AttackEncoding::AttackEncoding(const BoardEncoding& board)
    : b_(&board), effect_(ply_step_effect(board.variant())) {
  if (effect_) effect_->check_encodable(board.variant());
}

std::vector<AttackTerm> AttackEncoding::attack_terms(Square s, Color by, BoardChange change) const {
  const BoardEncoding& b = *b_;
  const Variant& v = b.variant();
  z3::context& ctx = b.ctx();
  const auto empty = [&](Bitboard squares) {
    if (squares & bit_of(change.filled)) return ctx.bool_val(false);
    return b.all_empty(squares & ~bit_of(change.vacated) & ~bit_of(change.taken));
  };
  const Bitboard gone = bit_of(change.vacated) | bit_of(change.filled) | bit_of(change.taken);
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

std::optional<z3::expr>& AttackEncoding::slot(Cache& cache, Color c, PieceType t, Square sq,
                                              std::size_t index) const {
  const std::size_t types = static_cast<std::size_t>(b_->variant().piece_count());
  if (cache.empty()) cache.resize(2 * types * kSquares);
  std::unique_ptr<CacheBlock>& block =
      cache[(static_cast<std::size_t>(c) * types + static_cast<std::size_t>(t)) * kSquares +
            static_cast<std::size_t>(sq)];
  if (!block) block = std::make_unique<CacheBlock>();
  return (*block)[index];
}

z3::expr AttackEncoding::reaches(Color c, PieceType t, Square from, Square to) const {
  // By destination: lands() asks for every origin of one destination.
  std::optional<z3::expr>& cached = slot(reach_cache_, c, t, to, static_cast<std::size_t>(from));
  if (cached) return *cached;
  const BoardEncoding& b = *b_;
  const Variant& v = b.variant();
  const PieceMoves& pm = v.piece(t).moves;
  const SquareMoves& sm = pm.at[c][from];
  // Which kinds of move go there, decided from the masks before any formula is made.
  bool leap_quiet = has(sm.leap_move, to), leap_capture = has(sm.leap_capture, to);
  bool line_quiet = has(sm.rook_move | sm.bishop_move, to);
  bool line_capture = has(sm.rook_capture | sm.bishop_capture, to);
  std::vector<std::pair<Bitboard, const RiderStep*>> rides;
  for (const RiderStep& st : pm.riders[c]) {
    Bitboard path = 0;
    if (rider_path(st, from, to, path)) rides.emplace_back(path, &st);
  }
  if (!leap_quiet && !leap_capture && !line_quiet && !line_capture && rides.empty()) {
    cached = b.ctx().bool_val(false);
    return *cached;
  }
  const z3::expr quiet = b.empty(to), capture = b.occupied_by(to, ~c);
  // On a derived board the indicators are simplified already (BoardEncoding::is): only
  // constants are folded here. On fresh cells, simplification is cheap.
  z3::expr_vector terms(b.ctx());
  bool always = false;
  const auto add = [&](const z3::expr& path_empty, const z3::expr& landing) {
    if (path_empty.is_false() || landing.is_false()) return;
    const z3::expr term = path_empty.is_true() ? landing : path_empty && landing;
    if (term.is_true()) always = true;
    terms.push_back(term);
  };
  const z3::expr yes = b.ctx().bool_val(true);
  if (leap_quiet) add(yes, quiet);
  if (leap_capture) add(yes, capture);
  const Bitboard between = v.between(from, to);
  if (line_quiet) add(b.all_empty(between), quiet);
  if (line_capture) add(b.all_empty(between), capture);
  for (const auto& [path, st] : rides) {
    if (st->move) add(b.all_empty(path), quiet);
    if (st->capture) add(b.all_empty(path), capture);
  }
  if (b.derived())
    cached = always ? yes : any_of(b.ctx(), terms);
  else
    cached = any_of(b.ctx(), terms).simplify();
  return *cached;
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

z3::expr AttackEncoding::lands(Color c, PieceType t, Square to, Square not_from) const {
  // A move from not_from that cannot reach `to` leaves the disjunction unchanged.
  if (not_from != kNoSquare && reaches(c, t, not_from, to).is_false())
    return lands(c, t, to, kNoSquare);
  // not_from runs over the squares and kNoSquare (index kSquares).
  const std::size_t excluded =
      not_from == kNoSquare ? kSquares : static_cast<std::size_t>(not_from);
  std::optional<z3::expr>& cached = slot(lands_cache_, c, t, to, excluded);
  if (cached) return *cached;
  const BoardEncoding& b = *b_;
  z3::expr_vector terms(b.ctx());
  for (Square from = 0; from < kSquares; ++from) {
    if (from == to || from == not_from) continue;
    const z3::expr r = reaches(c, t, from, to);
    if (!r.is_false()) terms.push_back(b.is(from, c, t) && r);
  }
  cached = any_of(b.ctx(), terms);
  return *cached;
}

z3::expr AttackEncoding::threatened(Square s, Color by) const {
  const z3::expr attacks = attacked(s, by);
  return attacks || (effect_ ? effect_->threat(*this, s, by) : b_->ctx().bool_val(false));
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
