// Loading a rule table: TOML text -> RuleTable. Each top-level table of the format has one
// entry in kSections (its name and the function that applies it) and one list of allowed
// keys; extend both when the format grows. A table that `extends` another starts from the
// parent's validated RuleTable and applies only its own keys on top (toml++ nodes lose their
// source locations when copied, so TOML trees are never merged).
#include "rules/core/table_loader.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <sstream>
#include <system_error>
#include <tuple>
#include <type_traits>
#include <utility>

#include "rules/core/bundled_tables.hpp"
#include "rules/core/closest_name.hpp"
#include "rules/core/table_checks.hpp"
#include "rules/core/table_reading.hpp"

namespace arbiter {
namespace {

namespace fs = std::filesystem;
using namespace table_io;

// ---- Allowed keys, one list per table ---------------------------------------------------

constexpr std::string_view kTableKeys[] = {"name", "description", "extends"};
constexpr std::string_view kBoardKeys[] = {"files", "ranks"};
constexpr std::string_view kPieceKeys[] = {"name",          "betza",     "royal", "pawn",
                                           "initial_ranks", "promotion", "remove"};
constexpr std::string_view kPromotionKeys[] = {"ranks", "choices"};
constexpr std::string_view kSetupKeys[] = {"fen"};
constexpr std::string_view kCastlingKeys[] = {"name", "fen", "king", "rook", "piece"};
constexpr std::string_view kProtocolKeys[] = {"kind", "resolver"};  // and table_sections()'
constexpr std::string_view kEndKeys[] = {"checkmate", "stalemate", "fifty_move_plies"};
constexpr std::string_view kKnobKeys[] = {"alternatives", "default", "clause", "description"};
constexpr std::string_view kPerftKeys[] = {"name", "fen", "nodes"};

constexpr int kMaxFiles = 26;
constexpr int kMaxRanks = 99;

// ---- [table] ------------------------------------------------------------------------------

void apply_table_meta(Context& c, const toml::node& node) {
  const toml::table* t = as_table(c.r, node, "[table]");
  if (t == nullptr) return;
  const Scope s{c.r, *t, "[table]"};
  check_keys(s, kTableKeys);
  if (const auto name = get<std::string>(s, "name")) {
    if (name->empty())
      c.r.error(c.r.at(*t->get("name")), "empty " + key_in(s, "name") + ": expected a name");
    c.out.table.name = *name;
  }
  if (const auto description = get<std::string>(s, "description"))
    c.out.table.description = *description;
  c.out.where["table"] = c.r.at(node);
}

// ---- [board] ------------------------------------------------------------------------------

void apply_board(Context& c, const toml::node& node) {
  const toml::table* t = as_table(c.r, node, "[board]");
  if (t == nullptr) return;
  const Scope s{c.r, *t, "[board]"};
  check_keys(s, kBoardKeys);
  if (const auto files = get_int(s, "files", 1, kMaxFiles)) c.out.table.files = *files;
  if (const auto ranks = get_int(s, "ranks", 1, kMaxRanks)) c.out.table.ranks = *ranks;
  c.out.table.board_where = c.r.at(node);
}

// ---- [pieces.X] ---------------------------------------------------------------------------

void read_betza(const Scope& s, PieceDef& piece) {
  const auto text = get<std::string>(s, "betza");
  if (!text) return;
  piece.betza = *text;
  piece.atoms.clear();
  try {
    piece.atoms = parse_betza(*text);
  } catch (const BetzaError& e) {
    SourceLoc where = s.r.at(*s.t.get("betza"));
    where.column += 1 + static_cast<int>(e.offset());  // +1: the opening quote
    s.r.error(where, "bad Betza " + in_quotes(*text) + ": " + e.what());
  }
}

std::vector<int> zero_based(std::vector<int> ranks) {
  for (int& rank : ranks) rank -= 1;
  return ranks;
}

std::optional<std::vector<char>> read_choices(Context& c, const Scope& s, char piece) {
  const auto choices = get_string_list(s, "choices");
  if (!choices) return std::nullopt;
  std::vector<char> out;
  for (const Located& choice : *choices) {
    const auto letter = as_letter(c.r, choice, "a promotion choice in " + s.label);
    if (!letter) continue;
    out.push_back(*letter);
    c.out.where[std::string("pieces.") + piece + ".promotion." + *letter] = choice.where;
  }
  if (choices->empty())
    c.r.error(c.r.at(*s.t.get("choices")),
              "empty " + key_in(s, "choices") + ": expected at least one piece letter");
  return out;
}

void read_promotion(Context& c, const Scope& piece_scope, PieceDef& piece) {
  const toml::node* node = piece_scope.t.get("promotion");
  if (node == nullptr) return;
  const std::string label = "[pieces." + std::string(1, piece.letter) + ".promotion]";
  const toml::table* t = as_table(c.r, *node, key_in(piece_scope, "promotion"));
  if (t == nullptr) return;
  const Scope s{c.r, *t, label};
  check_keys(s, kPromotionKeys);
  PromotionRule rule;
  if (const auto ranks = get_int_list(s, "ranks", 1, c.out.table.ranks))
    rule.ranks = zero_based(*ranks);
  else if (t->get("ranks") == nullptr)
    report_missing(s, "ranks", "the ranks where the piece promotes, such as [8]");
  if (const auto choices = read_choices(c, s, piece.letter))
    rule.choices = *choices;
  else if (t->get("choices") == nullptr)
    report_missing(s, "choices", "the piece letters it may promote to, such as [\"Q\", \"N\"]");
  c.out.where[std::string("pieces.") + piece.letter + ".promotion"] = c.r.at(*node);
  piece.promotion = rule;
}

void read_piece_keys(Context& c, const Scope& s, PieceDef& piece) {
  if (const auto name = get<std::string>(s, "name")) piece.name = *name;
  read_betza(s, piece);
  if (const auto royal = get<bool>(s, "royal")) piece.royal = *royal;
  if (const auto pawn = get<bool>(s, "pawn")) piece.pawn = *pawn;
  if (const auto ranks = get_int_list(s, "initial_ranks", 1, c.out.table.ranks))
    piece.initial_ranks = zero_based(*ranks);
  read_promotion(c, s, piece);
}

void remove_piece(Context& c, const Scope& s, char letter) {
  auto& pieces = c.out.table.pieces;
  const auto it = std::find_if(pieces.begin(), pieces.end(),
                               [letter](const PieceDef& p) { return p.letter == letter; });
  const SourceLoc where = c.r.at(*s.t.get("remove"));
  if (!c.has_parent) {
    c.r.error(where, "remove = true in " + s.label +
                         ": expected only in a table that extends another (it removes an "
                         "inherited piece)");
  } else if (s.t.size() > 1) {
    c.r.error(where, "remove = true in " + s.label +
                         " cannot be combined with other keys: expected remove alone");
  } else if (it != pieces.end()) {
    pieces.erase(it);
  } else if (c.base_known) {
    c.r.error(where, "remove = true in " + s.label + ": the parent table has no piece " +
                         std::string(1, letter) + " to remove");
  }
}

void apply_piece(Context& c, char letter, const Scope& s, const SourceLoc& where) {
  check_keys(s, kPieceKeys);
  if (get<bool>(s, "remove").value_or(false)) {
    remove_piece(c, s, letter);
    return;
  }
  auto& pieces = c.out.table.pieces;
  const auto it = std::find_if(pieces.begin(), pieces.end(),
                               [letter](const PieceDef& p) { return p.letter == letter; });
  const bool is_new = it == pieces.end();
  PieceDef piece = is_new ? PieceDef{} : *it;
  piece.letter = letter;
  piece.where = where;
  read_piece_keys(c, s, piece);
  if (is_new && c.base_known) {
    if (s.t.get("name") == nullptr) report_missing(s, "name", "a name for the new piece");
    if (s.t.get("betza") == nullptr)
      report_missing(s, "betza", "the new piece's movement in Betza notation, such as \"N\"");
  }
  if (is_new)
    pieces.push_back(std::move(piece));
  else
    *it = std::move(piece);
}

void apply_pieces(Context& c, const toml::node& node) {
  const toml::table* t = as_table(c.r, node, "[pieces]");
  if (t == nullptr) return;
  c.out.where["pieces"] = c.r.at(node);
  for (const auto& [key, value] : in_file_order(*t)) {
    const std::string label = "[pieces." + std::string(key->str()) + "]";
    if (!is_piece_letter(key->str())) {
      c.r.error(c.r.at(key->source()), "bad piece key " + in_quotes(key->str()) +
                                           " in [pieces]: expected one upper-case letter (A-Z)");
      continue;
    }
    if (const toml::table* piece = as_table(c.r, *value, label))
      apply_piece(c, key->str()[0], Scope{c.r, *piece, label}, c.r.at(*value));
  }
}

// ---- [setup] ------------------------------------------------------------------------------

void apply_setup(Context& c, const toml::node& node) {
  const toml::table* t = as_table(c.r, node, "[setup]");
  if (t == nullptr) return;
  const Scope s{c.r, *t, "[setup]"};
  check_keys(s, kSetupKeys);
  c.out.where["setup"] = c.r.at(node);
  if (t->get("fen") != nullptr) c.out.where["setup.fen"] = c.r.at(*t->get("fen"));
  const auto fen = get<std::string>(s, "fen");
  if (!fen) return;
  if (fen->empty())
    c.r.error(c.r.at(*t->get("fen")), "empty " + key_in(s, "fen") + ": expected a FEN string");
  c.out.table.setup_fen = *fen;
  c.out.table.setup_where = c.r.at(*t->get("fen"));
}

// ---- [[castling]] -------------------------------------------------------------------------

std::optional<Square> as_square(const Scope& s, const toml::node& node, std::string_view key) {
  const auto* text = node.as_string();
  if (text == nullptr) {
    report_wrong_type(s.r, node, "an element of " + key_in(s, key), "a square name");
    return std::nullopt;
  }
  if (const auto square = parse_square(text->get())) return square;
  s.r.error(s.r.at(node), "bad square " + in_quotes(text->get()) + " in " + key_in(s, key) +
                              ": expected a square such as e1");
  return std::nullopt;
}

/// `key = [from, to]`: two square names.
std::optional<std::pair<Square, Square>> get_move(const Scope& s, std::string_view key) {
  const toml::array* array = get_array(s, key);
  if (array == nullptr) {
    if (s.t.get(key) == nullptr)
      report_missing(s, key, "[from, to], two squares such as [\"e1\", \"g1\"]");
    return std::nullopt;
  }
  if (array->size() != 2) {
    s.r.error(s.r.at(*array), key_in(s, key) + " has " +
                                  count_of(array->size(), "entry", "entries") +
                                  ": expected [from, to], two squares");
    return std::nullopt;
  }
  const auto from = as_square(s, (*array)[0], key);
  const auto to = as_square(s, (*array)[1], key);
  if (!from || !to) return std::nullopt;
  return std::pair{*from, *to};
}

CastlingDef read_castling(const Scope& s, const SourceLoc& where) {
  check_keys(s, kCastlingKeys);
  CastlingDef def;
  def.where = where;
  if (const auto name = get<std::string>(s, "name")) def.name = *name;
  if (const auto fen = get_letter(s, "fen"))
    def.fen = *fen;
  else if (s.t.get("fen") == nullptr)
    report_missing(s, "fen", "the letter of this castling in a FEN castling field, such as \"K\"");
  if (const auto king = get_move(s, "king")) std::tie(def.king_from, def.king_to) = *king;
  if (const auto rook = get_move(s, "rook")) std::tie(def.rook_from, def.rook_to) = *rook;
  if (const auto piece = get_letter(s, "piece")) def.rook = *piece;
  return def;
}

void check_castling_letters(Reader& r, const std::vector<CastlingDef>& list) {
  std::set<char> seen;
  for (const CastlingDef& def : list) {
    if (def.fen != 0 && !seen.insert(def.fen).second)
      r.error(def.where, "duplicate castling fen letter " + in_quotes(std::string(1, def.fen)) +
                             ": expected a different letter for each [[castling]]");
  }
}

void apply_castling(Context& c, const toml::node& node) {
  const toml::array* array = node.as_array();
  if (array == nullptr) {
    report_wrong_type(c.r, node, "castling", "an array of tables ([[castling]] entries)");
    return;
  }
  std::vector<CastlingDef> list;
  std::size_t number = 0;
  for (const toml::node& entry : *array) {
    const std::string label = "[[castling]] #" + std::to_string(++number);
    if (const toml::table* t = as_table(c.r, entry, label))
      list.push_back(read_castling(Scope{c.r, *t, label}, c.r.at(entry)));
  }
  check_castling_letters(c.r, list);
  c.out.table.castling = std::move(list);  // a child's list replaces the parent's
}

// ---- Sections the variant folders read -----------------------------------------------------

/// The keys [`table`] allows: `core`, then the keys of its sections in table_sections().
std::vector<std::string_view> keys_of(std::string_view table, Keys core) {
  std::vector<std::string_view> keys(core.begin(), core.end());
  for (const TableSection& section : table_sections())
    if (section.table == table) keys.push_back(section.key);
  return keys;
}

/// Applies the sections of [`table`] (`s`) present in it.
void apply_sections_of(Context& c, std::string_view table, const Scope& s) {
  for (const TableSection& section : table_sections())
    if (section.table == table)
      if (const toml::node* node = s.t.get(section.key)) section.apply(c, s, *node);
}

// ---- [protocol] and [end] -----------------------------------------------------------------

constexpr std::string_view kProtocolNames[] = {"sequential", "conditional", "simultaneous"};
constexpr std::string_view kResolverNames[] = {"none", "diplomacy", "move-neutral"};

constexpr std::string_view kOutcomeNames[] = {"loss", "draw", "win"};

void apply_protocol(Context& c, const toml::node& node) {
  const toml::table* t = as_table(c.r, node, "[protocol]");
  if (t == nullptr) return;
  const Scope s{c.r, *t, "[protocol]"};
  check_keys(s, keys_of("protocol", kProtocolKeys));
  c.out.table.protocol_where = c.r.at(node);
  if (const auto kind = get_enum<Protocol>(s, "kind", kProtocolNames)) c.out.table.protocol = *kind;
  if (const auto resolver = get_enum<Resolver>(s, "resolver", kResolverNames))
    c.out.table.resolver = *resolver;
  apply_sections_of(c, "protocol", s);
}

void apply_end(Context& c, const toml::node& node) {
  const toml::table* t = as_table(c.r, node, "[end]");
  if (t == nullptr) return;
  const Scope s{c.r, *t, "[end]"};
  check_keys(s, kEndKeys);
  EndRules& end = c.out.table.end;
  if (const auto mate = get_enum<Outcome>(s, "checkmate", kOutcomeNames)) end.checkmate = *mate;
  if (const auto stale = get_enum<Outcome>(s, "stalemate", kOutcomeNames)) end.stalemate = *stale;
  if (const auto plies = get_int(s, "fifty_move_plies", 0, std::numeric_limits<int>::max()))
    end.fifty_move_plies = *plies;
}

// ---- [knobs.NAME] -------------------------------------------------------------------------

bool is_knob_name(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-';
  });
}

