// RapidCheck properties of the Diplomacy Chess resolver (shared/rules-text/diplomacy-chess.txt)
// on positions reached by random simultaneous play: colour-flip mirror symmetry; moves that
// never interact give the orthodox sequential result; the pair and the vector overloads
// agree, whatever the order of the submissions; material leaves the board only by a capture
// the trace records, and no square holds two pieces.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "rules/simultaneous/diplomacy/diplomacy.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_paths.hpp"
#include "tests/support/diplomacy_play.hpp"
#include "tests/support/sim_mirror.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::diplomacy;

using test::random_scenario;
using test::Scenario;
using test::submissions;

/// Pairs where one move ends on the square the other leaves: the case that once made the
/// result depend on the order of the submissions (DiplomacyRegression.*). Counted, not skipped.
bool targets_departing_piece(const Scenario& sc) {
  return sc.moves[kWhite].to() == sc.moves[kBlack].from() ||
         sc.moves[kBlack].to() == sc.moves[kWhite].from();
}

DiplomacyResolution by_vector(const SimState& s, Move white, Move black) {
  return resolve_diplomacy(s, std::vector<Submission>{{kWhite, white}, {kBlack, black}});
}

// ---- (a) colour-flip mirror symmetry ------------------------------------------------------

/// The submission of `c` in `mirrored` that is the mirror image of `m`.
Move mirrored_move(const SimState& mirrored, Color c, Move m) {
  for (Move o : submissions(mirrored, c))
    if (o.from() == flip_rank(m.from()) && o.to() == flip_rank(m.to()) &&
        (o.kind() == MoveKind::kPromotion) == (m.kind() == MoveKind::kPromotion) &&
        (o.kind() != MoveKind::kPromotion || o.arg() == m.arg()))
      return o;
  RC_FAIL("the mirror image of a move is not a submission: " + square_name(m.from()) +
          square_name(m.to()));
  return Move{};
}

RC_GTEST_PROP(DiplomacyProperties, MirrorImageResolvesToTheMirroredResult, ()) {
  const Scenario sc = random_scenario();
  RC_CLASSIFY(targets_departing_piece(sc), "targets the departing piece");
  const SimState mirrored = parse_sim_fen(diplomacy(), test::mirror_sim_fen(to_sim_fen(sc.state)));
  const Move white = mirrored_move(mirrored, kWhite, sc.moves[kBlack]);
  const Move black = mirrored_move(mirrored, kBlack, sc.moves[kWhite]);
  const DiplomacyResolution r = resolve_diplomacy(sc.state, sc.moves[kWhite], sc.moves[kBlack]);
  const DiplomacyResolution m = resolve_diplomacy(mirrored, white, black);
  RC_ASSERT(to_sim_fen(m.after) == test::mirror_sim_fen(to_sim_fen(r.after)));
  RC_ASSERT(m.fates[kWhite] == r.fates[kBlack]);
  RC_ASSERT(m.fates[kBlack] == r.fates[kWhite]);
  RC_ASSERT(m.king_captured[kWhite] == r.king_captured[kBlack]);
  RC_ASSERT(m.king_captured[kBlack] == r.king_captured[kWhite]);
}

// ---- (b) moves that never interact -------------------------------------------------------

/// The squares a move's pieces stand on or pass (default knobs: a knight leaps without
/// passing any square), with the square of the piece it takes.
Bitboard squares_of(const SimState& s, Color c, Move m) {
  const Variant& v = s.pos.variant();
  if (m.kind() == MoveKind::kCastling) {
    const CastlingMove& cm = v.castling(c)[m.arg()];
    return bb(cm.king_from) | bb(cm.king_to) | bb(cm.rook_from) | bb(cm.rook_to) |
           v.between(cm.king_from, cm.king_to) | v.between(cm.rook_from, cm.rook_to);
  }
  Bitboard out = bb(m.from()) | bb(m.to()) | v.between(m.from(), m.to());
  if (m.kind() == MoveKind::kEnPassant) out |= bb(en_passant_victim_of(m.to(), c));
  return out;
}

/// Independent of the resolver's own test: the two moves' squares are disjoint, their paths
/// cross no piece, neither takes a king, and after both (played one after the other) neither
/// king stands attacked. Returns the position after both, or nothing when they interact.
std::optional<Position> independent_result(const SimState& s, Move white, Move black) {
  const Bitboard w = squares_of(s, kWhite, white), b = squares_of(s, kBlack, black);
  if (w & b) return std::nullopt;
  const Variant& v = s.pos.variant();
  for (const auto& [c, m] : {std::pair{kWhite, white}, std::pair{kBlack, black}}) {
    if (m.kind() != MoveKind::kCastling && (v.between(m.from(), m.to()) & s.pos.occupied()))
      return std::nullopt;
    if (s.pos.piece_on(~c, m.to()) == v.royal()) return std::nullopt;
  }
  Position p = view_for(s, kWhite);
  Undo undo;
  p.make(white, undo);
  p.set_en_passant(s.ep_target[kWhite]);
  p.make(black, undo);
  for (Color c : {kWhite, kBlack})
    if (p.king_square(c) == kNoSquare || p.attacked(p.king_square(c), ~c)) return std::nullopt;
  return p;
}

/// The board and castling fields of a FEN.
std::string board_and_castling(const std::string& fen) {
  const std::size_t side = fen.find(' ');
  const std::size_t ep = fen.find(' ', side + 3);
  return fen.substr(0, side) + fen.substr(side + 2, ep - side - 2);
}

