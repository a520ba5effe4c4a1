// RapidCheck properties of the Move-Neutral resolver on positions reached by random play:
// the result does not depend on which move is applied first; the colour-flipped mirror of a
// turn is the mirror of its result; a square never holds two pieces of one colour; material
// leaves the board only through a capture the trace names.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/core/notation.hpp"
#include "rules/simultaneous/move_neutral/move_neutral.hpp"
#include "tests/support/random_play.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::neutral;

const std::vector<std::string>& start_fens() {
  static const std::vector<std::string> fens = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "4k3/1n6/8/3pP3/8/8/8/R3K3 w Q d6 0 1",
      "4kr2/8/8/5(Qp)2/8/8/8/4KR2 w - - 0 1",
      // A castling path through a shared square; a pawn that shares its square with an
      // en-passant right on it.
      "r3k3/8/8/8/8/8/8/4K(Bn)1R w Kq - 0 1",
      "4k3/8/8/8/3p(Pn)3/8/8/4K3 w - e3 0 1",
  };
  return fens;
}

std::vector<Move> mn_submissions(const SimState& s, Color c) {
  MoveList list;
  move_neutral_submissions(s, c, list);
  return {list.begin(), list.end()};
}

/// A random position: random submission pairs from a start position until the game ends.
SimState random_state(const VariantPtr& v) {
  const auto game = *test::gen_random_game(start_fens().size(), 30);
  SimState s = parse_sim_fen(v, start_fens()[game.start]);
  for (std::size_t i = 0; i + 1 < game.choices.size(); i += 2) {
    if (move_neutral_status(s).over) break;
    const auto w = mn_submissions(s, kWhite), b = mn_submissions(s, kBlack);
    s = resolve_move_neutral(s, w[game.choices[i] % w.size()], b[game.choices[i + 1] % b.size()],
                             false, false)
            .after;
  }
  RC_LOG() << "position: " << to_sim_fen(s) << "\n";
  return s;
}

struct Pair {
  Move white{}, black{};
};

Pair random_pair(const SimState& s) {
  const auto w = mn_submissions(s, kWhite), b = mn_submissions(s, kBlack);
  RC_PRE(!w.empty() && !b.empty());
  const Pair p{*rc::gen::elementOf(w), *rc::gen::elementOf(b)};
  RC_LOG() << "moves: " << to_uci(view_for(s, kWhite), p.white) << " "
           << to_uci(view_for(s, kBlack), p.black) << "\n";
  return p;
}

// ---- An independent reading: apply one move at a time --------------------------------------

/// Applies `m` of colour `c` the Move-Neutral way, knowing what the other move `other`
/// vacates: the piece leaves its square(s) and lands; it takes the enemy piece on its target
/// square unless that piece is the other move's mover. Default knobs only.
void apply_one(Position& board, const SimState& start, Color c, Move m, Move other) {
  const Variant& v = start.pos.variant();
  const Color them = ~c;
  Square from = m.from(), to = m.to(), rook_from = kNoSquare, rook_to = kNoSquare;
  PieceType type = start.pos.piece_on(c, from), rook_type = kNoPiece;
  if (m.kind() == MoveKind::kPromotion) type = static_cast<PieceType>(m.arg());
  if (m.kind() == MoveKind::kCastling) {
    const CastlingMove& cm = v.castling(c)[m.arg()];
    from = cm.king_from, to = cm.king_to, rook_from = cm.rook_from, rook_to = cm.rook_to;
    rook_type = cm.rook_type;
  }
  Bitboard other_leaves = bb(other.from());
  if (other.kind() == MoveKind::kCastling) {
    const CastlingMove& cm = v.castling(them)[other.arg()];
    other_leaves = bb(cm.king_from) | bb(cm.rook_from);
  }
  Square target = kNoSquare;
  if (m.kind() == MoveKind::kEnPassant)
    target = en_passant_victim_of(m.to(), c);
  else if (m.kind() != MoveKind::kCastling && start.pos.piece_on(them, m.to()) != kNoPiece)
    target = m.to();
  if (target != kNoSquare && !has(other_leaves, target) && board.piece_on(them, target) != kNoPiece)
    board.remove(them, target);
  board.remove(c, from);
  if (rook_from != kNoSquare) board.remove(c, rook_from);
  board.put(c, type, to);
  if (rook_to != kNoSquare) board.put(c, rook_type, rook_to);
}

std::string placement(const Position& p) {
  const std::string fen = to_fen(p);
  return fen.substr(0, fen.find(' '));
}

