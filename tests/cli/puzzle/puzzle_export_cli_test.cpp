// `arbiter puzzle export` for other programs, run as a user runs it: EPD that `puzzle solve
// --epd` and `puzzle check` read back (every stipulation kind, and the files an older arbiter
// wrote), JSON Lines and CSV; `--json` on `puzzle generate` and `corpus record`.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "puzzles/corpus_db.hpp"
#include "tests/support/scratch_dir_test_fixture.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

class PuzzleExportCli : public test::ScratchDirTest {};

/// The non-empty lines of `text`.
std::vector<std::string> export_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(line);
  return out;
}

bool holds(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// A problem of each stipulation kind `puzzle export` can write (the verdicts do not matter
/// here), with castling rights and an en-passant square among them.
struct StoredProblem {
  const char* stipulation;
  const char* fen;
};
constexpr StoredProblem kEveryKind[] = {
    {"#1", "7k/8/6K1/8/8/8/8/R7 w - - 0 1"},
    {"#2", "2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1"},
    {"#2", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"},
    {"#1", "4k3/8/4K3/3pP3/8/8/8/7R w - d6 0 1"},
    {"h#2", "8/1P6/8/8/8/8/5K2/7k b - - 0 1"},
    {"h#1.5", "7k/p6p/5K2/8/8/8/8/1R6 w - - 0 1"},
    {"s#2", "7k/8/6K1/8/8/8/8/R7 w - - 0 1"},
};

/// A corpus holding kEveryKind, written the way `puzzle generate` writes (the grade of the
/// first one has commas and quotes in its text, for the CSV).
void store_every_kind(const std::string& db_path) {
  puzzles::CorpusDb db(db_path);
  std::uint64_t candidate = 0;
  for (const StoredProblem& s : kEveryKind) {
    puzzles::CorpusProblem p;
    p.variant = "orthodox", p.stipulation = s.stipulation, p.fen = s.fen;
    p.canonical = std::string(s.stipulation) + " " + s.fen;
    p.key = "Ra8#", p.threats = candidate == 1 ? "Qb6# / Qxb4#" : "";
    p.candidate = candidate++;
    if (candidate == 1) {
      puzzles::Grade g;
      g.legal = false;
      g.illegal = "bishop-colours: two \"light\" bishops, and 8 pawns";
      g.men = 3, g.score = 4, g.surplus = {"Nc3", "Pd2"};
      g.mates_counted = true, g.distinct_mates = 1, g.model_mates = 1;
      p.grade = g;
    }
    const puzzles::CursorKey k{p.variant, p.stipulation, 0, 0, 1, "placement"};
    db.add(p, k, candidate);
  }
}

TEST_F(PuzzleExportCli, ExportedEpdOfEveryStipulationKindSolvesBackToTheSameProblems) {
  store_every_kind(path("c.db"));
  const test::CommandResult epd = test::run_arbiter("puzzle export --db " + path("c.db"));
  ASSERT_EQ(epd.status, 0) << epd.err;
  const std::vector<std::string> lines = export_lines(epd.out);
  ASSERT_EQ(lines.size(), std::size(kEveryKind)) << epd.out;
  EXPECT_TRUE(holds(lines[1], " dm 2; id \"orthodox:2\";")) << lines[1];
  EXPECT_TRUE(holds(lines[4], " stip \"h#2\"; id \"orthodox:5\";")) << lines[4];
  const std::string file = write("c.epd", epd.out);
  const test::CommandResult back = test::run_arbiter("puzzle solve -q --json --epd " + file);
  EXPECT_NE(back.status, 2) << back.err;
  const std::vector<std::string> objects = export_lines(back.out);
  ASSERT_EQ(objects.size(), std::size(kEveryKind)) << back.out << back.err;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    EXPECT_TRUE(holds(objects[i], std::string("\"fen\":\"") + kEveryKind[i].fen + "\""))
        << objects[i];
    EXPECT_TRUE(
        holds(objects[i], std::string("\"stipulation\":\"") + kEveryKind[i].stipulation + "\""))
        << objects[i];
  }
  // puzzle check reads the same lines.
  const test::CommandResult check = test::run_arbiter("puzzle check --json " + file);
  EXPECT_NE(check.status, 2) << check.err;
  EXPECT_EQ(export_lines(check.out).size(), std::size(kEveryKind)) << check.out << check.err;
}

TEST_F(PuzzleExportCli, AFileAnOlderArbiterExportedStillSolves) {
  // What `puzzle export` wrote before issue 35: the stipulation as the comment c0.
  const std::string file =
      write("old.epd",
            "2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - bm Qa5; c0 \"#2\"; id \"orthodox:1\";\n"
            "8/1P6/8/8/8/8/5K2/7k b - - bm Kg1; c0 \"h#2\"; id \"orthodox:2\";\n");
  const test::CommandResult r = test::run_arbiter("puzzle solve -q --epd " + file);
  EXPECT_NE(r.status, 2) << r.err;
  EXPECT_TRUE(holds(r.out, "title: orthodox:1\n#2: sound\nkey Qa5\n")) << r.out;
  EXPECT_TRUE(holds(r.out, "title: orthodox:2\nh#2: ")) << r.out;
  const test::CommandResult check = test::run_arbiter("puzzle check " + file);
  EXPECT_NE(check.status, 2) << check.err;
  EXPECT_TRUE(holds(check.out, "line 1: #2 sound: Qa5")) << check.out;
}

TEST_F(PuzzleExportCli, AMalformedEpdOpcodeIsReportedWithItsLineOpcodeAndWhatWasExpected) {
  const std::string file = write("bad.epd",
                                 "7k/8/6K1/8/8/8/8/R7 w - - dm 1;\n"
                                 "7k/8/6K1/8/8/8/8/R7 w - - dm one;\n");
  const test::CommandResult r = test::run_arbiter("puzzle solve -q --epd " + file);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(holds(r.err, "arbiter: error: " + file +
                               ":2: EPD opcode 'dm': expected one move count from 1 to 30 (dm "
                               "N: direct mate in N), got 'one'"))
      << r.err;
  EXPECT_TRUE(holds(r.out, "key Ra8#")) << "the other problems are solved: " << r.out;
  const test::CommandResult check = test::run_arbiter("puzzle check " + file);
  EXPECT_EQ(check.status, 2);
  EXPECT_TRUE(holds(check.err, file + ":2: EPD opcode 'dm'")) << check.err;
}

TEST_F(PuzzleExportCli, JsonExportIsOneObjectPerProblemWithItsGrade) {
  store_every_kind(path("c.db"));
  const test::CommandResult r =
      test::run_arbiter("puzzle export --format json --db " + path("c.db"));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> lines = export_lines(r.out);
  ASSERT_EQ(lines.size(), std::size(kEveryKind)) << r.out;
  EXPECT_TRUE(lines[0].starts_with(
      "{\"id\":1,\"variant\":\"orthodox\",\"stipulation\":\"#1\",\"fen\":\"7k/8/6K1/8/8/8/8/R7 "
      "w - - 0 1\",\"key\":\"Ra8#\",\"threats\":[],"))
      << lines[0];
  EXPECT_TRUE(holds(lines[0],
                    "\"grade\":{\"legal\":false,\"illegal\":\"bishop-colours: two "
                    "\\\"light\\\" bishops, and 8 pawns\""))
      << lines[0];
  EXPECT_TRUE(holds(lines[0], "\"surplus\":[\"Nc3\",\"Pd2\"],\"score\":4}")) << lines[0];
  EXPECT_TRUE(holds(lines[1], "\"threats\":[\"Qb6#\",\"Qxb4#\"]")) << lines[1];
  EXPECT_TRUE(lines[1].ends_with(",\"grade\":null}")) << lines[1];
}

TEST_F(PuzzleExportCli, CsvExportHasAHeaderRowAndQuotesCellsWithCommasOrQuotes) {
  store_every_kind(path("c.db"));
  const test::CommandResult r =
      test::run_arbiter("puzzle export --format csv --db " + path("c.db"));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> lines = export_lines(r.out);
  ASSERT_EQ(lines.size(), std::size(kEveryKind) + 1) << r.out;
  EXPECT_EQ(lines[0],
            "id,variant,stipulation,fen,key,threats,nodes,seed,shard,shards,source,candidate,"
            "legal,illegal,key_kind,flights,flights_after_key,threat_count,defences,duals,"
            "dual_moves,dual_free,tries,distinct_mates,model_mates,surplus,men,class,score");
  EXPECT_TRUE(lines[1].starts_with(
      "1,orthodox,#1,7k/8/6K1/8/8/8/8/R7 w - - 0 1,Ra8#,,0,0,0,1,placement,0,false,"
      "\"bishop-colours: two \"\"light\"\" bishops, and 8 pawns\",none,"))
      << lines[1];
  EXPECT_TRUE(lines[1].ends_with(",1,1,Nc3 Pd2,3,miniature,4")) << lines[1];
  // Ungraded: the grade's cells are empty.
  EXPECT_TRUE(lines[2].ends_with(",Qb6# / Qxb4#,0,0,0,1,placement,1,,,,,,,,,,,,,,,,,")) << lines[2];
}

TEST_F(PuzzleExportCli, GenerateAndCorpusRecordPrintTheirSummaryAsJson) {
  const test::CommandResult gen = test::run_arbiter(
      "puzzle generate -q --json --any-key --allow-surplus --stip '#2' --count 2 --seed 3 --db " +
      path("g.db"));
  ASSERT_EQ(gen.status, 0) << gen.err;
  const std::vector<std::string> lines = export_lines(gen.out);
  ASSERT_EQ(lines.size(), 1U) << gen.out;
  EXPECT_TRUE(lines[0].starts_with(
      "{\"variant\":\"orthodox\",\"stipulation\":\"#2\",\"shard\":0,\"shards\":1,\"seed\":3,"
      "\"source\":\"placement\",\"db\":\"" +
      path("g.db") + "\",\"count\":2,\"found\":2,\"added\":2,\"candidates\":"))
      << lines[0];
  EXPECT_TRUE(lines[0].ends_with(",\"complete\":true}")) << lines[0];

  const test::CommandResult record = test::run_arbiter(
      "corpus record --json -q --no-scenarios --positions 1 --fen '4k3/8/8/8/8/8/8/4K2R w K - 0 "
      "1' --max-steps 3 -o " +
      path("r.toml"));
  ASSERT_EQ(record.status, 0) << record.err;
  EXPECT_TRUE(record.out.starts_with("{\"table\":\"orthodox\",\"out\":\"" + path("r.toml") +
                                     "\",\"cases\":"))
      << record.out;
  EXPECT_TRUE(holds(record.out, ",\"from_positions\":3,\"positions\":1,\"unexplained\":"))
      << record.out;
  EXPECT_EQ(export_lines(record.out).size(), 1U) << record.out;
}

}  // namespace
}  // namespace arbiter
