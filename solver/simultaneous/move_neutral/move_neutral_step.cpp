// The symbolic Move-Neutral turn: which squares each move leaves and lands on, which pieces are
// taken (a capture whose target also moves takes nothing, so mutual captures trade places),
// the two colour layers after both moves, and check on them. The decisions are the engine's own
// (rules/simultaneous/move_neutral/move_neutral_turn.hpp, over one formula per square); this
// file reads the symbolic moves into them and writes the layers. En passant is left out (no
// target in the encoding).
#include "solver/simultaneous/move_neutral/move_neutral_step.hpp"
#include "rules/conversion/conversion.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "solver/core/z3_setup.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "rules/core/notation.hpp"
#include "rules/simultaneous/move_neutral/move_neutral.hpp"
#include "rules/simultaneous/move_neutral/move_neutral_turn.hpp"
#include "solver/core/cannot_encode.hpp"

namespace arbiter::solver {

namespace {

/// One formula per square, with the set operations of decide_move_neutral_turn.
struct SquareFormulas {
  std::vector<z3::expr> at;
};

SquareFormulas pointwise(const SquareFormulas& a, const SquareFormulas& b,
                         z3::expr (*op)(const z3::expr&, const z3::expr&)) {
  SquareFormulas out;
  for (std::size_t s = 0; s < a.at.size(); ++s) out.at.push_back(op(a.at[s], b.at[s]));
  return out;
}
// A constant operand (the empty `shared` set) folds away instead of growing the formulas.
SquareFormulas operator&(const SquareFormulas& a, const SquareFormulas& b) {
  return pointwise(a, b, [](const z3::expr& x, const z3::expr& y) {
    return y.is_true() ? x : y.is_false() ? y : x && y;
  });
}
SquareFormulas operator|(const SquareFormulas& a, const SquareFormulas& b) {
  return pointwise(a, b, [](const z3::expr& x, const z3::expr& y) {
    return y.is_false() ? x : y.is_true() ? y : x || y;
  });
}
SquareFormulas operator~(const SquareFormulas& a) {
  SquareFormulas out;
  for (const z3::expr& x : a.at)
    out.at.push_back(x.is_false()  ? x.ctx().bool_val(true)
                     : x.is_true() ? x.ctx().bool_val(false)
                                   : !x);
  return out;
}

/// The piece a candidate puts on `s` (one of its landing squares).
z3::expr arriving(const BoardEncoding& b, Color c, Move m, Square s) {
  const Variant& v = b.variant();
  switch (m.kind()) {
    case MoveKind::kCastling: {
      const CastlingMove& cm = v.castling(c)[static_cast<std::size_t>(m.arg())];
      return b.code_val(s == cm.king_to ? b.code(c, v.royal()) : b.code(c, cm.rook_type));
    }
    case MoveKind::kPromotion:
      return b.code_val(b.code(c, static_cast<PieceType>(m.arg())));
    default:
      return b.cell(m.from());
  }
}

/// The candidate is pseudo-legal on `before` and does not take a king (movegen.cpp: emit,
/// generate_castling without conversion).
z3::expr pseudo_legal(const AttackEncoding& a, Color c, Move m) {
  const BoardEncoding& b = a.board();
  const Variant& v = b.variant();
  z3::context& ctx = b.ctx();
  if (m.kind() == MoveKind::kCastling) {
    const CastlingMove& cm = v.castling(c)[static_cast<std::size_t>(m.arg())];
    z3::expr_vector terms(ctx);
    terms.push_back(b.castling_right(c, m.arg()));
    terms.push_back(b.all_empty(cm.must_be_empty));
    terms.push_back(b.is(cm.king_from, c, v.royal()));
    terms.push_back(b.is(cm.rook_from, c, cm.rook_type));
    for (Bitboard path = cm.king_path & ~bb(cm.king_to); path;)
      terms.push_back(!a.attacked(pop_lsb(path), ~c));
    return z3::mk_and(terms);
  }
  const bool promotion = m.kind() == MoveKind::kPromotion;
  z3::expr_vector types(ctx);
  for (int t = 0; t < v.piece_count(); ++t) {
    const PieceType pt = static_cast<PieceType>(t);
    const PieceInfo& info = v.piece(pt);
    const bool promotes = has(info.promotion_squares[c], m.to());
    if (promotes != promotion) continue;
    if (promotion && std::find(info.promotion_choices.begin(), info.promotion_choices.end(),
                               static_cast<PieceType>(m.arg())) == info.promotion_choices.end())
      continue;
    const z3::expr r = a.reaches(c, pt, m.from(), m.to());
    if (!r.is_false()) types.push_back(b.is(m.from(), c, pt) && r);
  }
  z3::expr out = any_of(ctx, types);
  if (v.royal() != kNoPiece) out = out && !b.is(m.to(), ~c, v.royal());
  return out;
}

void refuse_unencoded(const Variant& v) {
  const MoveNeutralKnobs& k = v.knobs().move_neutral;
  if (k.shared_square_sliding == SharedSquareSliding::kPassable ||
      k.shared_piece_attacks == SharedPieceAttacks::kInert ||
      k.castling_path_entered == CastlingPathEntered::kVoid)
    throw CannotEncode(fmt::format(
        "solver: the Move-Neutral step encodes {}, {} and {} only",
        knob_setting_of<&MoveNeutralKnobs::shared_square_sliding>(SharedSquareSliding::kBlocked),
        knob_setting_of<&MoveNeutralKnobs::shared_piece_attacks>(SharedPieceAttacks::kAttacks),
        knob_setting_of<&MoveNeutralKnobs::castling_path_entered>(CastlingPathEntered::kStands)));
  if (v.effect()) throw CannotEncode("solver: the Move-Neutral step has no conversion rules");
}

}  // namespace

MoveChoice concrete_choice(const BoardEncoding& before, Color c, Move m) {
  if (m.kind() == MoveKind::kEnPassant)
    throw CannotEncode("solver: en passant is not encoded (no en-passant target)");
  return MoveChoice{c, {CandidateMove{m, before.ctx().bool_val(true)}}};
}

MoveChoice symbolic_choice(const AttackEncoding& before, Color c, const std::string& prefix) {
  const BoardEncoding& b = before.board();
  const Variant& v = b.variant();
  z3::context& ctx = b.ctx();
  MoveChoice out{c, {}};
  const auto add = [&](Move m, const std::string& name) {
    out.candidates.push_back({m, ctx.bool_const((prefix + name).c_str())});
  };
  for (Square from = 0; from < kSquares; ++from)
    for (Square to = 0; to < kSquares; ++to) {
      if (from == to) continue;
      bool plain = false;
      std::vector<PieceType> promos;
      for (int t = 0; t < v.piece_count(); ++t) {
        const PieceType pt = static_cast<PieceType>(t);
        if (before.reaches(c, pt, from, to).is_false()) continue;
        const PieceInfo& info = v.piece(pt);
        if (!has(info.promotion_squares[c], to)) {
          plain = true;
          continue;
        }
        for (PieceType p : info.promotion_choices)
          if (std::find(promos.begin(), promos.end(), p) == promos.end()) promos.push_back(p);
      }
      const std::string squares = square_name(from) + square_name(to);
      if (plain) add(Move(from, to), squares);
      for (PieceType p : promos)
        add(Move(from, to, MoveKind::kPromotion, p), squares + "=" + v.piece(p).letter);
    }
  for (std::size_t i = 0; i < v.castling(c).size(); ++i)
    add(Move(v.castling(c)[i].king_from, v.castling(c)[i].king_to, MoveKind::kCastling,
             static_cast<int>(i)),
        std::string("castle-") + v.castling(c)[i].fen);
  return out;
}

z3::expr exactly_one(const MoveChoice& choice) {
  if (choice.candidates.empty())
    throw std::invalid_argument("solver: a move choice without candidates");
  z3::expr_vector all(choice.candidates.front().chosen.ctx());
  for (const CandidateMove& m : choice.candidates) all.push_back(m.chosen);
  return z3::atmost(all, 1) && z3::atleast(all, 1);
}

z3::expr is_submission(const AttackEncoding& before, const MoveChoice& choice) {
  z3::context& ctx = before.board().ctx();
  z3::expr_vector terms(ctx);
  for (const CandidateMove& m : choice.candidates) {
    const z3::expr p = pseudo_legal(before, choice.color, m.move);
    if (!p.is_false()) terms.push_back(m.chosen && p);
  }
  const MoveChoice none{~choice.color, {}};
  const MoveNeutralStep alone(before, choice.color == kWhite ? choice : none,
                              choice.color == kWhite ? none : choice);
  return any_of(ctx, terms) && !alone.in_check(choice.color);
}

MoveNeutralStep::MoveNeutralStep(const AttackEncoding& before, const MoveChoice& white,
                                 const MoveChoice& black)
    : before_(&before.board()), choice_{white, black} {
  const BoardEncoding& b = *before_;
  const Variant& v = b.variant();
  z3::context& ctx = b.ctx();
  refuse_unencoded(v);
  if (white.color != kWhite || black.color != kBlack)
    throw std::invalid_argument("solver: the Move-Neutral step takes White's move, then Black's");
  // Per colour and square: what the chosen move leaves, lands on and aims at (a non-castling
  // move to it); rules/simultaneous/move_neutral/move_neutral_turn.hpp decides the rest.
  MoveNeutralTurnInputs<SquareFormulas> in;
  for (Color c : {kWhite, kBlack}) {
    for (Square s = 0; s < kSquares; ++s) {
      z3::expr_vector l(ctx), d(ctx), t(ctx);
      for (const CandidateMove& m : choice_[c].candidates) {
        if (has(footprint_of(v, c, m.move).leaves, s)) l.push_back(m.chosen);
        if (has(footprint_of(v, c, m.move).lands, s)) d.push_back(m.chosen);
        if (m.move.kind() != MoveKind::kCastling && m.move.to() == s) t.push_back(m.chosen);
      }
      in.occupied[c].at.push_back(b.occupied_by(s, c));
      in.leaves[c].at.push_back(any_of(ctx, l));
      in.lands[c].at.push_back(any_of(ctx, d));
      in.aims[c].at.push_back(any_of(ctx, t));
      in.ep_lands[c].at.push_back(ctx.bool_val(false));  // no en passant in the encoding
    }
  }
  in.none.at.assign(kSquares, ctx.bool_val(false));
  in.shared = in.none;  // the encoded board has one piece per square
  const MoveNeutralTurnOutcome<SquareFormulas> turn = decide_move_neutral_turn(in);
  for (Color c : {kWhite, kBlack}) {
    leaves_[c] = in.leaves[c].at;
    lands_[c] = in.lands[c].at;
    captured_[c] = turn.captured[c].at;
  }

  // Castling rights: lost where a piece is taken, leaves or lands (castling_keep_mask).
  std::vector<z3::expr> rights[2];
  for (Color d : {kWhite, kBlack}) {
    const auto& moves = v.castling(d);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      z3::expr_vector lost(ctx);
      for (Square s = 0; s < kSquares; ++s)
        if (!(v.castling_keep_mask(s) & moves[i].right)) lost.push_back(turn.touched.at[s]);
      rights[d].push_back(b.castling_right(d, static_cast<int>(i)) && !any_of(ctx, lost));
    }
  }

