// Diplomacy Chess with sets of moves under `arbiter serve` (rule text, "Progressive" and
// "Simultaneously Progressive"): creation with "sets", a set checked alone when handed in,
// sealed until both are in, played pair by pair with each pair's trace, a pair of sets that
// unequal-sets=refused refuses voiding the turn without telling the first submitter anything
// before, the record replayed by `arbiter replay`, and the mode kept across a restart.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cstdio>
#include <fstream>

#include "rules/core/load_variant.hpp"
#include "rules/simultaneous/sim_record.hpp"
#include "tests/server/serve_fixture.hpp"

namespace arbiter::server::testing {
namespace {

constexpr const char* kSetsStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

ServeGame sets_create(const ServedMonitor& served, const std::string& sets,
                      const std::string& knobs = "{}") {
  const httplib::Result r = served.create_raw(R"({"variant": "diplomacy", "sets": ")" + sets +
                                              R"(", "knobs": )" + knobs + "}");
  EXPECT_TRUE(r && r->status == 201) << (r ? r->body : "no response");
  if (!r) return {};
  return {serve_json_string(r->body, "id"),
          {serve_json_string(r->body, "white_token"), serve_json_string(r->body, "black_token")}};
}

std::string sets_view(const ServedMonitor& served, const ServeGame& g, Color side) {
  const httplib::Result r = served.view(g, g.tokens[side]);
  return r && r->status == 200 ? r->body : std::string();
}

TEST(ServeSets, SetsAreRefusedForATableOtherThanDiplomacyAndForAnUnknownMode) {
  const ServedMonitor served;
  httplib::Result r = served.create_raw(R"({"variant": "move-neutral", "sets": "progressive"})");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 422);
  EXPECT_NE(r->body.find("sets of moves are Diplomacy Chess's"), std::string::npos) << r->body;
  r = served.create_raw(R"({"variant": "orthodox", "sets": "simultaneously-progressive"})");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 422) << r->body;
  r = served.create_raw(R"({"variant": "diplomacy", "sets": "all"})");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 422);
  EXPECT_NE(r->body.find(R"(expected \"one\", \"progressive\")"), std::string::npos) << r->body;
}

TEST(ServeSets, ProgressiveSetsArePlayedPairByPairWithEachPairsTraceForBothSides) {
  const ServedMonitor served;
  const ServeGame g = sets_create(served, "progressive");
  EXPECT_NE(sets_view(served, g, kWhite).find(R"("sets":"progressive")"), std::string::npos);
  served.play(g, kWhite, "Nf3, Nd4");
  served.play(g, kBlack, "Nc6 Nd4");  // pair 2: both knights to d4, equal ranks: both fail
  for (Color side : {kWhite, kBlack}) {
    const std::string body = sets_view(served, g, side);
    EXPECT_NE(body.find(R"("written":{"white":"Nf3, Nd4","black":"Nc6 Nd4"})"), std::string::npos)
        << body;
    EXPECT_NE(body.find(R"({"pair":2,"index":2,"written":"Nd4","branch":null,"san":"Nd4",)"
                        R"("outcome":"failed","reason":null})"),
              std::string::npos);
    EXPECT_NE(body.find(R"({"pair":2,"trace":[{"clause":"same-destination","square":"d4")"),
              std::string::npos);
    EXPECT_NE(body.find(R"("pairs_resolved":2)"), std::string::npos);
  }
  EXPECT_EQ(serve_json_string(sets_view(served, g, kWhite), "fen"),
            "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 3");
}

