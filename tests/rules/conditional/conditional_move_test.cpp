// Conditional Chess C-move notation (rules/conditional/conditional_move.hpp): every example of the
// rule text (shared/rules-text/conditional-chess.txt), the '!' equivalences, evaluation of each
// condition kind for both staters, choosing and reading a branch, round trips, and each error with
// its message and column.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rules/conditional/conditional_move.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "rules/core/table_loader.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;

const Variant& ortho() {
  return *test::orthodox();
}

ConditionalMove parse(std::string_view text) {
  return parse_conditional(ortho(), text);
}

std::string print(const ConditionalMove& m, bool with_marks = false) {
  return to_string(ortho(), m, with_marks);
}

Condition empty_sq(const char* sq) {
  return Condition{ConditionKind::kEmpty, *parse_square(sq), 0};
}
Condition any_enemy(const char* sq) {
  return Condition{ConditionKind::kAnyEnemy, *parse_square(sq), 0};
}
Condition enemy(char letter, const char* sq) {
  return Condition{ConditionKind::kEnemyPiece, *parse_square(sq), letter};
}

struct Failure {
  NotationErrorKind kind = NotationErrorKind::kSyntax;
  std::string message;
  int column = 0;
};

Failure failure(std::string_view text, const Variant& v = ortho()) {
  try {
    const ConditionalMove m = parse_conditional(v, text);
    ADD_FAILURE() << "accepted \"" << text << "\" as " << to_string(v, m, true);
  } catch (const ConditionalNotationError& e) {
    return Failure{e.kind(), e.what(), e.column()};
  }
  return {};
}

using test::legal_move;

