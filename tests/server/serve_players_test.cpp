// Player names (issue 38, item 6): given when a game is created, shown in every view and
// written into the record as its White and Black tags, which `replay` reads.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "rules/core/game_record.hpp"
#include "rules/core/load_variant.hpp"
#include "tests/server/serve_fixture.hpp"

namespace arbiter::server::testing {

TEST(ServePlayers, NamesGivenAtCreationAreInTheViewAndTheRecordsTags) {
  const ServedMonitor served;
  const httplib::Result r = served.create_raw(
      R"({"variant": "orthodox", "players": {"white": "  Anna \"Ace\" Łukasz ", "black": "Bo\\b"}})");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 201) << r->body;
  const ServeGame g{
      serve_json_string(r->body, "id"),
      {serve_json_string(r->body, "white_token"), serve_json_string(r->body, "black_token")},
      serve_json_string(r->body, "spectator_token")};
  for (const std::string& token : {g.tokens[kWhite], g.tokens[kBlack], g.spectator}) {
    const std::string view = served.view(g, token)->body;
    EXPECT_NE(view.find(R"("players":{"white":"Anna \"Ace\" Łukasz","black":"Bo\\b"})"),
              std::string::npos)
        << view;
  }
  served.play(g, kWhite, "e4");
  const std::string record = served.record(g);
  EXPECT_NE(record.find("[Variant \"orthodox\"]\n[White \"Anna \\\"Ace\\\" Łukasz\"]\n"
                        "[Black \"Bo\\\\b\"]\n"),
            std::string::npos)
      << record;
  const ReplayResult replayed = replay_record(load_variant("orthodox"), record);
  EXPECT_TRUE(replayed.valid()) << record;
  const std::vector<std::pair<std::string, std::string>> names = {{"White", "Anna \"Ace\" Łukasz"},
                                                                  {"Black", "Bo\\b"}};
  for (const auto& tag : names)
    EXPECT_NE(std::find(replayed.tags.begin(), replayed.tags.end(), tag), replayed.tags.end())
        << tag.first << " " << tag.second;
}

TEST(ServePlayers, NoNamesMeansNullInTheViewAndNoTags) {
  const ServedMonitor served;
  const ServeGame g = served.create("orthodox");
  EXPECT_NE(served.view(g, g.tokens[kWhite])->body.find(R"("players":{"white":null,"black":null})"),
            std::string::npos);
  EXPECT_EQ(served.record(g).find("[White"), std::string::npos) << served.record(g);
  // One name: the other is "?" in the record, as PGN has it.
  const httplib::Result r =
      served.create_raw(R"({"variant": "orthodox", "players": {"black": "Bo"}})");
  ASSERT_TRUE(r && r->status == 201);
  const ServeGame one{serve_json_string(r->body, "id"),
                      {serve_json_string(r->body, "white_token")}};
  EXPECT_NE(served.record(one).find("[White \"?\"]\n[Black \"Bo\"]\n"), std::string::npos)
      << served.record(one);
}

TEST(ServePlayers, ANameThatIsNoLineOfTextIsRefusedSayingWhy) {
  const ServedMonitor served;
  struct Case {
    std::string body;
    int status;
    std::string says;
  };
  const Case cases[] = {
      {R"({"variant": "orthodox", "players": "Anna"})", 400, R"(\"players\" must be an object)"},
      {R"({"variant": "orthodox", "players": {"green": "Anna"}})", 400,
       R"(\"players\".\"green\": unknown; the keys are \"white\" and \"black\")"},
      {R"({"variant": "orthodox", "players": {"white": {"a": "b"}}})", 400,
       R"(\"players\" maps \"white\" and \"black\" to names)"},
      {R"({"variant": "orthodox", "players": {"white": "An\nna"}})", 422,
       R"(\"players\".\"white\": control character 0x0A at byte 2; a name is one line of text)"},
      {R"({"variant": "orthodox", "players": {"black": ")" + std::string(81, 'x') + R"("}})", 422,
       R"(\"players\".\"black\": a name of 81 bytes; at most 80)"},
  };
  for (const Case& c : cases) {
    const httplib::Result r = served.create_raw(c.body);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, c.status) << c.body << ": " << r->body;
    EXPECT_NE(r->body.find(c.says), std::string::npos) << r->body;
  }
  EXPECT_EQ(served.games(), 0U);
}

}  // namespace arbiter::server::testing