TEST(ServeSets, ASetIsCheckedAloneWithTheTextsOfArbiterResolve) {
  const ServedMonitor served;
  const ServeGame g = sets_create(served, "progressive");
  httplib::Result r = served.move(g, g.tokens[kWhite], "e4,,Nf3");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 422);
  EXPECT_NE(r->body.find("white 'e4,,Nf3': an empty entry before ','"), std::string::npos)
      << r->body;
  r = served.move(g, g.tokens[kBlack], "e4, e5");  // e4 is no move of Black's on the first board
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 422);
  EXPECT_NE(r->body.find("bad set: Black's move 1"), std::string::npos) << r->body;
  const ServeGame s = sets_create(served, "simultaneously-progressive");
  r = served.move(s, s.tokens[kWhite], "Nf3, Nh3");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 422);
  EXPECT_NE(r->body.find("Nh3 already moves the knight on g1"), std::string::npos) << r->body;
  EXPECT_NE(sets_view(served, g, kWhite).find(R"("submitted":{"white":false,"black":false})"),
            std::string::npos)
      << "nothing stored";
}

TEST(ServeSets, ASealedSetIsReplaceableAndNeverShownToTheOpponent) {
  const ServedMonitor served;
  const ServeGame g = sets_create(served, "simultaneously-progressive");
  served.play(g, kWhite, "e4, Nf3");
  served.play(g, kWhite, "d4, Nc3");  // replaces the first
  const std::string black = sets_view(served, g, kBlack);
  EXPECT_EQ(black.find("Nc3"), std::string::npos) << black;
  EXPECT_EQ(black.find("d4, "), std::string::npos);  // (a bare "d4" may be in the hex id)
  EXPECT_NE(black.find(R"("own_submission":null)"), std::string::npos);
  EXPECT_NE(black.find(R"("submitted":{"white":true,"black":false})"), std::string::npos);
  served.play(g, kBlack, "-");
  const std::string after = sets_view(served, g, kBlack);
  EXPECT_NE(after.find(R"("written":{"white":"d4, Nc3","black":"-"})"), std::string::npos) << after;
  EXPECT_EQ(serve_json_string(after, "fen"),
            "rnbqkbnr/pppppppp/8/8/3P4/2N5/PPP1PPPP/R1BQKBNR w KQkq d3 0 2");
}

TEST(ServeSets, UnequalSetsRefusedVoidTheTurnAfterBothAreInAndRevealNothingBefore) {
  const ServedMonitor served;
  const ServeGame g = sets_create(served, "progressive", R"({"unequal-sets": "refused"})");
  const httplib::Result first = served.move(g, g.tokens[kWhite], "e4, Nf3");
  ASSERT_TRUE(first);
  EXPECT_EQ(first->status, 202) << "a set of any length is sealed";
  const std::string before[2] = {sets_view(served, g, kWhite), sets_view(served, g, kBlack)};
  for (const std::string& body : {first->body, before[kWhite], before[kBlack]}) {
    EXPECT_EQ(body.find("void"), std::string::npos) << body;
    EXPECT_EQ(body.find("bad set"), std::string::npos);
    EXPECT_NE(body.find(R"("history":[])"), std::string::npos);
  }
  EXPECT_EQ(before[kBlack].find("Nf3"), std::string::npos) << before[kBlack];
  // The second set is sealed alike: a 422 here would tell Black the length of White's set.
  const httplib::Result second = served.move(g, g.tokens[kBlack], "e5");
  ASSERT_TRUE(second);
  EXPECT_EQ(second->status, 202) << second->body;
  for (Color side : {kWhite, kBlack}) {
    const std::string body = sets_view(served, g, side);
    EXPECT_NE(body.find(R"("written":{"white":"e4, Nf3","black":"e5"},"void":"bad set: Black's)"
                        R"( set has 1 move(s) and White's 2: under unequal-sets=refused)"),
              std::string::npos)
        << body;
    EXPECT_EQ(serve_json_string(body, "fen"), kSetsStartFen) << "the board is unchanged";
    EXPECT_NE(body.find(R"("submitted":{"white":false,"black":false})"), std::string::npos);
  }
  // Checked alone as in any progressive game: a first move that is no submission is refused.
  const httplib::Result wrong = served.move(g, g.tokens[kWhite], "e5, Nf3");
  ASSERT_TRUE(wrong);
  EXPECT_EQ(wrong->status, 422);
  EXPECT_NE(wrong->body.find("bad set: White's move 1"), std::string::npos) << wrong->body;
  served.play(g, kWhite, "e4, Nf3");
  served.play(g, kBlack, "e5, Nc6");
  EXPECT_NE(sets_view(served, g, kWhite).find(R"("pairs_resolved":2)"), std::string::npos);
  const std::string record = served.record(g);
  EXPECT_NE(record.find("--knob unequal-sets=refused --null-move pass --sets progressive"),
            std::string::npos)
      << record;
  EXPECT_NE(record.find("\n1. e4, Nf3 e5, Nc6\n*"), std::string::npos)
      << "the void turn is left out";
}

