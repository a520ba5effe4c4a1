// The empty-board attacks table (puzzles/empty_board_attacks.hpp), which CheckCandidates and
// HelpmateBound both read: for every piece type of the orthodox, Conversion and fairy tables
// (pawns, Conversion's pieces, leapers, riders), each colour and each pair of squares, it
// says what the engine's own attack test (Position::attackers, another code path) says of a
// lone piece on an empty board; and a few attacks counted by hand.
#include <gtest/gtest.h>

#include <string>

#include "puzzles/empty_board_attacks.hpp"
#include "rules/core/position.hpp"
#include "rules/core/table_loader.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace {

/// The pairs (colour, type, x, y) where the table and the engine's attack test disagree (or the
/// table's two directions do); adds
/// the attacks the table holds to `attacks`.
int disagreements(const VariantPtr& variant, std::size_t& attacks) {
  const EmptyBoardAttacks table(*variant);
  int wrong = 0;
  for (Color c : {kWhite, kBlack})
    for (int t = 0; t < variant->piece_count(); ++t) {
      const auto type = static_cast<PieceType>(t);
      for (Square y = 0; y < kSquares; ++y) {
        Position pos(variant);
        pos.put(c, type, y);
        for (Square x = 0; x < kSquares; ++x) {
          if (x == y) continue;
          const bool in_table = has(table.from(c, type, x), y);
          const bool engine = has(pos.attackers(x, c, bb(y)), y);
          if (in_table) ++attacks;
          // The table read the other way round (to) holds the same pairs.
          if (has(table.to(c, type, y), x) != in_table) {
            ++wrong;
            ADD_FAILURE() << variant->name() << ": to() and from() differ for " << square_name(y)
                          << " -> " << square_name(x);
          }
          if (in_table != engine) {
            ++wrong;
            ADD_FAILURE() << variant->name() << ": " << (c == kWhite ? "white " : "black ")
                          << variant->piece(type).name << " on " << square_name(y)
                          << (engine ? " attacks " : " does not attack ") << square_name(x);
          }
        }
      }
    }
  return wrong;
}

TEST(EmptyBoardAttacks, SaysWhatTheEnginesAttackTestSaysForEveryPieceOfTheBundledTables) {
  for (const char* name : {"orthodox", "conversion"}) {
    std::size_t attacks = 0;
    EXPECT_EQ(disagreements(test::bundled_variant(name), attacks), 0) << name;
    EXPECT_GT(attacks, 0U) << name;
  }
}

TEST(EmptyBoardAttacks, SaysWhatTheEnginesAttackTestSaysForFairyLeapersAndRiders) {
  for (const char* name : {"zoo", "nightrider", "camel", "lance", "crab", "alibaba"}) {
    const VariantPtr v = Variant::compile(
        load_table_file(test::data_path(std::string("tables/fairy/") + name + ".toml")));
    std::size_t attacks = 0;
    EXPECT_EQ(disagreements(v, attacks), 0) << name;
    EXPECT_GT(attacks, 0U) << name;
  }
}

TEST(EmptyBoardAttacks, PawnsAttackForwardDiagonallyAndLinePiecesAcrossTheWholeBoard) {
  const EmptyBoardAttacks table(*test::orthodox());
  const auto sq = [](const char* s) { return *parse_square(s); };
  const auto type = [](char letter) { return test::orthodox()->type_of_letter(letter); };
  EXPECT_EQ(table.from(kWhite, type('P'), sq("e5")), bb(sq("d4")) | bb(sq("f4")));
  EXPECT_EQ(table.from(kBlack, type('P'), sq("e5")), bb(sq("d6")) | bb(sq("f6")));
  EXPECT_EQ(popcount(table.from(kWhite, type('N'), sq("e5"))), 8);
  EXPECT_EQ(popcount(table.from(kWhite, type('N'), sq("a1"))), 2);
  // An empty board: a rook attacks a1 from the whole first rank and a-file.
  EXPECT_EQ(popcount(table.from(kBlack, type('R'), sq("a1"))), 14);
  EXPECT_EQ(popcount(table.from(kWhite, type('Q'), sq("d4"))), 27);
  EXPECT_EQ(popcount(table.from(kWhite, type('K'), sq("h8"))), 3);
}

}  // namespace
}  // namespace arbiter::puzzles
