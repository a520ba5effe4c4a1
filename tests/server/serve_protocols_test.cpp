// Games of every protocol played through the HTTP API of `arbiter serve`: a Diplomacy Chess
// turn with a conflict, a Move-Neutral Chess turn with a shared square, a Conditional Chess
// turn (A-move, statement, B-move, C-move), alternating Conversion and orthodox play; each
// game's record read back by the replay of its protocol.
#include <gtest/gtest.h>

#include "rules/conditional/conditional_record.hpp"
#include "rules/core/game_record.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/simultaneous/sim_record.hpp"
#include "tests/server/serve_fixture.hpp"

namespace arbiter::server::testing {
namespace {

std::string serve_view_body(const ServedMonitor& served, const ServeGame& g, Color side) {
  const httplib::Result r = served.view(g, g.tokens[side]);
  return r && r->status == 200 ? r->body : std::string();
}

TEST(ServeProtocols, DiplomacyConflictShowsBothMovesTheirFatesAndTheTraceToBothSides) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  served.play(g, kWhite, "Nf3");
  served.play(g, kBlack, "Nc6");
  served.play(g, kWhite, "Nd4");
  served.play(g, kBlack, "Nd4");  // both knights to d4: equal ranks, neither executes
  for (Color side : {kWhite, kBlack}) {
    const std::string body = serve_view_body(served, g, side);
    EXPECT_NE(body.find(R"("white":{"written":"Nd4","san":"Nd4","fate":"not executed"})"),
              std::string::npos)
        << body;
    EXPECT_NE(body.find(R"("black":{"written":"Nd4","san":"Nd4","fate":"not executed"})"),
              std::string::npos);
    // The same words as `arbiter resolve`.
    EXPECT_NE(body.find(R"({"clause":"same-destination","square":"d4","tick":)"),
              std::string::npos);
    EXPECT_NE(body.find("same destination, equal ranks (White's knight and Black's knight): "
                        "neither move executes"),
              std::string::npos);
    // The turn's board is drawn when asked for (the history holds text): d4 ringed.
    const httplib::Result board =
        served.client().Get("/api/games/" + g.id + "/turns/2/board.svg",
                            {{"Authorization", "Bearer " + g.tokens[side]}});
    ASSERT_TRUE(board);
    EXPECT_NE(board->body.find("class=\"conflict\""), std::string::npos) << "d4 ringed";
  }
  const std::string record = served.record(g);
  EXPECT_NE(record.find("1. Nf3 Nc6\n2. Nd4 Nd4\n*"), std::string::npos) << record;
  ReplayOptions options;
  options.null_moves = NullMoves::kPass;
  const DiplomacyReplayResult replayed =
      replay_diplomacy_record(load_variant("diplomacy"), record, options);
  EXPECT_TRUE(replayed.valid());
  EXPECT_EQ(replayed.turns, 2);
  EXPECT_EQ(serve_json_string(serve_view_body(served, g, kWhite), "fen"), replayed.final_fen);
}

TEST(ServeProtocols, DiplomacyPassIsRecordedAsANullMove) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  served.play(g, kWhite, "-");
  served.play(g, kBlack, "e5");
  const std::string record = served.record(g);
  EXPECT_NE(record.find("1. -- e5"), std::string::npos) << record;
  EXPECT_NE(record.find("--null-move pass"), std::string::npos);
  ReplayOptions options;
  options.null_moves = NullMoves::kPass;
  EXPECT_TRUE(replay_diplomacy_record(load_variant("diplomacy"), record, options).valid());
}

TEST(ServeProtocols, DiplomacyConditionalMoveIsResolvedAndRecordedAsOneWord) {
  const ServedMonitor served;
  const ServeGame g = served.create("diplomacy");
  served.play(g, kWhite, " ~e5 ? d4 : e4 ");  // e5 is empty before the turn: d4
  served.play(g, kBlack, "e5");
  const std::string body = serve_view_body(served, g, kBlack);
  EXPECT_NE(body.find(R"("white":{"written":" ~e5 ? d4 : e4 ","branch":"d4","san":"d4")"),
            std::string::npos)
      << body;
  const std::string record = served.record(g);
  EXPECT_NE(record.find("1. ~e5?d4:e4 e5"), std::string::npos) << record;
  ReplayOptions options;
  options.null_moves = NullMoves::kPass;
  const DiplomacyReplayResult replayed =
      replay_diplomacy_record(load_variant("diplomacy"), record, options);
  EXPECT_TRUE(replayed.valid()) << record;
  EXPECT_EQ(serve_json_string(body, "fen"), replayed.final_fen);
}