  const z3::expr empty = b.code_val(0);
  std::vector<z3::expr> cells[2];
  for (Color c : {kWhite, kBlack}) {
    // The piece a non-castling move puts down: the promoted piece, else the one on the square
    // left. One term shared by every cell (not a chain of ~30 candidates per cell).
    const auto& cands = choice_[c].candidates;
    std::vector<z3::expr_vector> from_plain;
    for (Square s = 0; s < kSquares; ++s) from_plain.emplace_back(ctx);
    for (const CandidateMove& m : cands)
      if (m.move.kind() != MoveKind::kCastling && m.move.kind() != MoveKind::kPromotion)
        from_plain[m.move.from()].push_back(m.chosen);
    z3::expr piece = empty;
    for (Square s = kSquares; s-- > 0;)
      if (!from_plain[s].empty()) piece = z3::ite(z3::mk_or(from_plain[s]), b.cell(s), piece);
    for (auto it = cands.rbegin(); it != cands.rend(); ++it)
      if (it->move.kind() == MoveKind::kPromotion)
        piece = z3::ite(it->chosen, arriving(b, c, it->move, it->move.to()), piece);
    piece = piece.simplify();
    for (Square s = 0; s < kSquares; ++s) {
      z3::expr cell = z3::ite(turn.stays[c].at[s], b.cell(s), empty);
      for (auto it = cands.rbegin(); it != cands.rend(); ++it)
        if (it->move.kind() == MoveKind::kCastling && has(footprint_of(v, c, it->move).lands, s))
          cell = z3::ite(it->chosen, arriving(b, c, it->move, s), cell);
      cell = z3::ite(in.aims[c].at[s], piece, cell);
      cells[c].push_back(cell.simplify());
    }
    layers_[c] = std::make_unique<BoardEncoding>(b, cells[c], rights[kWhite], rights[kBlack]);
  }
  for (Color c : {kWhite, kBlack}) {
    std::vector<z3::expr> seen;
    for (Square s = 0; s < kSquares; ++s)
      seen.push_back(z3::ite(cells[c][s] != empty, cells[c][s], cells[~c][s]).simplify());
    seen_by_[c] = std::make_unique<BoardEncoding>(b, seen, rights[kWhite], rights[kBlack]);
    attacks_by_[c] = std::make_unique<AttackEncoding>(*seen_by_[c]);
  }
}

