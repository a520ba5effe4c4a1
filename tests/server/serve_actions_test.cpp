// Resignation and draw offers (issue 38, item 6): a player resigns, offers a draw for the turn
// or accepts the opponent's; the game ends in every view and in the record, which `replay`
// reads, and the actions are stored with the submissions, so a restart keeps them.
#include <gtest/gtest.h>

#include <string>

#include "rules/core/game_record.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/simultaneous/sim_record.hpp"
#include "tests/server/serve_fixture.hpp"

namespace arbiter::server::testing {
namespace {

httplib::Result action_post(const ServedMonitor& served, const ServeGame& g,
                            const std::string& token, const std::string& action) {
  return served.client().Post("/api/games/" + g.id + "/" + action,
                              {{"Authorization", "Bearer " + token}}, "", "application/json");
}

std::string action_view(const ServedMonitor& served, const ServeGame& g, const std::string& token) {
  const httplib::Result r = served.view(g, token);
  return r ? r->body : std::string();
}

}  // namespace

TEST(ServeActions, ResignationEndsTheGameInEveryViewAndTheRecordWhichReplays) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  served.play(g, kWhite, "e4");
  served.play(g, kBlack, "e5");
  served.play(g, kWhite, "Nf3");  // sealed when Black resigns
  const httplib::Result r = action_post(served, g, g.tokens[kBlack], "resign");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 202) << r->body;
  for (const std::string& token : {g.tokens[kWhite], g.tokens[kBlack], g.spectator}) {
    const std::string view = action_view(served, g, token);
    EXPECT_NE(view.find(R"("status":{"over":true,"result":"1-0","reason":"Black resigned"})"),
              std::string::npos)
        << view;
    EXPECT_NE(view.find(R"("waiting_for":[])"), std::string::npos) << view;
    EXPECT_NE(view.find(R"("legal":[])"), std::string::npos) << view;
  }
  EXPECT_EQ(action_view(served, g, g.tokens[kBlack]).find("Nf3"), std::string::npos)
      << "White's sealed move stays sealed";
  const httplib::Result late = served.move(g, g.tokens[kBlack], "d5");
  ASSERT_TRUE(late);
  EXPECT_EQ(late->status, 422);
  EXPECT_NE(late->body.find("the game is over: 1-0 (Black resigned)"), std::string::npos);
  EXPECT_EQ(action_post(served, g, g.tokens[kWhite], "draw")->status, 422);
  const std::string record = served.record(g);
  EXPECT_NE(record.find("1. e4 e5\n{ Black resigned } 1-0\n"), std::string::npos) << record;
  ReplayOptions options;
  options.null_moves = NullMoves::kPass;
  EXPECT_TRUE(replay_diplomacy_record(load_variant("diplomacy"), record, options).valid())
      << record;
}

TEST(ServeActions, ADrawOfferStandsForItsTurnAndTheOpponentsDrawAcceptsIt) {
  const ServedMonitor served;
  const ServeGame g = served.create("orthodox");
  served.play(g, kWhite, "e4");
  ASSERT_EQ(action_post(served, g, g.tokens[kWhite], "draw")->status, 202);
  const std::string offered = action_view(served, g, g.spectator);
  EXPECT_NE(offered.find(R"("version":2,"draw_offer":"white")"), std::string::npos) << offered;
  // Offered again: the same offer, nothing more.
  ASSERT_EQ(action_post(served, g, g.tokens[kWhite], "draw")->status, 202);
  EXPECT_EQ(action_view(served, g, g.spectator), offered);
  ASSERT_EQ(action_post(served, g, g.tokens[kBlack], "draw")->status, 202);
  const std::string drawn = action_view(served, g, g.tokens[kWhite]);
  EXPECT_NE(drawn.find(R"("draw_offer":null)"), std::string::npos) << drawn;
  EXPECT_NE(drawn.find(R"("status":{"over":true,"result":"1/2-1/2","reason":"draw agreed"})"),
            std::string::npos)
      << drawn;
  const std::string record = served.record(g);
  EXPECT_NE(record.find("1. e4\n{ draw agreed } 1/2-1/2\n"), std::string::npos) << record;
  const ReplayResult replayed = replay_record(load_variant("orthodox"), record);
  EXPECT_TRUE(replayed.valid()) << record;
  EXPECT_EQ(replayed.result, "1/2-1/2");
}

TEST(ServeActions, ADrawOfferLapsesWhenTheTurnChanges) {
  const ServedMonitor served;
  const ServeGame g = served.create("orthodox");
  ASSERT_EQ(action_post(served, g, g.tokens[kWhite], "draw")->status, 202);
  served.play(g, kWhite, "e4");
  EXPECT_NE(action_view(served, g, g.tokens[kBlack]).find(R"("draw_offer":null)"),
            std::string::npos);
  // Black's draw is then an offer of its own, not an acceptance.
  ASSERT_EQ(action_post(served, g, g.tokens[kBlack], "draw")->status, 202);
  const std::string view = action_view(served, g, g.tokens[kWhite]);
  EXPECT_NE(view.find(R"("draw_offer":"black")"), std::string::npos) << view;
  EXPECT_NE(view.find(R"("over":false)"), std::string::npos) << view;
}

TEST(ServeActions, TheSpectatorLinkNeitherResignsNorOffersADraw) {
  const ServedMonitor served;
  const ServeGame g = served.create("orthodox");
  for (const char* action : {"resign", "draw"}) {
    const httplib::Result r = action_post(served, g, g.spectator, action);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 403) << r->body;
    EXPECT_NE(r->body.find(std::string("it may not ") + action), std::string::npos) << r->body;
  }
}

TEST(ServeActions, ActionsAreStoredAndARestartKeepsThem) {
  const std::string db = serve_temp_db();
  ServeGame g, drawn;
  {
    const ServedMonitor served("", db);
    g = served.create("orthodox");
    served.play(g, kWhite, "e4");
    ASSERT_EQ(action_post(served, g, g.tokens[kWhite], "resign")->status, 202);
    drawn = served.create("move-neutral");
    ASSERT_EQ(action_post(served, drawn, drawn.tokens[kBlack], "draw")->status, 202);
  }
  {
    const ServedMonitor again("", db);
    EXPECT_NE(action_view(again, g, g.tokens[kBlack])
                  .find(R"("status":{"over":true,"result":"0-1","reason":"White resigned"})"),
              std::string::npos);
    EXPECT_NE(action_view(again, drawn, drawn.tokens[kWhite]).find(R"("draw_offer":"black")"),
              std::string::npos);
    ASSERT_EQ(action_post(again, drawn, drawn.tokens[kWhite], "draw")->status, 202);
    EXPECT_NE(action_view(again, drawn, drawn.tokens[kWhite]).find(R"("reason":"draw agreed")"),
              std::string::npos);
  }
  serve_remove_db(db);
}

}  // namespace arbiter::server::testing