std::optional<std::vector<std::string>> read_alternatives(const Scope& s) {
  const auto list = get_string_list(s, "alternatives");
  if (!list) return std::nullopt;
  std::vector<std::string> out;
  for (const Located& alt : *list) {
    if (std::find(out.begin(), out.end(), alt.value) != out.end()) {
      s.r.error(alt.where, "duplicate alternative " + in_quotes(alt.value) + " in " + s.label +
                               ": expected distinct strings");
      continue;
    }
    out.push_back(alt.value);
  }
  if (out.size() < 2)
    s.r.error(s.r.at(*s.t.get("alternatives")),
              key_in(s, "alternatives") + " has " +
                  count_of(out.size(), "distinct alternative", "distinct alternatives") +
                  ": expected at least 2 readings of the clause");
  return out;
}

void read_knob_keys(Context& c, const Scope& s, KnobDef& knob) {
  if (const auto alternatives = read_alternatives(s)) knob.alternatives = *alternatives;
  if (const auto value = get<std::string>(s, "default")) {
    knob.default_value = *value;
    c.out.where["knobs." + knob.name + ".default"] = c.r.at(*s.t.get("default"));
  }
  if (const auto clause = get<std::string>(s, "clause")) knob.clause = *clause;
  if (const auto description = get<std::string>(s, "description")) knob.description = *description;
}

