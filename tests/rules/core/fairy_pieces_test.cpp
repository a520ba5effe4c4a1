// Fairy pieces: the engine's legal moves and perft against the naive reference generator
// (tests/support/reference_movegen.hpp) on the orthodox table and on the test tables under
// tests/data/tables/fairy/, on fixed positions and after random play; hand-counted moves of
// single pieces; and checks and pins by a nightrider.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/perft.hpp"
#include "rules/core/table_loader.hpp"
#include "rules/core/variant.hpp"
#include "tests/support/perft_positions.hpp"
#include "tests/support/random_play.hpp"
#include "tests/support/reference_movegen.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::MoveTriple;

/// A fairy test table and the positions its tests start from.
struct FairyTable {
  std::string name;  ///< tests/data/tables/fairy/NAME.toml
  char letter = 0;   ///< the fairy piece (the zoo has more)
  std::string betza;
};

void PrintTo(const FairyTable& t, std::ostream* os) {
  *os << t.name;
}

const std::vector<FairyTable>& fairy_tables() {
  static const std::vector<FairyTable> tables = {
      {"nightrider", 'Z', "NN"}, {"archbishop", 'A', "BN"}, {"amazon", 'M', "QN"},
      {"chancellor", 'C', "RN"}, {"short_rook", 'W', "W3"}, {"lame_dabbaba", 'D', "nD"},
      {"lance", 'L', "fR"},      {"camel", 'E', "C"},       {"crab", 'X', "mNcK"},
      {"alibaba", 'Y', "DA"},    {"zoo", 'Z', "NN"},
  };
  return tables;
}

const FairyTable& fairy_table(const std::string& name) {
  for (const FairyTable& t : fairy_tables())
    if (t.name == name) return t;
  throw std::invalid_argument("no fairy test table " + name);
}

const VariantPtr& fairy_variant(const std::string& name) {
  static std::map<std::string, VariantPtr> cache;
  auto it = cache.find(name);
  if (it == cache.end()) {
    const std::string path = test::data_path("tables/fairy/" + name + ".toml");
    it = cache.emplace(name, Variant::compile(load_table_file(path))).first;
  }
  return it->second;
}

/// '?' stands for the White fairy piece, '!' for the Black one.
std::string with_piece(std::string fen, char letter) {
  for (char& c : fen) {
    if (c == '?') c = letter;
    if (c == '!') c = static_cast<char>(letter - 'A' + 'a');
  }
  return fen;
}

/// The setup, then open positions: pawns about to promote (by capture too) with castling
/// rights; and an en-passant capture that would expose the king along a rank.
std::vector<std::string> start_fens(const FairyTable& t) {
  return {
      fairy_variant(t.name)->table().setup_fen,
      with_piece("r3k2r/1P2p3/6!1/8/8/1?6/1p2P3/R3K2R w KQkq - 0 1", t.letter),
      with_piece("4k3/2!5/8/K2pP2r/8/8/5?2/8 w - d6 0 1", t.letter),
      with_piece("r3k2r/p1pp1pb1/bn2!np1/3PN3/1p2P3/2N1?Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", t.letter),
  };
}

std::string board_context(const Position& pos) {
  return "FEN " + to_fen(pos);
}

// ---- The reference on the orthodox table -------------------------------------------------

TEST(ReferenceMovegen, ReproducesThePublishedPerftCounts) {
  // The reference is only worth comparing with when it is right itself.
  for (const test::PerftPosition& p : test::perft_positions()) {
    const Position pos = test::orthodox_position(p.fen);
    EXPECT_EQ(test::reference_perft(pos, 1), p.nodes[0]) << p.name;
    EXPECT_EQ(test::reference_perft(pos, 2), p.nodes[1]) << p.name;
    EXPECT_EQ(test::reference_perft(pos, 3), p.nodes[2]) << p.name;
  }
}

TEST(ReferenceMovegen, EqualsTheEngineOnThePerftPositions) {
  for (const test::PerftPosition& p : test::perft_positions()) {
    const Position pos = test::orthodox_position(p.fen);
    const auto engine = test::engine_legal_moves(pos);
    const auto reference = test::reference_legal_moves(pos);
    EXPECT_EQ(engine, reference) << p.name << ": " << test::describe_difference(engine, reference);
  }
}

