// A rule table as validated data: what a variant's TOML file declares, with every value's
// source location kept for messages. Loading lives in table_loader.hpp; the engine compiles
// this into move tables (piece_moves.hpp).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rules/core/betza.hpp"
#include "rules/core/geometry.hpp"

namespace arbiter {

/// Where a value came from: file:line:col (1-based; 0 when unknown).
struct SourceLoc {
  std::string file;
  int line = 0;
  int column = 0;
  std::string str() const;
};

struct PromotionRule {
  std::vector<int> ranks;     ///< 0-based ranks from White's side (7 = the eighth rank)
  std::vector<char> choices;  ///< piece letters, in the order moves are generated
};

struct PieceDef {
  char letter = 0;  ///< upper-case letter; Black's pieces are written lower case
  std::string name;
  std::string betza;
  std::vector<BetzaAtom> atoms;
  bool royal = false;              ///< checkmate and check are about this piece
  bool pawn = false;               ///< resets the halfmove clock; a two-square straight
                                   ///< non-capturing move leaves an en-passant target
  std::vector<int> initial_ranks;  ///< 0-based, White's view: where 'i' moves are allowed
  std::optional<PromotionRule> promotion;
  int rank = 0;  ///< Diplomacy conflict rank from [protocol] ranks (higher wins); 0 when unset
  SourceLoc where;
};

/// One castling move, squares from White's side (Black's are the vertical mirror).
struct CastlingDef {
  std::string name;  ///< "king-side", "queen-side"
  char fen = 0;      ///< letter in the FEN castling field ('K', 'Q')
  Square king_from = kNoSquare, king_to = kNoSquare;
  Square rook_from = kNoSquare, rook_to = kNoSquare;
  char rook = 'R';  ///< the partner piece's letter
  SourceLoc where;
};

enum class Protocol { kSequential, kConditional, kSimultaneous };
std::string to_string(Protocol p);

/// How a simultaneous protocol turns the two submitted moves into the next position.
enum class Resolver { kNone, kDiplomacy, kMoveNeutral };
std::string to_string(Resolver r);

enum class Outcome { kLoss, kDraw, kWin };
std::string to_string(Outcome o);

struct EndRules {
  Outcome checkmate = Outcome::kLoss;  ///< for the side that is mated
  Outcome stalemate = Outcome::kDraw;  ///< for the side that has no move
  int fifty_move_plies = 100;          ///< 0 disables the halfmove-clock draw
};

/// A place where the rule text admits more than one reading.
struct KnobDef {
  std::string name;
  std::vector<std::string> alternatives;
  std::string default_value;
  std::string clause;  ///< a short quote of the rule text clause it reads
  std::string description;
  SourceLoc where;
};

/// The Conversion Chess co-effect ([effects.conversion]): which pieces form co-pairs.
/// Identical pieces of one colour pair unless their type is `unpaired`; `cross_pairs` lets two
/// different types pair with each other (the king with each queen).
struct ConversionDef {
  std::vector<char> unpaired;
  std::vector<std::pair<char, char>> cross_pairs;
  SourceLoc where;
};

/// A self-check run by `arbiter verify`: perft node counts from a position, depth 1 upward.
struct PerftCheck {
  std::string name;
  std::string fen;
  std::vector<unsigned long long> nodes;
  SourceLoc where;
};

struct RuleTable {
  std::string name;
  std::string description;
  std::string source_file;                 ///< the file this table was loaded from
  std::vector<std::string> extends_chain;  ///< parents, nearest first
  int files = 8;
  int ranks = 8;
  std::vector<PieceDef> pieces;
  std::string setup_fen;
  SourceLoc setup_where;
  SourceLoc board_where;
  std::vector<CastlingDef> castling;
  Protocol protocol = Protocol::kSequential;
  Resolver resolver = Resolver::kNone;  ///< simultaneous protocol only
  /// [protocol] ranks, such as "K>Q>R>B=N>P": groups of equal rank, highest first. Each
  /// piece's `rank` is filled from it when the table is complete.
  std::vector<std::vector<char>> rank_order;
  SourceLoc protocol_where;
  EndRules end;
  std::vector<KnobDef> knobs;
  std::optional<ConversionDef> conversion;  ///< [effects.conversion]; none: no co-effect
  std::vector<PerftCheck> perft_checks;     ///< [[perft]] entries, parents' first

  const PieceDef* piece(char letter) const;
  const KnobDef* knob(const std::string& name) const;
};

}  // namespace arbiter
