#include "solver/analysis/table_changes.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

namespace arbiter::solver {
namespace {

constexpr const char* kNone = "(none)";

std::string ranks_text(const std::vector<int>& ranks) {
  std::vector<int> shown;
  for (int r : ranks) shown.push_back(r + 1);  // the table writes ranks 1-based
  std::sort(shown.begin(), shown.end());
  return fmt::format("[{}]", fmt::join(shown, ", "));
}

std::string promotion_text(const std::optional<PromotionRule>& p) {
  if (!p) return kNone;
  std::vector<char> choices = p->choices;
  std::sort(choices.begin(), choices.end());
  return fmt::format("ranks {} choices {}", ranks_text(p->ranks), fmt::join(choices, ""));
}

std::string castling_text(const CastlingDef& c) {
  return fmt::format("'{}': king {}-{}, {} {}-{}", c.fen, square_name(c.king_from),
                     square_name(c.king_to), c.rook, square_name(c.rook_from),
                     square_name(c.rook_to));
}

/// The rank order with each group's letters sorted ("K>Q>R>B=N>P"); "(none)" when unset.
std::string rank_order_text(const RuleTable& t) {
  if (t.rank_order.empty()) return kNone;
  std::vector<std::string> groups;
  for (std::vector<char> g : t.rank_order) {
    std::sort(g.begin(), g.end());
    groups.push_back(fmt::format("{}", fmt::join(g, "=")));
  }
  return fmt::format("{}", fmt::join(groups, ">"));
}

std::string conversion_text(const std::optional<ConversionDef>& c) {
  if (!c) return kNone;
  std::vector<char> unpaired = c->unpaired;
  std::sort(unpaired.begin(), unpaired.end());
  std::vector<std::string> pairs;
  for (auto [a, b] : c->cross_pairs)
    pairs.push_back(a < b ? fmt::format("{}-{}", a, b) : fmt::format("{}-{}", b, a));
  std::sort(pairs.begin(), pairs.end());
  return fmt::format("unpaired [{}], cross pairs [{}]", fmt::join(unpaired, ", "),
                     fmt::join(pairs, ", "));
}

std::string alternatives_text(std::vector<std::string> alts) {
  std::sort(alts.begin(), alts.end());
  return fmt::format("[{}]", fmt::join(alts, ", "));
}

std::string perft_text(const std::vector<PerftCheck>& checks) {
  // Shown by name and depth; two lists with the same names but other FENs or counts still
  // differ, through the hash of their contents.
  std::vector<std::string> parts;
  std::size_t h = 0;
  for (const PerftCheck& c : checks) {
    parts.push_back(fmt::format("{} (depth {})", c.name, c.nodes.size()));
    h = h * 31 + std::hash<std::string>{}(fmt::format("{} {}", c.fen, fmt::join(c.nodes, ",")));
  }
  if (parts.empty()) return kNone;
  return fmt::format("{} [#{:08x}]", fmt::join(parts, ", "), h & 0xffffffffu);
}

/// Collects changes in order; behavioural ones and cosmetic ones apart.
struct Collector {
  std::vector<TableChange> behavioural, cosmetic;
  void add(const std::string& key, const std::string& a, const std::string& b, bool beh = true) {
    if (a == b) return;
    (beh ? behavioural : cosmetic).push_back({key, a, b, beh});
  }
};

/// Letters of both tables: the old table's order, then the new table's own.
template <typename T, typename Key>
std::vector<std::string> union_keys(const std::vector<T>& a, const std::vector<T>& b, Key key) {
  std::vector<std::string> out;
  for (const T& x : a) out.push_back(key(x));
  for (const T& x : b)
    if (std::find(out.begin(), out.end(), key(x)) == out.end()) out.push_back(key(x));
  return out;
}

const CastlingDef* castling_named(const RuleTable& t, const std::string& name) {
  for (const CastlingDef& c : t.castling)
    if (c.name == name) return &c;
  return nullptr;
}

void compare_pieces(const RuleTable& a, const RuleTable& b, Collector& out) {
  const auto letter = [](const PieceDef& p) { return std::string(1, p.letter); };
  for (const std::string& l : union_keys(a.pieces, b.pieces, letter)) {
    const PieceDef* pa = a.piece(l[0]);
    const PieceDef* pb = b.piece(l[0]);
    const std::string key = "pieces." + l;
    if (!pa || !pb) {
      const auto text = [](const PieceDef* p) {
        return p ? fmt::format("{} ({})", p->name, p->betza) : std::string(kNone);
      };
      out.add(key, text(pa), text(pb));
      continue;
    }
    // Betza texts that spell the same moves are a cosmetic edit.
    out.add(key + ".betza", pa->betza, pb->betza,
            movement_signature(*pa) != movement_signature(*pb));
    out.add(key + ".royal", fmt::format("{}", pa->royal), fmt::format("{}", pb->royal));
    out.add(key + ".pawn", fmt::format("{}", pa->pawn), fmt::format("{}", pb->pawn));
    out.add(key + ".initial_ranks", ranks_text(pa->initial_ranks), ranks_text(pb->initial_ranks));
    out.add(key + ".promotion", promotion_text(pa->promotion), promotion_text(pb->promotion));
    out.add(key + ".name", pa->name, pb->name, false);
  }
}

void compare_castling(const RuleTable& a, const RuleTable& b, Collector& out) {
  const auto name = [](const CastlingDef& c) { return c.name; };
  for (const std::string& n : union_keys(a.castling, b.castling, name)) {
    const CastlingDef* ca = castling_named(a, n);
    const CastlingDef* cb = castling_named(b, n);
    out.add("castling." + n, ca ? castling_text(*ca) : kNone, cb ? castling_text(*cb) : kNone);
  }
}

void compare_knobs(const RuleTable& a, const RuleTable& b, Collector& out) {
  const auto name = [](const KnobDef& k) { return k.name; };
  for (const std::string& n : union_keys(a.knobs, b.knobs, name)) {
    const KnobDef* ka = a.knob(n);
    const KnobDef* kb = b.knob(n);
    const std::string key = "knobs." + n;
    if (!ka || !kb) {
      const auto text = [](const KnobDef* k) {
        return k ? fmt::format("default {} of {}", k->default_value,
                               alternatives_text(k->alternatives))
                 : std::string(kNone);
      };
      out.add(key, text(ka), text(kb));
      continue;
    }
    out.add(key + ".default", ka->default_value, kb->default_value);
    out.add(key + ".alternatives", alternatives_text(ka->alternatives),
            alternatives_text(kb->alternatives));
    out.add(key + ".clause", ka->clause, kb->clause, false);
    out.add(key + ".description", ka->description, kb->description, false);
  }
}

}  // namespace

std::string movement_signature(const PieceDef& p) {
  // (df, dr, range, initial only, lame) -> (move, capture, en passant), merged over atoms.
  std::map<std::tuple<int, int, int, bool, bool>, std::tuple<bool, bool, bool>> moves;
  for (const BetzaAtom& atom : p.atoms)
    for (const Offset& o : atom.directions) {
      auto& [m, c, e] = moves[{o.df, o.dr, atom.range, atom.initial_only, atom.lame}];
      m = m || atom.can_move;
      c = c || atom.can_capture;
      e = e || atom.en_passant;
    }
  std::string out;
  for (const auto& [k, v] : moves) {
    const auto& [df, dr, range, initial, lame] = k;
    const auto& [m, c, e] = v;
    out += fmt::format("({},{})x{}{}{} {}{}{};", df, dr, range, initial ? "i" : "", lame ? "n" : "",
                       m ? "m" : "", c ? "c" : "", e ? "e" : "");
  }
  return out;
}

std::vector<TableChange> table_changes(const RuleTable& a, const RuleTable& b) {
  Collector out;
  out.add("board", fmt::format("{}x{}", a.files, a.ranks), fmt::format("{}x{}", b.files, b.ranks));
  out.add("setup.fen", a.setup_fen, b.setup_fen);
  compare_pieces(a, b, out);
  compare_castling(a, b, out);
  out.add("protocol.kind", to_string(a.protocol), to_string(b.protocol));
  out.add("protocol.resolver", to_string(a.resolver), to_string(b.resolver));
  out.add("protocol.ranks", rank_order_text(a), rank_order_text(b));
  out.add("end.checkmate", to_string(a.end.checkmate), to_string(b.end.checkmate));
  out.add("end.stalemate", to_string(a.end.stalemate), to_string(b.end.stalemate));
  out.add("end.fifty_move_plies", std::to_string(a.end.fifty_move_plies),
          std::to_string(b.end.fifty_move_plies));
  compare_knobs(a, b, out);
  out.add("effects.conversion", conversion_text(a.conversion), conversion_text(b.conversion));
  out.add("table.name", a.name, b.name, false);
  out.add("table.description", a.description, b.description, false);
  out.add("perft", perft_text(a.perft_checks), perft_text(b.perft_checks), false);
  std::vector<TableChange> all = std::move(out.behavioural);
  all.insert(all.end(), out.cosmetic.begin(), out.cosmetic.end());
  return all;
}

RuleTable with_key_from(const RuleTable& base, const RuleTable& from, const std::string& key) {
  RuleTable t = base;
  const auto dot = key.find('.');
  const std::string head = key.substr(0, dot);
  const std::string rest = dot == std::string::npos ? "" : key.substr(dot + 1);
  if (key == "board") {
    t.files = from.files;
    t.ranks = from.ranks;
  } else if (key == "setup.fen") {
    t.setup_fen = from.setup_fen;
  } else if (head == "pieces") {
    const char letter = rest.empty() ? 0 : rest[0];
    const std::string field = rest.size() > 2 ? rest.substr(2) : "";
    const PieceDef* src = from.piece(letter);
    auto it = std::find_if(t.pieces.begin(), t.pieces.end(),
                           [&](const PieceDef& p) { return p.letter == letter; });
    if (field.empty()) {  // the whole piece, added or removed
      if (it != t.pieces.end()) t.pieces.erase(it);
      if (src) t.pieces.push_back(*src);
    } else if (src && it != t.pieces.end()) {
      if (field == "betza") {
        it->betza = src->betza;
        it->atoms = src->atoms;
      } else if (field == "royal") {
        it->royal = src->royal;
      } else if (field == "pawn") {
        it->pawn = src->pawn;
      } else if (field == "initial_ranks") {
        it->initial_ranks = src->initial_ranks;
      } else if (field == "promotion") {
        it->promotion = src->promotion;
      } else {
        throw std::invalid_argument("unknown piece key " + key);
      }
    }
  } else if (head == "castling") {
    std::erase_if(t.castling, [&](const CastlingDef& c) { return c.name == rest; });
    if (const CastlingDef* c = castling_named(from, rest)) t.castling.push_back(*c);
  } else if (key == "protocol.kind") {
    t.protocol = from.protocol;
  } else if (key == "protocol.resolver") {
    t.resolver = from.resolver;
  } else if (key == "protocol.ranks") {
    t.rank_order = from.rank_order;
    for (PieceDef& p : t.pieces) p.rank = from.piece(p.letter) ? from.piece(p.letter)->rank : 0;
  } else if (key == "end.checkmate") {
    t.end.checkmate = from.end.checkmate;
  } else if (key == "end.stalemate") {
    t.end.stalemate = from.end.stalemate;
  } else if (key == "end.fifty_move_plies") {
    t.end.fifty_move_plies = from.end.fifty_move_plies;
  } else if (head == "knobs") {
    const auto dot2 = rest.find('.');
    const std::string name = rest.substr(0, dot2);
    const std::string field = dot2 == std::string::npos ? "" : rest.substr(dot2 + 1);
    const KnobDef* src = from.knob(name);
    auto it = std::find_if(t.knobs.begin(), t.knobs.end(),
                           [&](const KnobDef& k) { return k.name == name; });
    if (field.empty()) {
      if (it != t.knobs.end()) t.knobs.erase(it);
      if (src) t.knobs.push_back(*src);
    } else if (src && it != t.knobs.end()) {
      if (field == "default") {
        it->default_value = src->default_value;
      } else if (field == "alternatives") {
        it->alternatives = src->alternatives;
        it->default_value = src->default_value;  // the old default may be gone
      } else {
        throw std::invalid_argument("unknown knob key " + key);
      }
    }
  } else if (key == "effects.conversion") {
    t.conversion = from.conversion;
  } else {
    throw std::invalid_argument("not a behavioural table key: " + key);
  }
  return t;
}

}  // namespace arbiter::solver