/// A new knob without alternatives in a table that inherits knobs: most likely an inherited
/// knob misspelt ([knobs.castling-threaten] for castling-threatens), not a new knob missing
/// its keys. Says so, with the closest inherited name, and returns true; false when nothing
/// is inherited (a new knob then reports its missing keys).
bool report_not_inherited(Context& c, const Scope& s, const std::string& name) {
  std::vector<std::string> inherited;
  for (const KnobDef& k : c.out.table.knobs)
    if (k.where.file != c.r.file()) inherited.push_back(k.name);
  if (!c.has_parent || inherited.empty()) return false;
  const std::string parent = c.out.table.extends_chain.empty()
                                 ? "the parent table"
                                 : in_quotes(c.out.table.extends_chain.front());
  std::string message = "no knob " + in_quotes(name) + " is inherited from " + parent;
  if (const std::string suggestion = did_you_mean(name, inherited); !suggestion.empty()) {
    message += ": " + suggestion;
  } else {
    message += ": it has ";
    for (std::size_t k = 0; k < inherited.size(); ++k)
      message += (k == 0 ? "" : ", ") + inherited[k];
  }
  message += " (a new knob needs alternatives, default and clause)";
  s.r.error(s.r.at(s.t), std::move(message));
  return true;
}

void apply_knob(Context& c, const std::string& name, const Scope& s, const SourceLoc& where) {
  check_keys(s, kKnobKeys);
  auto& knobs = c.out.table.knobs;
  const auto it = std::find_if(knobs.begin(), knobs.end(),
                               [&name](const KnobDef& k) { return k.name == name; });
  const bool is_new = it == knobs.end();
  KnobDef knob = is_new ? KnobDef{} : *it;
  knob.name = name;
  knob.where = where;
  if (is_new && c.base_known && s.t.get("alternatives") == nullptr &&
      report_not_inherited(c, s, name))
    return;
  read_knob_keys(c, s, knob);
  if (is_new && c.base_known) {
    if (s.t.get("alternatives") == nullptr)
      report_missing(s, "alternatives", "an array of at least 2 readings of the clause");
    if (s.t.get("default") == nullptr) report_missing(s, "default", "one of the alternatives");
    if (s.t.get("clause") == nullptr)
      report_missing(s, "clause", "a short quote of the rule clause this knob reads");
  }
  if (is_new)
    knobs.push_back(std::move(knob));
  else
    *it = std::move(knob);
}

