// The organiser (issue 38, item 6): the server's own token lists every game, aborts one,
// adjudicates its result, sets its event tags and exports every game as one PGN file that
// `arbiter replay` reads game by game; no player's or spectator's token opens these routes.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "tests/server/serve_fixture.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::server::testing {
namespace {

const httplib::Headers& organiser_headers() {
  static const httplib::Headers h{{"Authorization", std::string("Bearer ") + kServeOrganiserToken}};
  return h;
}

httplib::Result organiser_post(const ServedMonitor& served, const ServeGame& g,
                               const std::string& action, const std::string& body,
                               const httplib::Headers& headers = organiser_headers()) {
  return served.client().Post("/api/organiser/games/" + g.id + "/" + action, headers, body,
                              "application/json");
}

std::string organiser_get(const ServedMonitor& served, const std::string& route) {
  const httplib::Result r = served.client().Get(route, organiser_headers());
  EXPECT_TRUE(r);
  if (!r) return "";
  EXPECT_EQ(r->status, 200) << r->body;
  return r->body;
}

std::string organiser_view(const ServedMonitor& served, const ServeGame& g,
                           const std::string& token) {
  const httplib::Result r = served.view(g, token);
  return r ? r->body : std::string();
}

/// A game of `variant` created with the players' names and the event's tags.
ServeGame organiser_game(const ServedMonitor& served, const std::string& variant,
                         const std::string& round) {
  const httplib::Result r = served.create_raw(
      R"({"variant": ")" + variant +
      R"(", "players": {"white": "Ann", "black": "Bob"}, "event": "Club \"Open\"", "site": "Graz", "round": ")" +
      round + R"("})");
  EXPECT_TRUE(r);
  if (!r) return {};
  EXPECT_EQ(r->status, 201) << r->body;
  return {serve_json_string(r->body, "id"),
          {serve_json_string(r->body, "white_token"), serve_json_string(r->body, "black_token")},
          serve_json_string(r->body, "spectator_token")};
}