/// resolve_branch of `text` on `fen` (stater: the side to move) plays `uci` from `branch`.
::testing::AssertionResult resolves(const std::string& fen, std::string_view text,
                                    std::string_view uci, int branch) {
  const Position pos = test::orthodox_position(fen);
  int got = -2;
  const Move m = resolve_branch(pos, parse(text), pos.side_to_move(), &got);
  if (got == branch && m == legal_move(pos, uci)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << '"' << text << "\" on " << fen << " took branch " << got << " and played "
         << to_uci(pos, m) << ", expected branch " << branch << " and " << uci;
}

// ---------------------------------------------------------------------------------------------
// The rule text's examples

TEST(ConditionalParse, RuleTextConditions) {
  // "a8?" is a8 empty?  "Bg5?" an enemy bishop on g5?  "Pe2?" an enemy pawn on e2?
  // "Eg7?" any enemy piece on g7?
  EXPECT_EQ(parse("a8?Qe2/Qd3").condition, empty_sq("a8"));
  EXPECT_EQ(parse("Bg5?Qe2/Qd3").condition, enemy('B', "g5"));
  EXPECT_EQ(parse("Pe2?Qe2/Qd3").condition, enemy('P', "e2"));
  EXPECT_EQ(parse("Eg7?Qe2/Qd3").condition, any_enemy("g7"));
}

TEST(ConditionalParse, RuleTextConditionalMoves) {
  EXPECT_EQ(parse("d2?Nh4/e6"), (ConditionalMove{empty_sq("d2"), "Nh4", "e6", -1}));
  EXPECT_EQ(parse("Nh5?gxh5/g5"), (ConditionalMove{enemy('N', "h5"), "gxh5", "g5", -1}));
  EXPECT_EQ(parse("Pb4?Na2/Ncd3"), (ConditionalMove{enemy('P', "b4"), "Na2", "Ncd3", -1}));
}

TEST(ConditionalParse, BangFormHasNoConditionAndEqualMoves) {
  EXPECT_EQ(parse("!Qe2"), (ConditionalMove{std::nullopt, "Qe2", "Qe2", -1}));
  EXPECT_EQ(parse("!Ra1"), (ConditionalMove{std::nullopt, "Ra1", "Ra1", -1}));
}

TEST(ConditionalPrint, EqualMovesOmitTheCondition) {
  // h5?Qe2/Qe2 <=> !Qe2: textually equal moves.
  const ConditionalMove m = parse("h5?Qe2/Qe2");
  EXPECT_EQ(m.condition, empty_sq("h5"));  // parsed as written
  EXPECT_EQ(print(m), "!Qe2");
  // Ea1?Ra1/Rxa1 <=> !Ra1: not textually equal, but the same stated move (the capture mark
  // does not change which move the SAN names). The then-move's text is kept.
  const ConditionalMove r = parse("Ea1?Ra1/Rxa1");
  EXPECT_EQ(r, (ConditionalMove{any_enemy("a1"), "Ra1", "Rxa1", -1}));
  EXPECT_EQ(print(r), "!Ra1");
  EXPECT_EQ(print(parse(print(r))), "!Ra1");
}

TEST(ConditionalEquivalence, BangFormsPlayTheSameMoveWhateverTheCondition) {
  // Ea1?Ra1/Rxa1 and !Ra1: an enemy knight on a1 (then: Ra1 captures it) or a1 empty (else:
  // Rxa1 with a superfluous capture mark) - the same move as !Ra1 in each position.
  for (const char* fen : {"4k3/8/8/8/R7/8/8/n3K3 w - - 0 1", "4k3/8/8/8/R7/8/8/4K3 w - - 0 1"}) {
    const Position pos = test::orthodox_position(fen);
    int branch = -2;
    const Move conditional = resolve_branch(pos, parse("Ea1?Ra1/Rxa1"), kWhite, &branch);
    EXPECT_EQ(branch, pos.piece_on(kBlack, *parse_square("a1")) != kNoPiece ? 0 : 1) << fen;
    EXPECT_EQ(conditional, resolve_branch(pos, parse("!Ra1"), kWhite)) << fen;
    EXPECT_EQ(conditional, legal_move(pos, "a4a1")) << fen;
  }
  // h5?Qe2/Qe2 and !Qe2, with h5 empty and with a black pawn there.
  for (const char* fen : {"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "4k3/8/8/7p/8/8/8/3QK3 w - - 0 1"}) {
    const Position pos = test::orthodox_position(fen);
    EXPECT_EQ(resolve_branch(pos, parse("h5?Qe2/Qe2"), kWhite),
              resolve_branch(pos, parse("!Qe2"), kWhite))
        << fen;
  }
}

TEST(ConditionalEquivalence, SameStatedMove) {
  EXPECT_TRUE(same_stated_move("Ra1", "Rxa1"));
  EXPECT_TRUE(same_stated_move("Ra1", "R:a1"));
  EXPECT_TRUE(same_stated_move("Qe2", "Qe2+"));
  EXPECT_TRUE(same_stated_move("Qe2", "Qe2!?"));
  EXPECT_TRUE(same_stated_move("exd6", "exd6 e.p."));
  EXPECT_TRUE(same_stated_move("exd5", "ed5"));
  EXPECT_TRUE(same_stated_move("O-O", "0-0"));
  EXPECT_TRUE(same_stated_move("O-O-O", "000"));
  EXPECT_TRUE(same_stated_move("e8=Q", "e8Q"));
  EXPECT_TRUE(same_stated_move("e8=Q", "e8(Q)"));
  EXPECT_TRUE(same_stated_move("e8=Q", "e8=q+"));
  EXPECT_TRUE(same_stated_move("bxa8=N", "ba8N#"));
  // Position-dependent or different moves keep the condition.
  EXPECT_FALSE(same_stated_move("Nd2", "Nbd2"));
  EXPECT_FALSE(same_stated_move("Qe2", "Qe3"));
  EXPECT_FALSE(same_stated_move("e8=Q", "e8=N"));
  EXPECT_FALSE(same_stated_move("exd5", "cxd5"));
  EXPECT_FALSE(same_stated_move("O-O", "O-O-O"));
  EXPECT_FALSE(same_stated_move("e4", "Pe4"));
  EXPECT_EQ(print(parse("a8?O-O/0-0")), "!O-O");
  EXPECT_EQ(print(parse("a8?Nd2/Nbd2")), "a8?Nd2/Nbd2");
}

// ---------------------------------------------------------------------------------------------
// More syntax

TEST(ConditionalParse, SanInsideTheBranches) {
  EXPECT_EQ(parse("Eg7?Qxg7/Rd1"), (ConditionalMove{any_enemy("g7"), "Qxg7", "Rd1", -1}));
  EXPECT_EQ(parse("Ke1?e8=Q+/Qxe7#"), (ConditionalMove{enemy('K', "e1"), "e8=Q+", "Qxe7#", -1}));
  // '?' and '!' after a move are annotations: only the first '?' ends the condition.
  EXPECT_EQ(parse("Eh8?Qxh8!?/Kg2?"), (ConditionalMove{any_enemy("h8"), "Qxh8!?", "Kg2?", -1}));
  EXPECT_EQ(parse("!Qe2?!"), (ConditionalMove{std::nullopt, "Qe2?!", "Qe2?!", -1}));
  EXPECT_EQ(parse("Pd5?exd6 e.p./N:d5"), (ConditionalMove{enemy('P', "d5"), "exd6 e.p.", "N:d5"}));
  EXPECT_EQ(parse("a8?O-O/O-O-O"), (ConditionalMove{empty_sq("a8"), "O-O", "O-O-O", -1}));
}

TEST(ConditionalParse, MarkedBranches) {
  EXPECT_EQ(parse("d2?*Nh4*/e6"), (ConditionalMove{empty_sq("d2"), "Nh4", "e6", 0}));
  EXPECT_EQ(parse("d2?Nh4/*e6*"), (ConditionalMove{empty_sq("d2"), "Nh4", "e6", 1}));
  EXPECT_EQ(parse("!*Qe2*"), (ConditionalMove{std::nullopt, "Qe2", "Qe2", 0}));
  EXPECT_EQ(parse("d2? * Nh4 * / e6"), (ConditionalMove{empty_sq("d2"), "Nh4", "e6", 0}));
}

// Diplomacy Chess writes cond?then:else; in Conditional Chess that text is still taken for a
// conditional move, and the error shows the '/' form.
TEST(ConditionalParse, DiplomacyColonSuggestsTheSlash) {
  EXPECT_TRUE(looks_like_conditional("e4?Nf3:Qh5"));
  EXPECT_TRUE(looks_like_conditional("!Qe2"));
  EXPECT_FALSE(looks_like_conditional("e4!?"));
  EXPECT_FALSE(looks_like_conditional("Nf3"));
  const Failure f = failure("e4?Nf3:Qh5");
  EXPECT_EQ(f.column, 7);
  EXPECT_THAT(f.message, HasSubstr("Conditional Chess writes '/'"));
  EXPECT_THAT(f.message, HasSubstr("(e4?Nf3/Qh5)"));
  // The same through the CLI's --play, which used to read it as a plain move.
  const test::CommandResult r = test::run_arbiter(
      "moves -v conditional --fen 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 "
      "C -' --play 'e4?Nf3:Qh5'");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("Conditional Chess writes '/'"));
  EXPECT_THAT(r.err, Not(HasSubstr("unexpected '?'")));
}

TEST(ConditionalParse, Whitespace) {
  EXPECT_EQ(parse("  d2?Nh4/e6 \t\n"), parse("d2?Nh4/e6"));
  EXPECT_EQ(parse(" d2 ? Nh4 / e6 "), parse("d2?Nh4/e6"));
  EXPECT_EQ(parse(" ! Qe2 "), parse("!Qe2"));
  EXPECT_EQ(print(parse(" d2 ? Nh4 / e6 ")), "d2?Nh4/e6");
}

TEST(ConditionalPrint, CanonicalTextAndMarks) {
  EXPECT_EQ(print(ConditionalMove{empty_sq("a8"), "Qe2", "Qd3", -1}), "a8?Qe2/Qd3");
  EXPECT_EQ(print(ConditionalMove{any_enemy("g7"), "Qxg7", "Rd1", -1}), "Eg7?Qxg7/Rd1");
  EXPECT_EQ(print(ConditionalMove{enemy('B', "g5"), "hxg5", "h4", -1}), "Bg5?hxg5/h4");
  const ConditionalMove then_marked{empty_sq("d2"), "Nh4", "e6", 0};
  EXPECT_EQ(print(then_marked), "d2?Nh4/e6");
  EXPECT_EQ(print(then_marked, true), "d2?*Nh4*/e6");
  EXPECT_EQ(print(ConditionalMove{empty_sq("d2"), "Nh4", "e6", 1}, true), "d2?Nh4/*e6*");
  EXPECT_EQ(print(ConditionalMove{std::nullopt, "Qe2", "Qe2", 0}, true), "!*Qe2*");
  // A collapsed move keeps the mark on its single move, whichever branch ran.
  EXPECT_EQ(print(ConditionalMove{any_enemy("a1"), "Ra1", "Rxa1", 1}, true), "!*Ra1*");
  EXPECT_EQ(print(ConditionalMove{any_enemy("a1"), "Ra1", "Rxa1", -1}, true), "!Ra1");
}

TEST(ConditionalPrint, RoundTrips) {
  const std::vector<ConditionalMove> values = {
      {empty_sq("d2"), "Nh4", "e6", -1},      {enemy('N', "h5"), "gxh5", "g5", -1},
      {enemy('P', "b4"), "Na2", "Ncd3", -1},  {any_enemy("g7"), "Qxg7", "Rd1", -1},
      {empty_sq("a8"), "O-O", "O-O-O", 0},    {enemy('K', "e1"), "e8=Q+", "Qxe7#", 1},
      {enemy('Q', "h8"), "Qxh8!?", "Kg2", 0}, {enemy('R', "a1"), "exd6 e.p.", "e4", -1},
      {enemy('B', "c4"), "Nd2", "Nbd2", 1},   {std::nullopt, "Qe2", "Qe2", -1},
      {std::nullopt, "Qe2", "Qe2", 0},        {std::nullopt, "Ra1", "Ra1", -1},
  };
  for (const ConditionalMove& x : values) {
    const std::string marked = print(x, true);
    EXPECT_EQ(parse(marked), x) << marked;
    ConditionalMove unmarked = x;
    unmarked.marked = -1;
    EXPECT_EQ(parse(print(x)), unmarked) << print(x);
  }
  for (const char* text : {"d2?Nh4/e6", "Nh5?gxh5/g5", "Pb4?Na2/Ncd3", "Eg7?Qxg7/Rd1", "!Qe2",
                           "!Ra1", "a8?O-O/O-O-O", "Pe2?Kd1/Kxe2"})
    EXPECT_EQ(print(parse(text)), text);
  for (const char* text : {"d2?*Nh4*/e6", "d2?Nh4/*e6*", "!*Qe2*"})
    EXPECT_EQ(print(parse(text), true), text);
}

TEST(ConditionalPrint, RejectsValuesThatWouldNotReadBack) {
  const auto throws = [](const ConditionalMove& m, const char* what) {
    try {
      print(m, true);
      ADD_FAILURE() << "printed a bad value (" << what << ")";
    } catch (const std::invalid_argument& e) {
      EXPECT_THAT(e.what(), HasSubstr(what));
    }
  };
  throws({std::nullopt, "Qe2", "Qe3", -1}, "two different moves");
  throws({std::nullopt, "Qe2", "", -1}, "two different moves");
  throws({std::nullopt, "Qe2", "Qe2", 1}, "else-branch marked");
  throws({empty_sq("d2"), "", "e6", -1}, "empty");
  throws({empty_sq("d2"), "Nh4", "e6/f5", -1}, "'/' and '*'");
  throws({empty_sq("d2"), "*Nh4", "e6", -1}, "starts with a letter or digit");
  throws({empty_sq("d2"), " Nh4", "e6", -1}, "whitespace");
  throws({empty_sq("d2"), "Nh4", "e6", 2}, "marked is 2");
  throws({enemy('X', "d2"), "Nh4", "e6", -1}, "no piece with that letter");
  throws({enemy('E', "d2"), "Nh4", "e6", -1}, "any-enemy condition");
  throws({Condition{ConditionKind::kEmpty, kNoSquare, 0}, "Nh4", "e6", -1}, "off the board");
}

// ---------------------------------------------------------------------------------------------
// Evaluation

// a8 empty; black pawns g7 and e2, black knight h5; white bishop g5, white pawn b4; kings e8, e1.
constexpr const char* kBoard = "4k3/6p1/8/6Bn/1P6/8/4p3/4K3 w - - 0 1";

TEST(ConditionalEvaluate, EmptySquareIgnoresColourAndStater) {
  const Position pos = test::orthodox_position(kBoard);
  for (Color stater : {kWhite, kBlack}) {
    EXPECT_TRUE(evaluate(empty_sq("a8"), pos, stater));
    EXPECT_TRUE(evaluate(empty_sq("d4"), pos, stater));
    EXPECT_FALSE(evaluate(empty_sq("g7"), pos, stater));  // black pawn
    EXPECT_FALSE(evaluate(empty_sq("g5"), pos, stater));  // white bishop
    EXPECT_FALSE(evaluate(empty_sq("e1"), pos, stater));  // white king
  }
}

TEST(ConditionalEvaluate, AnyEnemyPieceIsTheStatersOpponents) {
  const Position pos = test::orthodox_position(kBoard);
  EXPECT_TRUE(evaluate(any_enemy("g7"), pos, kWhite));
  EXPECT_TRUE(evaluate(any_enemy("e8"), pos, kWhite));
  EXPECT_FALSE(evaluate(any_enemy("g5"), pos, kWhite));  // own bishop
  EXPECT_FALSE(evaluate(any_enemy("a8"), pos, kWhite));  // empty
  EXPECT_FALSE(evaluate(any_enemy("g7"), pos, kBlack));
  EXPECT_TRUE(evaluate(any_enemy("g5"), pos, kBlack));
  EXPECT_TRUE(evaluate(any_enemy("e1"), pos, kBlack));
  EXPECT_FALSE(evaluate(any_enemy("a8"), pos, kBlack));
}

TEST(ConditionalEvaluate, EnemyPieceOfAType) {
  const Position pos = test::orthodox_position(kBoard);
  // White states: Black's pieces are the enemy.
  EXPECT_TRUE(evaluate(enemy('P', "e2"), pos, kWhite));  // the rule text's Pe2?
  EXPECT_TRUE(evaluate(enemy('P', "g7"), pos, kWhite));
  EXPECT_TRUE(evaluate(enemy('N', "h5"), pos, kWhite));
  EXPECT_FALSE(evaluate(enemy('P', "h5"), pos, kWhite));  // a knight, not a pawn
  EXPECT_FALSE(evaluate(enemy('B', "g5"), pos, kWhite));  // White's own bishop
  EXPECT_FALSE(evaluate(enemy('P', "b4"), pos, kWhite));  // White's own pawn
  EXPECT_FALSE(evaluate(enemy('Q', "a8"), pos, kWhite));  // empty
  // Black states: White's pieces are the enemy.
  EXPECT_TRUE(evaluate(enemy('B', "g5"), pos, kBlack));  // the rule text's Bg5?
  EXPECT_TRUE(evaluate(enemy('P', "b4"), pos, kBlack));
  EXPECT_TRUE(evaluate(enemy('K', "e1"), pos, kBlack));
  EXPECT_FALSE(evaluate(enemy('P', "e2"), pos, kBlack));
  EXPECT_FALSE(evaluate(enemy('N', "h5"), pos, kBlack));
  EXPECT_FALSE(evaluate(enemy('N', "g5"), pos, kBlack));  // a bishop, not a knight
}

TEST(ConditionalEvaluate, RejectsConditionsItCannotAnswer) {
  const Position pos = test::orthodox_position(kBoard);
  EXPECT_THROW(evaluate(enemy('X', "e2"), pos, kWhite), std::invalid_argument);
  EXPECT_THROW(evaluate(enemy('E', "e2"), pos, kWhite), std::invalid_argument);
  EXPECT_THROW(evaluate(Condition{ConditionKind::kEmpty, kNoSquare, 0}, pos, kWhite),
               std::invalid_argument);
}

// ---------------------------------------------------------------------------------------------
// Choosing and reading the branch

TEST(ConditionalResolve, RuleTextD2) {
  // Black states d2?Nh4/e6 (knight on g6): after 1.d4 d2 is empty, so Nh4; else e6.
  EXPECT_TRUE(resolves("rnbqkb1r/pppppppp/6n1/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", "d2?Nh4/e6",
                       "g6h4", 0));
  EXPECT_TRUE(resolves("rnbqkb1r/pppppppp/6n1/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", "d2?Nh4/e6",
                       "e7e6", 1));
}

TEST(ConditionalResolve, RuleTextNh5) {
  EXPECT_TRUE(resolves("4k3/8/8/7n/6P1/8/8/4K3 w - - 0 1", "Nh5?gxh5/g5", "g4h5", 0));
  EXPECT_TRUE(resolves("4k3/8/8/8/6P1/8/8/4K3 w - - 0 1", "Nh5?gxh5/g5", "g4g5", 1));
  // White's own knight on h5 is no enemy knight; neither is an enemy bishop.
  EXPECT_TRUE(resolves("4k3/8/8/7N/6P1/8/8/4K3 w - - 0 1", "Nh5?gxh5/g5", "g4g5", 1));
  EXPECT_TRUE(resolves("4k3/8/8/7b/6P1/8/8/4K3 w - - 0 1", "Nh5?gxh5/g5", "g4g5", 1));
  // Black stating it: a white knight on h5 is the enemy's.
  EXPECT_TRUE(resolves("4k3/8/6p1/7N/8/8/8/4K3 b - - 0 1", "Nh5?gxh5/g5", "g6h5", 0));
  EXPECT_TRUE(resolves("4k3/8/6p1/7n/8/8/8/4K3 b - - 0 1", "Nh5?gxh5/g5", "g6g5", 1));
}

TEST(ConditionalResolve, RuleTextPb4) {
  // Knights on c1 and e5 both reach d3, hence Ncd3.
  EXPECT_TRUE(resolves("6k1/8/8/4N3/1p6/8/8/2N3K1 w - - 0 1", "Pb4?Na2/Ncd3", "c1a2", 0));
  EXPECT_TRUE(resolves("6k1/8/8/4N3/8/8/8/2N3K1 w - - 0 1", "Pb4?Na2/Ncd3", "c1d3", 1));
  EXPECT_TRUE(resolves("6k1/8/8/4N3/1n6/8/8/2N3K1 w - - 0 1", "Pb4?Na2/Ncd3", "c1d3", 1));
}

TEST(ConditionalResolve, RuleTextEg7) {
  EXPECT_TRUE(resolves("6k1/6p1/8/8/8/3R4/8/Q5K1 w - - 0 1", "Eg7?Qxg7/Rd1", "a1g7", 0));
  EXPECT_TRUE(resolves("6k1/8/8/8/8/3R4/8/Q5K1 w - - 0 1", "Eg7?Qxg7/Rd1", "d3d1", 1));
  EXPECT_TRUE(resolves("6k1/6P1/8/8/8/3R4/8/Q5K1 w - - 0 1", "Eg7?Qxg7/Rd1", "d3d1", 1));
}

TEST(ConditionalResolve, MarksDoNotChooseTheBranch) {
  // A record's mark says what was played; resolving looks at the board only.
  EXPECT_TRUE(resolves("6k1/6p1/8/8/8/3R4/8/Q5K1 w - - 0 1", "Eg7?Qxg7/*Rd1*", "a1g7", 0));
}

TEST(ConditionalResolve, IllegalChosenBranchThrowsNotationError) {
  // g7 empty: the else-move Qxg7?? is chosen; Rd1 (the then-move) is legal but not looked at.
  const Position pos = test::orthodox_position("6k1/8/8/8/8/3R4/8/Q5K1 w - - 0 1");
  int branch = -2;
  try {
    resolve_branch(pos, parse("Eg7?Rd1/Qh7"), kWhite, &branch);
    ADD_FAILURE() << "Qh7 accepted";
  } catch (const NotationError& e) {
    EXPECT_EQ(e.kind(), NotationErrorKind::kIllegal);
    EXPECT_THAT(e.what(), HasSubstr("'Qh7' is illegal"));
  }
  EXPECT_EQ(branch, 1);
  // Ambiguous: both knights reach d3.
  const Position knights = test::orthodox_position("6k1/8/8/4N3/8/8/8/2N3K1 w - - 0 1");
  try {
    resolve_branch(knights, parse("!Nd3"), kWhite);
    ADD_FAILURE() << "Nd3 accepted";
  } catch (const NotationError& e) {
    EXPECT_EQ(e.kind(), NotationErrorKind::kAmbiguous);
  }
}

TEST(ConditionalResolve, StaterMustBeToMove) {
  const Position pos = test::orthodox_position("4k3/8/8/7n/6P1/8/8/4K3 w - - 0 1");
  try {
    resolve_branch(pos, parse("Nh5?gxh5/g5"), kBlack);
    ADD_FAILURE() << "resolved with the wrong side to move";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), AllOf(HasSubstr("of Black"), HasSubstr("White is to move")));
  }
}