z3::expr MoveNeutralStep::in_check(Color c) const {
  const BoardEncoding& own = *layers_[c];
  const PieceType royal = own.variant().royal();
  z3::context& ctx = own.ctx();
  z3::expr_vector terms(ctx);
  if (royal == kNoPiece) return ctx.bool_val(false);
  for (Square k = 0; k < kSquares; ++k) {
    const z3::expr& there = own.is(k, c, royal);  // simplified on a derived board
    if (!there.is_false()) terms.push_back(there && attacks_by_[~c]->attacked(k, ~c));
  }
  return any_of(ctx, terms);
}

z3::expr MoveNeutralStep::royal_cannot_step(Color c) const {
  const BoardEncoding& own = *layers_[c];
  const BoardEncoding& enemy = *layers_[~c];
  const AttackEncoding& attacks = *attacks_by_[~c];
  const Variant& v = own.variant();
  const PieceType royal = v.royal();
  z3::context& ctx = own.ctx();
  if (royal == kNoPiece) return ctx.bool_val(true);
  const PieceMoves& pm = v.piece(royal).moves;
  z3::expr_vector all(ctx);
  for (Square k = 0; k < kSquares; ++k) {
    const z3::expr& there = own.is(k, c, royal);  // simplified on a derived board
    if (there.is_false()) continue;               // a concrete board: only the royal piece's square
    const SquareMoves& sm = pm.at[c][k];
    z3::expr_vector blocked(ctx);
    for (Bitboard to = sm.leap_move | sm.leap_capture; to;) {
      const Square t = pop_lsb(to);
      // A piece of the other colour still standing on k (a shared square) keeps its lines
      // blocked and may itself attack t; otherwise k is empty once the king has left.
      const z3::expr attacked =
          z3::ite(shared(k), attacks.attacked(t, ~c, BoardChange{kNoSquare, t}),
                  attacks.attacked(t, ~c, BoardChange{k, t}));
      z3::expr_vector no(ctx);
      no.push_back(own.cell(t) != own.code_val(0));
      no.push_back(enemy.is(t, ~c, royal));
      if (!has(sm.leap_move, t)) no.push_back(enemy.empty(t));
      if (!has(sm.leap_capture, t)) no.push_back(!enemy.empty(t));
      no.push_back(attacked);
      blocked.push_back(z3::mk_or(no));
    }
    if (!blocked.empty()) all.push_back(z3::implies(there, z3::mk_and(blocked)));
  }
  return all.empty() ? ctx.bool_val(true) : z3::mk_and(all);
}

z3::expr MoveNeutralStep::moves(Color c, Square from, Square to) const {
  z3::expr_vector terms(before_->ctx());
  for (const CandidateMove& m : choice_[c].candidates)
    if (m.move.kind() != MoveKind::kCastling && m.move.from() == from && m.move.to() == to)
      terms.push_back(m.chosen);
  return any_of(before_->ctx(), terms);
}

z3::expr MoveNeutralStep::move_to(Color c, Square s) const {
  z3::expr_vector terms(before_->ctx());
  for (const CandidateMove& m : choice_[c].candidates)
    if (m.move.to() == s) terms.push_back(m.chosen);
  return any_of(before_->ctx(), terms);
}

z3::expr MoveNeutralStep::shared(Square s) const {
  const z3::expr empty = before_->code_val(0);
  return layers_[kWhite]->cell(s) != empty && layers_[kBlack]->cell(s) != empty;
}

}  // namespace arbiter::solver
