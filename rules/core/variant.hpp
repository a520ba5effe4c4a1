// A rule table compiled for the engine: piece types with their move masks, castling moves,
// promotion, and Zobrist keys. Built once from a RuleTable and read-only afterwards; every
// position, move generator and notation routine reads the rules from here.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rules/core/diagnostic.hpp"
#include "rules/core/knob_settings.hpp"
#include "rules/core/piece_moves.hpp"
#include "rules/core/piece_type.hpp"
#include "rules/core/rule_table.hpp"
#include "rules/core/rules_kind.hpp"
#include "rules/core/sliders.hpp"
#include "rules/core/variant_extensions.hpp"

namespace arbiter {

inline constexpr int kMaxCastlingPerSide = 4;

struct CastlingMove {
  Square king_from = kNoSquare, king_to = kNoSquare;
  Square rook_from = kNoSquare, rook_to = kNoSquare;
  PieceType rook_type = kNoPiece;
  Bitboard must_be_empty = 0;  ///< squares both pieces pass or land on, but their own
  Bitboard king_path = 0;      ///< squares the king stands on or crosses before landing
  std::uint8_t right = 0;      ///< bit in Position::castling_rights()
  char fen = 0;                ///< 'K' / 'q' ...
  bool king_side = true;       ///< written O-O (else O-O-O)
};

struct PieceInfo {
  char letter = 0;
  std::string name;
  bool royal = false;
  bool pawn = false;
  Bitboard promotion_squares[2] = {0, 0};  ///< arriving here promotes
  std::vector<PieceType> promotion_choices;
  Bitboard forbidden[2] = {0, 0};  ///< where the piece may never stand (FEN check)
  PieceMoves moves;
  /// reach[c][s]: every square the masks could take `c`'s piece on `s` to on any board without
  /// promoting (riders aside): a superset of its destinations, one load for tests that rule
  /// pieces out by geometry (Conversion's threat tests).
  Bitboard reach[2][kSquares] = {};
};

/// How attack tests read one colour's piece types (Position::attackers). A type that captures
/// along every whole rank and file ray from every square (a rook's or queen's capture) is on
/// `rook_line`: one slider lookup answers for all such types at once; `bishop_line` likewise
/// for diagonals. The types that capture by leaping are listed in `leapers`; their sources per
/// square sit side by side in Variant::leap_sources, read in one pass. `per_type` holds the
/// types with anything else (shorter or one-way rays, riders), tested type by type.
struct AttackGroups {
  PieceTypeMask rook_line = 0;
  PieceTypeMask bishop_line = 0;
  PieceTypeMask per_type = 0;
  int leaper_count = 0;
  PieceType leapers[kMaxPieceTypes] = {};
};

struct ZobristKeys {
  std::uint64_t piece[2][kMaxPieceTypes][kSquares];
  std::uint64_t castling[8];
  std::uint64_t en_passant[kSquares];
  std::uint64_t black_to_move;
  std::uint64_t converted[kSquares];          ///< a converted piece ('~') stands on the square
  std::uint64_t converted_unmoved[kSquares];  ///< a converted, never moved pawn ('^') does
};

class Variant {
 public:
  /// Compiles a validated table. Throws TableError for what the engine cannot run (a board
  /// other than 8x8, too many piece types, castling squares that do not fit, a bad setup FEN).
  /// `knobs` picks alternatives other than the defaults; an unknown knob or alternative
  /// throws std::invalid_argument naming the choices.
  static std::shared_ptr<const Variant> compile(RuleTable table, const KnobSettings& knobs = {});

