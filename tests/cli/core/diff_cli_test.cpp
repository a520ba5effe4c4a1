// `arbiter diff`, `arbiter corpus record` and `arbiter ambiguities --knob`, run as a user would:
// exit statuses usable in a CI pipeline, and precise errors for bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::run_arbiter;

std::string diff_temp_file(const std::string& name, const std::string& text = "") {
  const auto path = std::filesystem::temp_directory_path() / ("arbiter-diff-cli-" + name);
  if (!text.empty()) std::ofstream(path) << text;
  return path.string();
}

const char* kFast = " -q --positions 20 --no-coverage --rlimit 400000000";

TEST(DiffCli, AChangedKnightIsReportedWithAWitnessAndExitOne) {
  const std::string t = diff_temp_file("camel.toml",
                                       "[table]\nname = \"camel\"\nextends = \"orthodox\"\n"
                                       "[pieces.N]\nbetza = \"C\"\n");
  auto r = run_arbiter("diff orthodox " + t + kFast);
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("pieces.N.betza: changed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("old -> "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("table.name: 'orthodox' -> 'camel'"), std::string::npos) << r.out;
  r = run_arbiter("diff orthodox " + t + " --json" + kFast);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("\"changed\":true"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"key\":\"pieces.N.betza\""), std::string::npos) << r.out;
}

TEST(DiffCli, ACosmeticEditIsNoChangeAndExitZero) {
  const std::string t = diff_temp_file("cosmetic.toml",
                                       "# only words change\n[table]\nname = \"mine\"\n"
                                       "description = \"d\"\nextends = \"diplomacy\"\n"
                                       "[knobs.king-safety]\ndescription = \"reworded\"\n");
  const auto r = run_arbiter("diff diplomacy " + t + kFast);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("no behavioural change"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("knobs.king-safety.description"), std::string::npos) << r.out;
}

TEST(DiffCli, BadTablesAreErrorsWithFileAndLine) {
  auto r = run_arbiter("diff orthodox /nonexistent/table.toml");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("/nonexistent/table.toml"), std::string::npos) << r.err;
  const std::string bad = diff_temp_file("bad.toml",
                                         "[table]\nname = \"x\"\nextends = \"orthodox\"\n"
                                         "[pieces.N]\nbetza = \"Q!\"\n");
  r = run_arbiter("diff orthodox " + bad);
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("bad.toml:5"), std::string::npos) << r.err;
  r = run_arbiter("diff orthodox");
  EXPECT_EQ(r.status, 2) << r.err;
}

TEST(CorpusRecordCli, RecordsUserPositionsAndCheckNamesTheClausesThatChanged) {
  const std::string positions =
      diff_temp_file("positions.txt",
                     "# two positions of my own\n"
                     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\n"
                     "4k3/8/8/8/8/1n6/8/2B1K3 w - - 0 1\n");
  const std::string corpus = diff_temp_file("corpus.toml");
  auto r = run_arbiter(
      "corpus record -v diplomacy --no-scenarios --positions 10 -q --max-steps 400 "
      "--positions-file " +
      positions + " --out " + corpus);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("from 2 position(s)"), std::string::npos) << r.out;
  r = run_arbiter("corpus check " + corpus);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  // Bishops outranking knights changes some recorded steps (Bd2 against Nd2 in the second
  // position): listed with their clauses.
  const std::string ranks = diff_temp_file("ranks.toml",
                                           "[table]\nname = \"r\"\nextends = \"diplomacy\"\n"
                                           "[protocol]\nranks = \"K>Q>R>B>N>P\"\n");
  r = run_arbiter("corpus check " + corpus + " --table " + ranks);
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("clauses that fire now: executed"), std::string::npos) << r.out;
}

TEST(CorpusRecordCli, ABadPositionIsNamedBeforeAnyLongRun) {
  const auto r = run_arbiter("corpus record -v orthodox --fen \"8/8/8 w - - 0 1\" --out " +
                             diff_temp_file("never.toml"));
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("position 1"), std::string::npos) << r.err;
}

TEST(AmbiguitiesCli, OneKnobOnlyAndAnUnknownKnobNamesTheChoices) {
  auto r = run_arbiter("ambiguities -v diplomacy --knob head-on-swap --no-scenarios -q");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("knob head-on-swap"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("knob king-safety"), std::string::npos) << r.out;
  r = run_arbiter("ambiguities -v diplomacy --knob no-such-knob");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("king-safety"), std::string::npos) << r.err;
}

TEST(AmbiguitiesCli, AKnobThatCannotMatterIsProvedAndExitsZero) {
  const std::string t = test::data_path("tables/quiet_knobs/move_neutral_plain.toml");
  auto r = run_arbiter("ambiguities -v " + t +
                       " --knob castling-path-entered --knob en-passant-moved-on -q");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("proved: no difference up to 6 pieces"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 proved not to matter up to 6 pieces, 0 undecided"), std::string::npos)
      << r.out;
  r = run_arbiter("ambiguities -v " + t + " --knob castling-path-entered --max-pieces 4 --json -q");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("\"proved_no_difference\":true"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("no difference up to 4 pieces"), std::string::npos) << r.out;
}

TEST(CliMessages, NumbersAndSubcommandsAreNamedPrecisely) {
  auto r = run_arbiter("perft -d x");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--depth: expected a whole number from 0 to 20, got 'x'"), std::string::npos)
      << r.err;
  r = run_arbiter("diff orthodox orthodox --max-pieces 99");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("from 2 to 32, got '99'"), std::string::npos) << r.err;
  r = run_arbiter("nosuch");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown subcommand 'nosuch': expected one of variants"), std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace arbiter
