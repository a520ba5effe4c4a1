// The record reader core (rules/core/record_reader.hpp) on its own, driven by a protocol with no
// chess in it: what every replay gets from the core (tags and the [FEN] tag, move numbers,
// Resigns, the result and what may follow it, the place and position of a note).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "rules/core/record_reader.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using ::testing::ElementsAre;
using ::testing::Pair;

/// A tally: the position is the FEN text and the number of words so far; every word is a
/// move except "illegal", and the sides alternate. After `game_over_after` moves the game is
/// over by its "rules", with a draw.
class TallyReader final : public RecordReader<ReplayResult, ReplayNote> {
 public:
  explicit TallyReader(const ReplayOptions& options, int game_over_after = 1000)
      : RecordReader(test::orthodox(), options), game_over_after_(game_over_after) {}

  ReplayResult run(std::string_view record) {
    if (read(record) && r_.plies >= game_over_after_)
      check_stated_result("1/2-1/2", "the tally is full");
    return std::move(r_);
  }

 private:
  int game_over_after_;
  std::optional<std::string> fen_;

  Color side() const { return r_.plies % 2 == 0 ? kWhite : kBlack; }
  int number() const { return r_.plies / 2 + 1; }

  bool has_position() const override { return fen_.has_value(); }
  void set_up(const std::string& fen) override {
    if (fen == "bad") throw std::invalid_argument("'bad' is no FEN");
    fen_ = fen;
  }
  std::string position_fen() const override { return *fen_ + " after " + std::to_string(r_.plies); }
  void place(ReplayNote& n) const override {
    n.ply = r_.plies + 1;
    n.move_number = number();
    n.side = side();
  }
  bool resign(const RecordToken& t) override { return accept_resign(t, side()); }
  bool move(const RecordToken& t) override {
    check_move_number(number(), side() == kBlack, "tally");
    if (t.text == "illegal") return fail(t, "illegal", "no such move");
    r_.san.push_back(t.text);
    ++r_.plies;
    return true;
  }
};

ReplayResult tally(std::string_view record, ReplayOptions options = {}) {
  return TallyReader(options).run(record);
}

std::vector<std::string> warnings(const ReplayResult& r) {
  std::vector<std::string> out;
  for (const ReplayNote& n : r.warnings) out.push_back(n.text + ": " + n.message);
  return out;
}

TEST(RecordReader, HandsOnlyTheMovesToTheProtocol) {
  const ReplayResult r = tally("1. a {comment} b $1 !? (1... x y) 2. c ; to the end\n");
  EXPECT_TRUE(r.valid());
  EXPECT_THAT(r.san, ElementsAre("a", "b", "c"));
  EXPECT_TRUE(r.warnings.empty());
}

TEST(RecordReader, KeepsTheTagPairsAndStartsFromTheFenTag) {
  const ReplayResult r = tally("[Event \"x\"]\n[FEN \"start\"]\n1. a");
  EXPECT_THAT(r.tags, ElementsAre(Pair("Event", "x"), Pair("FEN", "start")));
  EXPECT_EQ(r.start_fen, "start after 0");
}

TEST(RecordReader, StartsFromTheTableSetupWithoutAFenTag) {
  EXPECT_EQ(tally("1. a").start_fen, test::orthodox()->table().setup_fen + " after 0");
}

TEST(RecordReader, ASecondFenTagReplacesTheFirstWithAWarning) {
  const ReplayResult r = tally("[FEN \"one\"]\n[FEN \"two\"]\n1. a");
  EXPECT_EQ(r.start_fen, "two after 0");
  EXPECT_THAT(warnings(r),
              ElementsAre("[FEN \"two\"]: a second [FEN] tag: this one replaces the first"));
}

TEST(RecordReader, TheFenOptionIgnoresTheFenTagWithAWarning) {
  ReplayOptions options;
  options.fen = "given";
  const ReplayResult r = tally("[FEN \"tag\"]\n1. a", options);
  EXPECT_EQ(r.start_fen, "given after 0");
  EXPECT_THAT(warnings(r), ElementsAre("[FEN \"tag\"]: ignored: the start position is given "
                                       "separately (--fen)"));
}