RC_GTEST_PROP(MoveNeutralProperties, ResultDoesNotDependOnWhichMoveIsAppliedFirst, ()) {
  const SimState s = random_state(neutral());
  const Pair p = random_pair(s);
  const MoveNeutralResolution r = resolve_move_neutral(s, p.white, p.black);
  Position white_first = s.pos, black_first = s.pos;
  apply_one(white_first, s, kWhite, p.white, p.black);
  apply_one(white_first, s, kBlack, p.black, p.white);
  apply_one(black_first, s, kBlack, p.black, p.white);
  apply_one(black_first, s, kWhite, p.white, p.black);
  RC_ASSERT(placement(white_first) == placement(black_first));
  RC_ASSERT(placement(r.after.pos) == placement(white_first));
}

// ---- Mirror ---------------------------------------------------------------------------------

SimState mirror(const SimState& s) {
  const Variant& v = s.pos.variant();
  SimState m{Position(s.pos.variant_ptr())};
  for (Square sq = 0; sq < kSquares; ++sq)
    for (Color c : {kWhite, kBlack})
      if (s.pos.piece_on(c, sq) != kNoPiece) m.pos.put(~c, s.pos.piece_on(c, sq), flip_rank(sq));
  std::uint8_t rights = 0;
  for (Color c : {kWhite, kBlack})
    for (std::size_t i = 0; i < v.castling(c).size(); ++i)
      if (s.pos.castling_rights() & v.castling(c)[i].right) rights |= v.castling(~c)[i].right;
  m.pos.set_castling_rights(rights);
  m.pos.set_clocks(s.pos.halfmove_clock(), s.pos.fullmove_number());
  for (Color c : {kWhite, kBlack})
    if (s.ep_target[c] != kNoSquare) m.ep_target[~c] = flip_rank(s.ep_target[c]);
  return m;
}

Move mirror(Move m) {
  return Move(flip_rank(m.from()), flip_rank(m.to()), m.kind(), m.arg());
}

RC_GTEST_PROP(MoveNeutralProperties, MirrorOfATurnIsTheMirrorOfItsResult, ()) {
  const SimState s = random_state(neutral());
  const Pair p = random_pair(s);
  const SimState ms = mirror(s);
  const MoveNeutralResolution r = resolve_move_neutral(s, p.white, p.black);
  const MoveNeutralResolution mr = resolve_move_neutral(ms, mirror(p.black), mirror(p.white));
  RC_ASSERT(to_sim_fen(mr.after) == to_sim_fen(mirror(r.after)));
  RC_ASSERT(mr.executed[kWhite] == r.executed[kBlack]);
  RC_ASSERT(mr.executed[kBlack] == r.executed[kWhite]);
}

// ---- Board invariants -------------------------------------------------------------------------

RC_GTEST_PROP(MoveNeutralProperties, NoSquareHoldsTwoPiecesOfOneColour, ()) {
  const SimState s = random_state(neutral());
  const Pair p = random_pair(s);
  const Position& after = resolve_move_neutral(s, p.white, p.black).after.pos;
  const Variant& v = after.variant();
  for (Color c : {kWhite, kBlack}) {
    Bitboard seen = 0;
    for (int t = 0; t < v.piece_count(); ++t) {
      const Bitboard b = after.pieces(c, static_cast<PieceType>(t));
      RC_ASSERT((seen & b) == 0);
      seen |= b;
    }
    RC_ASSERT(seen == after.pieces(c));
    for (Bitboard b = seen; b;) {
      const Square sq = pop_lsb(b);
      RC_ASSERT(has(after.pieces(c, after.piece_on(c, sq)), sq));
    }
  }
  RC_ASSERT(after.key() == after.compute_key());
}

/// Every knob of the table at a random alternative.
KnobSettings random_knobs() {
  KnobSettings out;
  for (const KnobBinding<MoveNeutralKnobs>& b : knob_bindings<MoveNeutralKnobs>())
    out[std::string(b.spec.name)] = std::string(
        b.spec.alternatives[*rc::gen::inRange<std::size_t>(0, b.spec.alternatives.size())]);
  return out;
}

// "No move may remove a piece of its own side": under every knob, a side loses material only
// through a capture (or an en-passant landing taken) that the trace names.
RC_GTEST_PROP(MoveNeutralProperties, MaterialLeavesOnlyThroughANamedCapture, ()) {
  const KnobSettings knobs = random_knobs();
  for (const auto& [name, alternative] : knobs) RC_LOG() << name << "=" << alternative << "\n";
  const SimState s = random_state(neutral(knobs));
  const Pair p = random_pair(s);
  const MoveNeutralResolution r = resolve_move_neutral(s, p.white, p.black);
  for (Color c : {kWhite, kBlack}) {
    const int lost = popcount(s.pos.pieces(c)) - popcount(r.after.pos.pieces(c));
    const auto captures = std::count_if(r.trace.begin(), r.trace.end(), [&](const TraceEntry& e) {
      return (e.clause == "capture" || e.clause == "ep-landing-entered") &&
             s.pos.piece_on(c, e.square) != kNoPiece;
    });
    RC_ASSERT(lost == captures);
  }
}

}  // namespace
}  // namespace arbiter