// ---------------------------------------------------------------------------------------------
// Errors: kind, message, column

TEST(ConditionalErrors, EmptyText) {
  for (const char* text : {"", "   "}) {
    const Failure f = failure(text);
    EXPECT_EQ(f.kind, NotationErrorKind::kSyntax);
    EXPECT_EQ(f.column, 1);
    EXPECT_THAT(f.message, HasSubstr("empty conditional move"));
  }
}

TEST(ConditionalErrors, NoQuestionMark) {
  const Failure f = failure("Nh4/e6");
  EXPECT_EQ(f.kind, NotationErrorKind::kSyntax);
  EXPECT_EQ(f.column, 1);
  EXPECT_THAT(f.message, AllOf(HasSubstr("'Nh4/e6' at column 1"), HasSubstr("no '?' found"),
                               HasSubstr("'!' before a single move")));
}

TEST(ConditionalErrors, MissingCondition) {
  const Failure f = failure("?Nh4/e6");
  EXPECT_EQ(f.kind, NotationErrorKind::kSyntax);
  EXPECT_EQ(f.column, 1);
  EXPECT_THAT(f.message, HasSubstr("expected a condition such as a8?, Eg7? or Bg5? before '?'"));
  EXPECT_EQ(failure("  ?Nh4/e6").column, 3);
}

