// [effects.conversion]: the co-pair classes of Conversion Chess, read into RuleTable::conversion
// (registered in rules/registry/table_sections.cpp).
#include "rules/conversion/conversion_table.hpp"

namespace arbiter {
namespace {

using namespace table_io;

constexpr std::string_view kConversionKeys[] = {"unpaired", "cross_pairs"};

}  // namespace

/// `[effects.conversion]`: the co-pair classes of Conversion Chess.
void apply_conversion_section(table_io::Context& c, const table_io::Scope&,
                              const toml::node& node) {
  const toml::table* t = as_table(c.r, node, "[effects.conversion]");
  if (t == nullptr) return;
  const Scope s{c.r, *t, "[effects.conversion]"};
  check_keys(s, kConversionKeys);
  ConversionDef def = c.out.table.conversion.value_or(ConversionDef{});
  def.where = c.r.at(node);
  if (const auto unpaired = get_string_list(s, "unpaired")) {
    def.unpaired.clear();
    for (const Located& letter : *unpaired)
      if (const auto l = as_letter(c.r, letter, "an element of " + key_in(s, "unpaired"))) {
        def.unpaired.push_back(*l);
        c.out.where[std::string("conversion.") + *l] = letter.where;
      }
  }
  if (const toml::array* pairs = get_array(s, "cross_pairs")) {
    def.cross_pairs.clear();
    for (const toml::node& element : *pairs) {
      const toml::array* pair = element.as_array();
      if (pair == nullptr || pair->size() != 2 || !(*pair)[0].is_string() ||
          !(*pair)[1].is_string()) {
        c.r.error(c.r.at(element), "bad element of " + key_in(s, "cross_pairs") +
                                       ": expected a pair of piece letters such as [\"K\", \"Q\"]");
        continue;
      }
      const auto a = as_letter(c.r, Located{*(*pair)[0].value<std::string>(), c.r.at((*pair)[0])},
                               "a letter in " + key_in(s, "cross_pairs"));
      const auto b = as_letter(c.r, Located{*(*pair)[1].value<std::string>(), c.r.at((*pair)[1])},
                               "a letter in " + key_in(s, "cross_pairs"));
      if (!a || !b) continue;
      if (*a == *b) {
        c.r.error(c.r.at(element), "cross pair [" + std::string(1, *a) + ", " + std::string(1, *b) +
                                       "] pairs a type with itself: identical pieces pair "
                                       "anyway; expected two different letters");
        continue;
      }
      def.cross_pairs.emplace_back(*a, *b);
      c.out.where[std::string("conversion.") + *a] = c.r.at((*pair)[0]);
      c.out.where[std::string("conversion.") + *b] = c.r.at((*pair)[1]);
    }
  }
  c.out.table.conversion = def;
}

void check_conversion_section(table_io::Context& c) {
  if (!c.out.table.conversion) return;
  const ConversionDef& def = *c.out.table.conversion;
  std::vector<char> letters = def.unpaired;
  for (const auto& [a, b] : def.cross_pairs) letters.insert(letters.end(), {a, b});
  for (char letter : letters) {
    if (c.out.table.piece(letter) != nullptr) continue;
    c.r.error_in_final(where_of(c, std::string("conversion.") + letter, def.where),
                       "piece " + in_quotes(std::string(1, letter)) +
                           " in [effects.conversion] is not a declared piece: expected a letter "
                           "from [pieces]");
  }
}

}  // namespace arbiter
