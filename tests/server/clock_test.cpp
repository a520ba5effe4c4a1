// The clocks of a game on their own (server/clock.hpp): reading a time control and the
// out-of-time knob, and the clock state as the game waits for one side or both. No server, no
// thread: the times are given.
#include "server/clock.hpp"

#include <gtest/gtest.h>

#include "rules/core/load_variant.hpp"

namespace arbiter::server {
namespace {

constexpr ClockMs kS = 1000;
constexpr ClockMs kMin = 60 * kS;

std::string clock_error(std::string_view control, std::string_view out_of_time = "",
                        const char* table = "orthodox") {
  try {
    (void)checked_clock_settings(control, out_of_time, *load_variant(table));
  } catch (const ClockSetupError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(TimeControl, FischerIsMinutesPlusSecondsAndDaysPerMoveIsNd) {
  const TimeControl f = parse_time_control("15+10");
  EXPECT_EQ(f.kind, TimeControl::Kind::kFischer);
  EXPECT_EQ(f.base_ms, 15 * kMin);
  EXPECT_EQ(f.increment_ms, 10 * kS);
  EXPECT_EQ(f.text(), "15+10");
  EXPECT_EQ(parse_time_control(" 0.5+2 ").base_ms, 30 * kS);
  EXPECT_EQ(parse_time_control("0.5+2").text(), "0.5+2");
  const TimeControl d = parse_time_control("3d");
  EXPECT_EQ(d.kind, TimeControl::Kind::kDaysPerMove);
  EXPECT_EQ(d.base_ms, 3 * 24 * 60 * kMin);
  EXPECT_EQ(d.text(), "3d");
  EXPECT_EQ(parse_time_control("").kind, TimeControl::Kind::kNone);
  EXPECT_EQ(parse_time_control("none").kind, TimeControl::Kind::kNone);
}

TEST(TimeControl, ABadTimeControlSaysWhatAndWhatWasExpected) {
  EXPECT_EQ(clock_error("15"),
            "time control '15': no '+' between the minutes and the seconds; expected "
            "MINUTES+SECONDS (Fischer: \"15+10\", \"0.5+2\"), DAYSd (days per move: \"3d\") or "
            "\"none\"");
  EXPECT_NE(clock_error("15+x").find("the increment 'x' is not a whole number of seconds"),
            std::string::npos);
  EXPECT_NE(clock_error("1e9+0").find("the minutes '1e9' are not a number"), std::string::npos);
  EXPECT_NE(clock_error("0+5").find("the base time must be more than 0 minutes"),
            std::string::npos);
  EXPECT_NE(clock_error("0d").find("0 days per move: from 1 to 60 days"), std::string::npos);
  EXPECT_NE(clock_error("2000+0").find("over 1440 minutes"), std::string::npos);
  EXPECT_NE(clock_error("xd").find("not a whole number"), std::string::npos);
}

TEST(OutOfTime, PassesOnlyWhereTheProtocolHasAPass) {
  EXPECT_EQ(clock_error("15+10", "passes", "diplomacy"), "accepted");
  EXPECT_EQ(clock_error("15+10", "loses", "move-neutral"), "accepted");
  EXPECT_EQ(clock_error("15+10", "passes", "orthodox"),
            "out_of_time 'passes' refused: table 'orthodox' (sequential protocol, none resolver) "
            "has no pass; a side out of time can only lose there (out_of_time \"loses\"). "
            "Diplomacy Chess has one (\"-\")");
  EXPECT_NE(clock_error("15+10", "passes", "move-neutral").find("table 'move-neutral'"),
            std::string::npos);
  EXPECT_NE(clock_error("15+10", "passes", "conditional").find("has no pass"), std::string::npos);
  EXPECT_NE(clock_error("15+10", "draws", "diplomacy").find("out_of_time 'draws': expected"),
            std::string::npos);
  EXPECT_NE(clock_error("", "passes", "diplomacy").find("without a time control"),
            std::string::npos);
}

TEST(ClockSettings, TheStoredTextReadsBack) {
  for (const char* text : {"", "15+10", "3d out-of-time=passes", "0.25+0"})
    EXPECT_EQ(clock_settings_from_text(text).text(), text);
  EXPECT_THROW(clock_settings_from_text("15+10 junk"), ClockSetupError);
}

TEST(GameClock, FischerRunsTheWaitingSidesClockAndAddsTheIncrementWhenItStops) {
  GameClock c({parse_time_control("1+2"), OutOfTime::kLoses}, 0);
  c.run({true, false}, 0, 1);
  EXPECT_EQ(c.remaining(kWhite, 10 * kS), 50 * kS);
  c.run({false, true}, 10 * kS, 2);  // White moved: +2 s
  EXPECT_EQ(c.remaining(kWhite, 20 * kS), 52 * kS);
  EXPECT_EQ(c.remaining(kBlack, 20 * kS), 50 * kS);
  EXPECT_EQ(c.next_deadline(), 70 * kS);
  EXPECT_FALSE(c.flag(69 * kS));
  const std::optional<ClockFlag> f = c.flag(75 * kS);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->side, kBlack);
  EXPECT_EQ(f->at, 70 * kS) << "the moment the time ran out, not when it was seen";
  EXPECT_EQ(c.remaining(kBlack, 75 * kS), 0);
}

TEST(GameClock, BothClocksRunInASimultaneousTurnUntilEachSealsAndTheFirstOutIsFlagged) {
  GameClock c({parse_time_control("1+0"), OutOfTime::kLoses}, 0);
  c.run({true, true}, 0, 1);
  c.run({false, true}, 20 * kS, 1);  // White sealed
  EXPECT_EQ(c.remaining(kWhite, 50 * kS), 40 * kS);
  EXPECT_EQ(c.remaining(kBlack, 50 * kS), 10 * kS);
  EXPECT_EQ(c.flag(60 * kS)->side, kBlack);
  c.run({true, true}, 30 * kS, 2);  // Black's move resolved the turn: both start anew
  EXPECT_EQ(c.remaining(kWhite, 30 * kS), 40 * kS);
  EXPECT_EQ(c.remaining(kBlack, 30 * kS), 30 * kS);
  GameClock both({parse_time_control("1+0"), OutOfTime::kLoses}, 0);
  both.run({true, true}, 0, 1);
  const std::optional<ClockFlag> f = both.flag(61 * kS);
  ASSERT_TRUE(f);
  EXPECT_FALSE(f->side) << "both at the same moment";
}

TEST(GameClock, DaysPerMoveGiveEachMoveTheWholeTimeAgain) {
  constexpr ClockMs kDay = 24 * 60 * kMin;
  GameClock c({parse_time_control("2d"), OutOfTime::kLoses}, 0);
  c.run({true, false}, 0, 1);
  c.run({false, true}, kDay + 5, 2);  // White used a day and a bit
  EXPECT_EQ(c.remaining(kWhite, kDay + 5), 2 * kDay) << "the next move has two days again";
  c.run({true, false}, 3 * kDay, 3);
  EXPECT_EQ(c.next_deadline(), 5 * kDay);
}

TEST(GameClock, ATimeBeforeTheLastChangeCountsAsThatChange) {
  GameClock c({parse_time_control("1+0"), OutOfTime::kLoses}, 100 * kS);
  c.run({true, false}, 100 * kS, 1);
  c.run({false, true}, 90 * kS, 2);  // the wall clock went back
  EXPECT_EQ(c.remaining(kWhite, 100 * kS), 60 * kS);
  EXPECT_EQ(c.remaining(kBlack, 100 * kS), 60 * kS);
}

TEST(GameClock, TheViewNamesTheRunningClocksAndTheServersTime) {
  GameClock c({parse_time_control("3d"), OutOfTime::kPasses}, 0);
  c.run({false, true}, 0, 1);
  present::JsonWriter w;
  c.write_json(w, 1000);
  EXPECT_EQ(w.str(),
            R"({"control":"3d","out_of_time":"passes","white_ms":259200000,"black_ms":259199000,)"
            R"("running":["black"],"server_time_ms":1000})");
}

TEST(TimeForfeit, TheRecordGetsATerminationTagAfterItsVariant) {
  EXPECT_EQ(time_forfeit(kWhite).result, "0-1");
  EXPECT_EQ(time_forfeit(kBlack).reason, "Black's time ran out");
  EXPECT_EQ(time_forfeit(std::nullopt).result, "1/2-1/2");
  EXPECT_EQ(with_time_forfeit_tag("{ c }\n[Variant \"orthodox\"]\n\n1. e4\n*\n"),
            "{ c }\n[Variant \"orthodox\"]\n[Termination \"time forfeit\"]\n\n1. e4\n*\n");
}

}  // namespace
}  // namespace arbiter::server