/// build/arbiter serve with `args` on a free port; standard output and error read up to the
/// line naming the port (a generated organiser token is printed on standard error before it).
class OrganiserServeProcess {
 public:
  OrganiserServeProcess(const std::string& db, std::vector<std::string> args) {
    int out[2];
    if (pipe(out) != 0) throw std::runtime_error("pipe failed");
    args.insert(args.begin(), {ARBITER_BINARY, "serve", "--port", "0", "--db", db});
    pid_ = fork();
    if (pid_ == 0) {
      dup2(out[1], STDOUT_FILENO);
      dup2(out[1], STDERR_FILENO);
      close(out[0]);
      close(out[1]);
      std::vector<char*> argv;
      for (std::string& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(ARBITER_BINARY, argv.data());
      _exit(127);
    }
    close(out[1]);
    FILE* stream = fdopen(out[0], "r");
    char line[512] = {};
    while (std::fgets(line, sizeof line, stream) != nullptr) {
      text_ += line;
      if (std::string(line).find("http://") != std::string::npos) break;
    }
    std::fclose(stream);
    const std::size_t http = text_.find("http://127.0.0.1:");
    if (http != std::string::npos) port_ = std::atoi(text_.c_str() + http + 17);
  }
  ~OrganiserServeProcess() {
    kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  OrganiserServeProcess(const OrganiserServeProcess&) = delete;
  OrganiserServeProcess& operator=(const OrganiserServeProcess&) = delete;

  int get(const std::string& path, const std::string& token) const {
    const httplib::Result r =
        httplib::Client("127.0.0.1", port_).Get(path, {{"Authorization", "Bearer " + token}});
    return r ? r->status : -1;
  }
  int create() const {
    const httplib::Result r =
        httplib::Client("127.0.0.1", port_)
            .Post("/api/games", R"({"variant": "orthodox"})", "application/json");
    return r ? r->status : -1;
  }
  const std::string& text() const { return text_; }
  int port() const { return port_; }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  std::string text_;
};

}  // namespace

TEST(ServeOrganiser, TheTokenFileOpensTheOrganisersRoutesAndTheRateOptionsReachTheServer) {
  const std::string db = serve_temp_db();
  const std::string token(40, 'k');
  const std::string file =
      test::write_temp_file("arbiter_organiser_" + random_hex(6), token + "\n");
  {
    const OrganiserServeProcess p(db, {"--organiser-token-file", file, "--create-burst", "1"});
    ASSERT_GT(p.port(), 0) << p.text();
    EXPECT_EQ(p.text().find("organiser token"), std::string::npos) << "no token printed";
    EXPECT_EQ(p.get("/api/organiser/games", token), 200);
    EXPECT_EQ(p.get("/api/organiser/games", std::string(40, 'j')), 403);
    EXPECT_EQ(p.create(), 201);
    EXPECT_EQ(p.create(), 429) << "--create-burst 1";
  }
  std::filesystem::remove(file);
  serve_remove_db(db);
}

TEST(ServeOrganiser, WithoutATokenFileATokenIsGeneratedAndPrintedOnceOnStandardError) {
  const std::string db = serve_temp_db();
  {
    const OrganiserServeProcess p(db, {});
    ASSERT_GT(p.port(), 0) << p.text();
    const std::string marker = "across restarts): ";
    const std::size_t at = p.text().find(marker);
    ASSERT_NE(at, std::string::npos) << p.text();
    const std::string token = p.text().substr(at + marker.size(), 64);
    EXPECT_EQ(token.find_first_not_of("0123456789abcdef"), std::string::npos) << token;
    EXPECT_EQ(p.get("/api/organiser/export", token), 200);
  }
  serve_remove_db(db);
  const std::string bad = test::write_temp_file("arbiter_organiser_" + random_hex(6), "short\n");
  const test::CommandResult r =
      test::run_arbiter("serve --db " + db + " --organiser-token-file " + bad);
  std::filesystem::remove(bad);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("at least 32 without spaces expected"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(db)) << "no database made for a server that did not start";
}

TEST(ServeOrganiser, PlayerAndSpectatorTokensAreRefusedOnEveryOrganiserRoute) {
  const ServedMonitor served;
  const ServeGame g = served.create("orthodox");
  for (const std::string& token :
       {g.tokens[kWhite], g.tokens[kBlack], g.spectator, std::string(), std::string("organiser")}) {
    const httplib::Headers h{{"Authorization", "Bearer " + token}};
    for (const char* route : {"/api/organiser/games", "/api/organiser/export"}) {
      const httplib::Result r = served.client().Get(route, h);
      ASSERT_TRUE(r);
      EXPECT_EQ(r->status, 403) << route;
    }
    for (const char* action : {"abort", "adjudicate", "tags"}) {
      const httplib::Result r =
          organiser_post(served, g, action, R"({"result": "1-0", "reason": "x"})", h);
      ASSERT_TRUE(r);
      EXPECT_EQ(r->status, 403) << action;
    }
  }
  EXPECT_NE(organiser_view(served, g, g.tokens[kWhite]).find(R"("over":false)"), std::string::npos)
      << "nothing happened to the game";
}

TEST(ServeOrganiser, TheListNamesEachGamesVariantPlayersTurnStatusAndResult) {
  const ServedMonitor served;
  const ServeGame a = organiser_game(served, "orthodox", "1");
  const ServeGame b = organiser_game(served, "diplomacy", "2");
  served.play(a, kWhite, "e4");
  served.play(b, kWhite, "e4");  // sealed: the list shows no move
  ASSERT_EQ(organiser_post(served, a, "adjudicate", R"({"result": "1-0", "reason": "Black left"})")
                ->status,
            200);
  const std::string list = organiser_get(served, "/api/organiser/games");
  EXPECT_NE(
      list.find(
          R"({"id":")" + a.id +
          R"(","variant":"orthodox","players":{"white":"Ann","black":"Bob"},"event":"Club \"Open\"","site":"Graz","round":"1","turn":2,"status":"over","result":"1-0","reason":"adjudicated: Black left"})"),
      std::string::npos)
      << list;
  EXPECT_NE(
      list.find(
          R"({"id":")" + b.id +
          R"(","variant":"diplomacy","players":{"white":"Ann","black":"Bob"},"event":"Club \"Open\"","site":"Graz","round":"2","turn":1,"status":"playing","result":null,"reason":null})"),
      std::string::npos)
      << list;
  EXPECT_LT(list.find(a.id), list.find(b.id)) << "in the order of creation";
  // No move in the list (searched quoted: a random game id may hold the letters "e4").
  EXPECT_EQ(list.find("\"e4\""), std::string::npos) << list;
  EXPECT_EQ(list.find("e2e4"), std::string::npos) << list;
}

