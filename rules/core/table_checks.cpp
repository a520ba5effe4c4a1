// The checks a rule table passes once all its files are read (the final table, parent's and
// child's keys together): royal piece, setup, promotion, castling partners, knobs, and the
// checks of the sections the variant folders read (table_sections()).
#include "rules/core/table_checks.hpp"

#include <algorithm>

#include "rules/core/variant_extensions.hpp"

namespace arbiter::table_io {
namespace {

// ---- Checks on the final table ------------------------------------------------------------

std::string piece_list(const std::vector<const PieceDef*>& pieces) {
  std::vector<std::string> letters;
  for (const PieceDef* p : pieces) letters.emplace_back(1, p->letter);
  return join(letters);
}

void check_royal(Context& c) {
  std::vector<const PieceDef*> royals;
  for (const PieceDef& p : c.out.table.pieces)
    if (p.royal) royals.push_back(&p);
  if (royals.size() == 1) return;
  SourceLoc where = where_of(c, "pieces", c.r.whole_file());
  for (const PieceDef* p : royals)
    if (p->where.file == c.r.file()) where = p->where;
  std::string message = "expected exactly one royal piece, found " + std::to_string(royals.size());
  if (!royals.empty()) message += " (" + piece_list(royals) + ")";
  c.r.error_in_final(where, message);
}

void check_setup(Context& c) {
  if (!c.out.table.setup_fen.empty() || c.out.where.count("setup.fen") != 0) return;
  c.r.error(where_of(c, "setup", c.r.whole_file()),
            "missing key 'fen' in [setup]: expected the start position as a FEN string");
}

std::string promotion_targets(const RuleTable& table) {
  std::vector<std::string> letters;
  for (const PieceDef& p : table.pieces)
    if (!p.royal && !p.pawn) letters.emplace_back(1, p.letter);
  return letters.empty() ? "none" : join(letters);
}

void check_promotion(Context& c, const PieceDef& piece) {
  const std::string key = std::string("pieces.") + piece.letter + ".promotion";
  for (char choice : piece.promotion->choices) {
    const PieceDef* target = c.out.table.piece(choice);
    if (target != nullptr && !target->royal && !target->pawn) continue;
    const std::string what = target == nullptr ? "is not a declared piece"
                             : target->royal   ? "is royal"
                                               : "is a pawn";
    const SourceLoc where = where_of(c, key + "." + choice, where_of(c, key, piece.where));
    c.r.error_in_final(where, "promotion choice " + in_quotes(std::string(1, choice)) +
                                  " of piece " + piece.letter + " " + what +
                                  ": expected a declared piece that is neither royal nor a "
                                  "pawn (" +
                                  promotion_targets(c.out.table) + ")");
  }
}

void check_initial_moves(Context& c, const PieceDef& piece) {
  const bool uses_initial = std::any_of(piece.atoms.begin(), piece.atoms.end(),
                                        [](const BetzaAtom& a) { return a.initial_only; });
  if (!uses_initial || !piece.initial_ranks.empty()) return;
  c.r.error_in_final(piece.where, "piece " + std::string(1, piece.letter) + " has 'i' moves in " +
                                      in_quotes(piece.betza) +
                                      ": expected a non-empty initial_ranks, such as [2]");
}

void check_castling_partners(Context& c) {
  for (const CastlingDef& def : c.out.table.castling) {
    if (c.out.table.piece(def.rook) != nullptr) continue;
    c.r.error_in_final(def.where, "castling partner piece " + in_quotes(std::string(1, def.rook)) +
                                      " is not a declared piece: expected the letter of a "
                                      "piece in [pieces], such as \"R\"");
  }
}

/// The resolver fits the protocol (the sections the variant folders read check the rest of
/// [protocol]: Diplomacy's ranks).
void check_resolver(Context& c) {
  RuleTable& t = c.out.table;
  const SourceLoc where = where_of(c, "protocol", t.protocol_where);
  if (t.protocol == Protocol::kSimultaneous && t.resolver == Resolver::kNone)
    c.r.error_in_final(where,
                       "protocol 'simultaneous' needs a resolver: expected resolver = "
                       "\"diplomacy\" or \"move-neutral\" in [protocol]");
  if (t.protocol != Protocol::kSimultaneous && t.resolver != Resolver::kNone)
    c.r.error_in_final(where, "resolver " + in_quotes(to_string(t.resolver)) +
                                  " belongs to protocol 'simultaneous', not " +
                                  in_quotes(to_string(t.protocol)));
}

/// Runs the checks of the sections of [`table`] (table_sections()).
void check_sections_of(Context& c, std::string_view table) {
  for (const TableSection& section : table_sections())
    if (section.table == table && section.check) section.check(c);
}

void check_knob_defaults(Context& c) {
  for (const KnobDef& knob : c.out.table.knobs) {
    const auto& alts = knob.alternatives;
    if (alts.size() < 2 || knob.default_value.empty()) continue;
    if (std::find(alts.begin(), alts.end(), knob.default_value) != alts.end()) continue;
    const SourceLoc where = where_of(c, "knobs." + knob.name + ".default", knob.where);
    c.r.error_in_final(where, "default " + in_quotes(knob.default_value) + " of [knobs." +
                                  knob.name + "] is not one of its alternatives: expected one of " +
                                  join(alts));
  }
}

/// A knob that a part of the table's rules reads lists exactly the alternatives that part
/// implements (rules/registry/rule_knobs.hpp).
void check_knobs_read(Context& c) {
  for (Diagnostic& d : check_knobs_against_specs(c.out.table))
    c.r.error_in_final(d.where, std::move(d.message));
}

}  // namespace

void check_final(Context& c) {
  check_resolver(c);
  check_sections_of(c, "protocol");
  check_royal(c);
  check_setup(c);
  for (const PieceDef& piece : c.out.table.pieces) {
    if (piece.promotion) check_promotion(c, piece);
    check_initial_moves(c, piece);
  }
  check_castling_partners(c);
  check_sections_of(c, "effects");
  check_knob_defaults(c);
  check_knobs_read(c);
}

}  // namespace arbiter::table_io
