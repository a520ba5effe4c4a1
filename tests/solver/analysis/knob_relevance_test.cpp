// Knobs that cannot matter (solver/analysis/knob_relevance.hpp): in tables that lack what a knob
// reads (castling, double steps, off-line leaps, en passant), Z3 proves the knob's condition
// unsatisfiable up to the piece bound, and ambiguities and diff report "no difference" backed by
// that proof. In the bundled tables the same conditions are satisfiable (every knob there has a
// witness), so no proof is claimed. That the conditions are necessary is checked on random
// positions in tests/solver/analysis/knob_relevance_slow_test.cpp.
#include "solver/analysis/knob_relevance.hpp"

#include <gtest/gtest.h>

#include "rules/core/load_variant.hpp"
#include "solver/analysis/coverage.hpp"
#include "solver/analysis/table_diff.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

std::string quiet_table(const std::string& file) {
  return test::data_path("tables/quiet_knobs/" + file + ".toml");
}

SolverLimits limits() {
  SolverLimits l;
  l.rlimit = 400000000;
  return l;
}

struct QuietCase {
  std::string file;
  std::vector<std::string> knobs;  ///< the knobs the table makes quiet
};

const std::vector<QuietCase>& quiet_cases() {
  static const std::vector<QuietCase> cases = {
      {"conversion_no_castling",
       {"castling-threatens", "castle-through-cleared-square", "castle-out-of-check-by-conversion",
        "converted-rook-castling"}},
      {"conversion_single_step", {"converted-pawn-double-step"}},
      {"diplomacy_no_knights_no_pawns",
       {"knight-timing", "pawn-capture-of-departed", "promotion-rank"}},
      {"move_neutral_plain",
       {"castling-path-entered", "en-passant-moved-on", "ep-landing-entered"}},
  };
  return cases;
}

TEST(KnobRelevance, QuietKnobsAreProvedUnsatisfiable) {
  for (const QuietCase& c : quiet_cases()) {
    const VariantPtr v = load_variant(quiet_table(c.file));
    for (const std::string& k : c.knobs) {
      const RelevanceProof p = prove_knob_irrelevant(v, k, 6, limits());
      EXPECT_EQ(p.status, "unsat") << c.file << " " << k;
      EXPECT_FALSE(p.needs.empty());
    }
  }
}

TEST(KnobRelevance, BundledTablesNeverGetAProof) {
  // Every knob of the bundled tables has an engine-confirmed witness: a proof would be wrong.
  for (const std::string table : {"conversion", "diplomacy", "move-neutral", "conditional"}) {
    const VariantPtr v = load_variant(table);
    for (const KnobDef& k : v->table().knobs) {
      const RelevanceProof p = prove_knob_irrelevant(v, k.name, 6, limits());
      EXPECT_NE(p.status, "unsat") << table << " " << k.name;
      EXPECT_TRUE(p.status == "sat" || p.status == "none") << table << " " << k.name;
    }
  }
}

TEST(KnobRelevance, KnobsWithoutAConditionSayNone) {
  const VariantPtr v = load_variant("conditional");
  for (const KnobDef& k : v->table().knobs) {
    if (k.name == "ep-after-skipped-c-move") continue;  // needs an en-passant capture (below)
    EXPECT_FALSE(knob_relevance(*v, k.name).has_value()) << k.name;
    EXPECT_EQ(prove_knob_irrelevant(v, k.name, 6, limits()).status, "none");
  }
  EXPECT_FALSE(knob_relevance(*load_variant("conversion"), "threat-by-pinned-piece"));
  EXPECT_FALSE(knob_relevance(*load_variant("move-neutral"), "shared-square-sliding"));
  EXPECT_FALSE(knob_relevance(*load_variant("diplomacy"), "head-on-swap"));
}

TEST(KnobRelevance, ConditionalEnPassantKnobNeedsAnEnPassantCapture) {
  const VariantPtr v = load_variant("conditional");
  const std::optional<KnobRelevance> r = knob_relevance(*v, "ep-after-skipped-c-move");
  ASSERT_TRUE(r.has_value());
  EXPECT_NE(r->needs.find("en-passant"), std::string::npos) << r->needs;
}

TEST(KnobRelevance, CoverageReportsQuietKnobsAsProvedAndOthersWithWitnesses) {
  CoverageOptions o;
  o.clauses = false;
  o.scenarios = false;
  o.positions = 30;
  o.quick_positions = 15;
  o.limits = limits();
  const CoverageReport r = coverage(quiet_table("move_neutral_plain"), o);
  int proved = 0;
  for (const CoverageItem& i : r.items) {
    const std::string knob = i.name.substr(0, i.name.find('='));
    const bool quiet = knob == "castling-path-entered" || knob == "en-passant-moved-on" ||
                       knob == "ep-landing-entered";
    if (quiet) {
      EXPECT_EQ(i.status, CoverageStatus::kUnreachable) << i.name;
      EXPECT_FALSE(i.witness.has_value()) << i.name;
      EXPECT_NE(i.detail.find("no difference up to 6 pieces"), std::string::npos) << i.detail;
      ++proved;
    } else {
      EXPECT_NE(i.status, CoverageStatus::kUnreachable) << i.name;
    }
  }
  EXPECT_EQ(proved, 6);  // three knobs, two alternatives each
}

std::string write_flip(const std::string& base, const std::string& knob, const std::string& alt) {
  return test::write_temp_file("arbiter-relevance-" + knob + ".toml",
                               "[table]\nname = \"flipped\"\nextends = \"" + base +
                                   "\"\n\n[knobs." + knob + "]\ndefault = \"" + alt + "\"\n");
}

TEST(KnobRelevance, DiffProvesAQuietKnobFlipAndCatchesALiveOne) {
  DiffOptions o;
  o.quick_positions = 20;
  o.positions_count = 40;
  o.coverage = false;
  o.limits = limits();
  const std::string base = quiet_table("conversion_no_castling");
  const DiffReport quiet =
      diff_tables(base, write_flip(base, "castle-out-of-check-by-conversion", "allowed"), o);
  ASSERT_EQ(quiet.groups.size(), 1U);
  EXPECT_EQ(quiet.groups[0].status, DiffStatus::kProved);
  EXPECT_NE(quiet.groups[0].detail.find("castling right"), std::string::npos);
  EXPECT_FALSE(quiet.changed());

  // The same table with castling (the bundled one): the flip has a witness, never a proof.
  o.positions = {"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1"};
  o.coverage = true;
  const DiffReport live = diff_tables(
      "conversion", write_flip("conversion", "castle-out-of-check-by-conversion", "allowed"), o);
  ASSERT_EQ(live.groups.size(), 1U);
  EXPECT_EQ(live.groups[0].status, DiffStatus::kWitness);
  EXPECT_TRUE(live.changed());
}

}  // namespace
}  // namespace arbiter::solver