TEST(ConditionalErrors, MalformedCondition) {
  for (const char* text : {"d9?Nh4/e6", "Bg55?Nh4/e6", "g?Nh4/e6", "3d?Nh4/e6", "d2!?Nh4/e6",
                           "Eg9?Nh4/e6", "xd2?Nh4/e6"}) {
    const Failure f = failure(text);
    EXPECT_EQ(f.kind, NotationErrorKind::kSyntax) << text;
    EXPECT_EQ(f.column, 1) << text;
    EXPECT_THAT(f.message, AllOf(HasSubstr("is not a condition"),
                                 HasSubstr("expected a condition such as a8?, Eg7? or Bg5?")))
        << text;
  }
  EXPECT_EQ(failure(" d9 ?Nh4/e6").column, 2);
}

TEST(ConditionalErrors, LowerCaseConditionLetter) {
  const Failure f = failure("nh5?gxh5/g5");
  EXPECT_EQ(f.kind, NotationErrorKind::kSyntax);
  EXPECT_EQ(f.column, 1);
  EXPECT_THAT(f.message, AllOf(HasSubstr("upper case"), HasSubstr("write Nh5?")));
  EXPECT_THAT(failure("eg7?Qxg7/Rd1").message, HasSubstr("write Eg7?"));
}

TEST(ConditionalErrors, UnknownConditionLetterListsTheTable) {
  const Failure f = failure("Xg5?Nh4/e6");
  EXPECT_EQ(f.kind, NotationErrorKind::kUnknownPiece);
  EXPECT_EQ(f.column, 1);
  EXPECT_THAT(f.message, AllOf(HasSubstr("unknown piece letter 'X' in the condition"),
                               HasSubstr("K, Q, R, B, N, P, and E for any enemy piece")));
}

