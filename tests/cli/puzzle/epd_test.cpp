// EPD lines of problems (cli/puzzle/epd.hpp): what `puzzle export` writes, `puzzle solve --epd`
// and `puzzle check` read back; the standard `dm N` for direct mates, arbiter's `stip` for the
// rest, an older arbiter's `c0 "#2"`, and a precise error for a malformed opcode.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli/puzzle/epd.hpp"

namespace arbiter::cli {
namespace {

std::string epd_error_of(const std::string& line) {
  try {
    parse_epd_line(line);
  } catch (const EpdError& e) {
    return e.what();
  }
  return "";
}

constexpr const char* kLoydEpd = "2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - -";

TEST(Epd, EveryStipulationKindExportWritesReadsBackAsTheSameProblem) {
  const std::vector<std::string> fens = {
      "2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1",
      "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
      "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
  };
  const std::vector<std::string> stipulations = {
      "#1",     "#2",     "#30",    "h#1",     "h#2",     "h#30",   "h#0.5", "h#1.5",
      "h#29.5", "s#1",    "s#2",    "s#30",    "=2",      "h=2",    "h=1.5", "s=3",
      "r#2",    "ser-#5", "ser-=4", "ser-h#3", "ser-h=3", "ser-s#2"};
  for (const std::string& fen : fens) {
    for (const std::string& text : stipulations) {
      const puzzles::Stipulation stip = puzzles::parse_stipulation(text);
      for (const std::string& key : {std::string("Qa5"), std::string()}) {
        const std::string line = epd_line(fen, stip, key, "orthodox:17");
        const EpdProblem back = parse_epd_line(line);
        EXPECT_EQ(back.fen + " 0 1", fen) << line;  // the clocks are not written
        EXPECT_EQ(back.stip, stip.str()) << line;
        EXPECT_EQ(back.id, "orthodox:17") << line;
      }
    }
  }
}

TEST(Epd, ExportWritesTheStandardDmForDirectMatesAndStipForTheOtherKinds) {
  const std::string fen = std::string(kLoydEpd) + " 0 1";
  EXPECT_EQ(epd_line(fen, puzzles::parse_stipulation("#2"), "Qa5", "orthodox:1"),
            std::string(kLoydEpd) + " bm Qa5; dm 2; id \"orthodox:1\";");
  EXPECT_EQ(epd_line(fen, puzzles::parse_stipulation("h#2.5"), "Kd5", "orthodox:2"),
            std::string(kLoydEpd) + " bm Kd5; stip \"h#2.5\"; id \"orthodox:2\";");
  EXPECT_EQ(epd_line(fen, puzzles::parse_stipulation("s#3"), "", "conversion:3"),
            std::string(kLoydEpd) + " stip \"s#3\"; id \"conversion:3\";");
  // A stalemate in two is no direct mate: `dm` would read it back as #2.
  EXPECT_EQ(epd_line(fen, puzzles::parse_stipulation("=2"), "Qa5", "orthodox:4"),
            std::string(kLoydEpd) + " bm Qa5; stip \"=2\"; id \"orthodox:4\";");
}

TEST(Epd, TheStandardDmOpcodeIsADirectMate) {
  EXPECT_EQ(parse_epd_line(std::string(kLoydEpd) + " dm 2;").stip, "#2");
  EXPECT_EQ(parse_epd_line(std::string(kLoydEpd) + " bm Qa5; dm 2; id \"loyd\";").stip, "#2");
  // The last ';' left out is forgiven; dm and stip agreeing are fine together.
  EXPECT_EQ(parse_epd_line(std::string(kLoydEpd) + " dm 3").stip, "#3");
  EXPECT_EQ(parse_epd_line(std::string(kLoydEpd) + " dm 2; stip \"#2\";").stip, "#2");
}

TEST(Epd, AnOlderArbitersExportWithTheStipulationInC0IsRead) {
  const EpdProblem p =
      parse_epd_line(std::string(kLoydEpd) + " bm Qa5; c0 \"#2\"; id \"orthodox:3\";");
  EXPECT_EQ(p.stip, "#2");
  EXPECT_EQ(p.id, "orthodox:3");
  EXPECT_EQ(parse_epd_line(std::string(kLoydEpd) + " c0 \"h#3\";").stip, "h#3");
  // c0 is a comment: one that is no stipulation names none, and dm wins over it.
  EXPECT_EQ(parse_epd_line(std::string(kLoydEpd) + " c0 \"Loyd, 1859\";").stip, "");
  EXPECT_EQ(parse_epd_line(std::string(kLoydEpd) + " dm 2; c0 \"h#3\";").stip, "#2");
}

TEST(Epd, TheClocksOfAFullFenBeforeTheOperationsAreKept) {
  const EpdProblem p = parse_epd_line(std::string(kLoydEpd) + " 3 40 dm 2;");
  EXPECT_EQ(p.fen, std::string(kLoydEpd) + " 3 40");
  EXPECT_EQ(p.stip, "#2");
}

TEST(Epd, AMalformedOpcodeIsAnErrorNamingTheOpcodeAndWhatWasExpected) {
  struct Case {
    const char* operations;
    const char* says;
  };
  const Case cases[] = {
      {"dm x;",
       "EPD opcode 'dm': expected one move count from 1 to 30 (dm N: direct mate in "
       "N), got 'x'"},
      {"dm 0;", "EPD opcode 'dm': expected one move count from 1 to 30"},
      {"dm 31;", "EPD opcode 'dm': expected one move count from 1 to 30"},
      {"dm 2 3;", "got '2 3'"},
      {"dm;", "got ''"},
      {"stip \"q#2\";",
       "EPD opcode 'stip': bad stipulation 'q#2': no '#' or '=' (expected #N, =N, h#N"},
      {"stip;",
       "EPD opcode 'stip': expected one stipulation (#N, h#N, h#N.5, s#N, =N, r#N, "
       "ser-#N, ...), got 0"},
      {"2dm 3;",
       "EPD opcode '2dm' is malformed: expected an opcode (a letter, then letters, "
       "digits or '_'"},
      {"bm Qa5; ;", "EPD opcode ';' is malformed"},
      {"c0 \"never closed;",
       "EPD opcode 'c0': its string operand opened with '\"' is never "
       "closed: expected c0 \"...\";"},
      {"dm 2; dm 3;", "EPD opcode 'dm' appears twice: expected each opcode once in a line"},
      {"dm 2; stip \"h#2\";", "EPD opcodes 'dm 2' and 'stip \"h#2\"' name different stipulations"},
  };
  for (const Case& c : cases) {
    const std::string error = epd_error_of(std::string(kLoydEpd) + " " + c.operations);
    EXPECT_NE(error.find(c.says), std::string::npos) << c.operations << "\n" << error;
  }
  EXPECT_NE(epd_error_of("8/8/8/8 w").find("an EPD line needs four FEN fields"), std::string::npos);
}

}  // namespace
}  // namespace arbiter::cli