/// Plays a random game and compares the engine with the reference at every position of it.
void check_random_play_against_reference(const VariantPtr& variant,
                                         const std::vector<std::string>& fens) {
  const auto game = *test::gen_random_game(fens.size(), 80);
  const test::ReferenceMovegen ref(variant->table());
  const Position end = test::play_random_game(
      variant, fens, game, [&](const Position& pos, const std::vector<Move>& line) {
        const std::string fen = to_fen(pos);
        const auto engine = test::engine_legal_moves(pos);
        const auto reference = ref.legal_moves(ref.parse_fen(fen));
        if (engine != reference)
          RC_FAIL("after '" + test::line_text(pos.variant(), line) + "' from " + fens[game.start] +
                  ": FEN " + fen + ": " + test::describe_difference(engine, reference));
      });
  RC_LOG() << "final position: " << to_fen(end) << "\n";
  // The FEN round trip, the incremental key, and make/unmake hold for fairy pieces too.
  Position pos = end;
  RC_ASSERT(parse_fen(variant, to_fen(pos)) == pos);
  RC_ASSERT(pos.key() == pos.compute_key());
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    Undo undo;
    pos.make(m, undo);
    RC_ASSERT(pos.key() == pos.compute_key());
    pos.unmake(m, undo);
    RC_ASSERT(pos == end);
  }
  // Black's moves are White's mirrored: the mirror position has the same tree.
  Position flipped = test::mirror(end);
  RC_ASSERT(perft(flipped, 2) == perft(pos, 2));
}

RC_GTEST_PROP(ReferenceProperty, OrthodoxRandomPlayMatchesTheEngine, ()) {
  check_random_play_against_reference(test::orthodox(), test::orthodox_start_fens());
}

// ---- The fairy tables --------------------------------------------------------------------

class FairyPieces : public ::testing::TestWithParam<FairyTable> {};

TEST_P(FairyPieces, TableDeclaresThePiece) {
  const FairyTable& t = GetParam();
  const VariantPtr& v = fairy_variant(t.name);
  const PieceDef* def = v->table().piece(t.letter);
  ASSERT_NE(def, nullptr);
  EXPECT_EQ(def->betza, t.betza);
  EXPECT_NE(v->table().setup_fen.find(t.letter), std::string::npos) << "setup without the piece";
  EXPECT_NE(v->type_of_letter('K'), kNoPiece);
}

TEST_P(FairyPieces, LegalMovesEqualTheReference) {
  const FairyTable& t = GetParam();
  for (const std::string& fen : start_fens(t)) {
    const Position pos = parse_fen(fairy_variant(t.name), fen);
    const auto engine = test::engine_legal_moves(pos);
    const auto reference = test::reference_legal_moves(pos);
    EXPECT_EQ(engine, reference) << board_context(pos) << ": "
                                 << test::describe_difference(engine, reference);
  }
}

TEST_P(FairyPieces, PerftEqualsTheReferencePerft) {
  const FairyTable& t = GetParam();
  for (const std::string& fen : start_fens(t)) {
    Position pos = parse_fen(fairy_variant(t.name), fen);
    for (int depth = 1; depth <= 3; ++depth)
      EXPECT_EQ(perft(pos, depth), test::reference_perft(pos, depth))
          << board_context(pos) << " depth " << depth;
    EXPECT_EQ(perft_full(pos, 2), perft(pos, 2)) << board_context(pos);
  }
}

TEST_P(FairyPieces, MirrorHasTheSamePerft) {
  const FairyTable& t = GetParam();
  for (const std::string& fen : start_fens(t)) {
    Position pos = parse_fen(fairy_variant(t.name), fen);
    Position flipped = test::mirror(pos);
    EXPECT_EQ(perft(flipped, 3), perft(pos, 3)) << board_context(pos);
  }
}

INSTANTIATE_TEST_SUITE_P(Tables, FairyPieces, ::testing::ValuesIn(fairy_tables()),
                         [](const auto& param_info) { return param_info.param.name; });