void apply_knobs(Context& c, const toml::node& node) {
  const toml::table* t = as_table(c.r, node, "[knobs]");
  if (t == nullptr) return;
  for (const auto& [key, value] : in_file_order(*t)) {
    const std::string name(key->str());
    const std::string label = "[knobs." + name + "]";
    if (!is_knob_name(name)) {
      c.r.error(c.r.at(key->source()),
                "bad knob name " + in_quotes(name) +
                    " in [knobs]: expected lower-case letters, digits and '-'");
      continue;
    }
    if (const toml::table* knob = as_table(c.r, *value, label))
      apply_knob(c, name, Scope{c.r, *knob, label}, c.r.at(*value));
  }
}

// ---- [effects] ----------------------------------------------------------------------------

void apply_effects(Context& c, const toml::node& node) {
  const toml::table* t = as_table(c.r, node, "[effects]");
  if (t == nullptr) return;
  const Scope s{c.r, *t, "[effects]"};
  check_keys(s, keys_of("effects", {}));
  apply_sections_of(c, "effects", s);
}

// ---- [[perft]] ----------------------------------------------------------------------------

PerftCheck read_perft(const Scope& s, const SourceLoc& where) {
  check_keys(s, kPerftKeys);
  PerftCheck check;
  check.where = where;
  if (const auto name = get<std::string>(s, "name"))
    check.name = *name;
  else if (s.t.get("name") == nullptr)
    report_missing(s, "name", "a short name such as \"start\"");
  if (const auto fen = get<std::string>(s, "fen"))
    check.fen = *fen;
  else if (s.t.get("fen") == nullptr)
    report_missing(s, "fen", "the FEN of the position");
  const toml::array* nodes = get_array(s, "nodes");
  if (nodes == nullptr) {
    if (s.t.get("nodes") == nullptr)
      report_missing(s, "nodes", "perft node counts from depth 1 upward, such as [20, 400]");
    return check;
  }
  for (const toml::node& element : *nodes) {
    const auto* v = element.as_integer();
    if (v == nullptr || v->get() < 0) {
      s.r.error(s.r.at(element), "bad element of " + key_in(s, "nodes") +
                                     ": expected a node count (an integer >= 0)");
      continue;
    }
    check.nodes.push_back(static_cast<unsigned long long>(v->get()));
  }
  if (check.nodes.empty())
    s.r.error(s.r.at(*nodes),
              "empty " + key_in(s, "nodes") + ": expected at least the depth-1 count");
  return check;
}

