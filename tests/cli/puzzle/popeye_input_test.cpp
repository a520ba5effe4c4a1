// The Popeye input reader (cli/puzzle/popeye_input.cpp) on problem texts written here: every
// keyword it knows, the three languages, abbreviations, twins, options, and errors that name
// file and line; and the EPD and FEN-line readers.
#include <gtest/gtest.h>

#include <random>

#include "cli/puzzle/problem_source.hpp"

namespace arbiter::cli {
namespace {

// Sam Loyd, Le Sphinx 1859: #2, key Qa5 (the position of the puzzle CLI tests).
constexpr const char* kLoydFen = "2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1";

std::vector<ProblemSpec> read(const std::string& text) {
  return read_popeye(text, "t.inp");
}

ProblemSpec only(const std::string& text) {
  const auto problems = read(text);
  EXPECT_EQ(problems.size(), 1U);
  return problems.empty() ? ProblemSpec{} : problems.front();
}

/// A #1 (White Kg6 Ra1, Black Kh8; three lines) with `twins` after it, read: the twin tests'
/// problem.
std::vector<ProblemSpec> read_twins(const std::string& twins) {
  return read("BeginProblem\nStipulation #1\nPieces White Kg6 Ra1 Black Kh8\n" + twins +
              "EndProblem\n");
}

/// The FEN of each problem read ("" for one that could not be read).
std::vector<std::string> fens_of(const std::vector<ProblemSpec>& problems) {
  std::vector<std::string> fens;
  for (const ProblemSpec& p : problems) fens.push_back(p.fen);
  return fens;
}

/// The error of the only problem of `text`.
std::string error_of(const std::string& text) {
  return only(text).error;
}

TEST(PopeyeInput, EnglishProblemWithItsMetadata) {
  const ProblemSpec p = only(
      "BeginProblem\n"
      "Author Sam Loyd\n"
      "Origin Le Sphinx, 1859\n"
      "Title A waiting move\n"
      "Award 1st Prize\n"
      "Remark the key quietly waits\n"
      "Stipulation #2\n"
      "Pieces White Kg3 Qh5 Se3 Pb3d2f4\n"
      "       Black Kd4 Rd8e8 Bc8f8 Pa6b4d3e4g4\n"
      "EndProblem\n");
  EXPECT_EQ(p.error, "");
  EXPECT_EQ(p.fen, kLoydFen);
  EXPECT_EQ(p.stip, "#2");
  EXPECT_EQ(p.author, "Sam Loyd");
  EXPECT_EQ(p.origin, "Le Sphinx, 1859");
  EXPECT_EQ(p.title, "A waiting move");
  EXPECT_EQ(p.award, "1st Prize");
  ASSERT_EQ(p.remarks.size(), 1U);
  EXPECT_EQ(p.remarks[0], "the key quietly waits");
  EXPECT_EQ(p.source, "t.inp:1");
  EXPECT_EQ(p.index, 1);
}

TEST(PopeyeInput, GermanAndFrenchReadTheSamePosition) {
  const ProblemSpec de = only(
      "AnfangProblem\nAutor Sam Loyd\nQuelle Le Sphinx\nTitel x\nForderung #2\n"
      "Steine Weiss Kg3 Dh5 Se3 Bb3d2f4 Schwarz Kd4 Td8e8 Lc8f8 Ba6b4d3e4g4\nEndeProblem\n");
  const ProblemSpec fr = only(
      "DebutProbleme\nAuteur Sam Loyd\nSource Le Sphinx\nTitre x\nEnonce #2\n"
      "Pieces Blanc Rg3 Dh5 Ce3 Pb3d2f4 Noir Rd4 Td8e8 Fc8f8 Pa6b4d3e4g4\nFinProbleme\n");
  for (const ProblemSpec& p : {de, fr}) {
    EXPECT_EQ(p.error, "");
    EXPECT_EQ(p.fen, kLoydFen);
    EXPECT_EQ(p.author, "Sam Loyd");
    EXPECT_EQ(p.origin, "Le Sphinx");
    EXPECT_EQ(p.title, "x");
  }
}

TEST(PopeyeInput, KeywordsMayBeAbbreviatedToAnUnambiguousPrefix) {
  // As Popeye's GetUniqIndex: case-insensitive prefixes ("noboa": "nob" is also NoBk; "try"
  // is spelled out, as "tr" is also TrivialTriesAvoid).
  const ProblemSpec p = only(
      "beginp\nstip #2\npie whi Kg3 Qh5 Se3 Pb3d2f4 bl Kd4 Rd8e8 Bc8f8 Pa6b4d3e4g4\n"
      "opt noboa try\nendp\n");
  EXPECT_EQ(p.error, "");
  EXPECT_EQ(p.fen, kLoydFen);
  // The piece and its squares may be separate words (not right after the colour, where Popeye
  // reads "K" as the attribute Kamikaze).
  EXPECT_EQ(only("BeginProblem Stipulation #1 Pieces White Kg6 R a1 Black Kh8 EndProblem").fen,
            "7k/8/6K1/8/8/8/8/R7 w - - 0 1");
}

TEST(PopeyeInput, AnAmbiguousAbbreviationIsAnError) {
  // "p": Pieces and Protocol; "ma": MaxSolutions, MaxFlightsquares, MaxTime.
  EXPECT_EQ(error_of("BeginProblem\nStipulation #2\np White Ke1 Black Ke8\nEndProblem\n"),
            "t.inp:3: unknown or ambiguous keyword 'p'");
  EXPECT_EQ(error_of("BeginProblem\nStipulation #2\nOption ma 3\nEndProblem\n"),
            "t.inp:3: ambiguous option 'ma'");
  EXPECT_EQ(error_of("Bxyz\n"),
            "t.inp:1: expected BeginProblem (AnfangProblem, DebutProbleme), "
            "not 'Bxyz'");
}

TEST(PopeyeInput, WhoStartsFollowsTheStipulation) {
  const std::string pieces = "Pieces White Ke1 Qd1 Black Ke8\n";
  EXPECT_EQ(only("BeginProblem Stipulation h#2 " + pieces + "EndProblem").fen,
            "4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
  EXPECT_EQ(only("BeginProblem Stipulation s#2 " + pieces + "EndProblem").fen,
            "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
  // HalfDuplex: the other side's problem.
  EXPECT_EQ(only("BeginProblem Stipulation h#2 Option HalfDuplex " + pieces + "EndProblem").fen,
            "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
  // Duplex: both, one after the other.
  const auto duplex = read("BeginProblem Stipulation h#2 Option Duplex " + pieces + "EndProblem");
  ASSERT_EQ(duplex.size(), 2U);
  EXPECT_EQ(duplex[0].fen, "4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
  EXPECT_EQ(duplex[1].fen, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
  EXPECT_EQ(duplex[1].twin, "half-duplex");
}

TEST(PopeyeInput, CastlingWhereKingAndRookStandAtHomeUnlessNoCastling) {
  const std::string pieces = "Pieces White Ke1 Ra1h1 Black Ke8 Ra8h8\n";
  EXPECT_EQ(only("BeginProblem Stipulation #2 " + pieces + "EndProblem").fen,
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(only("BeginProblem Stipulation #2 Option NoCastling a1e8 " + pieces + "EndProblem").fen,
            "r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1");
}

TEST(PopeyeInput, OptionsArbiterHonours) {
  const ProblemSpec p = only(
      "BeginProblem Stipulation #2 Option MaxSolutions 3 NoThreat Try Defence 1 NoBoard\n"
      "EnPassant e7 e6 e5 Pieces White Ke1 Pd5 Black Ke8 Pe5 EndProblem");
  EXPECT_EQ(p.error, "");
  EXPECT_EQ(p.max_solutions, 3);
  EXPECT_TRUE(p.no_threat);
  EXPECT_EQ(p.fen, "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
  EXPECT_TRUE(p.notes.empty());
}

TEST(PopeyeInput, OptionsThatOnlyChangePopeyesPrintoutAreNotedWithTheirLine) {
  const ProblemSpec p = only(
      "BeginProblem\nProtocol out.txt\nStipulation #2\nOption Variation\n  MoveNumbers "
      "Intelligent 2 MaxTime 60\nPieces White Ke1 Black Ke8\nEndProblem\n");
  EXPECT_EQ(p.error, "");
  ASSERT_EQ(p.notes.size(), 4U);  // MaxTime is honoured (issue 39): no note
  EXPECT_EQ(p.notes[0],
            "t.inp:2: 'protocol out.txt' ignored: arbiter writes no protocol file (redirect its "
            "output)");
  EXPECT_EQ(p.notes[1],
            "t.inp:4: option 'Variations' ignored: the variations are printed with --format "
            "tree");
  EXPECT_EQ(p.max_seconds, 60);
}

TEST(PopeyeInput, IntelligentWithANumberIsNotedAsALimitOnWhatPopeyePrints) {
  // Popeye's BEISPIEL/intell.inp (Kubecka, ser-#7, `Option Duplex Intelligent 2`): Popeye
  // prints 25 lines of the half-duplex's 1,051, at most two per final position.
  const std::string pieces = "Pieces White Kh8 Rc2 Black Ka4 Rc3\nEndProblem\n";
  const ProblemSpec limited =
      only("BeginProblem\nStipulation ser-#7\nOption Intelligent 2\n" + pieces);
  ASSERT_EQ(limited.notes.size(), 1U);
  EXPECT_EQ(limited.notes[0],
            "t.inp:3: option 'Intelligent 2' ignored: besides how Popeye searches, it makes "
            "Popeye print at most 2 solutions per final position it aims at (a partial answer); "
            "arbiter lists the solutions without that limit");
  const ProblemSpec plain = only("BeginProblem\nStipulation ser-#7\nOption Intelligent\n" + pieces);
  ASSERT_EQ(plain.notes.size(), 1U);
  EXPECT_EQ(plain.notes[0],
            "t.inp:3: option 'Intelligent' ignored: it changes only how Popeye works");
}

TEST(PopeyeInput, DefenceSetsHowManyRefutationsATryMayHave) {
  const std::string pieces = "Pieces White Ke1 Qd1 Black Ke8\n";
  EXPECT_EQ(
      only("BeginProblem Stipulation #2 Option Defence 3 " + pieces + "EndProblem").max_refutations,
      3);
  EXPECT_EQ(only("BeginProblem Stipulation #2 " + pieces + "EndProblem").max_refutations,
            std::nullopt);
}

TEST(PopeyeInput, SetPlayIsAskedForProblemByProblem) {
  const std::string pieces = "Pieces White Ke1 Qd1 Black Ke8\n";
  EXPECT_TRUE(only("BeginProblem Stipulation #2 Option SetPlay " + pieces + "EndProblem").set_play);
  EXPECT_FALSE(only("BeginProblem Stipulation #2 " + pieces + "EndProblem").set_play);
  EXPECT_TRUE(only("BeginProblem Stipulation #2 " + pieces + "EndProblem").notes.empty());
}

TEST(PopeyeInput, HalfMoveHelpmatesStartWithTheMatingSide) {
  const std::string pieces = "Pieces White Ke1 Qd1 Black Ke8\n";
  const ProblemSpec p = only("BeginProblem Stipulation h#2.5 " + pieces + "EndProblem");
  EXPECT_EQ(p.error, "");
  EXPECT_EQ(p.stip, "h#2.5");
  EXPECT_EQ(p.fen, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
  EXPECT_EQ(only("BeginProblem Stipulation h#0.5 " + pieces + "EndProblem").stip, "h#0.5");
  // HalfDuplex: Black starts and White is mated.
  EXPECT_EQ(only("BeginProblem Stipulation h#1.5 Option HalfDuplex " + pieces + "EndProblem").fen,
            "4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
}

TEST(PopeyeInput, WhiteToPlayMakesAHelpmateHalfAMoveShorter) {
  // Popeye 122c7d0f solves h#2 with WhiteToPlay as h#1.5 (the same lines), and says
  // "WhiteToPlay not applicable - ignored" for an h#n.5 or a direct mate.
  const std::string pieces = "Pieces White Ke1 Qd1 Black Ke8\n";
  const ProblemSpec p =
      only("BeginProblem Stipulation h#2 Option WhiteToPlay " + pieces + "EndProblem");
  EXPECT_EQ(p.error, "");
  EXPECT_EQ(p.stip, "h#1.5");
  EXPECT_EQ(p.fen, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
  EXPECT_TRUE(p.notes.empty());
  const ProblemSpec q =
      only("BeginProblem Stipulation h#1.5\nOption WhiteToPlay\n" + pieces + "EndProblem");
  EXPECT_EQ(q.stip, "h#1.5");
  ASSERT_EQ(q.notes.size(), 1U);
  EXPECT_EQ(q.notes[0],
            "t.inp:2: option 'WhiteToPlay' ignored: not applicable to h#1.5 (as in Popeye)");
  // A twin's stipulation is turned as well.
  const auto twins = read("BeginProblem Stipulation h#2 Option WhiteToPlay " + pieces +
                          "Twin Stipulation h#3 EndProblem");
  ASSERT_EQ(twins.size(), 2U);
  EXPECT_EQ(twins[1].stip, "h#2.5");
}

TEST(PopeyeInput, WhatArbiterCannotSolveIsAnErrorNamingKeywordAndLine) {
  const std::string head = "BeginProblem\nStipulation #2\n";
  const std::string tail = "Pieces White Ke1 Black Ke8\nEndProblem\n";
  EXPECT_EQ(error_of(head + "Condition Circe Madrasi\n" + tail),
            "t.inp:3: conditions 'Circe Madrasi': arbiter plays one table at a time, so a "
            "Condition names one (docs/popeye-input.md, Conditions)");
  // Popeye reads a list of conditions over lines (BEISPIEL/einstein.inp).
  EXPECT_EQ(error_of(head + "Condition EinsteinChess\n  Circe\n" + tail),
            "t.inp:4: 'Circe' after condition 'EinsteinChess' (line 3): a second condition "
            "(arbiter plays one table at a time, so a Condition names one; "
            "docs/popeye-input.md, Conditions) or an unknown keyword");
  EXPECT_EQ(error_of(head + "Pieces White Ke1 Gd4 Black Ke8\nEndProblem\n"),
            "t.inp:3: piece 'G' is not supported by arbiter (it has the orthodox pieces kpqsrb)");
  EXPECT_EQ(error_of(head + "Pieces White Ke1 LEd4 Black Ke8\nEndProblem\n"),
            "t.inp:3: piece 'LE' is not supported by arbiter (it has the orthodox pieces kpqsrb)");
  EXPECT_EQ(error_of(head + "Pieces Neutral Pd4 White Ke1 Black Ke8\nEndProblem\n"),
            "t.inp:3: colour 'Neutral' is not supported by arbiter");
  EXPECT_EQ(error_of(head + "Pieces White Royal Qd4 Black Ke8\nEndProblem\n"),
            "t.inp:3: piece attribute 'Royal' is not supported by arbiter");
  EXPECT_EQ(error_of(head + "Option SetPlay\n  Threat 2\n" + tail),
            "t.inp:4: option 'Threat' is not supported by arbiter yet");
  EXPECT_EQ(error_of(head + "Option Defence 0\n" + tail),
            "t.inp:3: option 'Defence 0': the number of refutations of a try must be from 1 to "
            "99");
  EXPECT_EQ(error_of("BeginProblem\nStipulation s#2.5\n" + tail),
            "t.inp:2: stipulation 's#2.5': half moves only in helpmates (n from 1 to 30, h#n.5 "
            "from 0 to 29)");
  EXPECT_EQ(error_of("BeginProblem\nStipulation h#30.5\n" + tail),
            "t.inp:2: stipulation 'h#30.5': move count out of range (n from 1 to 30, h#n.5 from 0 "
            "to 29)");
  EXPECT_EQ(error_of("BeginProblem\nStipulation ser-r#3\n" + tail),
            "t.inp:2: stipulation 'ser-r#3' is not supported by arbiter (it solves #n, =n, h#n, "
            "h=n, h#n.5, s#n, s=n, r#n, ser-#n, ser-=n, ser-h#n, ser-h=n, ser-s#n)");
  EXPECT_EQ(error_of("BeginProblem\nSStipulation #2\n" + tail),
            "t.inp:2: keyword 'sstipulation' is not supported by arbiter");
  EXPECT_EQ(error_of("BeginProblem\nPieces White Ke1 Black Ke8\nEndProblem\n"),
            "t.inp:1: no Stipulation");
  EXPECT_EQ(error_of(head + "Pieces White Ke1 Black Ke8\n"),
            "t.inp:4: the file ends before EndProblem");
  EXPECT_EQ(error_of(head + "Pieces White Ke1 Black Ke8\nFoo\nEndProblem\n"),
            "t.inp:4: unknown or ambiguous keyword 'Foo'");
}

// Issue 23 item 6: a Condition names the table to solve in; the command checks the name.
TEST(PopeyeInput, AConditionIsKeptWithItsLineForTheProblemAndItsTwins) {
  const auto problems = read(
      "BeginProblem\nCondition ConversionChess\nStipulation #2\nPieces White Ke1 Black Ke8\n"
      "Twin Condition Orthodox\nTwin Move e1 d1\nEndProblem\n");
  ASSERT_EQ(problems.size(), 3U);
  EXPECT_EQ(problems[0].error, "");
  EXPECT_EQ(problems[0].condition, "ConversionChess");
  EXPECT_EQ(problems[0].condition_source, "t.inp:2");
  EXPECT_EQ(problems[1].condition, "Orthodox");
  EXPECT_EQ(problems[1].condition_source, "t.inp:5");
  EXPECT_EQ(problems[2].condition, "ConversionChess") << "a Twin starts from the problem";
}

TEST(PopeyeInput, AnErrorSkipsToTheNextProblemOnly) {
  const auto problems = read(
      "BeginProblem\nStipulation #1\nPieces White Kg6 Ra1 Black Kh8\n"
      "NextProblem\nStipulation #2\nCondition Circe Madrasi\nPieces White Ke1 Black Ke8\n"
      "NextProblem\nStipulation #1\nPieces White Kg6 Rb1 Black Kh8\nEndProblem\n");
  ASSERT_EQ(problems.size(), 3U);
  EXPECT_EQ(problems[0].error, "");
  EXPECT_EQ(problems[1].error,
            "t.inp:6: conditions 'Circe Madrasi': arbiter plays one table at a time, so a "
            "Condition names one (docs/popeye-input.md, Conditions)");
  EXPECT_EQ(problems[1].source, "t.inp:4");
  EXPECT_EQ(problems[2].error, "");
  EXPECT_EQ(problems[2].fen, "7k/8/6K1/8/8/8/8/1R6 w - - 0 1");
  EXPECT_EQ(problems[2].source, "t.inp:8");
  EXPECT_EQ(problems[2].index, 3);
}

TEST(PopeyeInput, AProblemFoundWantingAtItsEndDoesNotSwallowTheNext) {
  const auto problems = read(
      "BeginProblem\nPieces White Kg6 Ra1 Black Kh8\n"
      "NextProblem\nStipulation #1\nPieces White Kg6 Rb1 Black Kh8\nTwin\n"
      "NextProblem\nStipulation #1\nPieces White Kg6 Rc1 Black Kh8\nEndProblem\n");
  ASSERT_EQ(problems.size(), 4U);
  EXPECT_EQ(problems[0].error, "t.inp:1: no Stipulation");
  EXPECT_EQ(problems[1].fen, "7k/8/6K1/8/8/8/8/1R6 w - - 0 1");
  EXPECT_EQ(problems[2].error, "t.inp:7: Twin without a change ('NextProblem')");
  EXPECT_EQ(problems[3].fen, "7k/8/6K1/8/8/8/8/2R5 w - - 0 1");
}

TEST(PopeyeInput, TwinsAreProblemsOfTheirOwn) {
  const auto problems = read(
      "BeginProblem\nAuthor A\nStipulation #1\nPieces White Kg6 Ra1 Black Kh8\n"
      "Twin Move a1 b1\n"
      "Twin Exchange a1 g6\n"
      "Twin Remove a1 Add White Qa2\n"
      "Twin Stipulation h#1\n"
      "Twin Continued Move h1 h2\n"  // error: nothing on h1 (the last twin has no piece there)
      "EndProblem\n");
  ASSERT_EQ(problems.size(), 6U);
  EXPECT_EQ(problems[0].twin, "a)");
  EXPECT_EQ(problems[0].fen, "7k/8/6K1/8/8/8/8/R7 w - - 0 1");
  EXPECT_EQ(problems[1].twin, "b) Move a1 b1");
  EXPECT_EQ(problems[1].fen, "7k/8/6K1/8/8/8/8/1R6 w - - 0 1");
  EXPECT_EQ(problems[1].source, "t.inp:5");
  EXPECT_EQ(problems[1].author, "A");
  EXPECT_EQ(problems[2].fen, "7k/8/6R1/8/8/8/8/K7 w - - 0 1");  // from the initial position
  EXPECT_EQ(problems[3].twin, "d) Remove a1 Add White Qa2");
  EXPECT_EQ(problems[3].fen, "7k/8/6K1/8/8/8/Q7/8 w - - 0 1");
  EXPECT_EQ(problems[4].stip, "h#1");
  EXPECT_EQ(problems[4].fen, "7k/8/6K1/8/8/8/8/R7 b - - 0 1");
  EXPECT_EQ(problems[5].error, "t.inp:9: twin 'move': no piece on h1");
}

TEST(PopeyeInput, ATwinThatCannotBeReadIsReportedInItsPlaceAndTheOtherTwinsAreRead) {
  // As Popeye goes on with a problem's other twins: the twin is an error at its line, in its
  // problem's block; a continued twin built on it is one too.
  const auto problems = read_twins(
      "Twin Add White Gg5\n"
      "Twin Continued Move a1 b1\n"
      "Twin Move a1 c1\n");
  ASSERT_EQ(problems.size(), 4U);
  EXPECT_EQ(problems[1].error,
            "t.inp:4: piece 'G' is not supported by arbiter (it has the "
            "orthodox pieces kpqsrb)");
  EXPECT_EQ(problems[1].source, "t.inp:4");
  EXPECT_EQ(problems[1].twin, "b)");
  EXPECT_EQ(problems[1].popeye_twin, "b) ");
  EXPECT_EQ(problems[2].error, "t.inp:5: twin c) continues twin b), which could not be read");
  EXPECT_EQ(problems[2].popeye_twin, "+c) ");
  EXPECT_EQ(problems[3].error, "");
  EXPECT_EQ(problems[3].twin, "d) Move a1 c1");
  EXPECT_EQ(problems[3].fen, "7k/8/6K1/8/8/8/8/2R5 w - - 0 1");
  for (const auto& p : problems) EXPECT_EQ(p.group, problems[0].group);
  EXPECT_FALSE(problems[0].popeye_head.empty());
}

TEST(PopeyeInput, ATwinnedProblemWithoutAStipulationFailsTwinByTwinUnderItsHead) {
  // fuzz_popeye's crash-unparsable-stipulation-head: every twin is "no Stipulation" at its
  // line, and the block's head is still made, its stipulation line without a stipulation.
  const auto problems = read(
      "BeginProblem\nPieces White Kg6 Ra1 Black Kh8\nZeroPosition Move a1 b1\nTwin Move a1 c1\n"
      "EndProblem\n");
  ASSERT_EQ(problems.size(), 2U);
  EXPECT_EQ(problems[0].error, "t.inp:3: no Stipulation");
  EXPECT_EQ(problems[1].error, "t.inp:4: no Stipulation");
  EXPECT_EQ(problems[0].popeye_head, "                              2 + 1\n\nzeroposition\n\n");
}

TEST(PopeyeInput, TwinsAfterZAreLabelledZ1Z2AsPopeyeLabelsThem) {
  // Popeye's REGRESSIONS/4_51_to_4_53.inp has a problem with 130 twins: "z)", then "z1)", ...
  std::string twins;
  for (int i = 0; i < 28; ++i) twins += "Twin Move a1 b1\n";
  const auto problems = read_twins(twins);
  ASSERT_EQ(problems.size(), 29U);
  EXPECT_EQ(problems[25].twin, "z) Move a1 b1");
  EXPECT_EQ(problems[26].twin, "z1) Move a1 b1");
  EXPECT_EQ(problems[28].twin, "z3) Move a1 b1");
  EXPECT_EQ(problems[28].error, "");
}

TEST(PopeyeInput, ContinuedTwinsBuildOnTheLastTwinAndZeroPositionIsNotSolved) {
  const auto problems = read_twins(
      "ZeroPosition Move a1 b1\n"
      "Twin Continued Move b1 c1\n"
      "Twin PolishType\n");
  ASSERT_EQ(problems.size(), 3U);
  EXPECT_EQ(problems[0].twin, "a) Move a1 b1");
  EXPECT_EQ(problems[1].twin, "b) Continued Move b1 c1");
  EXPECT_EQ(problems[1].fen, "7k/8/6K1/8/8/8/8/2R5 w - - 0 1");
  EXPECT_EQ(problems[2].fen, "7K/8/6k1/8/8/8/8/r7 w - - 0 1");
}

TEST(PopeyeInput, TwinsThatMoveTheWholeBoard) {
  // Popeye's transformSquare: rotate 90 takes a1 to h1; mirror names where a1 (or a8) goes.
  const auto problems = read(
      "BeginProblem Stipulation #1 Pieces White Kf6 Ra1 Black Kh8\n"
      "Twin Rotate 90 Twin Rotate 180 Twin Rotate 270\n"
      "Twin Mirror a1<-->h1 Twin Mirror a1<-->a8 Twin Mirror a1<-->h8 Twin Mirror a8<-->h1\n"
      "Twin Substitute R Q Twin Shift a1 b1\n"
      "EndProblem\n");
  ASSERT_EQ(problems.size(), 10U);
  EXPECT_EQ(fens_of(problems), (std::vector<std::string>{
                                   "7k/8/5K2/8/8/8/8/R7 w - - 0 1",  // the diagram
                                   "k7/8/2K5/8/8/8/8/7R w - - 0 1",  // rotate 90
                                   "7R/8/8/8/8/2K5/8/k7 w - - 0 1",  // rotate 180
                                   "R7/8/8/8/8/5K2/8/7k w - - 0 1",  // rotate 270
                                   "k7/8/2K5/8/8/8/8/7R w - - 0 1",  // a1<-->h1
                                   "R7/8/8/8/8/5K2/8/7k w - - 0 1",  // a1<-->a8
                                   "7R/8/8/8/8/2K5/8/k7 w - - 0 1",  // a1<-->h8
                                   "7k/8/5K2/8/8/8/8/R7 w - - 0 1",  // a8<-->h1
                                   "7k/8/5K2/8/8/8/8/Q7 w - - 0 1",  // substitute R Q
                                   "",                               // shift: an error
                               }));
  EXPECT_EQ(problems[9].error, "t.inp:4: twin 'shift': the piece on h8 leaves the board");
}

TEST(PopeyeInput, GermanTwinsAbbreviated) {
  const auto problems =
      read("anfa\nford #1\nstei weis kg6 ta1 schw kh8\nzwil versetz a1 b1\nzwil tau g6 h8\nende\n");
  ASSERT_EQ(problems.size(), 3U);
  EXPECT_EQ(problems[1].fen, "7k/8/6K1/8/8/8/8/1R6 w - - 0 1");
  EXPECT_EQ(problems[2].fen, "7K/8/6k1/8/8/8/8/R7 w - - 0 1");
}

TEST(PopeyeInput, Forsyth) {
  // BEISPIEL/owu.inp's position (German letters, B the pawn; 24 skips three ranks).
  EXPECT_EQ(only("anfa ford #2 fors 24/D7/3sK3/5b2/STB1BT2/3k4/ ende").fen,
            "8/8/8/Q7/3nK3/5p2/NRP1PR2/3k4 w - - 0 1");
  EXPECT_EQ(only("BeginProblem Stipulation #1 Forsyth 7k/8/6K1/8/8/8/8/R7 EndProblem").fen,
            "7k/8/6K1/8/8/8/8/R7 w - - 0 1");
  EXPECT_EQ(only("BeginProblem Stipulation #1 Forsyth 7-k/8/6+K1/64 EndProblem").fen,
            "7k/8/6K1/8/8/8/8/8 w - - 0 1");
  EXPECT_EQ(error_of("BeginProblem Stipulation #1 Forsyth 7k/.LE7 EndProblem"),
            "t.inp:1: Forsyth '7k/.LE7': fairy pieces are not supported by arbiter");
  EXPECT_EQ(error_of("BeginProblem Stipulation #1 Forsyth 64K EndProblem"),
            "t.inp:1: Forsyth '64K' goes past h1");
}

TEST(PopeyeInput, InitialGameArray) {
  EXPECT_EQ(only("BeginProblem Stipulation h#2 InitialGameArray EndProblem").fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
}

TEST(PopeyeInput, BadInputNeverThrowsOrHangs) {
  const std::string good =
      "BeginProblem\nAuthor X\nStipulation #2\nOption NoCastling a1 EnPassant e2e3e4\n"
      "Pieces White Kg3 Qh5 Se3 Pb3d2f4 Black Kd4 Rd8e8 Bc8f8 Pa6b4d3e4g4\n"
      "Twin Move h5 h6 Twin Continued Add Black Pa2\nEndProblem\n";
  for (std::size_t n = 0; n <= good.size(); ++n) {
    const auto problems = read(good.substr(0, n));
    EXPECT_FALSE(problems.empty()) << n;
    for (const auto& p : problems) EXPECT_TRUE(p.error.empty() != p.fen.empty()) << n;
  }
  std::mt19937 rng(23);
  const std::string alphabet = "BeginProblemStipulation#h2 \n;,.WhiteBlackKkQqSsa1e8TwinMove";
  for (int i = 0; i < 300; ++i) {
    std::string text = i % 2 ? "BeginProblem " : "";
    const std::size_t len = rng() % 80;
    for (std::size_t k = 0; k < len; ++k) text += alphabet[rng() % alphabet.size()];
    EXPECT_NO_THROW(read(text)) << text;
  }
}

TEST(ProblemFiles, EpdTakesTheStipulationFromItsOperationOrTheDefault) {
  const auto problems = read_epd(
      "% a comment\n"
      "2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - stip \"#2\"; id \"Loyd\";\n"
      "\n"
      "7k/8/6K1/8/8/8/8/R7 w - -\n"
      "7k/8\n",
      "p.epd", "#1");
  ASSERT_EQ(problems.size(), 3U);
  EXPECT_EQ(problems[0].fen + " 0 1", kLoydFen);  // the position as the line gives it
  EXPECT_EQ(problems[0].stip, "#2");
  EXPECT_EQ(problems[0].title, "Loyd");
  EXPECT_EQ(problems[0].source, "p.epd:2");
  EXPECT_EQ(problems[1].stip, "#1");
  EXPECT_EQ(problems[1].index, 2);
  EXPECT_EQ(problems[2].error,
            "p.epd:5: an EPD line needs four FEN fields (board, side, "
            "castling, en passant)");
  EXPECT_EQ(read_epd("7k/8/6K1/8/8/8/8/R7 w - -\n", "p.epd", "")[0].error,
            "p.epd:1: no stipulation: give the operation `dm 2;` (#2) or `stip \"h#2\";`, or "
            "--stip");
}

TEST(ProblemFiles, FenLines) {
  const auto problems = read_fen_lines(
      std::string(kLoydFen) + "\n\n% skipped\n7k/8/6K1/8/8/8/8/R7 w - - 0 1\n", "f.txt", "#2");
  ASSERT_EQ(problems.size(), 2U);
  EXPECT_EQ(problems[1].source, "f.txt:4");
  EXPECT_EQ(problems[1].stip, "#2");
}

TEST(ProblemFiles, LooksLikePopeye) {
  EXPECT_TRUE(looks_like_popeye("  beginprob\n"));
  EXPECT_TRUE(looks_like_popeye("AnfangProblem"));
  EXPECT_TRUE(looks_like_popeye("debut"));
  EXPECT_FALSE(looks_like_popeye(kLoydFen));
  EXPECT_FALSE(looks_like_popeye(""));
}

}  // namespace
}  // namespace arbiter::cli
