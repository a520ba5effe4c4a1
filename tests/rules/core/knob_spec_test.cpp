// The knob specs (rules/registry/rule_knobs.hpp) against everything else that names knobs: the
// bundled tables, the docs' knob tables, the loader, Variant's compiled knobs, and the helpers that
// write and read "name=alternative".
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "rules/core/diagnostic.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/table_loader.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using ::testing::HasSubstr;

std::vector<std::string> strings(const std::vector<std::string_view>& views) {
  return {views.begin(), views.end()};
}

TEST(KnobSpec, EachBundledTableDeclaresExactlyTheKnobsItsRulesRead) {
  for (const std::string& name : bundled_table_names()) {
    SCOPED_TRACE(name);
    const RuleTable t = load_bundled_table(name);
    const std::vector<const KnobSpec*> specs = knob_specs_for(t);
    ASSERT_EQ(t.knobs.size(), specs.size());
    for (std::size_t i = 0; i < specs.size(); ++i) {
      SCOPED_TRACE(std::string(specs[i]->name));
      EXPECT_EQ(t.knobs[i].name, specs[i]->name);
      EXPECT_EQ(t.knobs[i].alternatives, strings(specs[i]->alternatives));
      EXPECT_EQ(t.knobs[i].default_value, specs[i]->default_spelling());
    }
  }
}

TEST(KnobSpec, EveryGroupIsReadBySomeBundledTable) {
  for (const KnobGroup& g : knob_groups()) {
    bool read = false;
    for (const std::string& name : bundled_table_names())
      read = read || g.applies(load_bundled_table(name));
    EXPECT_TRUE(read) << g.reader;
  }
}

TEST(KnobSpec, KnobNamesAreUniqueAcrossGroupsAndAlternativesWithinAKnob) {
  std::set<std::string_view> names;
  for (const KnobGroup& g : knob_groups())
    for (const KnobSpec& s : g.specs) {
      EXPECT_TRUE(names.insert(s.name).second) << s.name;
      const std::set<std::string_view> alts(s.alternatives.begin(), s.alternatives.end());
      EXPECT_EQ(alts.size(), s.alternatives.size()) << s.name;
      EXPECT_GE(s.alternatives.size(), 2U) << s.name;
      EXPECT_LT(s.default_alternative, s.alternatives.size()) << s.name;
    }
}

/// The rows of the knob tables in a docs page: "| `name` | `default` | `alt`, `alt` | ...".
std::map<std::string, std::pair<std::string, std::set<std::string>>> docs_knob_rows(
    const std::string& page) {
  std::ifstream in(std::string(ARBITER_SOURCE_DIR) + "/docs/" + page);
  EXPECT_TRUE(in) << page;
  std::map<std::string, std::pair<std::string, std::set<std::string>>> rows;
  const std::regex row(R"(^\| `([a-z0-9-]+)` \| `([a-z0-9-]+)` \| ([^|]+) \|)");
  const std::regex quoted("`([a-z0-9-]+)`");
  std::string line;
  while (std::getline(in, line)) {
    std::smatch m;
    if (!std::regex_search(line, m, row)) continue;
    std::set<std::string> others;
    const std::string cell = m[3];
    for (auto it = std::sregex_iterator(cell.begin(), cell.end(), quoted);
         it != std::sregex_iterator(); ++it)
      others.insert((*it)[1]);
    rows[m[1]] = {m[2], others};
  }
  return rows;
}

TEST(KnobSpec, TheDocsKnobTablesNameEachKnobWithItsDefaultAndOtherAlternatives) {
  const std::map<std::string, std::string> page_of = {{"conversion", "conversion.md"},
                                                      {"conditional", "conditional.md"},
                                                      {"diplomacy", "diplomacy.md"},
                                                      {"move-neutral", "move-neutral.md"}};
  for (const auto& [table, page] : page_of) {
    SCOPED_TRACE(page);
    const auto rows = docs_knob_rows(page);
    const std::vector<const KnobSpec*> specs = knob_specs_for(load_bundled_table(table));
    EXPECT_EQ(rows.size(), specs.size());
    for (const KnobSpec* s : specs) {
      const auto it = rows.find(std::string(s->name));
      ASSERT_NE(it, rows.end()) << s->name << " has no row";
      EXPECT_EQ(it->second.first, s->default_spelling()) << s->name;
      std::set<std::string> others;
      for (const std::string_view a : s->alternatives)
        if (a != s->default_spelling()) others.insert(std::string(a));
      EXPECT_EQ(it->second.second, others) << s->name;
    }
  }
}

template <typename Knobs>
void expect_struct_defaults_are_the_specs() {
  const Knobs k{};
  for (const KnobBinding<Knobs>& b : knob_bindings<Knobs>())
    EXPECT_EQ(b.get(k), b.spec.default_alternative) << b.spec.name;
}

TEST(KnobSpec, DefaultConstructedKnobStructsHoldTheSpecDefaults) {
  expect_struct_defaults_are_the_specs<ConversionKnobs>();
  expect_struct_defaults_are_the_specs<ConditionalKnobs>();
  expect_struct_defaults_are_the_specs<DiplomacyKnobs>();
  expect_struct_defaults_are_the_specs<MoveNeutralKnobs>();
}

template <typename Knobs>
void expect_each_binding_sets_its_own_member() {
  for (const KnobBinding<Knobs>& b : knob_bindings<Knobs>())
    for (std::size_t a = 0; a < b.spec.alternatives.size(); ++a) {
      Knobs k{};
      b.set(k, a);
      EXPECT_EQ(b.get(k), a) << b.spec.name;
      for (const KnobBinding<Knobs>& other : knob_bindings<Knobs>()) {
        if (&other == &b) continue;
        EXPECT_EQ(other.get(k), other.spec.default_alternative)
            << "setting " << b.spec.name << " changed " << other.spec.name;
      }
    }
}

