// Conversion Chess SAN: conversion suffixes printed canonically and read in the forms records
// use (letter or bare square, check mark before or after, ':' captures, several suffixes),
// with the stated conversions checked against the ones the move makes.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "rules/core/fen.hpp"
#include "rules/core/notation.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using ::testing::HasSubstr;

// Black to move: Qxf1 (twin: the king on b2) forms b1 and f2 and converts the pawn on f2.
constexpr const char* kCapture = "8/K7/8/8/8/8/1k3P2/5R1q b - - 0 1";
// White to move: Nb1-d2 (twin: the knight on g1) forms g2 and d1: two conversions.
constexpr const char* kTwo = "4k3/8/8/8/8/8/1p4p1/1N1bK1N1 w - - 0 1";
// After 1.e4 d5 2.Qf3: Bc8-h3 (twin f8) forms f3 and h8, converting the queen with check.
constexpr const char* kCheck = "rnbqkbnr/ppp1pppp/8/3p4/4P3/5Q2/PPPP1PPP/RNB1KBNR b KQkq - 1 2";

Position at(const char* fen) {
  return parse_fen(test::bundled_variant("conversion"), fen);
}

std::string san_of(const char* fen, const char* uci) {
  const Position pos = at(fen);
  return to_san(pos, parse_uci(pos, uci));
}

TEST(ConversionNotation, PrintsEachConversionInSquareOrderBeforeTheCheckMark) {
  EXPECT_EQ(san_of(kCapture, "h1f1"), "Qxf1/Pf2");
  EXPECT_EQ(san_of(kTwo, "b1d2"), "Nd2/Bd1/Pg2");
  EXPECT_EQ(san_of(kCheck, "c8h3"), "Bh3/Qf3+");
  EXPECT_EQ(san_of(kTwo, "g1f3"), "Nf3");  // lands on the twin's rank: no co-squares
}

TEST(ConversionNotation, ReadsTheRecordForms) {
  const Position check = at(kCheck), capture = at(kCapture), two = at(kTwo);
  const Move bh3 = parse_uci(check, "c8h3");
  for (const char* text : {"Bh3/Qf3+", "Bh3+/Qf3", "Bh3/f3+", "Bh3/Qf3", "Bh3/Qf3+!?"})
    EXPECT_EQ(parse_san(check, text), bh3) << text;
  const Move qf1 = parse_uci(capture, "h1f1");
  for (const char* text : {"Q:f1/Pf2", "Qxf1/Pf2", "Qxf1/f2", "Q:f1/f2"})
    EXPECT_EQ(parse_san(capture, text), qf1) << text;
  const Move nd2 = parse_uci(two, "b1d2");
  for (const char* text : {"Nd2/Bd1/Pg2", "Nd2/Pg2/Bd1", "Nbd2/d1/g2"})
    EXPECT_EQ(parse_san(two, text), nd2) << text;
}

TEST(ConversionNotation, RecordsTheCheckMarkWrittenBeforeTheSuffix) {
  SanDetails d;
  parse_san(at(kCheck), "Bh3+/Qf3", &d);
  EXPECT_EQ(d.check_mark, '+');
  EXPECT_TRUE(d.conversions_written);
}

TEST(ConversionNotation, StatedConversionsMustBeExactlyTheMovesOwn) {
  const auto mismatch = [](const char* fen, const char* text) {
    try {
      parse_san(at(fen), text);
    } catch (const NotationError& e) {
      EXPECT_EQ(e.kind(), NotationErrorKind::kConversionMismatch) << text;
      return std::string(e.what());
    }
    ADD_FAILURE() << "accepted " << text;
    return std::string();
  };
  EXPECT_THAT(mismatch(kCheck, "Bh3+"), HasSubstr("converts Qf3"));  // omitted
  EXPECT_THAT(mismatch(kCheck, "Bh3/Nf3"), HasSubstr("the piece converted there is Qf3"));
  EXPECT_THAT(mismatch(kTwo, "Nd2/Bd1"), HasSubstr("converts Bd1, Pg2"));  // one missing
  EXPECT_THAT(mismatch(kTwo, "Nf3/Pg2"), HasSubstr("converts nothing"));   // none made
  EXPECT_THAT(mismatch(kCapture, "Qxf1/Pf2/Pe2"), HasSubstr("states conversion of Pf2, Pe2"));
}

TEST(ConversionNotation, BadSuffixIsASyntaxError) {
  try {
    parse_san(at(kCheck), "Bh3/Qz9");
    ADD_FAILURE() << "accepted a bad suffix";
  } catch (const NotationError& e) {
    EXPECT_EQ(e.kind(), NotationErrorKind::kSyntax);
    EXPECT_THAT(e.what(), HasSubstr("expected a piece letter and square such as /Nf3"));
  }
}

TEST(ConversionNotation, OrthodoxMovesStillReadWithoutSuffixes) {
  const Position pos = at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(to_san(pos, parse_san(pos, "Nf3")), "Nf3");
}

}  // namespace
}  // namespace arbiter
