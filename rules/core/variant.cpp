#include "rules/core/variant.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "rules/core/closest_name.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/splitmix.hpp"

namespace arbiter {
namespace {

/// The next splitmix64 output of `state`: deterministic Zobrist keys.
std::uint64_t splitmix(std::uint64_t& state) {
  const std::uint64_t key = splitmix64(state);
  state += kSplitmixGamma;
  return key;
}

Bitboard squares_between_inclusive(Square a, Square b) {
  // Same rank only (castling squares).
  Bitboard m = 0;
  const int lo = std::min(file_of(a), file_of(b)), hi = std::max(file_of(a), file_of(b));
  for (int f = lo; f <= hi; ++f) m |= bb(make_square(f, rank_of(a)));
  return m;
}

}  // namespace

Variant::Variant(RuleTable table, const SliderTables& sliders)
    : table_(std::move(table)), sliders_(sliders), kind_(rules_kind_of(table_)) {}

PieceType Variant::type_of_letter(char upper) const {
  for (std::size_t i = 0; i < pieces_.size(); ++i)
    if (pieces_[i].letter == upper) return static_cast<PieceType>(i);
  return kNoPiece;
}

void require_module(const Variant& v, RulesKind k, const std::string& what) {
  if (v.kind() == k || (traits_of(k).simultaneous && v.traits().simultaneous)) return;
  throw std::invalid_argument(
      fmt::format("{} needs a table with the {} protocol: '{}' uses the {} protocol", what,
                  protocol_of(k), v.name(), to_string(v.table().protocol)));
}

const std::string& Variant::knob(const std::string& name) const {
  const auto it = knob_values_.find(name);
  if (it == knob_values_.end())
    throw std::invalid_argument("table '" + table_.name + "' has no knob '" + name + "'");
  return it->second;
}

namespace {

KnobSettings resolve_knobs(const RuleTable& t, const KnobSettings& chosen) {
  KnobSettings values;
  for (const KnobDef& k : t.knobs) values[k.name] = k.default_value;
  for (const auto& [name, value] : chosen) {
    const KnobDef* k = t.knob(name);
    if (k == nullptr) {
      std::vector<std::string> names;
      for (const KnobDef& d : t.knobs) names.push_back(d.name);
      const std::string hint = did_you_mean(name, names);
      throw std::invalid_argument(
          fmt::format("unknown knob '{}' for table '{}': {}", name, t.name,
                      !hint.empty()   ? hint
                      : names.empty() ? "it has no knobs"
                                      : fmt::format("expected one of {}", fmt::join(names, ", "))));
    }
    if (std::find(k->alternatives.begin(), k->alternatives.end(), value) == k->alternatives.end()) {
      const std::string hint = did_you_mean(value, k->alternatives);
      throw std::invalid_argument(fmt::format(
          "knob '{}' has no alternative '{}': {}", name, value,
          !hint.empty() ? hint
                        : fmt::format("expected one of {}", fmt::join(k->alternatives, ", "))));
    }
    values[name] = value;
  }
  return values;
}

/// Sorts the piece types into the attack groups of colour `c` (see AttackGroups).
AttackGroups compile_attack_groups(const std::vector<PieceInfo>& pieces, const SliderTables& sl,
                                   Color c) {
  AttackGroups g;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const PieceMoves& pm = pieces[i].moves;
    bool rook_line = pm.uses_rook, bishop_line = pm.uses_bishop, leaps = false;
    for (Square s = 0; s < kSquares; ++s) {
      const AttackSources& a = pm.attackers[c][s];
      rook_line = rook_line && a.rook == rook_attacks(sl, s, 0);
      bishop_line = bishop_line && a.bishop == bishop_attacks(sl, s, 0);
      leaps = leaps || a.leap != 0;
    }
    const auto bit = static_cast<PieceTypeMask>(1U << i);
    if (rook_line) g.rook_line |= bit;
    if (bishop_line) g.bishop_line |= bit;
    if (leaps) g.leapers[g.leaper_count++] = static_cast<PieceType>(i);
    if (pm.has_riders || (pm.uses_rook && !rook_line) || (pm.uses_bishop && !bishop_line))
      g.per_type |= bit;
  }
  return g;
}

}  // namespace

