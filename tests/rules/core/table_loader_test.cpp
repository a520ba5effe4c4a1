// Rule-table loading: the bundled orthodox table, inheritance through `extends`, and the
// diagnostics for bad tables (file, line, column and what was expected).
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/diagnostic.hpp"
#include "rules/core/rule_table.hpp"
#include "rules/core/table_loader.hpp"

namespace arbiter {
namespace {

std::string data(const std::string& name) {
  return std::string(ARBITER_TEST_DATA_DIR) + "/tables/" + name;
}

std::vector<Diagnostic> errors_of(const std::function<RuleTable()>& load) {
  try {
    load();
  } catch (const TableError& e) {
    return e.diagnostics();
  }
  ADD_FAILURE() << "expected a TableError";
  return {};
}

std::vector<Diagnostic> file_errors(const std::string& name) {
  return errors_of([&name] { return load_table_file(data(name)); });
}

/// Loads TOML text as if it were the file tests/data/tables/NAME (relative extends work).
std::vector<Diagnostic> text_errors(std::string_view text,
                                    const std::string& name = "inline.toml") {
  return errors_of([&] { return load_table_text(text, data(name)); });
}

bool ends_with(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

std::string listing(const std::vector<Diagnostic>& diagnostics) {
  std::ostringstream out;
  for (const Diagnostic& d : diagnostics) out << "  " << d.str() << "\n";
  return out.str();
}

/// A diagnostic in a file ending in `file`, on `line` (and `column` unless 0), whose message
/// contains `phrase`.
::testing::AssertionResult has_diagnostic(const std::vector<Diagnostic>& diagnostics,
                                          std::string_view file, int line, std::string_view phrase,
                                          int column = 0) {
  for (const Diagnostic& d : diagnostics) {
    if (ends_with(d.where.file, file) && d.where.line == line &&
        (column == 0 || d.where.column == column) && d.message.find(phrase) != std::string::npos)
      return ::testing::AssertionSuccess();
  }
  auto failure = ::testing::AssertionFailure() << "no diagnostic " << file << ":" << line;
  if (column != 0) failure << ":" << column;
  return failure << " containing \"" << phrase << "\" among:\n" << listing(diagnostics);
}

// ---- The bundled orthodox table -------------------------------------------------------------

TEST(TableLoader, BundledNamesIncludeOrthodox) {
  const auto names = bundled_table_names();
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  EXPECT_NE(std::find(names.begin(), names.end(), "orthodox"), names.end());
}

TEST(TableLoader, BundledOrthodoxLoads) {
  const RuleTable t = load_bundled_table("orthodox");
  EXPECT_EQ(t.name, "orthodox");
  EXPECT_EQ(t.source_file, "rules/tables/orthodox.toml");
  EXPECT_TRUE(t.extends_chain.empty());
  EXPECT_EQ(t.files, 8);
  EXPECT_EQ(t.ranks, 8);
  ASSERT_EQ(t.pieces.size(), 6U);
  std::string letters;
  for (const PieceDef& p : t.pieces) letters += p.letter;
  EXPECT_EQ(letters, "KQRBNP");  // in the order the file declares them
  EXPECT_EQ(t.setup_fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(t.setup_where.file, "rules/tables/orthodox.toml");
  EXPECT_GT(t.setup_where.line, 0);
  EXPECT_TRUE(t.knobs.empty());
  EXPECT_EQ(t.protocol, Protocol::kSequential);
  EXPECT_EQ(t.end.checkmate, Outcome::kLoss);
  EXPECT_EQ(t.end.stalemate, Outcome::kDraw);
  EXPECT_EQ(t.end.fifty_move_plies, 100);
}

TEST(TableLoader, OrthodoxPiecesAndCastling) {
  const RuleTable t = load_bundled_table("orthodox");
  ASSERT_NE(t.piece('K'), nullptr);
  EXPECT_TRUE(t.piece('K')->royal);
  EXPECT_EQ(t.piece('K')->where.str(), "rules/tables/orthodox.toml:13:1");
  const PieceDef* pawn = t.piece('P');
  ASSERT_NE(pawn, nullptr);
  EXPECT_TRUE(pawn->pawn);
  EXPECT_FALSE(pawn->royal);
  EXPECT_EQ(pawn->atoms.size(), 3U);
  EXPECT_EQ(pawn->initial_ranks, std::vector<int>{1});
  ASSERT_TRUE(pawn->promotion.has_value());
  EXPECT_EQ(pawn->promotion->ranks, std::vector<int>{7});
  EXPECT_EQ(pawn->promotion->choices, (std::vector<char>{'Q', 'R', 'B', 'N'}));
  EXPECT_EQ(t.piece('Z'), nullptr);

  ASSERT_EQ(t.castling.size(), 2U);
  const CastlingDef& king_side = t.castling[0];
  EXPECT_EQ(king_side.name, "king-side");
  EXPECT_EQ(king_side.fen, 'K');
  EXPECT_EQ(king_side.king_from, *parse_square("e1"));
  EXPECT_EQ(king_side.king_to, *parse_square("g1"));
  EXPECT_EQ(king_side.rook_from, *parse_square("h1"));
  EXPECT_EQ(king_side.rook_to, *parse_square("f1"));
  EXPECT_EQ(king_side.rook, 'R');
  EXPECT_EQ(t.castling[1].fen, 'Q');
  EXPECT_EQ(t.castling[1].rook_from, *parse_square("a1"));
}

TEST(TableLoader, OrthodoxFileOnDiskMatchesBundled) {
  const RuleTable t = load_table_file(data("../../../rules/tables/orthodox.toml"));
  EXPECT_EQ(t.name, "orthodox");
  EXPECT_EQ(t.pieces.size(), 6U);
}

TEST(TableLoader, LoadTableTakesANameOrAPath) {
  EXPECT_EQ(load_table("orthodox").name, "orthodox");
  EXPECT_EQ(load_table(data("minimal_root.toml")).name, "minimal");
  const auto errors = errors_of([] { return load_table("nonesuch"); });
  ASSERT_EQ(errors.size(), 1U);
  EXPECT_NE(errors[0].message.find("unknown bundled table 'nonesuch'"), std::string::npos);
  EXPECT_NE(errors[0].message.find("orthodox"), std::string::npos);
}

TEST(TableLoader, MinimalRootUsesDefaults) {
  const RuleTable t = load_table_file(data("minimal_root.toml"));
  EXPECT_EQ(t.name, "minimal");
  EXPECT_EQ(t.pieces.size(), 1U);
  EXPECT_TRUE(t.castling.empty());
  EXPECT_EQ(t.end.fifty_move_plies, 100);
}

// ---- Files that cannot be read --------------------------------------------------------------

TEST(TableLoader, MissingFile) {
  const auto errors = file_errors("no_such_file.toml");
  ASSERT_EQ(errors.size(), 1U);
  EXPECT_TRUE(ends_with(errors[0].where.file, "no_such_file.toml"));
  EXPECT_EQ(errors[0].where.line, 0);
  EXPECT_NE(errors[0].message.find("no such file"), std::string::npos);
}

TEST(TableLoader, DirectoryIsNotATable) {
  const auto errors = errors_of([] { return load_table_file(data("")); });
  ASSERT_EQ(errors.size(), 1U);
  EXPECT_NE(errors[0].message.find("is a directory"), std::string::npos);
}

TEST(TableLoader, TomlSyntaxError) {
  const auto errors = file_errors("syntax_error.toml");
  ASSERT_EQ(errors.size(), 1U);
  EXPECT_TRUE(has_diagnostic(errors, "syntax_error.toml", 3, "TOML syntax error"));
}

// ---- Keys and types -------------------------------------------------------------------------

TEST(TableLoader, UnknownKey) {
  const auto errors = file_errors("unknown_key.toml");
  ASSERT_EQ(errors.size(), 1U);
  EXPECT_TRUE(has_diagnostic(errors, "unknown_key.toml", 5,
                             "unknown key 'bezta' in [pieces.N]: expected one of name, betza, "
                             "royal, pawn, initial_ranks, promotion, remove",
                             1));
}

TEST(TableLoader, UnknownTable) {
  const auto errors = file_errors("unknown_table.toml");
  ASSERT_EQ(errors.size(), 1U);
  EXPECT_TRUE(has_diagnostic(errors, "unknown_table.toml", 4,
                             "unknown table [resolvr]: expected one of table, board, pieces, "
                             "setup, castling, protocol, end, knobs"));
}

TEST(TableLoader, UnknownTopLevelKey) {
  const auto bad = text_errors("colour = \"blue\"\n[table]\nextends = \"orthodox\"\n");
  EXPECT_TRUE(has_diagnostic(bad, "inline.toml", 1, "unknown top-level key 'colour'"));
}

TEST(TableLoader, WrongTypes) {
  const auto errors = file_errors("wrong_type.toml");
  ASSERT_EQ(errors.size(), 2U);
  EXPECT_TRUE(has_diagnostic(errors, "wrong_type.toml", 5,
                             "wrong type for 'files' in [board]: expected an integer, found a "
                             "string",
                             9));
  EXPECT_TRUE(has_diagnostic(errors, "wrong_type.toml", 9,
                             "wrong type for 'royal' in [pieces.K]: expected a boolean"));
}

TEST(TableLoader, SectionOfTheWrongType) {
  const auto errors = text_errors("board = 8\n[table]\nextends = \"orthodox\"\n");
  EXPECT_TRUE(has_diagnostic(errors, "inline.toml", 1,
                             "wrong type for [board]: expected a table, found an integer"));
  const auto castling = text_errors("[table]\nextends = \"orthodox\"\n[castling]\nfen = \"K\"\n");
  EXPECT_TRUE(has_diagnostic(castling, "inline.toml", 3, "expected an array of tables"));
}

TEST(TableLoader, BadBetzaPointsIntoTheString) {
  const auto errors = file_errors("bad_betza.toml");
  ASSERT_EQ(errors.size(), 1U);
  // betza = "fNX": the value starts at column 9 (the quote), 'X' is at column 12.
  EXPECT_TRUE(
      has_diagnostic(errors, "bad_betza.toml", 5, "bad Betza 'fNX': unknown Betza atom 'X'", 12));
}

TEST(TableLoader, BadPieceLetter) {
  const auto errors =
      text_errors("[table]\nextends = \"orthodox\"\n[pieces.k]\nname = \"x\"\nbetza = \"K\"\n");
  EXPECT_TRUE(has_diagnostic(errors, "inline.toml", 3,
                             "bad piece key 'k' in [pieces]: expected one upper-case letter"));
}

TEST(TableLoader, BoardAndRankRanges) {
  const auto errors = text_errors(
      "[table]\nextends = \"orthodox\"\n[board]\nfiles = 0\n[pieces.P]\ninitial_ranks = [9]\n");
  EXPECT_TRUE(has_diagnostic(errors, "inline.toml", 4,
                             "'files' in [board] is 0: expected an integer from 1 to 26"));
  EXPECT_TRUE(has_diagnostic(errors, "inline.toml", 6, "is 9: expected an integer from 1 to 8"));
}

TEST(TableLoader, EndAndProtocolValues) {
  const auto errors = text_errors(
      "[table]\nextends = \"orthodox\"\n[end]\ncheckmate = \"lose\"\nfifty_move_plies = -1\n"
      "[protocol]\nkind = \"turns\"\n");
  EXPECT_TRUE(has_diagnostic(errors, "inline.toml", 4,
                             "unknown value 'lose' for 'checkmate' in [end]: expected one of "
                             "loss, draw, win"));
  EXPECT_TRUE(has_diagnostic(errors, "inline.toml", 5, "expected an integer >= 0"));
  EXPECT_TRUE(has_diagnostic(errors, "inline.toml", 7,
                             "expected one of sequential, conditional, simultaneous"));
}

// ---- extends ---------------------------------------------------------------------------------

TEST(TableLoader, UnknownParent) {
  const auto errors = file_errors("unknown_parent.toml");
  ASSERT_EQ(errors.size(), 1U);
  EXPECT_TRUE(has_diagnostic(errors, "unknown_parent.toml", 2,
                             "unknown parent table 'no-such-variant': no no-such-variant.toml "
                             "next to this file and no bundled table of that name; bundled: ",
                             11));
  EXPECT_NE(errors[0].message.find("orthodox"), std::string::npos);
}

TEST(TableLoader, UnknownParentPath) {
  const auto errors = text_errors("[table]\nextends = \"sub/missing.toml\"\n");
  EXPECT_TRUE(has_diagnostic(errors, "inline.toml", 2,
                             "unknown parent table 'sub/missing.toml': no such file"));
}

TEST(TableLoader, CycleInExtends) {
  const auto errors = file_errors("cycle_a.toml");
  EXPECT_TRUE(has_diagnostic(errors, "cycle_b.toml", 3,
                             "cycle in extends: cycle_a.toml -> cycle_b.toml -> cycle_a.toml"));
  EXPECT_TRUE(has_diagnostic(errors, "cycle_a.toml", 3, "parent table 'cycle_b'"));
}

TEST(TableLoader, ExtendingItselfIsACycle) {
  // Text loaded under the name of an existing file, naming that same file as its parent.
  const auto errors = errors_of(
      [] { return load_table_text("[table]\nextends = \"cycle_a\"\n", data("cycle_a.toml")); });
  ASSERT_EQ(errors.size(), 1U) << listing(errors);
  EXPECT_TRUE(has_diagnostic(errors, "cycle_a.toml", 2,
                             "cycle in extends: cycle_a.toml -> cycle_a.toml", 11));
}

TEST(TableLoader, ParentErrorsKeepTheParentsLocations) {
  const auto errors = file_errors("child_of_bad_parent.toml");
  ASSERT_EQ(errors.size(), 3U) << listing(errors);
  // The parent's own error comes first, located in the parent file.
  EXPECT_TRUE(ends_with(errors[0].where.file, "parent_with_error.toml"));
  EXPECT_TRUE(has_diagnostic(errors, "parent_with_error.toml", 6, "bad Betza 'Y'", 10));
  EXPECT_TRUE(
      has_diagnostic(errors, "child_of_bad_parent.toml", 2, "parent table 'parent_with_error'"));
  // The child's own mistakes are still reported.
  EXPECT_TRUE(
      has_diagnostic(errors, "child_of_bad_parent.toml", 5, "unknown key 'colour' in [pieces.B]"));
}

TEST(TableLoader, ChildOverridesAddsAndRemovesPieces) {
  const RuleTable t = load_table_file(data("fairy_child.toml"));
  EXPECT_EQ(t.name, "fairy_child");  // no [table] name: the file stem
  EXPECT_EQ(t.description, "Test variant: archbishop instead of queen");
  EXPECT_EQ(t.extends_chain, std::vector<std::string>{"orthodox"});
  EXPECT_TRUE(ends_with(t.source_file, "tests/data/tables/fairy_child.toml"));

  EXPECT_EQ(t.piece('Q'), nullptr);
  const PieceDef* knight = t.piece('N');
  ASSERT_NE(knight, nullptr);
  EXPECT_EQ(knight->name, "knight");  // inherited
  EXPECT_EQ(knight->betza, "NW");     // overridden
  EXPECT_EQ(knight->atoms.size(), 2U);

  const PieceDef* archbishop = t.piece('A');
  ASSERT_NE(archbishop, nullptr);
  EXPECT_EQ(archbishop->name, "archbishop");
  ASSERT_EQ(archbishop->atoms.size(), 2U);
  EXPECT_TRUE(archbishop->atoms[0].is_rider());
  EXPECT_EQ(archbishop->atoms[1].letter, 'N');
  EXPECT_EQ(archbishop->where.line, 9);

  const PieceDef* pawn = t.piece('P');
  ASSERT_NE(pawn, nullptr);
  EXPECT_EQ(pawn->betza, "fmWfceFifmnD");  // only promotion was overridden
  EXPECT_EQ(pawn->promotion->choices, (std::vector<char>{'A', 'R', 'B', 'N'}));
  EXPECT_EQ(t.pieces.size(), 6U);
  EXPECT_EQ(t.castling.size(), 2U);  // inherited
  EXPECT_EQ(t.setup_where.line, 20);

  const KnobDef* knob = t.knob("touch-move");
  ASSERT_NE(knob, nullptr);
  EXPECT_EQ(knob->alternatives, (std::vector<std::string>{"strict", "lenient"}));
  EXPECT_EQ(knob->default_value, "strict");
  EXPECT_EQ(t.knob("nonesuch"), nullptr);
}

TEST(TableLoader, GrandchildOverridesOneKnobKey) {
  const RuleTable t = load_table_file(data("grandchild.toml"));
  EXPECT_EQ(t.name, "grandchild");
  EXPECT_EQ(t.extends_chain, (std::vector<std::string>{"fairy_child", "orthodox"}));
  const KnobDef* knob = t.knob("touch-move");
  ASSERT_NE(knob, nullptr);
  EXPECT_EQ(knob->default_value, "lenient");
  EXPECT_EQ(knob->clause, "a player who touches a piece must move it");
  EXPECT_EQ(t.end.stalemate, Outcome::kWin);
  EXPECT_EQ(t.end.checkmate, Outcome::kLoss);
  EXPECT_EQ(t.end.fifty_move_plies, 0);
  EXPECT_EQ(t.protocol, Protocol::kSimultaneous);
  EXPECT_NE(t.piece('A'), nullptr);
}

TEST(TableLoader, ChildCastlingReplacesTheParentsList) {
  const RuleTable one = load_table_text(
      "[table]\nextends = \"orthodox\"\n[[castling]]\nname = \"long\"\nfen = \"Q\"\n"
      "king = [\"e1\", \"c1\"]\nrook = [\"a1\", \"d1\"]\n",
      data("inline.toml"));
  ASSERT_EQ(one.castling.size(), 1U);
  EXPECT_EQ(one.castling[0].name, "long");
  EXPECT_EQ(one.castling[0].rook, 'R');  // the default partner
  const RuleTable none =
      load_table_text("castling = []\n[table]\nextends = \"orthodox\"\n", data("inline.toml"));
  EXPECT_TRUE(none.castling.empty());
}

TEST(TableLoader, CastlingValidation) {
  const auto errors = text_errors(
      "[table]\nextends = \"orthodox\"\n"
      "[[castling]]\nfen = \"K\"\nking = [\"e1\", \"g9\"]\nrook = [\"h1\"]\npiece = \"X\"\n"
      "[[castling]]\nfen = \"K\"\nking = [\"e1\", \"c1\"]\nrook = [\"a1\", \"d1\"]\n"
      "[[castling]]\nking = [\"e1\", \"c1\"]\nrook = [\"a1\", \"d1\"]\n");
  EXPECT_TRUE(has_diagnostic(errors, "inline.toml", 5,
                             "bad square 'g9' in 'king' in [[castling]] #1: expected a square "
                             "such as e1"));
  EXPECT_TRUE(has_diagnostic(errors, "inline.toml", 6, "has 1 entry: expected [from, to]"));
  EXPECT_TRUE(has_diagnostic(errors, "inline.toml", 3,
                             "castling partner piece 'X' is not a declared piece"));
  EXPECT_TRUE(has_diagnostic(errors, "inline.toml", 8, "duplicate castling fen letter 'K'"));
  EXPECT_TRUE(has_diagnostic(errors, "inline.toml", 12, "missing key 'fen' in [[castling]] #3"));
}

// ---- Pieces ---------------------------------------------------------------------------------

TEST(TableLoader, NewPieceNeedsNameBetzaAndInitialRanks) {
  const auto errors = file_errors("new_piece_incomplete.toml");
  ASSERT_EQ(errors.size(), 2U) << listing(errors);
  EXPECT_TRUE(
      has_diagnostic(errors, "new_piece_incomplete.toml", 4, "missing key 'betza' in [pieces.C]"));
  EXPECT_TRUE(has_diagnostic(errors, "new_piece_incomplete.toml", 7,
                             "piece S has 'i' moves in 'ifW': expected a non-empty "
                             "initial_ranks"));
}

TEST(TableLoader, RemoveNeedsAnInheritedPiece) {
  const auto root = text_errors(
      "[table]\nname = \"r\"\n[pieces.K]\nname = \"king\"\nbetza = \"K\"\nroyal = true\n"
      "[pieces.Q]\nremove = true\n[setup]\nfen = \"8/8/8/8/8/8/8/8 w - - 0 1\"\n");
  EXPECT_TRUE(has_diagnostic(root, "inline.toml", 8, "remove = true in [pieces.Q]"));
  const auto child = text_errors(
      "[table]\nextends = \"orthodox\"\n[pieces.Z]\nremove = true\n[pieces.Q]\nremove = true\n"
      "name = \"x\"\n");
  EXPECT_TRUE(has_diagnostic(child, "inline.toml", 4, "the parent table has no piece Z"));
  EXPECT_TRUE(has_diagnostic(child, "inline.toml", 6, "cannot be combined with other keys"));
}

TEST(TableLoader, PromotionChoiceThatIsNotAPiece) {
  const auto errors = file_errors("promotion_not_piece.toml");
  ASSERT_EQ(errors.size(), 1U);
  EXPECT_TRUE(has_diagnostic(errors, "promotion_not_piece.toml", 5,
                             "promotion choice 'Z' of piece P is not a declared piece", 44));
}

TEST(TableLoader, PromotionChoicesMustBeLetters) {
  const auto errors = text_errors(
      "[table]\nextends = \"orthodox\"\n[pieces.P]\n"
      "promotion = { ranks = [8], choices = [\"queen\"], into = 1 }\n");
  EXPECT_TRUE(has_diagnostic(errors, "inline.toml", 4,
                             "a promotion choice in [pieces.P.promotion] is 'queen': expected one "
                             "upper-case letter"));
  EXPECT_TRUE(has_diagnostic(errors, "inline.toml", 4, "unknown key 'into'"));
}

TEST(TableLoader, RemovingAPromotionTargetIsReportedInTheChild) {
  const auto errors = text_errors("[table]\nextends = \"orthodox\"\n[pieces.N]\nremove = true\n");
  ASSERT_EQ(errors.size(), 1U) << listing(errors);
  EXPECT_EQ(errors[0].where.line, 0);  // the cause is the child; the value is in the parent
  EXPECT_TRUE(ends_with(errors[0].where.file, "inline.toml"));
  EXPECT_NE(errors[0].message.find("promotion choice 'N' of piece P is not a declared piece"),
            std::string::npos);
  EXPECT_NE(errors[0].message.find("inherited from rules/tables/orthodox.toml:"),
            std::string::npos);
}

TEST(TableLoader, MissingRoyal) {
  const auto errors = file_errors("no_royal.toml");
  ASSERT_EQ(errors.size(), 1U);
  EXPECT_TRUE(
      has_diagnostic(errors, "no_royal.toml", 4, "expected exactly one royal piece, found 0"));
}

TEST(TableLoader, TwoRoyals) {
  const auto errors = file_errors("two_royals.toml");
  EXPECT_TRUE(has_diagnostic(errors, "two_royals.toml", 4,
                             "expected exactly one royal piece, found 2 (K, Q)"));
  // The queen is also a promotion choice of the pawn, and royal pieces are not.
  EXPECT_TRUE(has_diagnostic(errors, "two_royals.toml", 0,
                             "promotion choice 'Q' of piece P is "
                             "royal"));
}

// ---- [table] and [setup] ----------------------------------------------------------------------

TEST(TableLoader, RootTableNeedsAName) {
  const auto errors = file_errors("root_without_name.toml");
  ASSERT_EQ(errors.size(), 1U);
  EXPECT_TRUE(has_diagnostic(errors, "root_without_name.toml", 1, "missing key 'name' in [table]"));
}

TEST(TableLoader, RootTableNeedsASetup) {
  const auto errors = text_errors(
      "[table]\nname = \"r\"\n[pieces.K]\nname = \"king\"\nbetza = \"K\"\nroyal = true\n");
  ASSERT_EQ(errors.size(), 1U);
  EXPECT_TRUE(has_diagnostic(errors, "inline.toml", 0, "missing key 'fen' in [setup]"));
}

TEST(TableLoader, ExtendsMustBeAString) {
  const auto errors = text_errors("[table]\nextends = 3\n");
  ASSERT_EQ(errors.size(), 1U) << listing(errors);
  EXPECT_TRUE(has_diagnostic(errors, "inline.toml", 2,
                             "wrong type for 'extends' in [table]: expected a string"));
}

// ---- Knobs ----------------------------------------------------------------------------------

TEST(TableLoader, KnobDefaultNotAmongAlternatives) {
  const auto errors = file_errors("knob_bad_default.toml");
  ASSERT_EQ(errors.size(), 1U);
  EXPECT_TRUE(has_diagnostic(errors, "knob_bad_default.toml", 6,
                             "default 'win' of [knobs.check-rule] is not one of its "
                             "alternatives: expected one of loss, draw",
                             11));
}

TEST(TableLoader, KnobNeedsTwoAlternatives) {
  const auto errors = file_errors("knob_one_alternative.toml");
  ASSERT_EQ(errors.size(), 1U);
  EXPECT_TRUE(has_diagnostic(errors, "knob_one_alternative.toml", 5, "expected at least 2"));
}

TEST(TableLoader, KnobAlternativesAreDistinctAndNamed) {
  const auto errors = text_errors(
      "[table]\nextends = \"orthodox\"\n"
      "[knobs.twice]\nalternatives = [\"a\", \"a\", \"b\"]\ndefault = \"a\"\nclause = \"c\"\n"
      "[knobs.Bad_Name]\nalternatives = [\"a\", \"b\"]\n"
      "[knobs.no-clause]\nalternatives = [\"a\", \"b\"]\ndefault = \"a\"\n");
  EXPECT_TRUE(
      has_diagnostic(errors, "inline.toml", 4, "duplicate alternative 'a' in [knobs.twice]"));
  EXPECT_TRUE(has_diagnostic(errors, "inline.toml", 7, "bad knob name 'Bad_Name'"));
  EXPECT_TRUE(
      has_diagnostic(errors, "inline.toml", 9, "missing key 'clause' in [knobs.no-clause]"));
}

// A child that sets [knobs.castling-threaten] meant the inherited castling-threatens: said so,
// at the knob's table, not "missing key 'alternatives'" as if it declared a new knob.
TEST(TableLoader, MisspeltInheritedKnobNamesTheClosestInheritedKnob) {
  const auto errors = file_errors("misspelt_inherited_knob.toml");
  ASSERT_EQ(errors.size(), 1U) << listing(errors);
  EXPECT_TRUE(has_diagnostic(errors, "misspelt_inherited_knob.toml", 5,
                             "no knob 'castling-threaten' is inherited from 'conversion': did "
                             "you mean castling-threatens?",
                             1));
  EXPECT_EQ(errors[0].message.find("missing key"), std::string::npos) << errors[0].message;
}

// A knob name close to none inherited: the inherited ones are listed instead.
TEST(TableLoader, UnknownInheritedKnobListsTheInheritedKnobs) {
  const auto errors = file_errors("unknown_inherited_knob.toml");
  ASSERT_EQ(errors.size(), 1U) << listing(errors);
  EXPECT_TRUE(has_diagnostic(errors, "unknown_inherited_knob.toml", 5,
                             "no knob 'touch-move' is inherited from 'conversion': it has "
                             "threat-by-pinned-piece, castling-threatens,",
                             1));
}

TEST(TableLoader, ChildKnobOverrideIsValidatedOnTheMergedKnob) {
  const auto errors = text_errors(
      "[table]\nextends = \"fairy_child\"\n[knobs.touch-move]\nalternatives = [\"a\", \"b\"]\n");
  ASSERT_EQ(errors.size(), 1U) << listing(errors);
  EXPECT_EQ(errors[0].where.line, 0);
  EXPECT_NE(errors[0].message.find("default 'strict' of [knobs.touch-move]"), std::string::npos);
  EXPECT_NE(errors[0].message.find("inherited from"), std::string::npos);
}

// ---- Several problems at once -----------------------------------------------------------------

TEST(TableLoader, SeveralErrorsAreReportedTogetherInFileOrder) {
  const auto errors = file_errors("many_errors.toml");
  ASSERT_EQ(errors.size(), 7U) << listing(errors);
  EXPECT_TRUE(has_diagnostic(errors, "many_errors.toml", 4, "unknown key 'colour' in [table]"));
  EXPECT_TRUE(has_diagnostic(errors, "many_errors.toml", 8, "'ranks' in [board] is 100"));
  EXPECT_TRUE(has_diagnostic(errors, "many_errors.toml", 15, "bad piece key 'knight'"));
  EXPECT_TRUE(has_diagnostic(errors, "many_errors.toml", 19, "piece P has 'i' moves"));
  EXPECT_TRUE(has_diagnostic(errors, "many_errors.toml", 26, "castling partner piece 'R'"));
  EXPECT_TRUE(has_diagnostic(errors, "many_errors.toml", 28, "bad square 'g9'"));
  EXPECT_TRUE(has_diagnostic(errors, "many_errors.toml", 32, "unknown value 'alternating'"));
  EXPECT_TRUE(std::is_sorted(errors.begin(), errors.end(), [](const auto& a, const auto& b) {
    return a.where.line < b.where.line;
  }));
}

TEST(TableLoader, TableErrorWhatListsEveryDiagnostic) {
  try {
    load_table_file(data("wrong_type.toml"));
    FAIL() << "expected a TableError";
  } catch (const TableError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what, e.diagnostics()[0].str() + "\n" + e.diagnostics()[1].str());
    EXPECT_NE(what.find("wrong_type.toml:5:9: wrong type for 'files'"), std::string::npos);
  }
}

// ---- Small helpers of rule_table.hpp and diagnostic.hpp ---------------------------------------

TEST(RuleTable, SourceLocOmitsUnknownParts) {
  EXPECT_EQ((SourceLoc{"a.toml", 3, 7}).str(), "a.toml:3:7");
  EXPECT_EQ((SourceLoc{"a.toml", 3, 0}).str(), "a.toml:3");
  EXPECT_EQ((SourceLoc{"a.toml", 0, 0}).str(), "a.toml");
  EXPECT_EQ((SourceLoc{"", 3, 7}).str(), "3:7");
  EXPECT_EQ((Diagnostic{SourceLoc{}, "plain"}).str(), "plain");
  EXPECT_EQ((Diagnostic{SourceLoc{"f", 1, 2}, "m"}).str(), "f:1:2: m");
}

TEST(RuleTable, EnumNames) {
  EXPECT_EQ(to_string(Protocol::kSequential), "sequential");
  EXPECT_EQ(to_string(Protocol::kConditional), "conditional");
  EXPECT_EQ(to_string(Protocol::kSimultaneous), "simultaneous");
  EXPECT_EQ(to_string(Outcome::kLoss), "loss");
  EXPECT_EQ(to_string(Outcome::kDraw), "draw");
  EXPECT_EQ(to_string(Outcome::kWin), "win");
}

}  // namespace
}  // namespace arbiter
