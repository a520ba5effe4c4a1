// Conversion Chess (shared/rules-text/conversion-chess.txt, rules/tables/conversion.toml):
// the engine against the independent reference (tests/support/conversion_reference.hpp) on
// legal moves and perft; one test per clause of the rule text; both alternatives of every
// knob; and the engine bugs the reference found (ConversionRegression once fixed,
// ConversionEngineBug while open: those fail until the engine is fixed).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "rules/conversion/conversion.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "rules/core/perft.hpp"
#include "rules/core/splitmix.hpp"
#include "rules/core/table_loader.hpp"
#include "rules/core/variant.hpp"
#include "tests/support/conversion_reference.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::ConvBoard;
using test::ConversionReference;
using Strings = std::vector<std::string>;

/// The conversion table compiled with some knob alternatives (the defaults when empty).
using test::conversion;

Move uci(const Position& pos, const std::string& text) {
  return parse_uci(pos, text);
}

/// The position of `fen` after the space-separated UCI `moves`.
Position at(const std::string& fen, const std::string& moves = "", const KnobSettings& knobs = {}) {
  Position pos = parse_fen(conversion(knobs), fen);
  std::istringstream in(moves);
  for (std::string m; in >> m;) {
    Undo undo;
    pos.make(uci(pos, m), undo);
  }
  return pos;
}

std::string squares_text(Bitboard b) {
  std::string out;
  while (b) {
    if (!out.empty()) out += ' ';
    out += square_name(pop_lsb(b));
  }
  return out;
}

/// The squares (sorted, space-separated) whose pieces the move converts.
std::string converted_by(const Position& pos, const std::string& move) {
  Position after = pos;
  Undo undo;
  after.make(uci(pos, move), undo);
  return squares_text(undo.converted);
}

Position after(const Position& pos, const std::string& move) {
  Position next = pos;
  Undo undo;
  next.make(uci(pos, move), undo);
  return next;
}