std::shared_ptr<const Variant> Variant::compile(RuleTable table, const KnobSettings& knobs) {
  std::vector<Diagnostic> errors;
  if (table.files != kFiles || table.ranks != kRanks)
    errors.push_back(
        {table.board_where, fmt::format("the engine plays on 8x8 boards only, this table declares "
                                        "{}x{}: expected files = 8 and ranks = 8",
                                        table.files, table.ranks)});
  if (table.pieces.size() > kMaxPieceTypes)
    errors.push_back({table.pieces.back().where,
                      fmt::format("too many piece types ({}): the engine supports at most {}",
                                  table.pieces.size(), kMaxPieceTypes)});
  if (!errors.empty()) throw TableError(errors);

  std::shared_ptr<Variant> v(new Variant(std::move(table), slider_tables()));
  const RuleTable& t = v->table_;
  // Reserved: a PieceInfo is about 12 KiB, and each regrowth would copy them all to fresh pages.
  v->pieces_.reserve(t.pieces.size());
  for (const PieceDef& def : t.pieces) {
    PieceInfo info;
    info.letter = def.letter;
    info.name = def.name;
    info.royal = def.royal;
    info.pawn = def.pawn;
    info.moves = compile_piece_moves(def.atoms, def.initial_ranks);
    v->any_riders_ |= info.moves.has_riders;
    if (def.pawn) v->pawn_types_ |= static_cast<PieceTypeMask>(1U << v->pieces_.size());
    v->pieces_.push_back(std::move(info));
  }
  for (Color c : {kWhite, kBlack})
    v->attack_groups_[c] = compile_attack_groups(v->pieces_, v->sliders_, c);
  v->leap_sources_ = std::make_unique<Bitboard[]>(2 * kSquares * kMaxPieceTypes);
  for (Color c : {kWhite, kBlack}) {
    const AttackGroups& g = v->attack_groups_[c];
    for (Square s = 0; s < kSquares; ++s)
      for (int k = 0; k < g.leaper_count; ++k)
        v->leap_sources_[(static_cast<std::size_t>(c) * kSquares + s) * kMaxPieceTypes + k] =
            v->pieces_[g.leapers[k]].moves.attackers[c][s].leap;
  }
  for (std::size_t i = 0; i < t.pieces.size(); ++i) {
    const PieceDef& def = t.pieces[i];
    PieceInfo& info = v->pieces_[i];
    if (def.royal) v->royal_ = static_cast<PieceType>(i);
    if (def.promotion) {
      for (int r : def.promotion->ranks) {
        info.promotion_squares[kWhite] |= rank_bb_of(r);
        info.promotion_squares[kBlack] |= rank_bb_of(7 - r);
      }
      for (char c : def.promotion->choices) info.promotion_choices.push_back(v->type_of_letter(c));
      info.forbidden[kWhite] |= info.promotion_squares[kWhite];
      info.forbidden[kBlack] |= info.promotion_squares[kBlack];
    }
    if (def.pawn) {
      info.forbidden[kWhite] |= rank_bb_of(0);
      info.forbidden[kBlack] |= rank_bb_of(7);
    }
    for (Color c : {kWhite, kBlack})
      for (Square s = 0; s < kSquares; ++s) {
        const SquareMoves& sm = info.moves.at[c][s];
        info.reach[c][s] = (sm.leap_move | sm.leap_capture | sm.rook_move | sm.rook_capture |
                            sm.bishop_move | sm.bishop_capture) &
                           ~info.promotion_squares[c];
      }
  }

  std::fill(std::begin(v->castling_keep_), std::end(v->castling_keep_), std::uint8_t{0xFF});
  int index = 0;
  for (const CastlingDef& def : t.castling) {
    const PieceType rook = v->type_of_letter(def.rook);
    const bool same_rank = rank_of(def.king_from) == rank_of(def.king_to) &&
                           rank_of(def.king_from) == rank_of(def.rook_from) &&
                           rank_of(def.rook_from) == rank_of(def.rook_to);
    if (!same_rank || rook == kNoPiece || def.king_from == def.rook_from) {
      errors.push_back({def.where, "castling '" + def.name +
                                       "': expected king and partner on one rank, on different "
                                       "squares, and a declared partner piece"});
      continue;
    }
    if (index >= kMaxCastlingPerSide) {
      errors.push_back(
          {def.where, fmt::format("at most {} castling moves per side", kMaxCastlingPerSide)});
      continue;
    }
    for (Color c : {kWhite, kBlack}) {
      const auto sq = [c](Square s) { return c == kWhite ? s : flip_rank(s); };
      CastlingMove cm;
      cm.king_from = sq(def.king_from);
      cm.king_to = sq(def.king_to);
      cm.rook_from = sq(def.rook_from);
      cm.rook_to = sq(def.rook_to);
      cm.rook_type = rook;
      cm.right = static_cast<std::uint8_t>(1U << (c * kMaxCastlingPerSide + index));
      cm.fen = c == kWhite ? def.fen : static_cast<char>(def.fen - 'A' + 'a');
      cm.king_side = file_of(def.rook_from) > file_of(def.king_from);
      cm.king_path = squares_between_inclusive(cm.king_from, cm.king_to);
      cm.must_be_empty = (cm.king_path | squares_between_inclusive(cm.rook_from, cm.rook_to)) &
                         ~bb(cm.king_from) & ~bb(cm.rook_from);
      // Squares between king and partner must be empty too (FIDE: no piece in between).
      cm.must_be_empty |= squares_between_inclusive(cm.king_from, cm.rook_from) &
                          ~bb(cm.king_from) & ~bb(cm.rook_from);
      v->castling_keep_[cm.king_from] &= static_cast<std::uint8_t>(~cm.right);
      v->castling_keep_[cm.rook_from] &= static_cast<std::uint8_t>(~cm.right);
      v->castling_[c].push_back(cm);
    }
    ++index;
  }
  for (Diagnostic& d : check_knobs_against_specs(t)) errors.push_back(std::move(d));
  if (!errors.empty()) throw TableError(errors);
  v->knob_values_ = resolve_knobs(t, knobs);
  v->ext_ = compile_variant_extensions(*v);

  v->zobrist_ = std::make_unique<ZobristKeys>();
  std::uint64_t state = 0x61726269746572ULL;  // "arbiter"
  ZobristKeys& z = *v->zobrist_;
  for (auto& by_color : z.piece)
    for (auto& by_type : by_color)
      for (auto& key : by_type) key = splitmix(state);
  for (auto& key : z.castling) key = splitmix(state);
  for (auto& key : z.en_passant) key = splitmix(state);
  z.black_to_move = splitmix(state);
  for (auto& key : z.converted) key = splitmix(state);
  for (auto& key : z.converted_unmoved) key = splitmix(state);

  v->between_ = std::make_unique<Bitboard[][kSquares]>(kSquares);
  v->line_ = std::make_unique<Bitboard[][kSquares]>(kSquares);
  for (Square a = 0; a < kSquares; ++a)
    for (Square b = 0; b < kSquares; ++b) {
      const int df = file_of(b) - file_of(a), dr = rank_of(b) - rank_of(a);
      if (a == b || !(df == 0 || dr == 0 || std::abs(df) == std::abs(dr))) {
        v->between_[a][b] = v->line_[a][b] = 0;
        continue;
      }
      const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
      Bitboard line = bb(a), strictly = 0;
      for (int f = file_of(a) + sf, r = rank_of(a) + sr; on_board(f, r); f += sf, r += sr)
        line |= bb(make_square(f, r));
      for (int f = file_of(a) - sf, r = rank_of(a) - sr; on_board(f, r); f -= sf, r -= sr)
        line |= bb(make_square(f, r));
      for (int f = file_of(a) + sf, r = rank_of(a) + sr; make_square(f, r) != b; f += sf, r += sr)
        strictly |= bb(make_square(f, r));
      v->between_[a][b] = strictly;
      v->line_[a][b] = line;
    }

  // The setup position must be valid under the table's own rules.
  try {
    (void)parse_fen(v, t.setup_fen);
  } catch (const FenError& e) {
    throw TableError({{t.setup_where, std::string("bad setup FEN: ") + e.what()}});
  }
  return v;
}

}  // namespace arbiter