/// `[[perft]]`: positions with their node counts, run by `arbiter verify`. Not inherited.
void apply_perft(Context& c, const toml::node& node) {
  const toml::array* array = node.as_array();
  if (array == nullptr) {
    report_wrong_type(c.r, node, "perft", "an array of tables ([[perft]] entries)");
    return;
  }
  std::size_t number = 0;
  for (const toml::node& entry : *array) {
    const std::string label = "[[perft]] #" + std::to_string(++number);
    if (const toml::table* t = as_table(c.r, entry, label))
      c.out.table.perft_checks.push_back(read_perft(Scope{c.r, *t, label}, c.r.at(entry)));
  }
}

// ---- Sections -----------------------------------------------------------------------------

/// The top-level tables, in the order they are applied ([board] before [pieces], whose ranks
/// it bounds). Add later tables ([resolver], [effects]) here.
struct Section {
  std::string_view name;
  void (*apply)(Context&, const toml::node&);
};
constexpr Section kSections[] = {
    {"table", apply_table_meta}, {"board", apply_board},       {"pieces", apply_pieces},
    {"setup", apply_setup},      {"castling", apply_castling}, {"protocol", apply_protocol},
    {"end", apply_end},          {"knobs", apply_knobs},       {"perft", apply_perft},
    {"effects", apply_effects},
};

