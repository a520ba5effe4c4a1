// The replay front-end (cli/core/replay_io.hpp) on its own: how every replay prints its notes, its
// end and its JSON object, whichever protocol made them.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "cli/core/replay_io.hpp"
#include "tests/support/captured_output.hpp"

namespace arbiter::cli {
namespace {

ReplayNote note(std::string text, std::string message, std::string reason = "") {
  ReplayNote n;
  n.ply = 3;
  n.move_number = 2;
  n.side = kWhite;
  n.text = std::move(text);
  n.message = std::move(message);
  n.reason = std::move(reason);
  n.line = 1;
  n.column = 9;
  return n;
}

std::string place(const ReplayNote& n) {
  return "at " + n.text;
}

TEST(ReplayFrontEnd, ANoteLineSaysItsLevelPlaceReasonAndMessage) {
  EXPECT_EQ(note_line("warning", "move 2 (White) 'Nf3+'", note("Nf3+", "no check")),
            "warning: move 2 (White) 'Nf3+': no check");
  EXPECT_EQ(note_line("error", "here", note("Zf3", "no Z", "unknown piece letter")),
            "error: here: unknown piece letter: no Z");
}

TEST(ReplayFrontEnd, WarningsAndTheErrorGoToStandardErrorWithThePositionBeforeTheError) {
  ReplayNote error = note("e5", "no pawn can go there", "illegal");
  error.fen_before = "8/8/8/8/8/8/8/K6k w - - 0 1";
  test::CapturedOutput io;
  EXPECT_FALSE(print_notes(std::vector<ReplayNote>{note("1.", "bad number")},
                           std::optional<ReplayNote>(error), place, "turn"));
  EXPECT_EQ(io.out.str(), "");
  EXPECT_EQ(io.err.str(),
            "warning: at 1.: bad number\n"
            "error: at e5: illegal: no pawn can go there\n"
            "position before the turn: 8/8/8/8/8/8/8/K6k w - - 0 1\n");
}

TEST(ReplayFrontEnd, WithoutAnErrorOnlyTheWarningsArePrinted) {
  test::CapturedOutput io;
  EXPECT_TRUE(print_notes(std::vector<ReplayNote>{}, std::optional<ReplayNote>(), place, "move"));
  EXPECT_EQ(io.err.str(), "");
}

TEST(ReplayFrontEnd, TheFinalLinesNameTheResultAndWhoResigned) {
  test::CapturedOutput io;
  print_final("fen", "plies", 4, std::string("0-1"), kWhite);
  print_final("fen", "turns", 0, std::nullopt, std::nullopt);
  EXPECT_EQ(io.out.str(),
            "final fen\nplies 4\nresult 0-1 (White resigned)\n"
            "final fen\nturns 0\nresult none\n");
}

TEST(ReplayFrontEnd, AConditionalNoteHasItsPhaseAfterTheMoveNumber) {
  ConditionalNote n;
  static_cast<ReplayNote&>(n) = note("d2?Nh4/e6", "marks the else-branch");
  n.phase = Phase::kC;
  JsonWriter w;
  write_note(w, n, false);
  EXPECT_EQ(w.str(),
            "{\"ply\":3,\"move_number\":2,\"phase\":\"C\",\"side\":\"white\",\"text\":"
            "\"d2?Nh4/e6\",\"message\":\"marks the else-branch\",\"line\":1,\"column\":9}");
}

TEST(ReplayFrontEnd, TheJsonObjectHoldsTheReplayThenItsNotes) {
  JsonWriter w;
  begin_replay_json(w, false, "turns", 1, "start", "final", std::nullopt);
  const std::optional<ReplayNote> error = note("x", "why", "syntax");
  end_replay_json(w, std::vector<ReplayNote>{}, error, "turn");
  EXPECT_EQ(w.str(),
            "{\"valid\":false,\"turns\":1,\"start_fen\":\"start\",\"final_fen\":\"final\","
            "\"result\":null,\"warnings\":[],\"error\":{\"turn\":3,\"move_number\":2,"
            "\"side\":\"white\",\"text\":\"x\",\"reason\":\"syntax\",\"message\":\"why\","
            "\"fen_before\":null,\"line\":1,\"column\":9}}");
}

}  // namespace
}  // namespace arbiter::cli