TEST(ConditionalErrors, MissingSlash) {
  const Failure f = failure("d2?Nh4");
  EXPECT_EQ(f.kind, NotationErrorKind::kSyntax);
  EXPECT_EQ(f.column, 7);
  EXPECT_THAT(f.message, HasSubstr("expected '/' between the then-move and the else-move"));
}

TEST(ConditionalErrors, SecondSlash) {
  const Failure f = failure("d2?Nh4/e6/e5");
  EXPECT_EQ(f.column, 10);
  EXPECT_THAT(f.message, AllOf(HasSubstr("unexpected '/'"), HasSubstr("one then-move and one "
                                                                      "else-move")));
  // Conversion Chess suffixes would need '/' too.
  EXPECT_THAT(failure("d2?Bh3/Nf3/e6").message, HasSubstr("conversion suffixes"));
  const Failure g = failure("!Qe2/Qe3");
  EXPECT_EQ(g.column, 5);
  EXPECT_THAT(g.message, HasSubstr("'!move' states a single move"));
}

TEST(ConditionalErrors, MissingMoves) {
  const Failure then_missing = failure("d2?/e6");
  EXPECT_EQ(then_missing.column, 4);
  EXPECT_THAT(then_missing.message, HasSubstr("expected a then-move after '?'"));
  const Failure else_missing = failure("d2?Nh4/");
  EXPECT_EQ(else_missing.column, 8);
  EXPECT_THAT(else_missing.message, HasSubstr("expected an else-move after '/'"));
  const Failure bang = failure("!");
  EXPECT_EQ(bang.column, 2);
  EXPECT_THAT(bang.message, HasSubstr("expected a move after '!'"));
}

