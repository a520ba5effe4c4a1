// `arbiter puzzle solve FILE --format tree` for the stipulations beyond #n, s#n and h#n, on
// Popeye's own problems with the lines Popeye 122c7d0f printed for them (quoted in each test,
// in Popeye's notation; arbiter prints SAN).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

/// The solution tree of the one problem `text` (a Popeye file), checked to end with exit 0
/// (sound) or 1 (cooked).
std::string stipulation_tree(const std::string& text, int status = 0) {
  const fs::path p = fs::temp_directory_path() /
                     ("arbiter_stipkinds_" + std::to_string(::getpid()) + "_" +
                      ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".inp");
  std::ofstream(p) << text;
  const test::CommandResult r = test::run_arbiter("puzzle solve -q --format tree " + p.string());
  fs::remove(p);
  EXPECT_EQ(r.status, status) << r.out << r.err;
  return r.out;
}

TEST(StipulationKindsCli, StalemateInTwoMarksTheStalematesWithAnEqualsSign) {
  // BEISPIEL/twin.inp, Gvozdjak (Pravda 1989), twin b) =2; Popeye (REGRESSIONTESTS/twin.out):
  //   1.d2-d4 !  1...Kg5-f4 2.g4-g5 =  1...Kg5-h4 2.Sf8-e6 =  1...Kg5-h6 2.Se5-f3 =
  //   1...Kg5-f6 2.Le1-d2 =
  const std::string out = stipulation_tree(
      "BeginProblem\nPieces White Kd8 Rg3 Rg8 Be1 Bh7 Se5 Sf8 Pd2 Pf7 Pg4 Pg7 Black Kg5 Pd5\n"
      "Stipulation =2\nOption NoThreat\nEndProblem\n");
  EXPECT_NE(out.find("=2: sound\n1.d4!\n  1...Kf4 2.g5 =\n  1...Kh4 2.Ne6 =\n  1...Kf6 2.Bd2 =\n"
                     "  1...Kh6 2.Nf3 =\n"),
            std::string::npos)
      << out;
}

TEST(StipulationKindsCli, HelpStalemateIsOneLineEndingInStalemate) {
  // BEISPIEL/twin.inp, Myllyniemi (O. Kaila JT 1967), twin d) h=2; Popeye:
  //   1.e6-e5 e7-e8=T   2.e5-e4 + Te8*e4 =
  const std::string out = stipulation_tree(
      "BeginProblem\nPieces White Kd3 Rf6 Ba4 Sc4 Pc6 Pe2 Pe7 Pg5 Black Kd5 Sh8 Pc5 Pc7 Pd4 Pd6 "
      "Pe3 Pe6 Pf7 Pg6\nStipulation h=2\nEndProblem\n");
  EXPECT_NE(out.find("h=2: sound\n1.e5 e8=R 2.e4+ Rxe4 =\n"), std::string::npos) << out;
}

TEST(StipulationKindsCli, ReflexmateKeyIsTheOneAfterWhichNoDefenceLeavesWhiteAMate) {
  // TESTS/battle_play.inp, "r#2"; Popeye (REGRESSIONTESTS/battle_play.tst):
  //   1.Bh7-c2 ! zugzwang.  1...b4-b3 2.Bc2-b1 2...b3-b2 #
  // (arbiter's tree stops at White's last move, as its s#n trees do; the tries are arbiter's).
  const std::string out = stipulation_tree(
      "BeginProblem\nPieces White Ka1 Bh7 Black Ka3 Pa4 Pb4\nStipulation r#2\nEndProblem\n");
  EXPECT_NE(out.find("r#2: sound\n"), std::string::npos) << out;
  EXPECT_NE(out.find("1.Bc2! zugzwang\n  1...b3 2.Bb1\n"), std::string::npos) << out;
}

TEST(StipulationKindsCli, SeriesHelpmateNumbersEachSeriesMoveAndEndsWithTheMate) {
  // BEISPIEL/twin.inp, Husserl (Die Schwalbe 1973), ser-h#4; Popeye:
  //   1.Kd4-d3   2.Kd3-c2   3.Kc2-b1   4.Kb1-a1 Da3-c1 #
  const std::string out = stipulation_tree(
      "BeginProblem\nPieces White Ke1 Qa3 Bg3 Black Kd4 Ra2 Bg1 Pa6 Pc3 Pe3 Ph7\n"
      "Stipulation ser-h#4\nEndProblem\n");
  EXPECT_NE(out.find("ser-h#4: sound\n1.Kd3 2.Kc2 3.Kb1 4.Ka1 Qc1#\n"), std::string::npos) << out;
}

TEST(StipulationKindsCli, SeriesSelfmateListsEveryLineWithTheForcedMate) {
  // BEISPIEL/stip.inp, Bakcsi (feenschach 1987), ser-s#4; Popeye (REGRESSIONTESTS/stip.out):
  //   1.b6-b7 2.b7-b8=D 3.Db8-e5 4.Lc2-d1 + Da4*d1 #   1.b6-b7 2.b7-b8=L 3.Lb8-f4 ...
  //   1.a7-a8=S 2.Sa8-c7 3.Sc7-d5 ...   1.a7-a8=T 2.Ta8-e8 3.Te8*e6 ...
  const std::string out = stipulation_tree(
      "BeginProblem\nPieces White Pa7 Pb6 Pe3 Ph2 Sc5 Bc2 Kg1 Black Pe6 Qa4 Kf3\n"
      "Stipulation ser-s#4\nEndProblem\n",
      1);
  EXPECT_NE(out.find("ser-s#4: cooked\n1.b7 2.b8=Q 3.Qe5 4.Bd1+ Qxd1#\n"
                     "1.b7 2.b8=B 3.Bf4 4.Bd1+ Qxd1#\n1.a8=R 2.Re8 3.Rxe6 4.Bd1+ Qxd1#\n"
                     "1.a8=N 2.Nc7 3.Nd5 4.Bd1+ Qxd1#\n"),
            std::string::npos)
      << out;
}

TEST(StipulationKindsCli, SeriesListsTheShortSolutionsFirstAndMarksThemInText) {
  // A rook and king against a king in the corner: ser-#2 has its two-move line and the mate in
  // one, which the text output marks as a short solution (it cooks the problem).
  const test::CommandResult r =
      test::run_arbiter("puzzle solve --fen \"k7/8/1K6/8/8/8/8/2R5 w - - 0 1\" --stip ser-#2");
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("ser-#2: cooked\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("solution Rc8# (short)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("solution Ka6 Rc8#\n"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace arbiter