void check_fairy_random_play(const std::string& name) {
  check_random_play_against_reference(fairy_variant(name), start_fens(fairy_table(name)));
}

RC_GTEST_PROP(FairyProperty, NightriderRandomPlayMatchesTheReference, ()) {
  check_fairy_random_play("nightrider");
}
RC_GTEST_PROP(FairyProperty, ArchbishopRandomPlayMatchesTheReference, ()) {
  check_fairy_random_play("archbishop");
}
RC_GTEST_PROP(FairyProperty, AmazonRandomPlayMatchesTheReference, ()) {
  check_fairy_random_play("amazon");
}
RC_GTEST_PROP(FairyProperty, ChancellorRandomPlayMatchesTheReference, ()) {
  check_fairy_random_play("chancellor");
}
RC_GTEST_PROP(FairyProperty, ShortRookRandomPlayMatchesTheReference, ()) {
  check_fairy_random_play("short_rook");
}
RC_GTEST_PROP(FairyProperty, LameDabbabaRandomPlayMatchesTheReference, ()) {
  check_fairy_random_play("lame_dabbaba");
}
RC_GTEST_PROP(FairyProperty, LanceRandomPlayMatchesTheReference, ()) {
  check_fairy_random_play("lance");
}
RC_GTEST_PROP(FairyProperty, CamelRandomPlayMatchesTheReference, ()) {
  check_fairy_random_play("camel");
}
RC_GTEST_PROP(FairyProperty, CrabRandomPlayMatchesTheReference, ()) {
  check_fairy_random_play("crab");
}
RC_GTEST_PROP(FairyProperty, AlibabaRandomPlayMatchesTheReference, ()) {
  check_fairy_random_play("alibaba");
}
RC_GTEST_PROP(FairyProperty, ZooRandomPlayMatchesTheReference, ()) {
  check_fairy_random_play("zoo");
}

// ---- Hand-counted moves ------------------------------------------------------------------

/// The engine's legal moves from one square, checked against the reference as well.
std::vector<std::string> moves_from(const std::string& table, const std::string& fen,
                                    const std::string& square) {
  const Position pos = parse_fen(fairy_variant(table), fen);
  const auto engine = test::engine_legal_moves(pos);
  const auto reference = test::reference_legal_moves(pos);
  EXPECT_EQ(engine, reference) << fen << ": " << test::describe_difference(engine, reference);
  std::vector<std::string> out;
  for (const MoveTriple& m : engine)
    if (square_name(m.from) == square) out.push_back(square_name(m.to));
  return out;
}

using Squares = std::vector<std::string>;

TEST(FairyHandCounted, NightriderInTheCorner) {
  // From a1 only two of the eight nightrider lines stay on the board:
  // (+1,+2): b3 c5 d7, and (+2,+1): c2 e3 g4. Six moves.
  EXPECT_EQ(moves_from("nightrider", "7k/8/8/8/8/8/8/Z6K w - - 0 1", "a1"),
            (Squares{"c2", "b3", "e3", "g4", "c5", "d7"}));
}

TEST(FairyHandCounted, NightriderInTheCentre) {
  // From d4: (+1,+2) e6 f8; (-1,+2) c6 b8; (+1,-2) e2; (-1,-2) c2; (+2,+1) f5 h6;
  // (-2,+1) b5; (+2,-1) f3 h2; (-2,-1) b3. Twelve moves.
  EXPECT_EQ(moves_from("nightrider", "K6k/8/8/8/3Z4/8/8/8 w - - 0 1", "d4").size(), 12U);
  // A piece on e6 stops the ray there (captured if it is Black's, kept if it is White's).
  EXPECT_EQ(moves_from("nightrider", "K6k/8/4p3/8/3Z4/8/8/8 w - - 0 1", "d4").size(), 11U);
  EXPECT_EQ(moves_from("nightrider", "K6k/8/4P3/8/3Z4/8/8/8 w - - 0 1", "d4").size(), 10U);
}