TEST(ConditionalErrors, MoveMustStartWithALetterOrDigit) {
  const Failure f = failure("d2??Nh4/e6");
  EXPECT_EQ(f.column, 4);
  EXPECT_THAT(f.message, AllOf(HasSubstr("expected a then-move"), HasSubstr("found '?'")));
  const Failure g = failure("d2?Nh4/+e6");
  EXPECT_EQ(g.column, 8);
  EXPECT_THAT(g.message, AllOf(HasSubstr("expected an else-move"), HasSubstr("found '+'")));
}

TEST(ConditionalErrors, AnnotationInsideAMove) {
  const Failure f = failure("!h5?Qe2");
  EXPECT_EQ(f.column, 4);
  EXPECT_THAT(f.message, AllOf(HasSubstr("'?' inside a move"), HasSubstr("first '?'")));
  const Failure g = failure("d2?Nh4?e5/e6");
  EXPECT_EQ(g.column, 7);
  EXPECT_THAT(g.message, HasSubstr("'?' inside a move"));
  EXPECT_EQ(failure("d2?Nh4/e!6").column, 9);
  // At the end they are annotations.
  EXPECT_EQ(parse("d2?Nh4!?/e6+!").else_text, "e6+!");
}

TEST(ConditionalErrors, Marks) {
  const struct {
    const char* text;
    int column;
    const char* detail;
  } cases[] = {
      {"d2?*Nh4*/*e6*", 10, "both the then-move and the else-move are marked"},
      {"d2?*Nh4/e6", 4, "not closed"},
      {"d2?*Nh4/e6*", 4, "not closed"},
      {"d2?Nh4*/e6", 7, "a '*' inside a move"},
      {"d2?N*h4*/e6", 5, "a '*' inside a move"},
      {"*d2*?Nh4/e6", 1, "not the condition"},
      {"!*Qe2", 2, "not closed"},
      {"!*", 2, "not closed"},
  };
  for (const auto& c : cases) {
    const Failure f = failure(c.text);
    EXPECT_EQ(f.kind, NotationErrorKind::kSyntax) << c.text;
    EXPECT_EQ(f.column, c.column) << c.text;
    EXPECT_THAT(f.message,
                AllOf(HasSubstr("'*' marks must enclose exactly one branch"), HasSubstr(c.detail)))
        << c.text;
  }
  const Failure empty = failure("d2?**/e6");
  EXPECT_EQ(empty.column, 4);
  EXPECT_THAT(empty.message, HasSubstr("'*' marks enclose no move"));
}