std::string section_names() {
  std::vector<std::string_view> names;
  for (const Section& section : kSections) names.push_back(section.name);
  return join(Keys(names));
}

bool is_section(std::string_view name) {
  return std::any_of(std::begin(kSections), std::end(kSections),
                     [name](const Section& s) { return s.name == name; });
}

void check_top_level(Reader& r, const toml::table& root) {
  for (auto&& [key, value] : root) {
    if (is_section(key.str())) continue;
    const std::string what = value.is_table() || value.is_array_of_tables()
                                 ? "unknown table [" + std::string(key.str()) + "]"
                                 : "unknown top-level key " + in_quotes(key.str());
    r.error(r.at(key.source()), what + ": expected one of " + section_names());
  }
}

void apply_sections(Context& c, const toml::table& root) {
  check_top_level(c.r, root);
  for (const Section& section : kSections)
    if (const toml::node* node = root.get(section.name)) section.apply(c, *node);
}

void finish_name(Context& c, const std::string& stem) {
  if (!c.out.table.name.empty()) return;
  if (c.has_parent) {
    c.out.table.name = stem;
  } else {
    c.r.error(where_of(c, "table", c.r.whole_file()),
              "missing key 'name' in [table]: expected a name for a table that extends no other");
  }
}

// ---- Sources: files and bundled tables ----------------------------------------------------

