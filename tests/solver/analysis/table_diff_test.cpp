// The semantic diff of two rule tables (solver/analysis/table_diff.hpp): deliberate rule changes
// are each caught with a witness that the engine confirms under both tables; cosmetic edits and a
// table compared with itself give "no behavioural change" backed by the bounded proof.
#include "solver/analysis/table_diff.hpp"

#include <gtest/gtest.h>

#include "rules/core/load_variant.hpp"
#include "rules/core/table_loader.hpp"
#include "solver/analysis/corpus.hpp"
#include "solver/analysis/step_cases.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

std::string write_table(const std::string& name, const std::string& text) {
  return test::write_temp_file("arbiter-diff-" + name + ".toml", text);
}

DiffOptions fast_options(const std::string& corpus_table = "") {
  DiffOptions o;
  o.quick_positions = 20;
  o.positions_count = 40;
  o.coverage = false;
  o.limits.rlimit = 400000000;
  if (!corpus_table.empty())
    o.positions = corpus_positions(test::data_path("coverage/" + corpus_table + ".toml"));
  return o;
}

const DiffGroup* group(const DiffReport& r, const std::string& key) {
  for (const DiffGroup& g : r.groups)
    if (g.change.key == key) return &g;
  return nullptr;
}

/// Every witness replays under both tables with the recorded, differing outcomes.
void expect_confirmed(const DiffGroup& g, const std::string& old_table,
                      const std::string& new_table) {
  ASSERT_EQ(g.status, DiffStatus::kWitness) << g.change.key << ": " << g.detail;
  ASSERT_FALSE(g.witnesses.empty());
  for (const DiffWitness& w : g.witnesses) {
    EXPECT_NE(w.old_outcome, w.new_outcome);
    if (w.moves == "-") continue;  // one table refuses the position itself
    const auto outcome = [&](const std::string& table) {
      try {
        return replay_step(load_variant(table), w.fen, w.moves).outcome;
      } catch (const std::exception& e) {
        return std::string("cannot be played: ") + e.what();
      }
    };
    // A key is judged on the old table with only that key changed: in these tests, where one
    // key changes, that is the new table.
    EXPECT_EQ(outcome(old_table), w.old_outcome) << g.change.key << " " << w.fen << " " << w.moves;
    EXPECT_EQ(outcome(new_table), w.new_outcome) << g.change.key << " " << w.fen << " " << w.moves;
  }
}

TEST(TableChanges, CosmeticEditsChangeNoBehaviouralKey) {
  const RuleTable a = load_bundled_table("orthodox");
  RuleTable b = a;
  b.name = "renamed";
  b.description = "another description";
  b.pieces[0].name = "monarch";
  for (PieceDef& p : b.pieces)
    if (p.letter == 'K') {
      p.betza = "WF";
      p.atoms = parse_betza("WF");
    }
  std::reverse(b.pieces.begin(), b.pieces.end());
  for (const TableChange& c : table_changes(a, b))
    EXPECT_FALSE(c.behavioural) << c.key << ": " << c.old_value << " -> " << c.new_value;
  EXPECT_FALSE(table_changes(a, b).empty());
}

TEST(TableChanges, BetzaSpellingsOfOneMovementHaveOneSignature) {
  PieceDef k, wf, n, c;
  k.atoms = parse_betza("K");
  wf.atoms = parse_betza("FW");
  n.atoms = parse_betza("N");
  c.atoms = parse_betza("C");
  EXPECT_EQ(movement_signature(k), movement_signature(wf));
  EXPECT_NE(movement_signature(n), movement_signature(c));
}

TEST(TableChanges, WithKeyFromTakesOnlyThatKey) {
  const RuleTable a = load_bundled_table("diplomacy");
  RuleTable b = a;
  b.knobs[0].default_value = b.knobs[0].alternatives.back() == b.knobs[0].default_value
                                 ? b.knobs[0].alternatives.front()
                                 : b.knobs[0].alternatives.back();
  b.pieces[0].betza = "C";
  b.pieces[0].atoms = parse_betza("C");
  const RuleTable t = with_key_from(a, b, "knobs." + a.knobs[0].name + ".default");
  EXPECT_EQ(t.knobs[0].default_value, b.knobs[0].default_value);
  EXPECT_EQ(t.pieces[0].betza, a.pieces[0].betza);
  EXPECT_THROW(with_key_from(a, b, "no.such.key"), std::invalid_argument);
}

TEST(TableDiff, EveryBundledTableEqualsItselfWithAProof) {
  for (const std::string& table : bundled_table_names()) {
    const DiffReport r = diff_tables(table, table, fast_options());
    EXPECT_TRUE(r.groups.empty()) << table;
    EXPECT_TRUE(r.cosmetic.empty()) << table;
    EXPECT_EQ(r.whole, DiffStatus::kProved) << table << ": " << r.whole_detail;
    EXPECT_FALSE(r.changed()) << table;
  }
}