TEST(ServeOrganiser, AnAbortedGameHasNoResultInEveryViewAndTheRecordAndKeepsItAfterARestart) {
  const std::string db = serve_temp_db();
  ServeGame g;
  {
    const ServedMonitor served("", db);
    g = served.create("diplomacy");
    served.play(g, kWhite, "e4");
    served.play(g, kBlack, "e5");
    served.play(g, kWhite, "Nf3");  // sealed when the game is aborted
    const httplib::Result r = organiser_post(served, g, "abort", "");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200) << r->body;
    EXPECT_EQ(r->body.find("Nf3"), std::string::npos)
        << "the organiser's answer is no view of a side";
    EXPECT_EQ(organiser_post(served, g, "abort", "")->status, 422) << "over already";
  }
  const ServedMonitor again("", db);
  for (const std::string& token : {g.tokens[kWhite], g.tokens[kBlack], g.spectator}) {
    const std::string view = organiser_view(again, g, token);
    EXPECT_NE(
        view.find(R"("status":{"over":true,"result":"*","reason":"aborted by the organiser"})"),
        std::string::npos)
        << view;
  }
  EXPECT_EQ(organiser_view(again, g, g.tokens[kBlack]).find("Nf3"), std::string::npos);
  const httplib::Result late = again.move(g, g.tokens[kBlack], "d5");
  ASSERT_TRUE(late);
  EXPECT_EQ(late->status, 422) << late->body;
  const std::string record = again.record(g);
  EXPECT_NE(record.find("1. e4 e5\n{ aborted by the organiser } *\n"), std::string::npos) << record;
  serve_remove_db(db);
}

TEST(ServeOrganiser, AnAdjudicationIsShownInTheViewsAndTheRecordAndBadOnesAreRefused) {
  const ServedMonitor served;
  const ServeGame g = served.create("orthodox");
  served.play(g, kWhite, "e4");
  EXPECT_EQ(organiser_post(served, g, "adjudicate", R"({"result": "2-0", "reason": "x"})")->status,
            422);
  EXPECT_EQ(organiser_post(served, g, "adjudicate", R"({"result": "1-0", "reason": " "})")->status,
            422);
  EXPECT_EQ(organiser_post(served, g, "adjudicate", R"({"reason": "x"})")->status, 400);
  EXPECT_EQ(
      organiser_post(served, g, "adjudicate", R"({"result": "0-1", "reason": "a}b"})")->status,
      422);
  const ServeGame none{"0000000000000000", {}, {}};
  EXPECT_EQ(organiser_post(served, none, "abort", "")->status, 404);
  const httplib::Result r = organiser_post(served, g, "adjudicate",
                                           R"({"result": "1/2-1/2", "reason": "dead position"})");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << r->body;
  const std::string view = organiser_view(served, g, g.tokens[kBlack]);
  EXPECT_NE(
      view.find(
          R"("status":{"over":true,"result":"1/2-1/2","reason":"adjudicated: dead position"})"),
      std::string::npos)
      << view;
  const std::string record = served.record(g);
  EXPECT_NE(record.find("1. e4\n{ adjudicated: dead position } 1/2-1/2\n"), std::string::npos)
      << record;
}