TEST(ServeProtocols, MoveNeutralTurnWithASharedSquare) {
  const ServedMonitor served;
  const ServeGame g = served.create("move-neutral");
  const httplib::Result pass = served.move(g, g.tokens[kWhite], "-");
  ASSERT_TRUE(pass);
  EXPECT_EQ(pass->status, 422) << "both sides move every turn in Move-Neutral Chess";
  served.play(g, kWhite, "Nc3");
  served.play(g, kBlack, "Nf6");
  served.play(g, kWhite, "Nd5");
  served.play(g, kBlack, "Nd5");
  const std::string body = serve_view_body(served, g, kBlack);
  EXPECT_NE(body.find(R"({"clause":"shared-square","square":"d5")"), std::string::npos) << body;
  EXPECT_NE(serve_json_string(body, "fen").find("3(Nn)4"), std::string::npos);
  const std::string record = served.record(g);
  const DiplomacyReplayResult replayed =
      replay_diplomacy_record(load_variant("move-neutral"), record, {});
  EXPECT_TRUE(replayed.valid()) << record;
  EXPECT_EQ(serve_json_string(body, "fen"), replayed.final_fen);
}

TEST(ServeProtocols, ConditionalTurnStatementShownBeforeTheBMoveThenTheCMoveExecutes) {
  const ServedMonitor served;
  const ServeGame g = served.create("conditional");
  served.play(g, kWhite, "e4");  // A-move
  const httplib::Result early = served.move(g, g.tokens[kBlack], "e5");
  ASSERT_TRUE(early);
  EXPECT_EQ(early->status, 422) << "the B-move waits for the statement";
  EXPECT_NE(early->body.find("White's conditional move"), std::string::npos) << early->body;
  const httplib::Result bad = served.move(g, g.tokens[kWhite], "e5?Nf3");
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->status, 422) << "a statement in the text's syntax";
  served.play(g, kWhite, "e5?Nc3/Nf3");  // the statement
  const std::string black = serve_view_body(served, g, kBlack);
  EXPECT_EQ(serve_json_string(black, "stated"), "e5?Nc3/Nf3") << black;
  EXPECT_EQ(serve_json_string(black, "phase"), "B");
  served.play(g, kBlack, "e5");  // B-move: e5 is now occupied, so the else-branch runs
  const std::string after = serve_view_body(served, g, kWhite);
  EXPECT_NE(after.find(R"({"phase":"C","side":"white","text":"e5?Nc3/*Nf3*","outcome":"executed")"),
            std::string::npos)
      << after;
  EXPECT_EQ(serve_json_string(after, "phase"), "A");
  const std::string record = served.record(g);
  EXPECT_NE(record.find("1. e4 e5\n2. e5?Nc3/*Nf3*"), std::string::npos) << record;
  const ConditionalReplayResult replayed =
      replay_conditional_record(load_variant("conditional"), record);
  EXPECT_TRUE(replayed.valid()) << record;
  EXPECT_EQ(serve_json_string(after, "fen"), replayed.final_fen);
}

TEST(ServeProtocols, ConditionalCMoveMadeIllegalByTheBMoveIsSkipped) {
  const ServedMonitor served;
  const ServeGame g = served.create("conditional");
  served.play(g, kWhite, "e4");
  served.play(g, kWhite, "!e5");
  served.play(g, kBlack, "e5");  // blocks White's pawn: under the default the C-move is skipped
  const std::string after = serve_view_body(served, g, kBlack);
  EXPECT_NE(after.find(R"("text":"!e5","outcome":"skipped")"), std::string::npos) << after;
  const std::string record = served.record(g);
  const ConditionalReplayResult replayed =
      replay_conditional_record(load_variant("conditional"), record);
  EXPECT_TRUE(replayed.valid()) << record;
  EXPECT_TRUE(replayed.warnings.empty()) << record;
  EXPECT_EQ(serve_json_string(after, "fen"), replayed.final_fen);
}

TEST(ServeProtocols, ConditionalReplacementIsChosenByTheOpponentUnderItsKnob) {
  const ServedMonitor served;
  const ServeGame g = served.create("conditional", R"({"illegal-c-move": "opponent-moves"})");
  served.play(g, kWhite, "e4");
  served.play(g, kWhite, "!e5");
  served.play(g, kBlack, "e5");  // blocks White's pawn: the C-move is illegal
  const std::string waiting = serve_view_body(served, g, kBlack);
  EXPECT_NE(waiting.find(R"("waiting_for":["black"])"), std::string::npos) << waiting;
  EXPECT_NE(serve_json_string(waiting, "awaiting").find("Black chooses the move White makes"),
            std::string::npos)
      << waiting;
  const httplib::Result white = served.move(g, g.tokens[kWhite], "Nf3");
  ASSERT_TRUE(white);
  EXPECT_EQ(white->status, 422) << "the opponent chooses, not the stater";
  served.play(g, kBlack, "Nf3");  // White's knight, moved by Black's choice
  const std::string after = serve_view_body(served, g, kWhite);
  EXPECT_NE(after.find(R"("text":"!e5=>Nf3","outcome":"replaced")"), std::string::npos) << after;
  const std::string record = served.record(g);
  EXPECT_NE(record.find("--knob illegal-c-move=opponent-moves"), std::string::npos) << record;
  const ConditionalReplayResult replayed = replay_conditional_record(
      load_variant("conditional", {{"illegal-c-move", "opponent-moves"}}), record);
  EXPECT_TRUE(replayed.valid()) << record;
  EXPECT_EQ(serve_json_string(after, "fen"), replayed.final_fen);
}

TEST(ServeProtocols, ConversionPlaysInTurnsAndRefusesTheSideNotToMove) {
  const ServedMonitor served;
  const ServeGame g = served.create("conversion");
  const httplib::Result early = served.move(g, g.tokens[kBlack], "e5");
  ASSERT_TRUE(early);
  EXPECT_EQ(early->status, 422);
  EXPECT_NE(early->body.find("it is White's move, not Black's"), std::string::npos);
  served.play(g, kWhite, "e4");
  served.play(g, kBlack, "e5");
  served.play(g, kWhite, "Nf3");
  const std::string body = serve_view_body(served, g, kBlack);
  EXPECT_NE(body.find(R"("waiting_for":["black"])"), std::string::npos) << body;
  const std::string record = served.record(g);
  EXPECT_NE(record.find("1. e4 e5\n2. Nf3\n*"), std::string::npos) << record;
  const ReplayResult replayed = replay_record(load_variant("conversion"), record);
  EXPECT_TRUE(replayed.valid());
  EXPECT_EQ(serve_json_string(body, "fen"), replayed.final_fen);
}

TEST(ServeProtocols, OrthodoxMateEndsTheGameWithItsRuleAndRefusesMoreMoves) {
  const ServedMonitor served;
  const ServeGame g = served.create("orthodox");
  for (const char* m : {"f3", "e5", "g4", "Qh4#"})
    served.play(g, std::string(m) == "e5" || std::string(m) == "Qh4#" ? kBlack : kWhite, m);
  const std::string body = serve_view_body(served, g, kWhite);
  EXPECT_NE(body.find(R"("status":{"over":true,"result":"0-1","reason":"checkmate"})"),
            std::string::npos)
      << body;
  const httplib::Result more = served.move(g, g.tokens[kWhite], "a3");
  ASSERT_TRUE(more);
  EXPECT_EQ(more->status, 422);
  EXPECT_NE(more->body.find("the game is over: 0-1 (checkmate)"), std::string::npos);
  EXPECT_NE(served.record(g).find("2. g4 Qh4#\n0-1"), std::string::npos) << served.record(g);
}

}  // namespace
}  // namespace arbiter::server::testing