/// A table's TOML text and how to name it.
struct TableSource {
  std::string display;   ///< the path used in messages
  std::string identity;  ///< the same file always has the same identity (cycle detection)
  std::string text;
  fs::path dir;          ///< relative `extends` are resolved against this
  bool bundled = false;  ///< `dir` is a directory of bundled tables, not of the file system
};

std::string identity_of(const std::string& path) {
  std::error_code ec;
  const fs::path canonical = fs::weakly_canonical(path, ec);
  return ec ? path : canonical.string();
}

std::optional<TableSource> bundled_source(std::string_view name_or_path) {
  for (const BundledTable& table : bundled_tables()) {
    if (table.name != name_or_path && table.path != name_or_path) continue;
    return TableSource{table.path, "bundled:" + table.path, table.text,
                       fs::path(table.path).parent_path(), true};
  }
  return std::nullopt;
}

/// Reads a file; on failure returns nullopt and says why in `why`.
std::optional<TableSource> file_source(const std::string& path, std::string& why) {
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (!fs::exists(status)) {
    why = "cannot open rule table: no such file";
    return std::nullopt;
  }
  if (fs::is_directory(status)) {
    why = "cannot open rule table: it is a directory, expected a .toml file";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  if (in) text << in.rdbuf();
  if (!in) {
    why = "cannot read rule table: " + std::generic_category().message(errno);
    return std::nullopt;
  }
  return TableSource{path, identity_of(path), text.str(), fs::path(path).parent_path(), false};
}

std::vector<Diagnostic> single(SourceLoc where, std::string message) {
  return {Diagnostic{std::move(where), std::move(message)}};
}

bool ends_with_toml(std::string_view ref) {
  constexpr std::string_view kExt = ".toml";
  return ref.size() > kExt.size() && ref.substr(ref.size() - kExt.size()) == kExt;
}

/// Finds the table that `extends = ref` names, or says in `why` why there is none.
std::optional<TableSource> resolve_parent(const TableSource& child, const std::string& ref,
                                          std::string& why) {
  const bool is_path = ends_with_toml(ref);
  const std::string file =
      (child.dir / (is_path ? ref : ref + ".toml")).lexically_normal().string();
  if (child.bundled) {
    if (auto source = bundled_source(is_path ? file : ref)) return source;
  } else if (fs::exists(file)) {
    auto source = file_source(file, why);
    if (!source) why = "cannot load parent table " + in_quotes(ref) + " (" + file + "): " + why;
    return source;
  } else if (!is_path) {
    if (auto source = bundled_source(ref)) return source;
  }
  why = is_path ? "unknown parent table " + in_quotes(ref) + ": no such file (" + file + ")"
                : "unknown parent table " + in_quotes(ref) + ": no " + ref +
                      ".toml next to this file and no bundled table of that name; bundled: " +
                      join(bundled_table_names());
  return std::nullopt;
}

std::optional<toml::table> parse_toml(Reader& r, const TableSource& source) {
  try {
    return toml::parse(std::string_view(source.text), std::string_view(source.display));
  } catch (const toml::parse_error& e) {
    r.error(r.at(e.source()), "TOML syntax error: " + std::string(e.description()));
    return std::nullopt;
  }
}

std::string file_name(const std::string& path) {
  return fs::path(path).filename().string();
}

// ---- The loader: one instance per public call, holding the chain of files being loaded ----

class Loader {
 public:
  Loaded load(const TableSource& source) {
    stack_.push_back(source);
    const StackGuard guard{stack_};
    Reader r(source.display);
    const auto root = parse_toml(r, source);
    if (!root) throw TableError(r.sorted());
    Loaded out;
    Context c{r, out};
    std::vector<Diagnostic> parent_errors = load_parent(c, *root);
    out.table.name.clear();
    out.table.description.clear();
    out.table.perft_checks.clear();  // self-checks describe one table, never its children
    out.table.source_file = source.display;
    apply_sections(c, *root);
    finish_name(c, fs::path(source.display).stem().string());
    if (c.base_known) check_final(c);
    if (r.ok() && parent_errors.empty()) return out;
    for (Diagnostic& d : r.sorted()) parent_errors.push_back(std::move(d));
    throw TableError(std::move(parent_errors));
  }

 private:
  struct StackGuard {
    std::vector<TableSource>& stack;
    ~StackGuard() { stack.pop_back(); }
  };

  /// Reads `extends`, loads the parent into c.out and returns the parent's own errors.
  std::vector<Diagnostic> load_parent(Context& c, const toml::table& root) {
    const toml::table* meta = root["table"].as_table();
    if (meta == nullptr || meta->get("extends") == nullptr) return {};
    c.has_parent = true;
    c.base_known = false;  // until the parent has loaded
    const auto ref = get<std::string>(Scope{c.r, *meta, "[table]"}, "extends");
    if (!ref) return {};
    const SourceLoc where = c.r.at(*meta->get("extends"));
    if (ref->empty()) {
      c.r.error(where, "empty 'extends' in [table]: expected a parent table name or a .toml path");
      return {};
    }
    std::string why;
    const auto parent = resolve_parent(stack_.back(), *ref, why);
    if (!parent) {
      c.r.error(where, why);
      return {};
    }
    if (const auto cycle = find_cycle(parent->identity)) {
      c.r.error(where, "cycle in extends: " + *cycle);
      return {};
    }
    return adopt_parent(c, *parent, *ref, where);
  }

  std::vector<Diagnostic> adopt_parent(Context& c, const TableSource& parent,
                                       const std::string& ref, const SourceLoc& where) {
    try {
      c.out = load(parent);
    } catch (const TableError& e) {
      c.r.error(where, "parent table " + in_quotes(ref) + " (" + parent.display +
                           ") failed to load: see its errors above");
      return e.diagnostics();
    }
    c.out.table.extends_chain.insert(c.out.table.extends_chain.begin(), c.out.table.name);
    c.base_known = true;
    return {};
  }

  /// "a.toml -> b.toml -> a.toml" when `identity` is already being loaded.
  std::optional<std::string> find_cycle(const std::string& identity) const {
    const auto it = std::find_if(stack_.begin(), stack_.end(), [&identity](const TableSource& s) {
      return s.identity == identity;
    });
    if (it == stack_.end()) return std::nullopt;
    std::string chain;
    for (auto frame = it; frame != stack_.end(); ++frame)
      chain += file_name(frame->display) + " -> ";
    return chain + file_name(it->display);
  }

  std::vector<TableSource> stack_;
};

}  // namespace

