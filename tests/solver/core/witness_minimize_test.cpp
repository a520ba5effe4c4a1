// 1-minimal witnesses (solver/core/witness_minimize.hpp; issue 37, "minimal witnesses"): which
// men a witness can lose, read off the FEN text of every protocol, and the greedy shrinking.
#include "solver/core/witness_minimize.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "rules/core/load_variant.hpp"

namespace arbiter::solver {
namespace {

std::vector<std::string> first_tries(const std::vector<std::vector<std::string>>& all) {
  std::vector<std::string> out;
  for (const auto& tries : all) out.push_back(tries.front());
  return out;
}

TEST(WitnessMinimize, EveryManButTheKingsCanBeTakenOffInBoardOrder) {
  const VariantPtr v = load_variant("orthodox");
  const auto all = fens_without_one_man(*v, "4k3/8/8/8/8/8/3Q4/4K2N w - - 0 1");
  EXPECT_EQ(first_tries(all), (std::vector<std::string>{"4k3/8/8/8/8/8/8/4K2N w - - 0 1",
                                                        "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1"}));
}

TEST(WitnessMinimize, ConversionMarksStayWithTheirMen) {
  const VariantPtr v = load_variant("conversion");
  const auto all = fens_without_one_man(*v, "4k3/8/8/8/8/8/3Q~P^3/4K3 w - - 0 1");
  EXPECT_EQ(first_tries(all), (std::vector<std::string>{"4k3/8/8/8/8/8/4P^3/4K3 w - - 0 1",
                                                        "4k3/8/8/8/8/8/3Q~4/4K3 w - - 0 1"}));
}

TEST(WitnessMinimize, ASharedSquareLosesOneOfItsTwoMenAtATime) {
  const VariantPtr v = load_variant("move-neutral");
  const auto all = fens_without_one_man(*v, "4k3/8/8/8/3(Qp)4/8/8/4K3 w - - 0 1");
  EXPECT_EQ(first_tries(all), (std::vector<std::string>{"4k3/8/8/8/3p4/8/8/4K3 w - - 0 1",
                                                        "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1"}));
}

TEST(WitnessMinimize, ARookTakesItsCastlingRightAlong) {
  const VariantPtr v = load_variant("orthodox");
  const auto all = fens_without_one_man(*v, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0], (std::vector<std::string>{"4k3/8/8/8/8/8/8/4K2R w KQ - 0 1",
                                              "4k3/8/8/8/8/8/8/4K2R w K - 0 1"}));
  EXPECT_EQ(all[1], (std::vector<std::string>{"4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1",
                                              "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"}));
}

TEST(WitnessMinimize, APawnTakesTheEnPassantSquareAlong) {
  const VariantPtr v = load_variant("orthodox");
  const auto all = fens_without_one_man(*v, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].back(), "4k3/8/8/4P3/8/8/8/4K3 w - - 0 2");
}

TEST(WitnessMinimize, ConditionalPhaseFieldsAreKept) {
  const VariantPtr v = load_variant("conditional");
  const std::string fen = "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1 B e2e4";
  const auto all = fens_without_one_man(*v, fen);
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].front(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 B e2e4");
}

TEST(WitnessMinimize, GreedyShrinkingKeepsOnlyTheMenThePredicateNeeds) {
  const VariantPtr v = load_variant("orthodox");
  // "Shows" here: a white queen on d1 and a black rook on a8 (the board's squares spelt out;
  // the FEN is not read, so the castling rights stay as they were).
  const auto shows = [](const std::string& fen) {
    std::string squares;  // a8 first, '.' for an empty square
    for (const char c : fen.substr(0, fen.find(' ')))
      if (c >= '1' && c <= '8')
        squares.append(static_cast<std::size_t>(c - '0'), '.');
      else if (c != '/')
        squares += c;
    return squares.size() == 64 && squares[0] == 'r' && squares[59] == 'Q';
  };
  const MinimalWitness m =
      minimize_witness(*v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", shows);
  EXPECT_EQ(m.fen, "r3k3/8/8/8/8/8/8/3QK3 w KQkq - 0 1");
  EXPECT_EQ(m.removed, 28);
  EXPECT_EQ(m.men, 4);
  for (const auto& tries : fens_without_one_man(*v, m.fen))
    for (const std::string& smaller : tries) EXPECT_FALSE(shows(smaller)) << smaller;
}

TEST(WitnessMinimize, AWitnessThatNeedsEveryManIsLeftAlone) {
  const VariantPtr v = load_variant("orthodox");
  const std::string fen = "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1";
  const MinimalWitness m =
      minimize_witness(*v, fen, [&](const std::string& f) { return f == fen; });
  EXPECT_EQ(m.fen, fen);
  EXPECT_EQ(m.removed, 0);
  EXPECT_EQ(m.men, 3);
}

TEST(WitnessMinimize, AnEnPassantSquareNoPawnCanUseIsDropped) {
  const VariantPtr v = load_variant("orthodox");
  EXPECT_EQ(without_idle_en_passant(*v, "4k3/8/8/3p4/4K3/8/8/8 w - d6 0 2"),
            "4k3/8/8/3p4/4K3/8/8/8 w - - 0 2");
  EXPECT_EQ(without_idle_en_passant(*v, "4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 2"),
            "4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 2");
  EXPECT_EQ(without_idle_en_passant(*v, "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1"),
            "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1");
  // A white pawn beside the passed black pawn cannot take it: Black is to move.
  EXPECT_EQ(without_idle_en_passant(*v, "4k3/8/8/8/2PP4/8/8/4K3 b - d3 0 1"),
            "4k3/8/8/8/2PP4/8/8/4K3 b - - 0 1");
}

}  // namespace
}  // namespace arbiter::solver