TEST(ConditionalErrors, AreNotationErrors) {
  try {
    parse("d2?Nh4");
    ADD_FAILURE() << "accepted";
  } catch (const NotationError& e) {
    EXPECT_EQ(to_string(e.kind()), "syntax");
  }
}

// ---------------------------------------------------------------------------------------------
// A table that letters a piece E (the camel test table): E stays the any-enemy condition.

const VariantPtr& camel() {
  static const VariantPtr v =
      Variant::compile(load_table_file(test::data_path("tables/fairy/camel.toml")));
  return v;
}

TEST(ConditionalReservedE, EAlwaysMeansAnyEnemyPiece) {
  const ConditionalMove m = parse_conditional(*camel(), "Eg7?Qxg7/Rd1");
  EXPECT_EQ(m.condition, any_enemy("g7"));
  EXPECT_EQ(to_string(*camel(), m), "Eg7?Qxg7/Rd1");
  // A black camel on g7 is an enemy piece for White, and so is the pawn on f7; a white camel
  // on e2 is not.
  const Position pos = parse_fen(camel(), "6k1/5pe1/8/8/8/8/4E3/6K1 w - - 0 1");
  EXPECT_TRUE(evaluate(any_enemy("g7"), pos, kWhite));
  EXPECT_TRUE(evaluate(any_enemy("f7"), pos, kWhite));
  EXPECT_FALSE(evaluate(any_enemy("e2"), pos, kWhite));
  EXPECT_TRUE(evaluate(any_enemy("e2"), pos, kBlack));
}

TEST(ConditionalReservedE, TheTablesEPieceCannotBeNamed) {
  const Position pos = parse_fen(camel(), "6k1/5pe1/8/8/8/8/4E3/6K1 w - - 0 1");
  try {
    evaluate(enemy('E', "g7"), pos, kWhite);
    ADD_FAILURE() << "evaluated a condition on the piece letter E";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), HasSubstr("E is the any-enemy condition"));
  }
  try {
    to_string(*camel(), ConditionalMove{enemy('E', "g7"), "Qxg7", "Rd1", -1});
    ADD_FAILURE() << "printed a condition on the piece letter E";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), HasSubstr("E is the any-enemy condition"));
  }
  // The other letters of the table work as usual, and the list of letters explains E.
  EXPECT_EQ(parse_conditional(*camel(), "Pf7?Qxg7/Rd1").condition, enemy('P', "f7"));
  const Failure f = failure("Xg5?Nh4/e6", *camel());
  EXPECT_EQ(f.kind, NotationErrorKind::kUnknownPiece);
  EXPECT_THAT(f.message, AllOf(HasSubstr("K, Q, R, B, N, P, and E for any enemy piece"),
                               HasSubstr("the table's camel is also lettered E")));
}

}  // namespace
}  // namespace arbiter