RC_GTEST_PROP(DiplomacyProperties, MovesThatNeverInteractPlayAsTwoOrthodoxMoves, ()) {
  const Scenario sc = random_scenario();
  const auto expected = independent_result(sc.state, sc.moves[kWhite], sc.moves[kBlack]);
  RC_CLASSIFY(expected.has_value(), "independent");
  if (!expected) return;
  const std::string want = board_and_castling(to_fen(*expected));
  const auto check = [&](const DiplomacyResolution& r) {
    RC_ASSERT(r.fates[kWhite] == Fate::kExecuted);
    RC_ASSERT(r.fates[kBlack] == Fate::kExecuted);
    RC_ASSERT(board_and_castling(to_sim_fen(r.after)) == want);
    for (Color c : {kWhite, kBlack}) {
      const bool double_step = sc.moves[c].kind() == MoveKind::kDoubleStep;
      RC_ASSERT((r.after.ep_target[c] != kNoSquare) == double_step);
    }
  };
  check(resolve_diplomacy(sc.state, sc.moves[kWhite], sc.moves[kBlack]));
  check(by_vector(sc.state, sc.moves[kWhite], sc.moves[kBlack]));  // the full simulation
}

// ---- (c), (d) the overloads and the order of submissions -----------------------------------

RC_GTEST_PROP(DiplomacyProperties, PairAndVectorOverloadsAgree, ()) {
  const Scenario sc = random_scenario();
  RC_CLASSIFY(targets_departing_piece(sc), "targets the departing piece");
  const DiplomacyResolution pair = resolve_diplomacy(sc.state, sc.moves[kWhite], sc.moves[kBlack]);
  const DiplomacyResolution vec = by_vector(sc.state, sc.moves[kWhite], sc.moves[kBlack]);
  RC_ASSERT(to_sim_fen(pair.after) == to_sim_fen(vec.after));
  RC_ASSERT(pair.fates == vec.fates);
  RC_ASSERT(pair.king_captured[kWhite] == vec.king_captured[kWhite]);
  RC_ASSERT(pair.king_captured[kBlack] == vec.king_captured[kBlack]);
}

// The resolver's quick test for moves that cannot meet reads move_squares; the simulation
// reads the legs. They must name the same squares under every knight-timing.
RC_GTEST_PROP(DiplomacyProperties, MoveSquaresAreTheSquaresOfTheLegs, ()) {
  const Scenario sc = random_scenario();
  DiplomacyKnobs k;
  k.knight_timing = *rc::gen::element(KnightTiming::kOneTick, KnightTiming::kTwoTicks,
                                      KnightTiming::kTwoStepPath);
  for (Color c : {kWhite, kBlack})
    for (Move m : submissions(sc.state, c)) {
      const Legs legs = legs_of(sc.state.pos, c, m, k);
      Bitboard b = 0;
      for (int i = 0; i < legs.count; ++i) b |= legs.leg[i].squares();
      RC_ASSERT(move_squares(sc.state.pos, c, m, k) == b);
    }
}

RC_GTEST_PROP(DiplomacyProperties, OrderOfSubmissionsChangesOnlyTheOrderOfFates, ()) {
  const Scenario sc = random_scenario();
  RC_CLASSIFY(targets_departing_piece(sc), "targets the departing piece");
  const DiplomacyResolution wb = by_vector(sc.state, sc.moves[kWhite], sc.moves[kBlack]);
  const DiplomacyResolution bw = resolve_diplomacy(
      sc.state, std::vector<Submission>{{kBlack, sc.moves[kBlack]}, {kWhite, sc.moves[kWhite]}});
  RC_ASSERT(to_sim_fen(wb.after) == to_sim_fen(bw.after));
  RC_ASSERT(wb.fates[0] == bw.fates[1]);
  RC_ASSERT(wb.fates[1] == bw.fates[0]);
  RC_ASSERT(wb.king_captured[kWhite] == bw.king_captured[kWhite]);
  RC_ASSERT(wb.king_captured[kBlack] == bw.king_captured[kBlack]);
}

// ---- (e) material ------------------------------------------------------------------------

int piece_count(const Position& p) {
  return popcount(p.occupied());
}

/// Trace lines that record a piece taken: "capture", and a rank decision on a shared
/// destination ("... takes ...", "... taken").
int recorded_captures(const DiplomacyResolution& r) {
  return static_cast<int>(std::count_if(r.trace.begin(), r.trace.end(), [](const TraceEntry& e) {
    return e.clause == "capture" ||
           (e.clause == "same-destination" && e.text.find("take") != std::string::npos);
  }));
}

void check_board(const Position& p) {
  RC_ASSERT((p.pieces(kWhite) & p.pieces(kBlack)) == 0);
  for (Color c : {kWhite, kBlack}) {
    Bitboard all = 0;
    int sum = 0;
    for (int t = 0; t < p.variant().piece_count(); ++t) {
      const Bitboard b = p.pieces(c, static_cast<PieceType>(t));
      RC_ASSERT((all & b) == 0);  // one type per square
      all |= b;
      sum += popcount(b);
    }
    RC_ASSERT(all == p.pieces(c));
    RC_ASSERT(sum == popcount(p.pieces(c)));
  }
}

RC_GTEST_PROP(DiplomacyProperties, MaterialLeavesOnlyByARecordedCapture, ()) {
  const Scenario sc = random_scenario();
  const DiplomacyResolution r = by_vector(sc.state, sc.moves[kWhite], sc.moves[kBlack]);
  check_board(r.after.pos);
  RC_ASSERT(piece_count(sc.state.pos) - piece_count(r.after.pos) == recorded_captures(r));
}

}  // namespace
}  // namespace arbiter