TEST(FairyHandCounted, AmazonInTheCentre) {
  // Queen from d4 on an empty board: 7 on the rank, 7 on the file, 7 on a1-h8 and 6 on
  // a7-g1 = 27; knight: 8. 35 moves; the king on h2 adds g1 h1 g2 g3 h3.
  const std::string fen = "1k6/8/8/8/3M4/8/7K/8 w - - 0 1";
  EXPECT_EQ(moves_from("amazon", fen, "d4").size(), 35U);
  EXPECT_EQ(test::engine_legal_moves(parse_fen(fairy_variant("amazon"), fen)).size(), 40U);
}

TEST(FairyHandCounted, ArchbishopAndChancellorInTheCentre) {
  // Bishop from d4: 13, rook: 14, knight: 8.
  EXPECT_EQ(moves_from("archbishop", "1k6/8/8/8/3A4/8/7K/8 w - - 0 1", "d4").size(), 21U);
  EXPECT_EQ(moves_from("chancellor", "1k6/8/8/8/3C4/8/7K/8 w - - 0 1", "d4").size(), 22U);
}

TEST(FairyHandCounted, ShortRookGoesThreeSquares) {
  // W3 from d4: d5 d6 d7, d3 d2 d1, c4 b4 a4, e4 f4 g4 (not h4 nor d8).
  EXPECT_EQ(moves_from("short_rook", "K6k/8/8/8/3W4/8/8/8 w - - 0 1", "d4"),
            (Squares{"d1", "d2", "d3", "a4", "b4", "c4", "e4", "f4", "g4", "d5", "d6", "d7"}));
  // Blocked on d5 by its own pawn and capturing on f4.
  EXPECT_EQ(moves_from("short_rook", "K6k/8/8/3P4/3W1p2/8/8/8 w - - 0 1", "d4"),
            (Squares{"d1", "d2", "d3", "a4", "b4", "c4", "e4", "f4"}));
}

TEST(FairyHandCounted, LameDabbabaIsBlockedByThePassedSquare) {
  // nD from d4: d6 d2 b4 f4; a piece on d5 (either colour) blocks d6, a piece on e4 blocks f4.
  EXPECT_EQ(moves_from("lame_dabbaba", "K6k/8/8/8/3D4/8/8/8 w - - 0 1", "d4"),
            (Squares{"d2", "b4", "f4", "d6"}));
  EXPECT_EQ(moves_from("lame_dabbaba", "K6k/8/8/3p4/3D1p2/8/8/8 w - - 0 1", "d4"),
            (Squares{"d2", "b4", "f4"}));
  EXPECT_EQ(moves_from("lame_dabbaba", "K6k/8/3p4/3p4/3D4/8/8/8 w - - 0 1", "d4"),
            (Squares{"d2", "b4", "f4"}));
}

TEST(FairyHandCounted, LanceOnlyGoesForward) {
  // White's lance goes up the file, Black's down: seven squares each on an empty file.
  EXPECT_EQ(moves_from("lance", "7k/8/8/8/8/8/8/L6K w - - 0 1", "a1").size(), 7U);
  EXPECT_EQ(moves_from("lance", "l6k/8/8/8/8/8/8/7K b - - 0 1", "a8").size(), 7U);
  EXPECT_EQ(moves_from("lance", "7k/8/8/8/p7/8/8/L6K w - - 0 1", "a1"),
            (Squares{"a2", "a3", "a4"}));
  EXPECT_TRUE(moves_from("lance", "L6k/8/8/8/8/8/8/7K w - - 0 1", "a8").empty());
}

TEST(FairyHandCounted, CamelLeapsThreeByOne) {
  // (1,3) and (3,1) leaps from d4: c1 e1 a3 g3 a5 g5 c7 e7, over anything in between.
  EXPECT_EQ(moves_from("camel", "K6k/8/8/2ppp3/2pEp3/2ppp3/8/8 w - - 0 1", "d4"),
            (Squares{"c1", "e1", "a3", "g3", "a5", "g5", "c7", "e7"}));
}

