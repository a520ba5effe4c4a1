// [protocol] ranks: the piece ranks Diplomacy's resolver reads ("K>Q>R>B=N>P"), into
// RuleTable::rank_order and PieceDef::rank (registered in rules/registry/table_sections.cpp).
#include "rules/simultaneous/diplomacy/diplomacy_table.hpp"

#include <set>

namespace arbiter {
namespace {

using namespace table_io;

/// Parses "K>Q>R>B=N>P" into groups of equal rank, highest first; reports the first problem.
std::optional<std::vector<std::vector<char>>> parse_rank_order(const Scope& s,
                                                               const std::string& text,
                                                               const SourceLoc& where) {
  std::vector<std::vector<char>> groups(1);
  std::set<char> seen;
  const auto fail = [&](const std::string& what) {
    s.r.error(where, "bad ranks " + in_quotes(text) + " in [protocol]: " + what +
                         "; expected piece letters from highest to lowest rank joined by '>' "
                         "(or '=' for equal ranks), such as \"K>Q>R>B=N>P\"");
    return std::nullopt;
  };
  bool want_letter = true;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch == ' ') continue;
    if (want_letter) {
      if (ch < 'A' || ch > 'Z')
        return fail("character " + std::to_string(i + 1) + " is " + in_quotes(std::string(1, ch)) +
                    " where a piece letter (upper case) belongs");
      if (!seen.insert(ch).second) return fail("piece " + std::string(1, ch) + " is ranked twice");
      groups.back().push_back(ch);
      want_letter = false;
    } else if (ch == '>' || ch == '=') {
      if (ch == '>') groups.emplace_back();
      want_letter = true;
    } else {
      return fail("character " + std::to_string(i + 1) + " is " + in_quotes(std::string(1, ch)) +
                  " where '>' or '=' belongs");
    }
  }
  if (want_letter) return fail(seen.empty() ? "it is empty" : "it ends with '>' or '='");
  return groups;
}

}  // namespace

void apply_ranks_section(table_io::Context& c, const table_io::Scope& s, const toml::node& node) {
  if (const auto ranks = get<std::string>(s, "ranks")) {
    const SourceLoc where = c.r.at(node);
    c.out.where["protocol.ranks"] = where;
    if (auto order = parse_rank_order(s, *ranks, where)) c.out.table.rank_order = std::move(*order);
  }
}

/// Diplomacy ranks name every piece once; fills PieceDef::rank (the lowest group gets 1).
void check_ranks_section(table_io::Context& c) {
  RuleTable& t = c.out.table;
  const SourceLoc where = where_of(c, "protocol", t.protocol_where);
  for (PieceDef& p : t.pieces) p.rank = 0;
  if (t.rank_order.empty()) {
    if (t.resolver == Resolver::kDiplomacy)
      c.r.error_in_final(where,
                         "resolver 'diplomacy' needs piece ranks: expected ranks = "
                         "\"K>Q>R>B=N>P\" (every piece letter once) in [protocol]");
    return;
  }
  const SourceLoc ranks_where = where_of(c, "protocol.ranks", where);
  const int groups = static_cast<int>(t.rank_order.size());
  for (int g = 0; g < groups; ++g) {
    for (char letter : t.rank_order[g]) {
      PieceDef* p = nullptr;
      for (PieceDef& q : t.pieces)
        if (q.letter == letter) p = &q;
      if (p == nullptr) {
        c.r.error_in_final(ranks_where, "ranks in [protocol] name " +
                                            in_quotes(std::string(1, letter)) +
                                            ", which is not a declared piece");
        continue;
      }
      p->rank = groups - g;
    }
  }
  std::vector<std::string> missing;
  for (const PieceDef& p : t.pieces)
    if (p.rank == 0) missing.emplace_back(1, p.letter);
  if (!missing.empty())
    c.r.error_in_final(ranks_where, "ranks in [protocol] leave out " + join(missing) +
                                        ": expected every piece letter exactly once");
}

}  // namespace arbiter
