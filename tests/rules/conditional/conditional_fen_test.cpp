// The Conditional Chess FEN extension: "<orthodox FEN> <phase>[+] <pending>", its round trip
// and one precise error per malformed class.
#include <gtest/gtest.h>

#include <string>

#include "rules/conditional/conditional_game.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::conditional;

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST(ConditionalFen, RoundTripsEveryPhase) {
  for (const std::string& fen : {
           std::string(kStart) + " A -",
           std::string("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 B -"),
           std::string("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 B d2?Nh4/e6"),
           std::string("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 C !Nf3"),
           std::string("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 C "
                       "Pe5?Nf3/Nc3"),
           std::string("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 C Eg7?Ra7/Ra8"),
       }) {
    EXPECT_EQ(to_conditional_fen(parse_conditional_fen(conditional(), fen)), fen);
  }
  const KnobSettings end_of_turn = {{"a-move-mate", "end-of-turn"}};
  for (const std::string& fen : {std::string("R3k3/8/8/8/8/8/8/4K3 b - - 1 1 B+ -"),
                                 std::string("R7/3k4/8/8/8/8/8/4K3 w - - 2 2 C+ !Ra7")}) {
    EXPECT_EQ(to_conditional_fen(parse_conditional_fen(conditional(end_of_turn), fen)), fen);
  }
}

TEST(ConditionalFen, SixFieldsMeanPhaseAAndSevenFieldsNoPendingMove) {
  const ConditionalState six = parse_conditional_fen(conditional(), kStart);
  EXPECT_EQ(six.phase, Phase::kA);
  EXPECT_FALSE(six.pending.has_value());
  const ConditionalState seven = parse_conditional_fen(
      conditional(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 B");
  EXPECT_EQ(seven.phase, Phase::kB);
  EXPECT_FALSE(seven.pending.has_value());
  EXPECT_EQ(seven.stater(), kWhite);
}

TEST(ConditionalFen, CanonicalPendingText) {
  const ConditionalState s =
      parse_conditional_fen(conditional(), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 C Ea1?Ra1/Rxa1");
  EXPECT_EQ(to_conditional_fen(s), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 C !Ra1");
}

/// The FenError message and column for `fen`, or a failure.
std::pair<std::string, int> error_of(const std::string& fen, const KnobSettings& knobs = {}) {
  try {
    parse_conditional_fen(conditional(knobs), fen);
  } catch (const FenError& e) {
    return {e.what(), e.column()};
  }
  ADD_FAILURE() << "no error for " << fen;
  return {"", 0};
}

TEST(ConditionalFenErrors, UnknownPhase) {
  const auto [message, column] = error_of(std::string(kStart) + " D -");
  EXPECT_EQ(column, 58);
  EXPECT_NE(message.find("unknown phase 'D': expected A, B or C"), std::string::npos) << message;
}

TEST(ConditionalFenErrors, TextAfterThePhaseLetter) {
  const auto [message, column] = error_of(std::string(kStart) + " Bx -");
  EXPECT_EQ(column, 59);
  EXPECT_NE(message.find("unexpected 'x' after the phase letter"), std::string::npos) << message;
}

TEST(ConditionalFenErrors, OwedMateFlag) {
  // Both errors point at the '+' after the phase letter.
  const auto [in_a, a_column] =
      error_of(std::string(kStart) + " A+ -", {{"a-move-mate", "end-of-turn"}});
  EXPECT_EQ(a_column, 59);
  EXPECT_NE(in_a.find("belongs to phases B and C"), std::string::npos) << in_a;
  const auto [no_knob, knob_column] = error_of("R3k3/8/8/8/8/8/8/4K3 b - - 1 1 B+ -");
  EXPECT_EQ(knob_column, 33);
  EXPECT_NE(no_knob.find("needs knob a-move-mate=end-of-turn"), std::string::npos) << no_knob;
}

TEST(ConditionalFenErrors, PendingMoveInPhaseA) {
  const auto [message, column] = error_of(std::string(kStart) + " A !e4");
  EXPECT_EQ(column, 60);
  EXPECT_NE(message.find("only in phases B and C"), std::string::npos) << message;
}

TEST(ConditionalFenErrors, MalformedPendingMovePointsIntoIt) {
  // "d2?Nh4" lacks the else-move: the column is inside the eighth field.
  const std::string fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 C d2?Nh4";
  const auto [message, column] = error_of(fen);
  EXPECT_GT(column, static_cast<int>(fen.find("d2?")));
  EXPECT_LE(column, static_cast<int>(fen.size()) + 1);
  // Column 7 of the move text, just past its end where the '/' should follow, is column 40
  // of the FEN (the move starts at column 34).
  EXPECT_EQ(column, 40);
  EXPECT_EQ(column, static_cast<int>(fen.size()) + 1);
  EXPECT_EQ(message,
            "FEN column 40: pending conditional move: 'd2?Nh4' at column 7: expected '/' between "
            "the then-move and the else-move (such as d2?Nh4/e6)");
}

TEST(ConditionalFenErrors, UnknownConditionLetter) {
  const auto [message, column] = error_of("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 C Xg7?Ra7/Ra8");
  EXPECT_EQ(column, 34);
  EXPECT_NE(message.find("pending conditional move:"), std::string::npos) << message;
}

TEST(ConditionalFenErrors, MarksInAPendingMove) {
  EXPECT_NE(error_of("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 C !*Ra7*").first.find("no '*' marks"),
            std::string::npos);
}

TEST(ConditionalFenErrors, TooManyFields) {
  const auto [message, column] = error_of(std::string(kStart) + " B !e4 extra");
  EXPECT_EQ(column, 64);
  EXPECT_NE(message.find("at most 8 fields"), std::string::npos) << message;
}

TEST(ConditionalFenErrors, PhaseWithoutClocks) {
  // The clocks are left out: the phase letter stands where the halfmove clock goes, so the
  // sixth field is the pending move's '-', which is no fullmove number. The error points at
  // it (column 56) and says what the sixth field must be.
  const std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - A - 0";
  const auto [message, column] = error_of(fen);
  EXPECT_EQ(column, 56);
  EXPECT_EQ(fen[static_cast<std::size_t>(column) - 1], '-');
  EXPECT_EQ(message,
            "FEN column 56: expected the fullmove number (the 6th field) before the phase, "
            "found '-'");
}

TEST(ConditionalFenErrors, OrthodoxFieldErrorsKeepTheirColumns) {
  const auto [message, column] =
      error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1 A -");
  EXPECT_EQ(column, 43);
  EXPECT_EQ(message.rfind("FEN column 43: unknown piece letter 'X'", 0), 0u) << message;
}

}  // namespace
}  // namespace arbiter