TEST(ServeOrganiser, TheOrganiserSetsTheEventTagsOfAGame) {
  const ServedMonitor served;
  const ServeGame g = organiser_game(served, "orthodox", "1");
  ASSERT_EQ(organiser_post(served, g, "tags", R"({"round": "3.1"})")->status, 200);
  EXPECT_EQ(organiser_post(served, g, "tags", "{\"site\": \"a\\nb\"}")->status, 422);
  const std::string pgn = organiser_get(served, "/api/organiser/export");
  EXPECT_EQ(pgn.rfind("[Event \"Club \\\"Open\\\"\"]\n[Site \"Graz\"]\n[Round \"3.1\"]\n[White "
                      "\"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n[Variant \"orthodox\"]\n",
                      0),
            0U)
      << pgn;
}

/// Two games of `variant` (the first adjudicated), played by `moves` (side, text), exported:
/// `arbiter replay` with the options the export's comment names reads both.
void expect_export_replays(const std::string& variant,
                           const std::vector<std::pair<Color, std::string>>& moves) {
  const ServedMonitor served;
  const ServeGame first = organiser_game(served, variant, "1");
  const ServeGame second = organiser_game(served, variant, "2");
  for (const ServeGame* g : {&first, &second})
    for (const auto& [side, text] : moves) served.play(*g, side, text);
  ASSERT_EQ(
      organiser_post(served, first, "adjudicate", R"({"result": "0-1", "reason": "time"})")->status,
      200);
  const std::string pgn = organiser_get(served, "/api/organiser/export");
  EXPECT_EQ(test::occurrences(pgn, "[Event \"Club \\\"Open\\\"\"]\n[Site \"Graz\"]\n"), 2) << pgn;
  EXPECT_NE(pgn.find("[Round \"1\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"0-1\"]\n"),
            std::string::npos)
      << pgn;
  EXPECT_NE(pgn.find("[Round \"2\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n"),
            std::string::npos)
      << pgn;
  // The comment names replay's options: "{ arbiter replay -v TABLE OPTIONS FILE }".
  const std::size_t open = pgn.find("{ arbiter replay ");
  ASSERT_NE(open, std::string::npos) << pgn;
  const std::size_t start = open + std::string("{ arbiter replay ").size();
  const std::string options = pgn.substr(start, pgn.find(" FILE }", start) - start);
  const std::string file = test::write_temp_file("arbiter_export_" + random_hex(6) + ".pgn", pgn);
  const test::CommandResult r = test::run_arbiter("replay " + options + " " + file);
  std::filesystem::remove(file);
  EXPECT_EQ(r.status, 0) << options << "\n" << r.out << r.err << pgn;
  EXPECT_NE(r.out.find("2 games read: 2 accepted, 0 rejected"), std::string::npos)
      << r.out << r.err << pgn;
  EXPECT_NE(r.out.find("game 1: Ann - Bob"), std::string::npos) << r.out;
}

TEST(ServeOrganiser, TheExportOfSequentialGamesReplaysGameByGame) {
  expect_export_replays("orthodox", {{kWhite, "e4"}, {kBlack, "e5"}, {kWhite, "Nf3"}});
}

TEST(ServeOrganiser, TheExportOfConditionalGamesReplaysGameByGame) {
  expect_export_replays("conditional", {{kWhite, "e4"}, {kWhite, "e5?Nc3/Nf3"}, {kBlack, "e5"}});
}

TEST(ServeOrganiser, TheExportOfDiplomacyGamesReplaysGameByGame) {
  expect_export_replays("diplomacy",
                        {{kWhite, "e4"}, {kBlack, "e5"}, {kWhite, "-"}, {kBlack, "Nc6"}});
}

TEST(ServeOrganiser, TheExportOfMoveNeutralGamesReplaysGameByGame) {
  expect_export_replays("move-neutral",
                        {{kWhite, "Nc3"}, {kBlack, "Nf6"}, {kWhite, "Nd5"}, {kBlack, "Nd5"}});
}

}  // namespace arbiter::server::testing