RuleTable load_table_file(const std::string& path) {
  std::string why;
  const auto source = file_source(path, why);
  if (!source) throw TableError(single(SourceLoc{path, 0, 0}, why));
  return Loader{}.load(*source).table;
}

RuleTable load_table_text(std::string_view text, const std::string& path) {
  const TableSource source{path, identity_of(path), std::string(text), fs::path(path).parent_path(),
                           false};
  return Loader{}.load(source).table;
}

RuleTable load_bundled_table(const std::string& name) {
  const auto source = bundled_source(name);
  if (!source) {
    const std::string hint = did_you_mean(name, bundled_table_names());
    throw TableError(
        single(SourceLoc{}, "unknown bundled table " + in_quotes(name) + ": " +
                                (hint.empty() ? "expected one of " + join(bundled_table_names()) +
                                                    ", or a path to a .toml file"
                                              : hint + " (or give a path to a .toml file)")));
  }
  return Loader{}.load(*source).table;
}

std::vector<std::string> bundled_table_names() {
  std::vector<std::string> names;
  for (const BundledTable& table : bundled_tables()) names.push_back(table.name);
  std::sort(names.begin(), names.end());
  return names;
}

RuleTable load_table(const std::string& name_or_path) {
  const bool is_path = name_or_path.find('/') != std::string::npos || ends_with_toml(name_or_path);
  return is_path ? load_table_file(name_or_path) : load_bundled_table(name_or_path);
}

}  // namespace arbiter