TEST(TableDiff, CosmeticEditsAreNoBehaviouralChange) {
  // Renamed, described, commented, keys in another order, the king's Betza spelled "WF".
  const std::string path = write_table("cosmetic", R"(# a comment
[pieces.K]
betza = "WF"   # the king, spelled as its two atoms

[table]
extends = "conversion"
description = "the same rules, written differently"
name = "my-conversion"
)");
  const DiffReport r = diff_tables("conversion", path, fast_options());
  EXPECT_TRUE(r.groups.empty());
  EXPECT_EQ(r.whole, DiffStatus::kProved) << r.whole_detail;
  EXPECT_FALSE(r.changed());
  bool renamed = false;
  for (const TableChange& c : r.cosmetic) renamed = renamed || c.key == "table.name";
  EXPECT_TRUE(renamed);
}

TEST(TableDiff, AKnightThatLeapsLikeAnotherLeaperIsCaught) {
  for (const std::string betza : {"C", "Z", "A"}) {
    const std::string path = write_table("knight-" + betza,
                                         "[table]\nname = \"k\"\nextends = "
                                         "\"orthodox\"\n[pieces.N]\nbetza = \"" +
                                             betza + "\"\n");
    const DiffReport r = diff_tables("orthodox", path, fast_options());
    ASSERT_EQ(r.groups.size(), 1u) << betza;
    expect_confirmed(r.groups[0], "orthodox", path);
    EXPECT_EQ(r.groups[0].change.key, "pieces.N.betza");
    EXPECT_TRUE(r.changed());
  }
}

TEST(TableDiff, ARedundantAtomIsProvedToChangeNothing) {
  // "WR" moves as "R" does: the Betza texts differ, the movement does not.
  const std::string path =
      write_table("wr",
                  "[table]\nname = \"wr\"\nextends = \"orthodox\"\n[pieces.R]\nbetza = "
                  "\"WR\"\n");
  const DiffReport r = diff_tables("orthodox", path, fast_options());
  ASSERT_EQ(r.groups.size(), 1u);
  EXPECT_EQ(r.groups[0].status, DiffStatus::kProved) << r.groups[0].detail;
  EXPECT_FALSE(r.changed());
}

TEST(TableDiff, BishopsOutrankingKnightsInDiplomacyIsCaught) {
  const std::string path =
      write_table("ranks",
                  "[table]\nname = \"r\"\nextends = \"diplomacy\"\n[protocol]\nranks = "
                  "\"K>Q>R>B>N>P\"\n");
  const DiffReport r = diff_tables("diplomacy", path, fast_options());
  const DiffGroup* g = group(r, "protocol.ranks");
  ASSERT_NE(g, nullptr);
  expect_confirmed(*g, "diplomacy", path);
  EXPECT_EQ(r.groups.size(), 1u);
}

TEST(TableDiff, ConversionWithoutTheKingQueenPairIsCaught) {
  const std::string path = write_table(
      "nokq",
      "[table]\nname = \"c\"\nextends = \"conversion\"\n[effects.conversion]\nunpaired = "
      "[\"P\"]\ncross_pairs = []\n");
  const DiffReport r = diff_tables("conversion", path, fast_options());
  const DiffGroup* g = group(r, "effects.conversion");
  ASSERT_NE(g, nullptr);
  expect_confirmed(*g, "conversion", path);
}

TEST(TableDiff, ANewSetupIsAWitnessAndARespelledOneIsNot) {
  const std::string moved =
      write_table("setup-moved",
                  "[table]\nname = \"b\"\nextends = \"orthodox\"\n[setup]\nfen = "
                  "\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"\n");
  DiffReport r = diff_tables("orthodox", moved, fast_options());
  const DiffGroup* g = group(r, "setup.fen");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->status, DiffStatus::kWitness);
  ASSERT_EQ(g->witnesses.size(), 1U);
  EXPECT_EQ(g->witnesses[0].moves, "(game start)");
  EXPECT_NE(g->witnesses[0].new_outcome.find("4P3"), std::string::npos);
  EXPECT_TRUE(r.changed());

  // The same position with the castling letters in another order.
  const std::string respelled =
      write_table("setup-respelled",
                  "[table]\nname = \"b\"\nextends = \"orthodox\"\n[setup]\nfen = "
                  "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1\"\n");
  r = diff_tables("orthodox", respelled, fast_options());
  g = group(r, "setup.fen");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->status, DiffStatus::kProved);
  EXPECT_FALSE(r.changed());
}

TEST(TableDiff, EveryKnobOfEveryTableFlippedIsCaught) {
  int flips = 0;
  for (const std::string& table : bundled_table_names()) {
    const RuleTable t = load_bundled_table(table);
    const DiffOptions o = fast_options(table);
    for (const KnobDef& k : t.knobs)
      for (const std::string& alt : k.alternatives) {
        if (alt == k.default_value) continue;
        const std::string path =
            write_table(table + "-" + k.name + "-" + alt,
                        "[table]\nname = \"flipped\"\nextends = \"" + table + "\"\n[knobs." +
                            k.name + "]\ndefault = \"" + alt + "\"\n");
        const DiffReport r = diff_tables(table, path, o);
        const DiffGroup* g = group(r, "knobs." + k.name + ".default");
        ASSERT_NE(g, nullptr) << table << " " << k.name;
        expect_confirmed(*g, table, path);
        EXPECT_EQ(r.groups.size(), 1u) << table << " " << k.name;
        ++flips;
      }
  }
  EXPECT_GE(flips, 20);
}

}  // namespace
}  // namespace arbiter::solver