TEST(FairyHandCounted, CrabMovesAsAKnightAndCapturesAsAKing) {
  // mNcK on d4: knight leaps only to empty squares (b5 and f3 hold Black pieces, c2 a White
  // one), king steps only to capture (c5 and e3 hold Black pawns; the other neighbours are
  // empty).
  EXPECT_EQ(moves_from("crab", "K6k/8/8/1pp5/3X4/4pp2/2P5/8 w - - 0 1", "d4"),
            (Squares{"e2", "b3", "e3", "c5", "f5", "c6", "e6"}));
}

// ---- Checks and pins by a nightrider -----------------------------------------------------

TEST(FairyNightrider, KingMayNotStepIntoTheLine) {
  // The black nightrider on a1 rides c2 e3 g4: the king on f4 may not go to e3 or g4.
  EXPECT_EQ(moves_from("nightrider", "7k/8/8/8/5K2/8/8/z7 w - - 0 1", "f4"),
            (Squares{"f3", "g3", "e4", "e5", "f5", "g5"}));
  // A White pawn on c2 blocks the line: e3 and g4 are safe again.
  EXPECT_EQ(moves_from("nightrider", "7k/8/8/8/5K2/8/2P5/z7 w - - 0 1", "f4"),
            (Squares{"e3", "f3", "g3", "e4", "g4", "e5", "f5", "g5"}));
}

TEST(FairyNightrider, PinnedPieceCannotLeaveTheLine) {
  // King g4, nightrider a1: the knight on e3 is pinned; of its moves only c2 stays on the line.
  EXPECT_EQ(moves_from("nightrider", "7k/8/8/8/6K1/4N3/8/z7 w - - 0 1", "e3"), (Squares{"c2"}));
  // A pinned nightrider may ride along the line, and capture the pinner.
  EXPECT_EQ(moves_from("nightrider", "7k/8/8/8/6K1/4Z3/8/z7 w - - 0 1", "e3"),
            (Squares{"a1", "c2"}));
  // The rook on e3 cannot move along a nightrider line at all.
  EXPECT_TRUE(moves_from("nightrider", "7k/8/8/8/6K1/4R3/8/z7 w - - 0 1", "e3").empty());
}

TEST(FairyNightrider, CheckIsAnsweredByBlockingOrCapturing) {
  // King g4 in check from a1 (through c2 and e3): the rook on c1 may block on c2 or capture
  // on a1 and nothing else; the king may not stay on the line.
  const std::string fen = "7k/8/8/8/6K1/8/8/z1R5 w - - 0 1";
  EXPECT_TRUE(parse_fen(fairy_variant("nightrider"), fen).in_check());
  EXPECT_EQ(moves_from("nightrider", fen, "c1"), (Squares{"a1", "c2"}));
  for (const std::string& to : moves_from("nightrider", fen, "g4"))
    EXPECT_NE(to, "e3") << "the king steps along the check line";
}

// ---- Engine bugs found by the reference --------------------------------------------------

// Regression (found by AlibabaRandomPlayMatchesTheReference): a pinned leaper that jumps along
// the pin line - over its own king or over the pinner - opens the line and is illegal, though
// it lands on the line. Orthodox pieces cannot do this (the pawn's double step is lame); a
// plain D or A leap can.
TEST(FairyPins, PinnedLeaperMayNotJumpOverItsKingAlongThePinLine) {
  // King e1, alibaba f1 pinned by the rook on h1: Yd1 jumps over the king and leaves f1 and g1
  // open. Only Yxh1 (capturing the pinner) keeps the king safe.
  EXPECT_EQ(moves_from("alibaba", "4k3/8/8/8/8/8/8/4KY1r w - - 0 1", "f1"), (Squares{"h1"}));
}

TEST(FairyPins, PinnedLeaperMayNotJumpOverThePinnerAlongThePinLine) {
  // King e1, alibaba f1 pinned by the rook on g1: Yh1 jumps over the rook, which then attacks
  // the king through f1. The alibaba has no legal move.
  EXPECT_TRUE(moves_from("alibaba", "4k3/8/8/8/8/8/8/4KYr1 w - - 0 1", "f1").empty());
}

}  // namespace
}  // namespace arbiter
