// Draw claims (issue 38, item 6): threefold repetition and the fifty-move rule, claimed by a
// player where the server hears them (--draw-claims: sequential and conditional tables by
// default, the simultaneous ones only with "all", since their rule texts are silent).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "rules/core/game_record.hpp"
#include "rules/core/load_variant.hpp"
#include "tests/server/serve_fixture.hpp"

namespace arbiter::server::testing {
namespace {

httplib::Result claim_post(const ServedMonitor& served, const ServeGame& g, Color side) {
  return served.client().Post("/api/games/" + g.id + "/claim",
                              {{"Authorization", "Bearer " + g.tokens[side]}}, "",
                              "application/json");
}

/// Plays `moves` alternately, White first (sequential tables) or as turns of both sides.
void claim_play(const ServedMonitor& served, const ServeGame& g,
                const std::vector<std::string>& moves) {
  for (std::size_t i = 0; i < moves.size(); ++i)
    served.play(g, i % 2 == 0 ? kWhite : kBlack, moves[i]);
}

const std::vector<std::string> kKnightsOutAndBack = {"Nf3", "Nf6", "Ng1", "Ng8"};

}  // namespace

TEST(ServeClaims, ThreefoldRepetitionIsAClaimThatHoldsOnlyOnTheThirdOccurrence) {
  const std::string db = serve_temp_db();
  ServeGame g;
  {
    const ServedMonitor served("", db);
    g = served.create("orthodox");
    claim_play(served, g, kKnightsOutAndBack);
    const httplib::Result early = claim_post(served, g, kWhite);
    ASSERT_TRUE(early);
    EXPECT_EQ(early->status, 422);
    EXPECT_NE(early->body.find("no draw to claim: this position has occurred 2 times (3 needed), "
                               "4 plies without a capture or a pawn move (100 needed)"),
              std::string::npos)
        << early->body;
    EXPECT_NE(served.view(g, g.tokens[kWhite])->body.find(R"("over":false)"), std::string::npos)
        << "a refused claim changes nothing";
    claim_play(served, g, kKnightsOutAndBack);
    const httplib::Result r = claim_post(served, g, kBlack);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 202) << r->body;
  }
  const ServedMonitor again("", db);  // the claim is stored with the moves
  const std::string view = again.view(g, g.spectator)->body;
  EXPECT_NE(
      view.find(
          R"("status":{"over":true,"result":"1/2-1/2","reason":"draw by threefold repetition (the position occurred 3 times), claimed by Black"})"),
      std::string::npos)
      << view;
  const std::string record = again.record(g);
  EXPECT_NE(record.find("4. Ng1 Ng8\n{ draw by threefold repetition (the position occurred 3 "
                        "times), claimed by Black } 1/2-1/2\n"),
            std::string::npos)
      << record;
  EXPECT_TRUE(replay_record(load_variant("orthodox"), record).valid()) << record;
  serve_remove_db(db);
}

TEST(ServeClaims, TheFiftyMoveRuleIsClaimedAfterTheTablesPliesWithoutCaptureOrPawnMove) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("arbiter_claims_" + random_hex(6));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "short_fifty.toml")
      << "[table]\nname = \"short-fifty\"\nextends = \"orthodox\"\n\n[end]\nfifty_move_plies = 6\n";
  {
    const ServedMonitor served(dir.string());
    const ServeGame g = served.create("short_fifty.toml");
    claim_play(served, g, {"Nf3", "Nf6", "Nc3", "Nc6", "Rb1"});
    const httplib::Result early = claim_post(served, g, kBlack);
    ASSERT_TRUE(early);
    EXPECT_EQ(early->status, 422);
    EXPECT_NE(early->body.find("5 plies without a capture or a pawn move (6 needed)"),
              std::string::npos)
        << early->body;
    served.play(g, kBlack, "Rb8");
    const httplib::Result r = claim_post(served, g, kWhite);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 202) << r->body;
    EXPECT_NE(r->body.find("draw by the fifty-move rule (6 plies without a capture or a pawn "
                           "move), claimed by White"),
              std::string::npos)
        << r->body;
  }
  std::filesystem::remove_all(dir);
}

TEST(ServeClaims, SimultaneousTablesHearClaimsOnlyWhenTheServerSaysAll) {
  {
    const ServedMonitor served;
    const ServeGame g = served.create("diplomacy");
    claim_play(served, g, kKnightsOutAndBack);
    claim_play(served, g, kKnightsOutAndBack);
    const httplib::Result r = claim_post(served, g, kWhite);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 422);
    EXPECT_NE(r->body.find("no draw claims in diplomacy"), std::string::npos) << r->body;
  }
  const ServedMonitor served("", "", "", serve_test_policy(), DrawClaims::kAll);
  const ServeGame g = served.create("diplomacy");
  claim_play(served, g, kKnightsOutAndBack);
  served.play(g, kWhite, "Nf3");  // sealed: the position is the turn's, unchanged
  EXPECT_EQ(claim_post(served, g, kBlack)->status, 422);
  served.play(g, kBlack, "Nf6");
  claim_play(served, g, {"Ng1", "Ng8"});
  const httplib::Result r = claim_post(served, g, kBlack);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 202) << r->body;
  EXPECT_NE(r->body.find("draw by threefold repetition"), std::string::npos) << r->body;
}

TEST(ServeClaims, ConditionalChessHearsAClaimBetweenTurnsNotInTheMiddleOfOne) {
  const ServedMonitor served;
  const ServeGame g = served.create("conditional");
  served.play(g, kWhite, "e4");  // the A-move: a statement is due
  const httplib::Result mid = claim_post(served, g, kBlack);
  ASSERT_TRUE(mid);
  EXPECT_EQ(mid->status, 422);
  EXPECT_NE(mid->body.find("no draw claim in the middle of a turn"), std::string::npos)
      << mid->body;
  served.play(g, kWhite, "e5?Nc3/Nf3");
  served.play(g, kBlack, "e5");
  const httplib::Result between = claim_post(served, g, kBlack);
  ASSERT_TRUE(between);
  EXPECT_EQ(between->status, 422);
  EXPECT_NE(between->body.find("no draw to claim: this position has occurred 1 time (3 needed)"),
            std::string::npos)
      << between->body;
}

}  // namespace arbiter::server::testing
