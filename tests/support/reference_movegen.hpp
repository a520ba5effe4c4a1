// A deliberately naive move generator for the tests, independent of the engine's compiled
// masks: it walks each piece's Betza atoms (PieceDef::atoms of the rule table) square by
// square on a mailbox board, and decides legality by making the move on a copy and looking
// for any enemy piece that captures onto the mover's royal piece. Slow and simple on purpose;
// the engine's generate_legal is compared against it.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/position.hpp"
#include "rules/core/rule_table.hpp"

namespace arbiter::test {

/// A move as the tests compare them: from, to and the letter promoted to (upper case; 0 for
/// none). Castling is written as the royal piece's move.
struct MoveTriple {
  Square from = kNoSquare;
  Square to = kNoSquare;
  char promotion = 0;
  friend auto operator<=>(const MoveTriple&, const MoveTriple&) = default;
};

/// "e2e4", "a7a8Q".
std::string to_string(const MoveTriple& m);
std::ostream& operator<<(std::ostream& os, const MoveTriple& m);

/// "engine only: ...; reference only: ..." for two sorted move lists ("" when equal).
std::string describe_difference(const std::vector<MoveTriple>& engine,
                                const std::vector<MoveTriple>& reference);

/// A mailbox board: FEN letters (upper case White, lower case Black), '.' for empty.
struct RefBoard {
  std::array<char, kSquares> square{};
  Color side_to_move = kWhite;
  std::string castling;  ///< the FEN castling letters still held ("KQkq", "" for none)
  Square en_passant = kNoSquare;
};

class ReferenceMovegen {
 public:
  /// Keeps a reference to `table`, which must outlive this object.
  explicit ReferenceMovegen(const RuleTable& table);

  /// Reads the first four FEN fields with the table's letters. Throws std::invalid_argument.
  RefBoard parse_fen(std::string_view fen) const;

  /// The legal moves, sorted and without duplicates.
  std::vector<MoveTriple> legal_moves(const RefBoard& board) const;

  /// True when a piece of colour `by` could capture onto `s` (whatever stands there).
  bool attacked(const RefBoard& board, Square s, Color by) const;

  /// The number of leaves of the legal-move tree, every move made on a copy.
  std::uint64_t perft(const RefBoard& board, int depth) const;

 private:
  struct Candidate {
    MoveTriple move;
    int castling = -1;  ///< index into the table's castling moves
    bool en_passant = false;
  };

  const PieceDef* piece_of(char fen_letter) const;
  bool on_initial_rank(const PieceDef& def, Color c, Square s) const;
  void add_move(const PieceDef& def, Color c, Square from, Square to, bool en_passant,
                std::vector<Candidate>& out) const;
  void piece_moves(const RefBoard& board, Square from, std::vector<Candidate>& out) const;
  void castling_moves(const RefBoard& board, std::vector<Candidate>& out) const;
  std::vector<Candidate> legal_candidates(const RefBoard& board) const;
  RefBoard make(const RefBoard& board, const Candidate& c) const;
  Square royal_square(const RefBoard& board, Color c) const;

  const RuleTable& table_;
  std::array<const PieceDef*, 128> by_letter_{};
  char royal_ = 0;
};

/// The engine's legal moves (generate_legal) as sorted triples, duplicates kept.
std::vector<MoveTriple> engine_legal_moves(const Position& pos);

/// The reference's legal moves for an engine position (read from its FEN with the
/// variant's rule table).
std::vector<MoveTriple> reference_legal_moves(const Position& pos);

/// The reference perft of an engine position.
std::uint64_t reference_perft(const Position& pos, int depth);

}  // namespace arbiter::test