/// `arbiter replay` of `record` (its header's options), its standard output.
std::string sets_replay(const std::string& record, const std::string& options) {
  const std::string path = serve_temp_db() + ".pgn";
  std::ofstream(path) << record;
  const std::string command =
      std::string(ARBITER_BINARY) + " replay -v diplomacy " + options + " " + path + " 2>&1";
  std::string out;
  if (FILE* p = popen(command.c_str(), "r")) {
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, p)) out += buffer;
    pclose(p);
  }
  std::filesystem::remove(path);
  return out;
}

TEST(ServeSets, TheDownloadedRecordOfASetsGameReplaysWithArbiterReplay) {
  const ServedMonitor served;
  const ServeGame g = sets_create(served, "progressive");
  served.play(g, kWhite, "e4, Nf3, ~e5?Bc4:Bb5");  // e5 holds Black's pawn: Bb5
  served.play(g, kBlack, "e5, Nc6");
  served.play(g, kWhite, "-");
  served.play(g, kBlack, "Nf6 d6");
  const std::string record = served.record(g);
  EXPECT_NE(record.find("{ arbiter replay -v diplomacy --null-move pass --sets progressive FILE }"),
            std::string::npos)
      << record;
  EXPECT_NE(record.find("1. e4, Nf3, ~e5?Bc4:Bb5 e5, Nc6\n2. -- Nf6, d6\n*"), std::string::npos)
      << record;
  const std::string replayed = sets_replay(record, "--null-move pass --sets progressive");
  EXPECT_NE(replayed.find("final " + serve_json_string(sets_view(served, g, kWhite), "fen")),
            std::string::npos)
      << replayed;
  EXPECT_NE(replayed.find("turns 2"), std::string::npos);
}

TEST(ServeSets, ARestartRebuildsASetsGameAndAnOlderDatabaseOpensWithOneMovePerSide) {
  const std::string db = serve_temp_db();
  std::string id, before;
  {
    GameStore store(db);
    Monitor monitor(store, {});
    const CreatedGame g = monitor.create("diplomacy", {}, "progressive");
    id = g.id;
    monitor.submit(id, kWhite, "e4, Nf3");
    monitor.submit(id, kBlack, "e5, Nc6");
    monitor.submit(id, kWhite, "Bc4");
    before = monitor.view(id, kWhite);
  }
  {
    GameStore store(db);
    Monitor monitor(store, {});
    EXPECT_EQ(monitor.view(id, kWhite), before);
  }
  serve_remove_db(db);
  // A database written before "sets" existed: its games are of one move per side.
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &raw), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(raw,
                         "CREATE TABLE games (id TEXT PRIMARY KEY, variant TEXT NOT NULL, "
                         "table_text TEXT NOT NULL, knobs TEXT NOT NULL, white_token TEXT NOT "
                         "NULL, black_token TEXT NOT NULL, created INTEGER NOT NULL);"
                         "INSERT INTO games VALUES ('old', 'diplomacy', '', '', 'w', 'b', 0);",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(raw);
  {
    GameStore store(db);
    Monitor monitor(store, {});
    EXPECT_NE(monitor.view("old", kWhite).find(R"("sets":"one")"), std::string::npos);
    monitor.submit("old", kWhite, "e4");
  }
  serve_remove_db(db);
}

}  // namespace
}  // namespace arbiter::server::testing