TEST(RecordReader, ABadFenTagIsTheErrorAtTheTagWithoutAPlaceInTheGame) {
  const ReplayResult r = tally("[FEN \"bad\"]\n1. a");
  ASSERT_FALSE(r.valid());
  EXPECT_EQ(r.error->reason, "bad FEN");
  EXPECT_EQ(r.error->message, "'bad' is no FEN");
  EXPECT_EQ(r.error->line, 1);
  EXPECT_FALSE(r.error->side.has_value());
  EXPECT_EQ(r.error->ply, 0);
  EXPECT_EQ(r.error->fen_before, "");
  EXPECT_EQ(r.start_fen, "");
}

TEST(RecordReader, AnErrorIsPlacedAtItsMoveWithThePositionBeforeIt) {
  const ReplayResult r = tally("1. a illegal b");
  ASSERT_FALSE(r.valid());
  EXPECT_EQ(r.error->reason, "illegal");
  EXPECT_EQ(r.error->ply, 2);
  EXPECT_EQ(r.error->move_number, 1);
  EXPECT_EQ(r.error->side, kBlack);
  EXPECT_EQ(r.error->column, 6);
  EXPECT_EQ(r.error->fen_before, test::orthodox()->table().setup_fen + " after 1");
  EXPECT_THAT(r.san, ElementsAre("a"));
}

TEST(RecordReader, AMoveNumberIsCheckedAtItsMoveAndWarnedAtTheNumber) {
  const ReplayResult r = tally("1. a 1... b 3. c 2. d e");
  EXPECT_TRUE(r.valid());
  EXPECT_THAT(warnings(r),
              ElementsAre("3.: move number '3.' does not match the tally: expected 2.",
                          "2.: move number '2.' does not match the tally: expected 2..."));
}

TEST(RecordReader, AnEllipsisAfterANumberStandsForTheSecondHalfMove) {
  EXPECT_TRUE(tally("1. a 1. ... b").warnings.empty());
  EXPECT_THAT(warnings(tally("1. ... a")),
              ElementsAre("1.: move number '1.' does not match the tally: expected 1."));
}

TEST(RecordReader, ATagPairAfterTheMovesIsASyntaxError) {
  const ReplayResult r = tally("1. a [Event \"x\"]");
  ASSERT_FALSE(r.valid());
  EXPECT_EQ(r.error->reason, "syntax");
  EXPECT_EQ(r.error->message, "a tag pair after the moves: tag pairs come before the movetext");
}

TEST(RecordReader, MalformedTextIsASyntaxErrorWithTheTokenizersMessage) {
  const ReplayResult r = tally("1. a { b");
  ASSERT_FALSE(r.valid());
  EXPECT_EQ(r.error->reason, "syntax");
  EXPECT_EQ(r.error->message, "the comment opened at line 1, column 6 is never closed (no '}')");
}

TEST(RecordReader, OnlyCommentsMayFollowTheResult) {
  EXPECT_TRUE(tally("1. a 1-0 {done}").valid());
  const ReplayResult r = tally("1. a 1-0 b");
  ASSERT_FALSE(r.valid());
  EXPECT_EQ(r.error->message, "text after the result '1-0': a record holds one game");
  EXPECT_EQ(r.result, "1-0");
}

TEST(RecordReader, ResignsGivesTheOtherSideTheWin) {
  const ReplayResult r = tally("1. a Resigns");
  EXPECT_TRUE(r.valid());
  EXPECT_EQ(r.resigned, kBlack);
  EXPECT_EQ(r.result, "1-0");
}

TEST(RecordReader, AResultAfterResignsThatDisagreesIsAWarning) {
  const ReplayResult r = tally("1. a Resigns 0-1");
  EXPECT_TRUE(r.valid());
  EXPECT_EQ(r.result, "0-1");
  EXPECT_THAT(warnings(r),
              ElementsAre("0-1: 'Resigns' by Black means 1-0, but the record states 0-1"));
}

TEST(RecordReader, OnlyTheResultMayFollowResigns) {
  const ReplayResult r = tally("1. a Resigns b");
  ASSERT_FALSE(r.valid());
  EXPECT_EQ(r.error->message, "text after 'Resigns': only the result may follow");
}

TEST(RecordReader, AStatedResultThatTheRulesContradictIsAWarningAtTheResult) {
  const ReplayResult r = TallyReader({}, 2).run("1. a b 1-0");
  EXPECT_TRUE(r.valid());
  EXPECT_THAT(warnings(r),
              ElementsAre("1-0: the record says 1-0 but the tally is full, so the result is "
                          "1/2-1/2"));
  EXPECT_TRUE(TallyReader({}, 2).run("1. a b 1/2-1/2").warnings.empty());
}

}  // namespace
}  // namespace arbiter
