// Betza notation parser: atoms, direction modifiers, modalities, riders and error messages.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/core/betza.hpp"

namespace arbiter {
namespace {

std::size_t direction_count(const std::string& text) {
  std::size_t count = 0;
  for (const BetzaAtom& atom : parse_betza(text)) count += atom.directions.size();
  return count;
}

bool has_direction(const BetzaAtom& atom, int df, int dr) {
  const Offset wanted{df, dr};
  return std::find(atom.directions.begin(), atom.directions.end(), wanted) != atom.directions.end();
}

struct BetzaFailure {
  std::string message;
  std::size_t offset = 0;
};

BetzaFailure failure_of(const std::string& text) {
  try {
    parse_betza(text);
  } catch (const BetzaError& e) {
    return BetzaFailure{e.what(), e.offset()};
  }
  ADD_FAILURE() << "parse_betza(\"" << text << "\") did not throw";
  return {};
}

TEST(Betza, BaseAtomsHaveAllTheirDirections) {
  EXPECT_EQ(direction_count("W"), 4U);
  EXPECT_EQ(direction_count("F"), 4U);
  EXPECT_EQ(direction_count("D"), 4U);
  EXPECT_EQ(direction_count("N"), 8U);
  EXPECT_EQ(direction_count("A"), 4U);
  EXPECT_EQ(direction_count("C"), 8U);
  EXPECT_EQ(direction_count("Z"), 8U);
  EXPECT_EQ(direction_count("G"), 4U);
}

TEST(Betza, KingIsWazirPlusFerz) {
  const auto atoms = parse_betza("K");
  ASSERT_EQ(atoms.size(), 2U);
  EXPECT_EQ(atoms[0].letter, 'W');
  EXPECT_EQ(atoms[1].letter, 'F');
  EXPECT_FALSE(atoms[0].is_rider());
  EXPECT_EQ(direction_count("K"), 8U);
}

TEST(Betza, DirectionModifierCounts) {
  EXPECT_EQ(direction_count("fN"), 4U);
  EXPECT_EQ(direction_count("ffN"), 2U);
  EXPECT_EQ(direction_count("fsN"), 2U);
  EXPECT_EQ(direction_count("fhN"), 4U);
  EXPECT_EQ(direction_count("flF"), 1U);
  EXPECT_EQ(direction_count("vW"), 2U);
  EXPECT_EQ(direction_count("sW"), 2U);
  EXPECT_EQ(direction_count("fW"), 1U);
  EXPECT_EQ(direction_count("fF"), 2U);
  EXPECT_EQ(direction_count("vN"), 4U);
  EXPECT_EQ(direction_count("lN"), 4U);
}

TEST(Betza, TwoLetterTokensOnObliqueAtoms) {
  const BetzaAtom narrow = parse_betza("ffN").front();  // the two tall forward leaps
  EXPECT_TRUE(has_direction(narrow, 1, 2));
  EXPECT_TRUE(has_direction(narrow, -1, 2));
  const BetzaAtom wide = parse_betza("fsN").front();  // the two flat forward leaps
  EXPECT_TRUE(has_direction(wide, 2, 1));
  EXPECT_TRUE(has_direction(wide, -2, 1));
  const BetzaAtom one = parse_betza("frN").front();  // forward AND right: two leaps
  EXPECT_EQ(one.directions.size(), 2U);
  EXPECT_TRUE(has_direction(one, 1, 2));
  EXPECT_TRUE(has_direction(one, 2, 1));
}

TEST(Betza, DiagonalPairIsAnIntersection) {
  const BetzaAtom atom = parse_betza("flF").front();
  ASSERT_EQ(atom.directions.size(), 1U);
  EXPECT_EQ(atom.directions[0], (Offset{-1, 1}));
}

TEST(Betza, OrthogonalAtomsJoinTheirLetters) {
  const BetzaAtom atom = parse_betza("flW").front();  // forward, and left
  EXPECT_EQ(atom.directions.size(), 2U);
  EXPECT_TRUE(has_direction(atom, 0, 1));
  EXPECT_TRUE(has_direction(atom, -1, 0));
  EXPECT_TRUE(has_direction(parse_betza("bW").front(), 0, -1));
}

TEST(Betza, OrthodoxPawn) {
  const auto atoms = parse_betza("fmWfceFifmnD");
  ASSERT_EQ(atoms.size(), 3U);

  const BetzaAtom& step = atoms[0];
  EXPECT_EQ(step.letter, 'W');
  EXPECT_EQ(step.text, "fmW");
  ASSERT_EQ(step.directions.size(), 1U);
  EXPECT_EQ(step.directions[0], (Offset{0, 1}));
  EXPECT_TRUE(step.can_move);
  EXPECT_FALSE(step.can_capture);
  EXPECT_FALSE(step.en_passant);

  const BetzaAtom& capture = atoms[1];
  EXPECT_EQ(capture.letter, 'F');
  EXPECT_EQ(capture.text, "fceF");
  EXPECT_EQ(capture.directions.size(), 2U);
  EXPECT_TRUE(has_direction(capture, 1, 1));
  EXPECT_TRUE(has_direction(capture, -1, 1));
  EXPECT_FALSE(capture.can_move);
  EXPECT_TRUE(capture.can_capture);
  EXPECT_TRUE(capture.en_passant);
  EXPECT_FALSE(capture.initial_only);

  const BetzaAtom& double_step = atoms[2];
  EXPECT_EQ(double_step.letter, 'D');
  EXPECT_EQ(double_step.text, "ifmnD");
  ASSERT_EQ(double_step.directions.size(), 1U);
  EXPECT_EQ(double_step.directions[0], (Offset{0, 2}));
  EXPECT_TRUE(double_step.can_move);
  EXPECT_FALSE(double_step.can_capture);
  EXPECT_TRUE(double_step.initial_only);
  EXPECT_TRUE(double_step.lame);
  EXPECT_FALSE(double_step.is_rider());
}

TEST(Betza, NoModalityMeansMoveAndCapture) {
  const BetzaAtom atom = parse_betza("N").front();
  EXPECT_TRUE(atom.can_move);
  EXPECT_TRUE(atom.can_capture);
  const BetzaAtom both = parse_betza("mcW").front();
  EXPECT_TRUE(both.can_move);
  EXPECT_TRUE(both.can_capture);
}

TEST(Betza, Riders) {
  const BetzaAtom rook = parse_betza("R").front();
  EXPECT_EQ(rook.letter, 'W');
  EXPECT_EQ(rook.range, 0);
  EXPECT_TRUE(rook.is_rider());

  const BetzaAtom nightrider = parse_betza("NN").front();
  EXPECT_EQ(nightrider.letter, 'N');
  EXPECT_EQ(nightrider.range, 0);
  EXPECT_EQ(nightrider.directions.size(), 8U);

  const BetzaAtom short_rook = parse_betza("W3").front();
  EXPECT_EQ(short_rook.range, 3);
  EXPECT_TRUE(short_rook.is_rider());

  const BetzaAtom bishop = parse_betza("B0").front();
  EXPECT_EQ(bishop.letter, 'F');
  EXPECT_EQ(bishop.range, 0);
}

TEST(Betza, QueenIsTwoRiderAtoms) {
  const auto atoms = parse_betza("Q");
  ASSERT_EQ(atoms.size(), 2U);
  EXPECT_EQ(atoms[0].letter, 'W');
  EXPECT_EQ(atoms[1].letter, 'F');
  EXPECT_TRUE(atoms[0].is_rider());
  EXPECT_TRUE(atoms[1].is_rider());
}

TEST(Betza, ArchbishopIsBishopPlusKnight) {
  const auto atoms = parse_betza("BN");
  ASSERT_EQ(atoms.size(), 2U);
  EXPECT_EQ(atoms[0].letter, 'F');
  EXPECT_TRUE(atoms[0].is_rider());
  EXPECT_EQ(atoms[1].letter, 'N');
  EXPECT_FALSE(atoms[1].is_rider());
}

TEST(Betza, EmptyText) {
  const BetzaFailure f = failure_of("");
  EXPECT_EQ(f.offset, 0U);
  EXPECT_NE(f.message.find("empty Betza text"), std::string::npos) << f.message;
}

TEST(Betza, UnknownAtom) {
  const BetzaFailure f = failure_of("fNX");
  EXPECT_EQ(f.offset, 2U);
  EXPECT_NE(f.message.find("unknown Betza atom 'X'"), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("expected one of W F D N"), std::string::npos) << f.message;
}

TEST(Betza, UnsupportedModifier) {
  const BetzaFailure f = failure_of("WpN");
  EXPECT_EQ(f.offset, 1U);
  EXPECT_NE(f.message.find("unsupported Betza modifier 'p'"), std::string::npos) << f.message;
}

TEST(Betza, DanglingModifiers) {
  const BetzaFailure f = failure_of("fm");
  EXPECT_EQ(f.offset, 0U);
  EXPECT_NE(f.message.find("modify nothing"), std::string::npos) << f.message;
  EXPECT_EQ(failure_of("WFfm").offset, 2U);
}

TEST(Betza, DoubledShortcut) {
  const BetzaFailure f = failure_of("RR");
  EXPECT_EQ(f.offset, 1U);
  EXPECT_NE(f.message.find("doubles a shortcut"), std::string::npos) << f.message;
}

TEST(Betza, LameOnlyOnStraightLongLeaps) {
  const BetzaFailure f = failure_of("nN");
  EXPECT_EQ(f.offset, 0U);
  EXPECT_NE(f.message.find("'n' (lame)"), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("D, H, A and G"), std::string::npos) << f.message;
  EXPECT_EQ(failure_of("WnW").offset, 1U);
  // The straight long leaps take it: one lame atom each.
  for (const char* text : {"nD", "nH", "nA", "nG"}) {
    const std::vector<BetzaAtom> atoms = parse_betza(text);
    ASSERT_EQ(atoms.size(), 1U) << text;
    EXPECT_EQ(atoms[0].letter, text[1]) << text;
    EXPECT_TRUE(atoms[0].lame) << text;
  }
}

TEST(Betza, EnPassantOnlyOnLeaps) {
  const BetzaFailure f = failure_of("WeR");
  EXPECT_EQ(f.offset, 1U);
  EXPECT_NE(f.message.find("'e' (en passant)"), std::string::npos) << f.message;
  EXPECT_NE(failure_of("eFF").message.find("only on leaps"), std::string::npos);
}

TEST(Betza, MisplacedHalfModifier) {
  EXPECT_EQ(failure_of("hN").offset, 0U);
  const BetzaFailure f = failure_of("vhN");
  EXPECT_EQ(f.offset, 1U);
  EXPECT_NE(f.message.find("'h' (half)"), std::string::npos) << f.message;
}

TEST(Betza, RangeErrors) {
  EXPECT_NE(failure_of("WW3").message.find("already an unlimited rider"), std::string::npos);
  EXPECT_EQ(failure_of("W100").offset, 1U);
}

TEST(Betza, SeparatedDirectionModifiers) {
  const BetzaFailure f = failure_of("fmfW");
  EXPECT_EQ(f.offset, 2U);
  EXPECT_NE(f.message.find("written together"), std::string::npos) << f.message;
}

TEST(Betza, ModifiersThatSelectNothing) {
  const BetzaFailure f = failure_of("ffF");
  EXPECT_NE(f.message.find("select no move of atom F"), std::string::npos) << f.message;
}

}  // namespace
}  // namespace arbiter