  const RuleTable& table() const { return table_; }
  const std::string& name() const { return table_.name; }
  /// The rules module that serves the table (its protocol and resolver), chosen at compile.
  RulesKind kind() const { return kind_; }
  const RulesTraits& traits() const { return traits_of(kind_); }
  int piece_count() const { return static_cast<int>(pieces_.size()); }
  const PieceInfo& piece(PieceType t) const { return pieces_[t]; }
  PieceType type_of_letter(char upper) const;  ///< kNoPiece when unknown
  PieceType royal() const { return royal_; }
  const std::vector<CastlingMove>& castling(Color c) const { return castling_[c]; }
  std::uint8_t castling_keep_mask(Square s) const { return castling_keep_[s]; }
  const ZobristKeys& zobrist() const { return *zobrist_; }
  const SliderTables& sliders() const { return sliders_; }
  /// Squares strictly between two squares on one rank, file or diagonal (else 0).
  Bitboard between(Square a, Square b) const { return between_[a][b]; }
  /// The whole line through two aligned squares (else 0).
  Bitboard line(Square a, Square b) const { return line_[a][b]; }
  bool any_riders() const { return any_riders_; }
  /// The pawn types (PieceInfo::pawn) as a mask, for make()'s halfmove clock.
  PieceTypeMask pawn_types() const { return pawn_types_; }
  const AttackGroups& attack_groups(Color c) const { return attack_groups_[c]; }
  /// The leap part of AttackSources for the types attack_groups(c).leapers lists, in that
  /// order: from which squares each captures onto `s` by a leap.
  const Bitboard* leap_sources(Color c, Square s) const {
    return &leap_sources_[(static_cast<std::size_t>(c) * kSquares + s) * kMaxPieceTypes];
  }
  /// Conversion's pairs (complete in rules/conversion/conversion.hpp; `enabled` false in a
  /// table without [effects.conversion]).
  const ConversionRules& conversion() const { return *ext_.conversion; }
  /// The table's move effect (rules/core/move_effect.hpp); null when it has none.
  const MoveEffect* effect() const { return ext_.effect; }
  /// The table's moves may convert pieces, which FEN marks ('~', '^') and SAN states ("/Nf3"):
  /// its move effect (the only one there is, Conversion's) does.
  bool converts() const { return ext_.effect != nullptr; }
  /// A converted piece keeps its initial-only moves (Conversion's converted-pawn-double-step).
  bool converted_keep_initial_moves() const { return ext_.converted_keep_initial_moves; }
  /// The alternative in force for a knob of the table (default or chosen).
  const std::string& knob(const std::string& name) const;
  const KnobSettings& knob_settings() const { return knob_values_; }
  /// The typed knobs every part of the rules reads, compiled once from knob_settings()
  /// (complete in rules/registry/rule_knobs.hpp).
  const RuleKnobs& knobs() const { return *ext_.knobs; }

 private:
  Variant(RuleTable table, const SliderTables& sliders);
  RuleTable table_;
  const SliderTables& sliders_;
  std::vector<PieceInfo> pieces_;
  PieceType royal_ = kNoPiece;
  std::array<std::vector<CastlingMove>, 2> castling_;
  std::uint8_t castling_keep_[kSquares];
  std::unique_ptr<ZobristKeys> zobrist_;
  std::unique_ptr<Bitboard[][kSquares]> between_;
  std::unique_ptr<Bitboard[][kSquares]> line_;
  bool any_riders_ = false;
  PieceTypeMask pawn_types_ = 0;
  AttackGroups attack_groups_[2];
  std::unique_ptr<Bitboard[]> leap_sources_;
  KnobSettings knob_values_;
  VariantExtensions ext_;
  // Last: the members the move generator reads keep their places (layout-sensitive code).
  RulesKind kind_ = RulesKind::kSequential;
};

using VariantPtr = std::shared_ptr<const Variant>;

/// Throws std::invalid_argument ("perft needs a table with the sequential protocol: 'diplomacy'
/// uses the simultaneous protocol") unless `v` is served by the rules module `k` (where `k` is
/// a simultaneous one, by either resolver's). A module's entry points check their tables with
/// it; `what` names the command or function.
void require_module(const Variant& v, RulesKind k, const std::string& what);

}  // namespace arbiter