Strings legal_uci(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  Strings out;
  for (Move m : list) out.push_back(to_uci(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

bool has_move(const Position& pos, const std::string& move) {
  const Strings moves = legal_uci(pos);
  return std::find(moves.begin(), moves.end(), move) != moves.end();
}

/// What stands on a square: "white knight", "black bishop", "empty".
std::string piece_at(const Position& pos, const std::string& square) {
  const Square s = *parse_square(square);
  for (Color c : {kWhite, kBlack})
    if (pos.piece_on(c, s) != kNoPiece)
      return std::string(c == kWhite ? "white " : "black ") +
             pos.variant().piece(pos.piece_on(c, s)).name;
  return "empty";
}

/// The engine and the reference agree on the legal moves and on each move's conversions;
/// the side that has just moved is not in check (the position is legal).
void expect_reference_agrees(const Position& pos, const KnobSettings& knobs = {}) {
  const ConversionReference ref(test::ConversionKnobSet::from(knobs));
  const ConvBoard board = ConversionReference::from_position(pos);
  const std::string fen = ConversionReference::to_fen(board);
  EXPECT_FALSE(ref.in_check(board, ~board.side_to_move)) << fen << ": an illegal position";
  const auto engine = test::engine_legal_moves(pos);
  const auto reference = ref.legal_moves(board);
  EXPECT_EQ(engine, reference) << fen << ": " << test::describe_difference(engine, reference);
  // What each move converts.
  const std::vector<test::ConvMove> ref_moves = ref.legal(board);
  MoveList list;
  generate_legal(pos, list);
  for (Move m : list) {
    const char promo = m.kind() == MoveKind::kPromotion
                           ? pos.variant().piece(static_cast<PieceType>(m.arg())).letter
                           : char{0};
    const test::MoveTriple t{m.from(), m.to(), promo};
    const auto it = std::find_if(ref_moves.begin(), ref_moves.end(),
                                 [&](const test::ConvMove& c) { return c.triple() == t; });
    if (it == ref_moves.end()) continue;  // reported above
    Bitboard expected = 0;
    for (Square s : ref.conversions(board, *it)) expected |= bb(s);
    Position next = pos;
    Undo undo;
    next.make(m, undo);
    EXPECT_EQ(squares_text(undo.converted), squares_text(expected))
        << fen << ": what " << test::to_string(t) << " converts";
  }
}

// ---- Engine == reference -----------------------------------------------------------------

TEST(ConversionReferenceCheck, TestPositionsAreLegalAndMatchTheReferenceMoves) {
  ASSERT_GE(test::conversion_positions().size(), 7U);  // tests/data/conversion/positions.txt
  for (const test::ConversionPosition& p : test::conversion_positions()) {
    SCOPED_TRACE(p.name);
    expect_reference_agrees(parse_fen(conversion(), p.fen));
  }
}

TEST(ConversionReferenceCheck, PerftMatchesTheReferenceToDepth3) {
  // Kiwipete's depth 3 is in the slow test.
  for (const test::ConversionPosition& p : test::conversion_positions()) {
    const int depth = p.name == "kiwipete" ? 2 : 3;
    Position pos = parse_fen(conversion(), p.fen);
    const ConversionReference ref;
    const ConvBoard board = ConversionReference::from_position(pos);
    for (int d = 1; d <= depth; ++d) {
      const std::uint64_t engine = perft(pos, d);
      EXPECT_EQ(engine, ref.perft(board, d)) << p.name << " depth " << d;
      if (d <= static_cast<int>(p.nodes.size())) {
        EXPECT_EQ(engine, p.nodes[d - 1]) << p.name << " depth " << d << " (data file)";
      }
    }
    EXPECT_EQ(perft_full(pos, 2), perft(pos, 2)) << p.name;
  }
}

TEST(ConversionReferenceCheck, PawnsConvertedAwayAndBackMatchTheReference) {
  // The lines of tests/data/conversion/positions.txt whose depth-4 and depth-5 counts grew
  // when a pawn converted but never moved got its double step back: from the position after
  // the conversions, the engine and the reference count alike under both alternatives.
  struct Line {
    std::string position, moves, pawn;
  };
  const Line lines[] = {
      {"castling", "a1a7 a8a7", "b7"},      {"castling", "a1a2 a8a2 h1h2", "b2"},
      {"promotion", "a1a7 a8a7", "h7"},     {"kiwipete", "e5d7 a6c4", "c7"},
      {"kiwipete", "e1g1 a6e2 f3e2", "g2"},
  };
  for (const Line& l : lines) {
    SCOPED_TRACE(l.position + " after " + l.moves);
    for (const char* alternative : {"forbidden", "allowed"}) {
      const KnobSettings knobs = {{"converted-pawn-double-step", alternative}};
      Position pos = at(test::conversion_position(l.position).fen, l.moves, knobs);
      EXPECT_EQ(pos.converted_unmoved(), bb(*parse_square(l.pawn))) << alternative;
      const ConversionReference ref(test::ConversionKnobSet::from(knobs));
      EXPECT_EQ(perft(pos, 2), ref.perft(ConversionReference::from_position(pos), 2))
          << alternative;
    }
  }
}

// Without twins on either side nothing converts, and the bulk count judges every move but
// castling by ordinary attacks; a promotion on the way gives the promoting side a twin.
TEST(ConversionReferenceCheck, PositionsWithoutTwinsMatchTheReference) {
  const char* const fens[] = {
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",  // orthodox position 3
      "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1",           // one rook each, castling on both sides
      "6rk/7p/8/8/8/8/8/4K2R w K - 0 1",            // castling onto an attacked square
      "4k3/1P6/8/8/8/8/6p1/R3K3 w Q - 0 1",         // promotions give K+Q and R+R twins
      "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",           // en passant would expose the king
  };
  const ConversionReference ref;
  for (const char* fen : fens) {
    Position pos = parse_fen(conversion(), fen);
    const ConvBoard board = ConversionReference::from_position(pos);
    for (int d = 1; d <= 3; ++d)
      EXPECT_EQ(perft(pos, d), ref.perft(board, d)) << fen << " depth " << d;
  }
}

TEST(ConversionReferenceCheck, PerftSiblingsShareTheWatchOverALostCastlingRight) {
  // perft's last ply shares the watch on White's king with a sibling whose move lost a black
  // castling right (co-chess rule 3, castling threats): the watch's castling lines are then a
  // superset. After 1...Rh7 Black keeps O-O-O, whose king on c8 would form a co-square on c4
  // with the queen on h4 (its twin): Kc4 stays illegal, as the king step onto those lines asks
  // for Black's castling danger as the rights now are. Ignoring the danger there gave 198.
  const Position pos = at("r3k2r/8/8/1K6/4P2q/8/8/8 b kq - 0 1");
  std::uint64_t alone = 0;
  for (const std::string& m : legal_uci(pos)) alone += legal_uci(after(pos, m)).size();
  EXPECT_EQ(alone, 194U);
  const Strings replies = legal_uci(after(pos, "h8h7"));
  EXPECT_EQ(std::count(replies.begin(), replies.end(), "b5c4"), 0);
  EXPECT_EQ(std::count(replies.begin(), replies.end(), "b5b4"), 1);
  Position copy = pos;
  EXPECT_EQ(perft(copy, 2), alone);
  const ConversionReference ref;
  EXPECT_EQ(perft(copy, 3), ref.perft(ConversionReference::from_position(pos), 3));
  expect_reference_agrees(pos);
}

TEST(ConversionReferenceCheck, PerftSiblingsShareNoCastlingDangerTheirMoveChanged) {
  // perft's last ply shares the enemy's castling danger squares between siblings only while
  // their move cannot change them (see SiblingCache). Here Black's queen pairs with its king:
  // where it stands decides where a black castling could form a co-square, so after a queen
  // move the danger squares are the child's own. Sharing them gave 2154.
  const Position pos = at("r3k2r/2n3n1/1b4b1/8/8/1B4B1/2N1q1N1/1K1R3R b kq - 1 2");
  std::uint64_t alone = 0;
  for (const std::string& m : legal_uci(pos)) alone += legal_uci(after(pos, m)).size();
  EXPECT_EQ(alone, 2152U);
  Position copy = pos;
  EXPECT_EQ(perft(copy, 2), alone);
  expect_reference_agrees(pos);
}

TEST(ConversionReferenceCheck, StartPositionHasTheOrthodoxCountsToDepth3) {
  // The first conversion can come on the third ply (1.Nc3 g5 2.Nd5 converts g5: co-squares of
  // d5 and g1), which changes only what follows; the counts part from orthodox chess at depth 4.
  Position pos = parse_fen(conversion(), conversion()->table().setup_fen);
  EXPECT_EQ(perft(pos, 1), 20U);
  EXPECT_EQ(perft(pos, 2), 400U);
  EXPECT_EQ(perft(pos, 3), 8902U);
  EXPECT_EQ(converted_by(at(conversion()->table().setup_fen, "b1c3 g7g5"), "c3d5"), "g5");
  EXPECT_NE(perft(pos, 4), 197281U);
}

// ---- The clauses of the rule text ----------------------------------------------------------

// White: Ka1, Rb2, Rf6, Nb7, Nd3. Black: Kh8, Bb6, Nc5, Pd5, Nf5, Pf3, Pf2.
const std::string kRectangles = "7k/1N6/1b3R2/2np1n2/8/3N1p2/1R3p2/K7 w - - 0 1";

TEST(ConversionClause, CoSquaresAreTheTwoOtherCornersOfTheRectangle) {
  // Rule 3: Rb2-b5 with its twin on f6 defines b6 and f5; c5, d5 and the corners of the
  // rectangle before the move (f2) are not co-squares.
  const Position pos = at(kRectangles);
  expect_reference_agrees(pos);
  EXPECT_EQ(converted_by(pos, "b2b5"), "f5 b6");
  const Position next = after(pos, "b2b5");
  EXPECT_EQ(piece_at(next, "c5"), "black knight");
  EXPECT_EQ(piece_at(next, "f2"), "black pawn");
}

// co_squares_of forms the co-squares of many twins at once by fills; it must equal the union
// of each twin's rectangle corners (co_squares), on sparse and dense sets of twins.
TEST(ConversionClause, CoSquaresOfManyTwinsAreTheUnionOfEachTwinsCorners) {
  for (std::uint64_t i = 0; i < 20000; ++i) {
    const std::uint64_t r = splitmix64(i);
    const Square to = static_cast<Square>(r % kSquares);
    Bitboard twins = splitmix64(r) & (i % 2 ? splitmix64(r + 1) : ~Bitboard{0});
    if (i % 3 == 0) twins &= splitmix64(r + 2) & splitmix64(r + 3);
    twins &= ~bb(to);
    Bitboard expected = 0;
    for (Bitboard b = twins; b;) expected |= co_squares(to, pop_lsb(b));
    ASSERT_EQ(co_squares_of(to, twins), expected) << square_name(to) << " " << twins;
  }
}

TEST(ConversionClause, EnemyPieceIsConvertedToAFriendlyPieceOfTheSameType) {
  // Co-effect 1: the black bishop on b6 and knight on f5 become White's bishop and knight.
  const Position next = after(at(kRectangles), "b2b5");
  EXPECT_EQ(piece_at(next, "b6"), "white bishop");
  EXPECT_EQ(piece_at(next, "f5"), "white knight");
  EXPECT_EQ(popcount(next.pieces(kWhite)), 7);
  EXPECT_EQ(popcount(next.pieces(kBlack)), 5);
  EXPECT_EQ(next.converted(), bb(*parse_square("b6")) | bb(*parse_square("f5")));
}

TEST(ConversionClause, OnlyTheMovingPieceFormsCoSquares) {
  // Rule 3: the rooks b2 and f6 stand on two corners of a rectangle with black pieces on the
  // other two (b6, f2), but a move of another piece (the king, no queen to pair with) forms
  // nothing; nor does the standing twin when its partner moves.
  const Position pos = at(kRectangles);
  EXPECT_EQ(converted_by(pos, "a1b1"), "");
  EXPECT_EQ(converted_by(pos, "a1a2"), "");
  EXPECT_EQ(piece_at(after(pos, "a1b1"), "f2"), "black pawn");
  EXPECT_EQ(piece_at(after(pos, "a1b1"), "b6"), "black bishop");
  EXPECT_EQ(piece_at(after(pos, "b2b5"), "f2"), "black pawn");
}

TEST(ConversionClause, NoCoSquaresWhenLandingOnTheTwinsRankOrFile) {
  // Rule 3: "to a square not on the same rank or file as the other". Rb2xf2 lands on the
  // twin's file, Rb2-b6 on its rank (capturing), Rf6xb6 on the b-file of the twin on b2.
  const Position pos = at(kRectangles);
  EXPECT_EQ(converted_by(pos, "b2f2"), "");
  EXPECT_EQ(converted_by(pos, "b2b6"), "");
  EXPECT_EQ(converted_by(pos, "f6b6"), "");
  // Every rook move to the twin's rank or file converts nothing.
  for (const std::string& m : legal_uci(pos)) {
    const Square from = *parse_square(m.substr(0, 2)), to = *parse_square(m.substr(2, 2));
    const Square twin = from == *parse_square("b2") ? *parse_square("f6") : *parse_square("b2");
    if (piece_at(pos, m.substr(0, 2)) != "white rook") continue;
    if (file_of(to) == file_of(twin) || rank_of(to) == rank_of(twin)) {
      EXPECT_EQ(converted_by(pos, m), "") << m;
    }
  }
}

TEST(ConversionClause, FriendlyPiecesOnCoSquaresAreUnaffected) {
  // Co-effect 2: Rf6-f7 forms b7 (White's knight: stays White's, not flagged) and f2.
  const Position pos = at(kRectangles);
  EXPECT_EQ(converted_by(pos, "f6f7"), "f2");
  const Position next = after(pos, "f6f7");
  EXPECT_EQ(piece_at(next, "b7"), "white knight");
  EXPECT_FALSE(has(next.converted(), *parse_square("b7")));
  EXPECT_EQ(piece_at(next, "f2"), "white pawn");
}

TEST(ConversionClause, ConversionDoesNotCauseFurtherConversion) {
  // Co-effect 3: Rb2-b5 converts the knight on f5. It is now a twin of White's knight on d3,
  // and the other corners of their rectangle (d5, f3) hold black pawns: they stay Black's.
  const Position next = after(at(kRectangles), "b2b5");
  EXPECT_EQ(piece_at(next, "f5"), "white knight");
  EXPECT_EQ(piece_at(next, "d5"), "black pawn");
  EXPECT_EQ(piece_at(next, "f3"), "black pawn");
}

TEST(ConversionClause, CoSquareLastsOnlyForTheMoveThatFormedIt) {
  // Rule 4: "A square is only a single move a co-square". Rb2-b5 makes f5 a co-square (of b5
  // and f6) while it is empty; the black knight then lands there; White's next move by another
  // piece converts nothing, though b5, f6 and f5 still form the rectangle; only when a member
  // of the pair moves and forms f5 again (Rf6-f8) is the knight converted.
  const std::string fen = "7k/8/5R2/8/8/4n3/1R6/K7 w - - 0 1";
  EXPECT_EQ(converted_by(at(fen), "b2b5"), "");
  const Position knight_on_f5 = at(fen, "b2b5 e3f5");
  expect_reference_agrees(knight_on_f5);
  EXPECT_EQ(converted_by(knight_on_f5, "a1b1"), "");
  EXPECT_EQ(converted_by(knight_on_f5, "a1a2"), "");
  const Position later = at(fen, "b2b5 e3f5 a1b1 h8h7");
  EXPECT_EQ(piece_at(later, "f5"), "black knight");
  EXPECT_EQ(converted_by(later, "b1c1"), "");
  EXPECT_EQ(converted_by(later, "f6f8"), "f5");
}

TEST(ConversionClause, CastlingKingAndRookBothFormCoSquares) {
  // Rule 3: O-O puts the king on g1 (twin: the queen on b5 -> co-squares b1, g5) and the rook
  // on f1 (twin: the rook on a3 -> a1, f3), judged on the board after both moved.
  const Position pos = at("2k5/8/8/1Q4p1/8/R4b2/8/4K2R w K - 0 1");
  expect_reference_agrees(pos);
  EXPECT_EQ(converted_by(pos, "e1g1"), "f3 g5");
  const Position next = after(pos, "e1g1");
  EXPECT_EQ(piece_at(next, "g5"), "white pawn");
  EXPECT_EQ(piece_at(next, "f3"), "white bishop");
  // The rook alone (Rh1-f1) forms only f3; the king alone (Ke1-f1) forms b1 and f5 (empty).
  EXPECT_EQ(converted_by(pos, "h1f1"), "f3");
  EXPECT_EQ(converted_by(pos, "e1f1"), "");
}

TEST(ConversionClause, PromotionFormsNoCoSquares) {
  // Rule 4: b7-b8=Q puts a queen in a rectangle with the queen on f4 (corners f8 and b4, both
  // black) and with the king on a1 (a8, b1): nothing converts.
  const Position pos = at("5r2/1P4k1/8/8/1n3Q2/8/8/K7 w - - 0 1");
  expect_reference_agrees(pos);
  for (const char* m : {"b7b8q", "b7b8r", "b7b8b", "b7b8n"})
    EXPECT_EQ(converted_by(pos, m), "") << m;
  const Position next = after(pos, "b7b8q");
  EXPECT_EQ(piece_at(next, "f8"), "black rook");
  EXPECT_EQ(piece_at(next, "b4"), "black knight");
}

TEST(ConversionClause, PromotedPiecesAllowMultipairing) {
  // Rule 2: after b7-b8=Q White has two queens and a king; Qf4-d6 pairs with the queen on b8
  // (co-squares b6, d8) and with the king on a1 (a6, d1): four conversions in one move.
  const std::string fen = "3b4/1P4k1/nr6/8/5Q2/8/8/K2b4 w - - 0 1";
  EXPECT_EQ(converted_by(at(fen), "f4d6"), "d1 a6");  // before the promotion: the king only
  const Position pos = at(fen, "b7b8q g7h7");
  expect_reference_agrees(pos);
  EXPECT_EQ(converted_by(pos, "f4d6"), "d1 a6 b6 d8");
}

TEST(ConversionClause, KingPairsWithQueenBothWays) {
  // Rule 2: "Kings also form co-pairs with queens." Qd3-a3 (twin: the king on e1) forms e3
  // and a1; Ke1-f2 (twin: the queen on d3) forms d2 and f3.
  const Position pos = at("7k/8/8/8/8/3Qnb2/8/4K3 w - - 0 1");
  expect_reference_agrees(pos);
  EXPECT_EQ(converted_by(pos, "d3a3"), "e3");
  EXPECT_EQ(piece_at(after(pos, "d3a3"), "e3"), "white knight");
  EXPECT_EQ(converted_by(pos, "e1f2"), "f3");
  EXPECT_EQ(piece_at(after(pos, "e1f2"), "f3"), "white bishop");
}

TEST(ConversionClause, ThreatToConvertTheKingIsCheck) {
  // Co-effect 4: Bd2-e3 opens the d-file: Qd1-d8 would form e8 (twin: the king on e1). The
  // black king is not attacked, yet it is in check: SAN shows '+', and Black's legal moves
  // are exactly those after which no white move forms a co-square on the king.
  const Position pos = at("rnb1kbnr/ppp2ppp/8/4p3/8/8/PPPB1PPP/RN1QKBNR w KQkq - 0 1");
  expect_reference_agrees(pos);
  EXPECT_FALSE(pos.in_check());
  EXPECT_EQ(to_san(pos, uci(pos, "d2e3")), "Be3+");
  const Position checked = after(pos, "d2e3");
  EXPECT_TRUE(checked.in_check());
  EXPECT_FALSE(checked.attacked(checked.king_square(kBlack), kWhite));
  expect_reference_agrees(checked);
  EXPECT_EQ(legal_uci(checked), (Strings{"b8d7", "c8d7", "f8d6"}));  // blocks on the d-file
  for (const std::string& m : legal_uci(checked))
    EXPECT_FALSE(after(checked, m).king_in_check(kBlack)) << m;
  EXPECT_FALSE(has_move(checked, "a7a6"));
  EXPECT_FALSE(has_move(checked, "e8e7"));
}

TEST(ConversionClause, AConvertedPieceCanBeTakenToThreatenTheKing) {
  // Co-effects 1 and 4: a converted piece is Black's, so White may take it, and a move that
  // takes it can form a co-square on the king. Ng6-e5 or -e7 would form e8 with the knight
  // on a8: Black is in check. Ra6-e6 converts both Ng6 (that threat is gone) and Pe3 (now a
  // black pawn, which Bc1 can take: Bxe3 forms e8 with the bishop on g8), so it is illegal.
  const Position pos = at("N3k1B1/8/r5N1/8/8/4P1r1/8/2B4K b - - 0 1");
  EXPECT_TRUE(pos.in_check());
  EXPECT_FALSE(pos.attacked(pos.king_square(kBlack), kWhite));
  EXPECT_FALSE(has_move(pos, "a6e6"));
  EXPECT_TRUE(has_move(pos, "a6d6"));  // converts Ng6 only: e3 stays White's, Bc1 is shut
  expect_reference_agrees(pos);
}

TEST(ConversionClause, APieceOnAThreatsWayMayLeaveItOnlyAlongIt) {
  // Co-effect 4: Qd7-d1 would form e1 (twin: the king on e8) and convert the white king;
  // Qd2 shuts the d-file. Every queen move off the file is illegal, as in an ordinary pin,
  // and the bulk count (which refuses them by their squares) agrees with the list.
  const Position pos = at("r3k2r/1ppq1pp1/8/1R3n2/1r3N2/8/1PPQ1PP1/R3K2R w KQkq - 0 1");
  EXPECT_FALSE(pos.in_check());
  Strings queen;
  for (const std::string& m : legal_uci(pos))
    if (m.rfind("d2", 0) == 0) queen.push_back(m);
  EXPECT_EQ(queen, (Strings{"d2d3", "d2d4", "d2d5", "d2d6", "d2d7"}));
  EXPECT_FALSE(leaves_king_safe(pos, Move(*parse_square("d2"), *parse_square("e2"))));
  EXPECT_EQ(count_legal(pos), legal_uci(pos).size());
  expect_reference_agrees(pos);
}

TEST(ConversionClause, CoPairsFollowTheMaterial) {
  // Co-chess rule 2: pairing depends on which pieces a side has, not where they stand. A
  // capture can end a side's last pair, a promotion can start one (the promoted queen pairs
  // with the king), and unmaking restores both.
  Position pos = at("4k3/P7/8/8/8/8/7r/R3K3 w - - 0 1");
  EXPECT_FALSE(pos.has_co_pair(kWhite));  // a lone rook; no queen for the king
  EXPECT_FALSE(pos.has_co_pair(kBlack));
  const Move promote = uci(pos, "a7a8q");
  Undo undo;
  pos.make(promote, undo);
  EXPECT_TRUE(pos.has_co_pair(kWhite));
  pos.unmake(promote, undo);
  EXPECT_FALSE(pos.has_co_pair(kWhite));
  Position two_rooks = at("4k3/8/8/8/8/8/r7/R3K2R b - - 0 1");
  EXPECT_TRUE(two_rooks.has_co_pair(kWhite));
  const Move capture = uci(two_rooks, "a2a1");
  two_rooks.make(capture, undo);
  EXPECT_FALSE(two_rooks.has_co_pair(kWhite));
  two_rooks.unmake(capture, undo);
  EXPECT_TRUE(two_rooks.has_co_pair(kWhite));
}

TEST(ConversionClause, CheckmateByConversionThreatAlone) {
  // Co-effect 4 "...with respect to checkmate": Nf2-h3 threatens Nc6-d8, forming h8 with the
  // knight on h3. The king is not attacked, cannot move (g8, g7, h7 are Black's), and no black
  // move removes the threat.
  const Position pos = at("6rk/6pp/2N5/8/8/8/5N2/K7 w - - 0 1");
  expect_reference_agrees(pos);
  EXPECT_EQ(to_san(pos, uci(pos, "f2h3")), "Nh3#");
  const Position mate = after(pos, "f2h3");
  EXPECT_TRUE(is_checkmate(mate));
  EXPECT_FALSE(mate.attacked(mate.king_square(kBlack), kWhite));
  expect_reference_agrees(mate);
}

TEST(ConversionClause, StalemateCountsConversionThreats) {
  // Co-effect 4 "...and stalemate": Black's king on h8 is not in check; its only moves (g8,
  // g7) step onto squares White threatens to convert (Nd6-e8 / Nd6-f7 with the knight on g3);
  // the pawn is blocked. Under orthodox rules the same king has both moves.
  const std::string fen = "7k/7p/3N3R/8/8/6N1/8/K7 b - - 0 1";
  const Position pos = at(fen);
  expect_reference_agrees(pos);
  EXPECT_TRUE(is_stalemate(pos));
  EXPECT_TRUE(legal_uci(pos).empty());
  EXPECT_EQ(legal_uci(test::orthodox_position(fen)), (Strings{"h8g7", "h8g8"}));
}

TEST(ConversionClause, CastlingIntoCheckIsAllowedWhenTheCoEffectRemovesIt) {
  // Rule 4: the rook on g5 attacks g1, but O-O (king g1 with the queen on a5) converts it.
  const Position pos = at("2k5/8/8/Q5r1/8/8/8/4K2R w K - 0 1");
  expect_reference_agrees(pos);
  EXPECT_TRUE(pos.attacked(*parse_square("g1"), kBlack));
  ASSERT_TRUE(has_move(pos, "e1g1"));
  EXPECT_EQ(converted_by(pos, "e1g1"), "g5");
  EXPECT_EQ(to_san(pos, uci(pos, "e1g1")), "O-O/Rg5");
  EXPECT_FALSE(after(pos, "e1g1").king_in_check(kWhite));
}

TEST(ConversionClause, CastlingThroughAThreatenedSquareIsForbidden) {
  // Nc3-d1 would form f1 with the knight on f5: the king would pass a checked square, though
  // nothing attacks it. Without the knight on c3 O-O is legal.
  const Position pos = at("k7/8/8/1R3n2/8/2n5/8/4K2R w K - 0 1");
  expect_reference_agrees(pos);
  EXPECT_FALSE(pos.attacked(*parse_square("f1"), kBlack));
  EXPECT_FALSE(has_move(pos, "e1g1"));
  const Position free = at("k7/8/8/1R3n2/8/8/8/4K2R w K - 0 1");
  expect_reference_agrees(free);
  EXPECT_TRUE(has_move(free, "e1g1"));
}

TEST(ConversionClause, PerftCountJudgesTheCastlingKingsPassingSquareAsTheListDoes) {
  // perft's count judges the square the king passes with the legality filter's shortcuts, the
  // list with Position::threatened. Nc3-d1 threatens f1 (with the knight on f5); in the second
  // position f1 also lies where Black's O-O could form a co-square (rook f8 with the rook on
  // a1), and Rh8-f8 threatens it outright. White may not castle in either, though on g1 it
  // would be safe in the second (Rf1 with the rook on a4 converts the rook on a1).
  for (const std::string fen :
       {"k7/8/8/1R3n2/8/2n5/8/4K2R w K - 0 1", "4k2r/8/8/8/R7/8/8/r1N1K2R w Kk - 0 1"}) {
    SCOPED_TRACE(fen);
    const Position pos = at(fen);
    expect_reference_agrees(pos);
    EXPECT_FALSE(pos.in_check());
    EXPECT_TRUE(pos.threatened(*parse_square("f1"), kBlack));
    EXPECT_FALSE(has_move(pos, "e1g1"));
    EXPECT_EQ(count_legal(pos), legal_uci(pos).size());
  }
}

TEST(ConversionClause, PinnedPieceStillThreatensConversion) {
  // Co-effect 4 "exactly the same as regular check" (threat-by-pinned-piece = counts): the
  // knight on f2 is pinned by the bishop on d4, yet Nf2-e4 (forming e8 with the knight on b8)
  // is a threat: Black is in check and may not castle.
  const Position pos = at("1N2k2r/pp3ppp/2n5/8/3b4/8/PP3NPP/R5K1 b k - 0 1");
  expect_reference_agrees(pos);
  EXPECT_TRUE(pos.in_check());
  EXPECT_FALSE(pos.attacked(pos.king_square(kBlack), kWhite));
  EXPECT_EQ(legal_uci(pos), (Strings{"c6b8", "d4f2", "e8e7", "e8f8"}));
  // The knight is really pinned: with White to move (and no threat on Black), Nf2-e4 is
  // illegal.
  const Position white = at("4k2r/pp3ppp/2n5/8/3b4/8/PP3NPP/R5K1 w k - 0 1");
  expect_reference_agrees(white);
  EXPECT_FALSE(has_move(white, "f2e4"));
}

// ---- Every knob alternative ----------------------------------------------------------------

TEST(ConversionKnob, ThreatByPinnedPiece) {
  const std::string fen = "1N2k2r/pp3ppp/2n5/8/3b4/8/PP3NPP/R5K1 b k - 0 1";
  const KnobSettings counts = {{"threat-by-pinned-piece", "counts"}};
  const KnobSettings ignored = {{"threat-by-pinned-piece", "ignored"}};
  const Position a = at(fen, "", counts), b = at(fen, "", ignored);
  EXPECT_TRUE(a.in_check());
  EXPECT_FALSE(b.in_check());
  EXPECT_EQ(legal_uci(a).size(), 4U);
  EXPECT_EQ(legal_uci(b).size(), 26U);
  EXPECT_TRUE(has_move(b, "e8g8"));
  expect_reference_agrees(a, counts);
  expect_reference_agrees(b, ignored);
}

TEST(ConversionKnob, CastlingThreatens) {
  // O-O would put White's king on g1 with the queen on c4: co-squares c1 and g4 (Black's
  // king). With 'counts' that is check (only king moves), with 'ignored' the pawn may move.
  const std::string fen = "8/p7/8/8/2Q1P1k1/8/8/4K2R b K - 0 1";
  const KnobSettings counts = {{"castling-threatens", "counts"}};
  const KnobSettings ignored = {{"castling-threatens", "ignored"}};
  const Position a = at(fen, "", counts), b = at(fen, "", ignored);
  EXPECT_TRUE(a.in_check());
  EXPECT_FALSE(b.in_check());
  EXPECT_EQ(legal_uci(a), (Strings{"g4f3", "g4g3", "g4g5"}));
  EXPECT_EQ(legal_uci(b), (Strings{"a7a5", "a7a6", "g4f3", "g4g3", "g4g5"}));
  expect_reference_agrees(a, counts);
  expect_reference_agrees(b, ignored);
}

TEST(ConversionKnob, CastleThroughClearedSquare) {
  // f1 is threatened (Nc3-d1 with the knight on f5) before O-O; O-O converts the knight on f5
  // (rook f1 with the rook on b5), after which f1 is not threatened.
  const std::string fen = "k7/8/8/1R3n2/8/2n5/8/4K2R w K - 0 1";
  const KnobSettings forbidden = {{"castle-through-cleared-square", "forbidden"}};
  const KnobSettings allowed = {{"castle-through-cleared-square", "allowed"}};
  const Position a = at(fen, "", forbidden), b = at(fen, "", allowed);
  EXPECT_FALSE(has_move(a, "e1g1"));
  ASSERT_TRUE(has_move(b, "e1g1"));
  EXPECT_EQ(converted_by(b, "e1g1"), "f5");
  expect_reference_agrees(a, forbidden);
  expect_reference_agrees(b, allowed);
}

TEST(ConversionKnob, CastleOutOfCheckByConversion) {
  // The rook on b1 checks along the first rank; O-O puts White's rook on f1, forming b1 with
  // the rook on b4: the checking rook is converted.
  const std::string fen = "k7/8/8/8/1R6/8/8/1r2K2R w K - 0 1";
  const KnobSettings forbidden = {{"castle-out-of-check-by-conversion", "forbidden"}};
  const KnobSettings allowed = {{"castle-out-of-check-by-conversion", "allowed"}};
  const Position a = at(fen, "", forbidden), b = at(fen, "", allowed);
  EXPECT_TRUE(a.in_check());
  EXPECT_FALSE(has_move(a, "e1g1"));
  ASSERT_TRUE(has_move(b, "e1g1"));
  EXPECT_EQ(converted_by(b, "e1g1"), "b1");
  EXPECT_EQ(legal_uci(b).size(), legal_uci(a).size() + 1);
  expect_reference_agrees(a, forbidden);
  expect_reference_agrees(b, allowed);
}

TEST(ConversionKnob, ConvertedRookCastling) {
  // Nc3-b1 forms h1 with the knight on h4: White's rook on h1 becomes Black's (and checks).
  // Qd4xh4 forms h1 again with the king on e1: the rook is White's again, unmoved. With 'kept'
  // White may castle later, with 'lost' the right went with the conversion.
  const std::string fen = "k7/8/8/8/3Q3n/2n5/8/4K2R b K - 0 1";
  const KnobSettings lost = {{"converted-rook-castling", "lost"}};
  const KnobSettings kept = {{"converted-rook-castling", "kept"}};
  EXPECT_EQ(converted_by(at(fen, "", lost), "c3b1"), "h1");
  EXPECT_EQ(at(fen, "c3b1", lost).castling_rights(), 0);
  EXPECT_NE(at(fen, "c3b1", kept).castling_rights(), 0);
  const Position a = at(fen, "c3b1 d4h4 a8b8", lost), b = at(fen, "c3b1 d4h4 a8b8", kept);
  EXPECT_EQ(piece_at(a, "h1"), "white rook");
  EXPECT_FALSE(has_move(a, "e1g1"));
  EXPECT_TRUE(has_move(b, "e1g1"));
  expect_reference_agrees(at(fen, "c3b1", lost), lost);
  expect_reference_agrees(at(fen, "c3b1", kept), kept);
  expect_reference_agrees(a, lost);
  expect_reference_agrees(b, kept);
}

TEST(ConversionKnob, ConvertedPawnDoubleStep) {
  // Ng4-f2 forms d2 with the knight on d6: Black's pawn on d2 becomes White's, on White's
  // second rank. 'forbidden': it has moved before (one step only); 'allowed': d2-d4.
  const std::string fen = "7k/8/3N4/8/6N1/8/3p4/K7 w - - 0 1";
  const KnobSettings forbidden = {{"converted-pawn-double-step", "forbidden"}};
  const KnobSettings allowed = {{"converted-pawn-double-step", "allowed"}};
  const Position a = at(fen, "g4f2 h8g8", forbidden), b = at(fen, "g4f2 h8g8", allowed);
  EXPECT_EQ(piece_at(a, "d2"), "white pawn");
  EXPECT_TRUE(has(a.converted(), *parse_square("d2")));
  EXPECT_FALSE(has(a.converted_unmoved(), *parse_square("d2")));  // Black's pawn had moved
  EXPECT_TRUE(has_move(a, "d2d3"));
  EXPECT_FALSE(has_move(a, "d2d4"));
  EXPECT_TRUE(has_move(b, "d2d4"));
  expect_reference_agrees(a, forbidden);
  expect_reference_agrees(b, allowed);
  // FEN writes the flag with '~' and reads it back.
  EXPECT_EQ(to_fen(a), "6k1/8/3N4/8/8/8/3P~1N2/K7 w - - 2 2");
  EXPECT_TRUE(parse_fen(conversion(forbidden), to_fen(a)) == a);
  EXPECT_TRUE(parse_fen(conversion(allowed), to_fen(b)) == b);
  // An unconverted pawn on the same square keeps its double step under both alternatives.
  EXPECT_TRUE(has_move(at("6k1/8/3N4/8/8/8/3P1N2/K7 w - - 0 1", "", forbidden), "d2d4"));
}

// Co-chess rule 1 ("the standard rules of chess apply") under knob converted-pawn-double-step:
// the two-step is a pawn's first move of its own, and a conversion is not a move (issue 21,
// item 5). White's d2 pawn is converted by Black's Ng4-f2 (twin on d6: co-squares d2 and f6)
// and back by White's Nb4-c2 (twin on d5: co-squares d2 and c5). It never moved, so it
// double-steps under both alternatives. While converted and unmoved it is marked '^' in FEN;
// its first move makes it an ordinary converted piece, '~'.
TEST(ConversionKnob, StandardRulesPawnConvertedAwayAndBackUnmovedDoubleStepsUnderBothAlternatives) {
  const std::string fen = "7k/8/3n4/3N4/1N4n1/8/3P4/K7 b - - 0 1";
  const Square d2 = *parse_square("d2");
  for (const char* alternative : {"forbidden", "allowed"}) {
    SCOPED_TRACE(alternative);
    const KnobSettings knobs = {{"converted-pawn-double-step", alternative}};
    const Position away = at(fen, "g4f2", knobs);
    EXPECT_EQ(piece_at(away, "d2"), "black pawn");
    EXPECT_EQ(away.converted_unmoved(), bb(d2));
    EXPECT_EQ(away.converted(), Bitboard{0});
    EXPECT_EQ(to_fen(away), "7k/8/3n4/3N4/1N6/8/3p^1n2/K7 w - - 1 2");
    expect_reference_agrees(away, knobs);
    const Position back = at(fen, "g4f2 b4c2 h8h7", knobs);
    EXPECT_EQ(piece_at(back, "d2"), "white pawn");
    EXPECT_EQ(to_fen(back), "8/7k/3n4/3N4/8/8/2NP^1n2/K7 w - - 3 3");
    EXPECT_TRUE(has_move(back, "d2d3"));
    EXPECT_TRUE(has_move(back, "d2d4"));
    expect_reference_agrees(back, knobs);
    // Its first move, one step or two, leaves it converted and moved.
    for (const char* step : {"d2d3", "d2d4"}) {
      const Position moved = after(back, step);
      const Square to = *parse_square(std::string(step).substr(2));
      EXPECT_EQ(moved.converted(), bb(to)) << step;
      EXPECT_EQ(moved.converted_unmoved(), Bitboard{0}) << step;
      EXPECT_EQ(moved.key(), moved.compute_key()) << step;
    }
  }
}

// Co-chess rule 1 under knob converted-pawn-double-step: a pawn that has moved stays refused
// after conversions. White's pawn stood on d3 (it has moved); Black's Ng4-e3 (twin on d6)
// converts it, Black plays it d3-d2, and White's Nb4-c2 (twin on d5) converts it back onto
// White's second rank: 'forbidden' refuses the two-step, 'allowed' gives it.
TEST(ConversionKnob, StandardRulesPawnThatMovedAndCameBackByConversionFollowsTheKnob) {
  const std::string fen = "7k/8/3n4/3N4/1N4n1/3P4/8/K7 b - - 0 1";
  const std::string line = "g4e3 a1a2 d3d2 b4c2 h8h7";
  const KnobSettings forbidden = {{"converted-pawn-double-step", "forbidden"}};
  const KnobSettings allowed = {{"converted-pawn-double-step", "allowed"}};
  const Position a = at(fen, line, forbidden), b = at(fen, line, allowed);
  EXPECT_EQ(to_fen(at(fen, "g4e3", forbidden)), "7k/8/3n4/3N4/1N6/3p~n3/8/K7 w - - 1 2");
  EXPECT_EQ(to_fen(a), "8/7k/3n4/3N4/8/4n3/K1NP~4/8 w - - 2 4");
  EXPECT_TRUE(has_move(a, "d2d3"));
  EXPECT_FALSE(has_move(a, "d2d4"));
  EXPECT_TRUE(has_move(b, "d2d4"));
  expect_reference_agrees(a, forbidden);
  expect_reference_agrees(b, allowed);
}

// FEN: '^' after a pawn's letter marks a pawn converted but never moved; it reads back.
TEST(ConversionFen, UnmovedConvertedPawnMarkRoundTrips) {
  const std::string fen = "7k/3P^4/8/8/8/8/2Pp^P^3/7K w - - 0 1";
  const Position pos = parse_fen(conversion(), fen);
  EXPECT_EQ(to_fen(pos), fen);
  EXPECT_EQ(pos.converted(), Bitboard{0});
  EXPECT_EQ(pos.converted_unmoved(),
            bb(*parse_square("d7")) | bb(*parse_square("d2")) | bb(*parse_square("e2")));
  EXPECT_EQ(pos.key(), pos.compute_key());
  // The flag is part of the position and its key.
  const Position plain = parse_fen(conversion(), "7k/3P4/8/8/8/8/2PpP3/7K w - - 0 1");
  EXPECT_FALSE(plain == pos);
  EXPECT_NE(plain.key(), pos.key());
}

// FEN: a bad '^' gets a message naming what is wrong, at the mark's column.
TEST(ConversionFen, UnmovedMarkOnlyAfterAPawnWhereADoubleStepStarts) {
  const auto error = [](const VariantPtr& v, const std::string& fen) {
    try {
      parse_fen(v, fen);
    } catch (const FenError& e) {
      return std::pair<std::string, int>{e.what(), e.column()};
    }
    ADD_FAILURE() << "accepted " << fen;
    return std::pair<std::string, int>{};
  };
  using ::testing::HasSubstr;
  const std::string pawn = "4k3/8/8/8/8/8/3P^4/4K3 w - -";
  const int mark_column = static_cast<int>(pawn.find('^')) + 1;
  const auto [orthodox, orthodox_column] = error(test::orthodox(), pawn);
  EXPECT_THAT(orthodox, HasSubstr("'^' after 'P' marks a pawn converted but never moved, which "
                                  "only tables with [effects.conversion] have"));
  EXPECT_EQ(orthodox_column, mark_column);
  const auto [knight, knight_column] = error(conversion(), "4k3/8/8/8/8/8/3N^4/4K3 w - -");
  EXPECT_THAT(knight, HasSubstr("only pawns carry it (a converted knight is written N~)"));
  EXPECT_EQ(knight_column, mark_column);
  EXPECT_THAT(error(conversion(), "4k3/8/8/8/3P^4/8/8/4K3 w - -").first,
              HasSubstr("'^' after 'P' on d4 marks a pawn converted but never moved, so it "
                        "stands where a double step starts (ranks 2 and 7); d4 is not such a "
                        "square"));
  EXPECT_THAT(error(conversion(), "4k3/8/8/8/8/8/3P~^3/4K3 w - -").first,
              HasSubstr("'^' follows no piece letter: a piece carries at most one mark"));
  EXPECT_THAT(error(conversion(), "4k3/8/8/8/8/8/^7/4K3 w - -").first,
              HasSubstr("'^' follows no piece letter"));
  const VariantPtr single_step = Variant::compile(
      load_table_file(test::data_path("tables/quiet_knobs/conversion_single_step.toml")));
  EXPECT_THAT(error(single_step, "4k3/8/8/8/8/8/3P^4/4K3 w - -").first,
              HasSubstr("the conversion-single-step table's pawn has none (write P~)"));
}

TEST(ConversionKnob, UnknownKnobOrAlternativeIsRejected) {
  EXPECT_THROW(Variant::compile(load_table("conversion"), {{"no-such-knob", "counts"}}),
               std::invalid_argument);
  EXPECT_THROW(Variant::compile(load_table("conversion"), {{"castling-threatens", "maybe"}}),
               std::invalid_argument);
}

// ---- Engine bugs found by the reference -----------------------------------------------------

// Regression (found by the reference; fixed in 1f565f2): with threat-by-pinned-piece =
// ignored the engine judged whether a threatening move "would expose the mover's own king" on
// the board before the move's co-effect. Black's knight on a6 is pinned by the rook on a5, but
// Na6-c5 forms a5 and c2 with the knight on a2: it converts the pinning rook (so it exposes
// nothing) and White's king on c2. That threat counts: White is in check and h2-h3 is illegal.
TEST(ConversionRegression, PinnedPieceIgnoredJudgesExposureAfterTheCoEffect) {
  const KnobSettings ignored = {{"threat-by-pinned-piece", "ignored"}};
  const Position pos = at("k7/8/n7/R7/8/8/n1K4P/8 w - - 0 1", "", ignored);
  EXPECT_TRUE(pos.in_check());
  EXPECT_FALSE(has_move(pos, "h2h3"));
  expect_reference_agrees(pos, ignored);
}

// Regression (found by the reference; fixed in 1f565f2): a move that converts the enemy king
// leaves the mover with two kings; the legality test looked at the lowest-square king (the
// converted one) and missed that the mover's own king was left attacked. White's king on b2
// is not in check under 'ignored' (Na6-b4 would expose Black's king to Ra5), and Na6-b4 (or
// Na6-b8), converting it, stays illegal for Black.
TEST(ConversionRegression, MoveConvertingTheEnemyKingMustStillNotExposeTheOwnKing) {
  const KnobSettings ignored = {{"threat-by-pinned-piece", "ignored"}};
  const Position pos = at("k7/8/n7/R7/8/8/nK6/8 b - - 0 1", "", ignored);
  EXPECT_FALSE(pos.in_check());
  EXPECT_FALSE(has_move(pos, "a6b4"));
  EXPECT_FALSE(has_move(pos, "a6b8"));
  expect_reference_agrees(pos, ignored);
}

// Regression (found by the reference; fixed in 1f565f2, rules/core/fen.cpp): parse_fen rejected a
// side not to move in ordinary check but accepted one threatened with conversion ("a threat
// to convert the King is check"): here Qa1-a8 would form e8 with the king on e1, and the
// engine then offered Qa8, converting Black's king.
TEST(ConversionRegression, FenRejectsSideNotToMoveThreatenedWithConversion) {
  EXPECT_THROW(parse_fen(conversion(), "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"), FenError);
}

// Regression (threat-by-pinned-piece = ignored with castling-threatens = counts): a castling
// that would put the castling king on an attacked square threatens nothing under 'ignored',
// as for a plain king step. Here O-O-O would form c7 (king c1 with the queen on h7), but
// c1 is attacked by the queen on c4, so under 'ignored' Black is not in check and a7-a6 or
// Qc4-c5 are legal; the engine says Black is in check (9 legal moves instead of 16).
TEST(ConversionRegression, PinnedPieceIgnoredIgnoresCastlingThreatsIntoAttack) {
  const KnobSettings ignored = {{"threat-by-pinned-piece", "ignored"}};
  const Position pos = at("8/p1kp3Q/8/8/2q5/8/8/R3K3 b Q - 0 1", "", ignored);
  EXPECT_FALSE(pos.in_check());
  EXPECT_TRUE(has_move(pos, "a7a6"));
  EXPECT_TRUE(has_move(pos, "c4c5"));
  expect_reference_agrees(pos, ignored);
  // With the default the threat counts either way: Black is in check.
  EXPECT_TRUE(at("8/p1kp3Q/8/8/2q5/8/8/R3K3 b Q - 0 1").in_check());
}

}  // namespace
}  // namespace arbiter

namespace arbiter {
namespace {

// Found by ConversionProperty.EngineMatchesReferenceWithRandomKnobs (the reference was wrong):
// with castling-threatens=ignored Black's king may stand on g8, where White's O-O (king to g1,
// twin queen on c8) would convert it; no move may convert a royal piece, so O-O is no move.
TEST(ConversionRegression, CastlingThatWouldConvertTheEnemyKingIsNoMove) {
  const KnobSettings knobs = {{"threat-by-pinned-piece", "ignored"},
                              {"castling-threatens", "ignored"}};
  const Position pos = parse_fen(test::bundled_variant("conversion", knobs),
                                 "rnQq2kr/pp2bppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w K - 1 9");
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) EXPECT_NE(m.kind(), MoveKind::kCastling) << to_uci(pos, m);
  const test::ConversionReference ref(test::ConversionKnobSet::from(knobs));
  EXPECT_EQ(ref.legal_moves(test::ConversionReference::from_position(pos)).size(),
            static_cast<std::size_t>(moves.size()));
}

}  // namespace
}  // namespace arbiter