TEST(KnobSpec, EachBindingSetsItsOwnMemberOnly) {
  expect_each_binding_sets_its_own_member<ConversionKnobs>();
  expect_each_binding_sets_its_own_member<ConditionalKnobs>();
  expect_each_binding_sets_its_own_member<DiplomacyKnobs>();
  expect_each_binding_sets_its_own_member<MoveNeutralKnobs>();
}

TEST(KnobSpec, VariantCompilesAPickedAlternativeIntoItsMember) {
  const VariantPtr v = load_variant(
      "diplomacy", knob_pick<&DiplomacyKnobs::knight_timing>(KnightTiming::kTwoStepPath));
  EXPECT_EQ(v->knobs().diplomacy.knight_timing, KnightTiming::kTwoStepPath);
  EXPECT_EQ(v->knobs().diplomacy.same_destination, SameDestination::kRank);
  EXPECT_EQ(v->knob("knight-timing"), "two-step-path");
}

TEST(KnobSpec, ANonFirstDefaultIsCompiledAsTheTableSays) {
  // conversion.toml: threat-by-pinned-piece = ["ignored", "counts"], default "counts".
  const VariantPtr& v = test::bundled_variant("conversion");
  EXPECT_EQ(v->knobs().conversion.threat_by_pinned_piece, ThreatByPinnedPiece::kCounts);
}

TEST(KnobSpec, ATableWithoutAKnobItsRulesReadGetsTheSpecDefault) {
  // grandchild.toml: protocol simultaneous, resolver move-neutral, no Move-Neutral knobs.
  const VariantPtr v = load_variant(test::data_path("tables/grandchild.toml"));
  EXPECT_EQ(v->knobs().move_neutral.shared_square_sliding, SharedSquareSliding::kBlocked);
  EXPECT_EQ(v->knobs().move_neutral.mated_and_stalemated, MatedAndStalemated::kMateWins);
}

TEST(KnobSpec, LoaderRejectsAReadKnobWithOtherAlternatives) {
  const std::string toml =
      "[table]\nname = \"t\"\nextends = \"diplomacy\"\n"
      "[knobs.head-on-swap]\nalternatives = [\"pass\", \"crash\"]\ndefault = \"pass\"\n";
  try {
    load_table_text(toml, "inline.toml");
    FAIL() << "loaded";
  } catch (const TableError& e) {
    ASSERT_EQ(e.diagnostics().size(), 1U);
    EXPECT_EQ(e.diagnostics()[0].where.file, "inline.toml");
    EXPECT_EQ(e.diagnostics()[0].where.line, 4);
    EXPECT_THAT(e.diagnostics()[0].message,
                HasSubstr("[knobs.head-on-swap] is read by the Diplomacy resolver (a table with "
                          "[protocol] resolver = \"diplomacy\"): expected alternatives = "
                          "[\"pass\", \"conflict\"]"));
  }
}

TEST(KnobSpec, LoaderRejectsReorderedAlternativesOfAReadKnob) {
  const std::string toml =
      "[table]\nname = \"t\"\nextends = \"conversion\"\n"
      "[knobs.castling-threatens]\nalternatives = [\"counts\", \"ignored\"]\n";
  EXPECT_THROW(load_table_text(toml, "inline.toml"), TableError);
}

TEST(KnobSpec, AKnobNoRuleReadsIsLeftToTheTable) {
  // fairy_child.toml declares touch-move, which no part of the engine reads.
  EXPECT_NO_THROW(load_variant(test::data_path("tables/fairy_child.toml")));
}

TEST(KnobSpec, KnobNameAndSettingComeFromTheSpec) {
  EXPECT_EQ(knob_name<&DiplomacyKnobs::head_on_swap>(), "head-on-swap");
  EXPECT_EQ(knob_setting_of<&DiplomacyKnobs::head_on_swap>(HeadOnSwap::kConflict),
            "head-on-swap=conflict");
  EXPECT_EQ(knob_pick<&ConversionKnobs::castling_threatens>(CastlingThreatens::kIgnored),
            (KnobSettings{{"castling-threatens", "ignored"}}));
  EXPECT_EQ(find_knob_spec("king-capture")->alternatives_text(), "loss, illegal");
  EXPECT_EQ(find_knob_spec("touch-move"), nullptr);
}

TEST(KnobSpec, SplitKnobSettingNeedsANameAndAnAlternative) {
  EXPECT_EQ(split_knob_setting("a=b=c"), (std::pair<std::string, std::string>{"a", "b=c"}));
  EXPECT_EQ(split_knob_setting("a"), std::nullopt);
  EXPECT_EQ(split_knob_setting("=b"), std::nullopt);
  EXPECT_EQ(split_knob_setting("a="), std::nullopt);
}

TEST(KnobSpec, SettingsOfReadsDefaultOrOneKnob) {
  EXPECT_EQ(knob_settings_of("default"), KnobSettings{});
  EXPECT_EQ(knob_settings_of("king-safety=current-position"),
            (KnobSettings{{"king-safety", "current-position"}}));
  EXPECT_EQ(knob_settings_of("king-safety"), std::nullopt);
}

TEST(KnobSpec, IsSettingOfMatchesTheWholeName) {
  EXPECT_TRUE(is_setting_of("king-capture=illegal", "king-capture"));
  EXPECT_FALSE(is_setting_of("king-capture=illegal", "king"));
  EXPECT_FALSE(is_setting_of("king-capture", "king-capture"));
}

}  // namespace
}  // namespace arbiter
