// RapidCheck properties of Conversion Chess positions reached by random legal play from the
// test positions of tests/data/conversion/positions.txt: the engine agrees with the
// independent reference (tests/support/conversion_reference.hpp) on the legal moves, on what
// each move converts and on the board after it; conversion changes colours and never types;
// a piece without a twin converts nothing; make/unmake restores position and key and keeps
// the co-pair flags equal to the pieces; the colour-flipped mirror has the mirrored moves and
// the same perft; the bulk count counts the legal moves; perft's last ply counts each sibling
// as its own position.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "rules/conversion/conversion.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/perft.hpp"
#include "tests/support/conversion_reference.hpp"
#include "tests/support/random_play.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

using test::ConvBoard;
using test::ConversionReference;

using test::conversion;

const std::vector<std::string>& conversion_start_fens() {
  static const std::vector<std::string> fens = [] {
    std::vector<std::string> out;
    for (const test::ConversionPosition& p : test::conversion_positions()) out.push_back(p.fen);
    // The orthodox perft positions (the setup and kiwipete are in the list already).
    for (const std::string& fen : test::orthodox_start_fens())
      if (std::find(out.begin(), out.end(), fen) == out.end()) out.push_back(fen);
    return out;
  }();
  return fens;
}

std::vector<Move> legal_moves(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  return {list.begin(), list.end()};
}

std::string where(const Position& pos, const std::vector<Move>& line, std::size_t start) {
  return "after '" + test::line_text(pos.variant(), line) + "' from " +
         conversion_start_fens()[start] + ": " +
         ConversionReference::to_fen(ConversionReference::from_position(pos));
}

test::MoveTriple triple(const Variant& v, Move m) {
  const char promo =
      m.kind() == MoveKind::kPromotion ? v.piece(static_cast<PieceType>(m.arg())).letter : char{0};
  return {m.from(), m.to(), promo};
}

std::vector<Square> squares(Bitboard b) {
  std::vector<Square> out;
  while (b) out.push_back(pop_lsb(b));
  return out;
}

/// A position reached by random play (the line that led there in `line`).
Position random_position(const VariantPtr& v, std::size_t* start = nullptr,
                         std::vector<Move>* line = nullptr) {
  const auto game = *test::gen_random_game(conversion_start_fens().size(), 60);
  std::vector<Move> played;
  Position pos =
      test::play_random_game(v, conversion_start_fens(), game,
                             [&](const Position&, const std::vector<Move>& l) { played = l; });
  if (start) *start = game.start;
  if (line) *line = played;
  RC_LOG() << "position: " << where(pos, played, game.start) << "\n";
  return pos;
}

// ---- Engine == reference -----------------------------------------------------------------

bool one_king_each(const Position& pos) {
  const PieceType k = pos.variant().royal();
  return popcount(pos.pieces(kWhite, k)) == 1 && popcount(pos.pieces(kBlack, k)) == 1;
}

/// Plays a random game with the engine; at every position the reference must find the same
/// legal moves and the same conversions, and, playing the same moves on its own board, reach
/// the same pieces, flags, rights and en-passant square.
void check_game_against_reference(const KnobSettings& knobs) {
  const VariantPtr& v = conversion(knobs);
  const ConversionReference ref(test::ConversionKnobSet::from(knobs));
  const auto game = *test::gen_random_game(conversion_start_fens().size(), 40);
  ConvBoard board = ConversionReference::parse_fen(conversion_start_fens()[game.start]);
  std::vector<test::ConvMove> ref_moves;
  bool stopped = false;
  test::play_random_game(
      v, conversion_start_fens(), game, [&](const Position& pos, const std::vector<Move>& line) {
        // The rules say nothing of a game after a king was converted (possible only with some
        // knobs: a castling that is no threat may convert the king): stop comparing there.
        if (stopped || !one_king_each(pos)) {
          stopped = true;
          return;
        }
        const auto ref_move = [&](Move m) {
          const test::MoveTriple t = triple(pos.variant(), m);
          for (const test::ConvMove& c : ref_moves)
            if (c.triple() == t) return c;
          RC_FAIL(where(pos, line, game.start) + ": the reference has no move " +
                  test::to_string(t));
        };
        if (!line.empty()) {
          board = ref.make(board, ref_move(line.back()));
          if (board != ConversionReference::from_position(pos))
            RC_FAIL(where(pos, line, game.start) +
                    ": the reference's board after the last move is " +
                    ConversionReference::to_fen(board));
        }
        ref_moves = ref.legal(board);
        std::vector<test::MoveTriple> reference;
        for (const test::ConvMove& c : ref_moves) reference.push_back(c.triple());
        const auto engine = test::engine_legal_moves(pos);
        if (engine != reference)
          RC_FAIL(where(pos, line, game.start) + ": " +
                  test::describe_difference(engine, reference));
        for (Move m : legal_moves(pos)) {
          Position after = pos;
          Undo undo;
          after.make(m, undo);
          if (squares(undo.converted) != ref.conversions(board, ref_move(m)))
            RC_FAIL(where(pos, line, game.start) + ": " + test::move_text(*v, m) +
                    " converts differently in the engine and the reference");
        }
      });
}

RC_GTEST_PROP(ConversionProperty, EngineMatchesReferenceAlongRandomGames, ()) {
  check_game_against_reference({});
}

// ---- Conversion changes colours, never types ---------------------------------------------

std::array<int, kMaxPieceTypes> type_counts(const Position& pos) {
  std::array<int, kMaxPieceTypes> n{};
  for (int t = 0; t < pos.variant().piece_count(); ++t)
    for (Color c : {kWhite, kBlack}) n[t] += popcount(pos.pieces(c, static_cast<PieceType>(t)));
  return n;
}

RC_GTEST_PROP(ConversionProperty, ConversionChangesColoursNeverTypes, ()) {
  Position pos = random_position(conversion());
  const Color us = pos.side_to_move(), them = ~us;
  for (Move m : legal_moves(pos)) {
    std::array<int, kMaxPieceTypes> expected = type_counts(pos);
    Position after = pos;
    Undo undo;
    after.make(m, undo);
    if (undo.captured != kNoPiece) --expected[undo.captured];
    if (m.kind() == MoveKind::kPromotion) --expected[undo.moved], ++expected[m.arg()];
    RC_ASSERT(type_counts(after) == expected);
    const int converted = popcount(undo.converted);
    const int captured = undo.captured != kNoPiece ? 1 : 0;
    RC_ASSERT(popcount(after.pieces(us)) == popcount(pos.pieces(us)) + converted);
    RC_ASSERT(popcount(after.pieces(them)) == popcount(pos.pieces(them)) - converted - captured);
    for (Square s : squares(undo.converted)) {
      RC_ASSERT(pos.piece_on(them, s) != kNoPiece);
      RC_ASSERT(after.piece_on(us, s) == pos.piece_on(them, s));
      RC_ASSERT(after.piece_on(them, s) == kNoPiece);
    }
  }
}

/// True when a piece of type `t` of colour `c` has a co-pair partner among `c`'s pieces other
/// than the one on `self` (rule 2: identical non-pawn pieces; king and queen).
bool has_twin(const Position& pos, Color c, PieceType t, Square self) {
  const Variant& v = pos.variant();
  const char me = v.piece(t).letter;
  if (me == 'P') return false;
  for (Square s = 0; s < kSquares; ++s) {
    const PieceType u = pos.piece_on(c, s);
    if (s == self || u == kNoPiece) continue;
    const char other = v.piece(u).letter;
    if (other == me || (me == 'K' && other == 'Q') || (me == 'Q' && other == 'K')) return true;
  }
  return false;
}

RC_GTEST_PROP(ConversionProperty, PieceWithoutTwinConvertsNothing, ()) {
  Position pos = random_position(conversion());
  const Color us = pos.side_to_move();
  for (Move m : legal_moves(pos)) {
    if (m.kind() == MoveKind::kCastling) continue;
    const PieceType t = pos.piece_on(us, m.from());
    if (m.kind() != MoveKind::kPromotion && has_twin(pos, us, t, m.from())) continue;
    Position after = pos;
    Undo undo;
    after.make(m, undo);
    RC_ASSERT(undo.converted == Bitboard{0});
  }
}

// ---- Make/unmake, key, mirror ------------------------------------------------------------

RC_GTEST_PROP(ConversionProperty, MakeUnmakeRestoresPositionAndKey, ()) {
  Position pos = random_position(conversion());
  const Position before = pos;
  RC_ASSERT(pos.key() == pos.compute_key());
  for (Move m : legal_moves(pos)) {
    Undo undo;
    pos.make(m, undo);
    RC_ASSERT(pos.key() == pos.compute_key());
    pos.unmake(m, undo);
    RC_ASSERT(pos == before);
    RC_ASSERT(pos.key() == before.key());
  }
}

// Position keeps whether each side has a twin, recomputing it only when the material changes;
// it must always equal the count from the pieces.
RC_GTEST_PROP(ConversionProperty, CoPairFlagsFollowTheMaterial, ()) {
  Position pos = random_position(conversion());
  const auto agrees = [](const Position& p) {
    for (Color c : {kWhite, kBlack})
      if (p.has_co_pair(c) != pieces_pair(p, c))
        RC_FAIL(to_fen(p) + ": has_co_pair(" + (c == kWhite ? "white" : "black") + ") is " +
                (p.has_co_pair(c) ? "true" : "false"));
  };
  agrees(pos);
  for (Move m : legal_moves(pos)) {
    Undo undo;
    pos.make(m, undo);
    agrees(pos);
    pos.unmake(m, undo);
    agrees(pos);
  }
}

RC_GTEST_PROP(ConversionProperty, FenRoundTripKeepsConvertedFlags, ()) {
  const Position pos = random_position(conversion());
  const std::string fen = to_fen(pos);
  RC_ASSERT(parse_fen(pos.variant_ptr(), fen) == pos);
  // The engine writes the flags as the reference does ('~' after the letter).
  const std::string ref_fen = ConversionReference::to_fen(ConversionReference::from_position(pos));
  const auto four_fields = [](const std::string& f) {
    std::size_t at = 0;
    for (int i = 0; i < 4 && at != std::string::npos; ++i) at = f.find(' ', at + 1);
    return f.substr(0, at);
  };
  RC_ASSERT(four_fields(fen) == four_fields(ref_fen));
}

test::MoveTriple mirrored(const test::MoveTriple& m) {
  return {m.from ^ 56, m.to ^ 56, m.promotion};
}

RC_GTEST_PROP(ConversionProperty, MirrorHasMirroredMovesAndEqualPerft, ()) {
  Position pos = random_position(conversion());
  const ConvBoard board = ConversionReference::from_position(pos);
  Position flipped = test::engine_position(pos.variant_ptr(), test::mirror(board));
  std::vector<test::MoveTriple> expected;
  for (const test::MoveTriple& m : test::engine_legal_moves(pos)) expected.push_back(mirrored(m));
  std::sort(expected.begin(), expected.end());
  const auto got = test::engine_legal_moves(flipped);
  RC_ASSERT(got == expected);
  // Each move converts the mirrored squares.
  for (Move m : legal_moves(pos)) {
    const std::string text = test::move_text(pos.variant(), m);
    std::string flipped_text = square_name(m.from() ^ 56) + square_name(m.to() ^ 56);
    flipped_text += text.substr(4);
    Move fm{};
    for (Move x : legal_moves(flipped))
      if (test::move_text(flipped.variant(), x) == flipped_text) fm = x;
    RC_ASSERT(!fm.is_null());
    Position a = pos, b = flipped;
    Undo ua, ub;
    a.make(m, ua);
    b.make(fm, ub);
    RC_ASSERT(flip_vertical(ua.converted) == ub.converted);
  }
  RC_ASSERT(perft(flipped, 2) == perft(pos, 2));
}

// ---- Every knob alternative --------------------------------------------------------------

/// One alternative of each Conversion knob, picked at random.
KnobSettings random_knob_settings() {
  static const std::array<std::array<const char*, 3>, 6> knobs = {{
      {"threat-by-pinned-piece", "ignored", "counts"},
      {"castling-threatens", "ignored", "counts"},
      {"castle-through-cleared-square", "forbidden", "allowed"},
      {"castle-out-of-check-by-conversion", "forbidden", "allowed"},
      {"converted-rook-castling", "lost", "kept"},
      {"converted-pawn-double-step", "forbidden", "allowed"},
  }};
  KnobSettings settings;
  for (const auto& k : knobs) settings[k[0]] = *rc::gen::element(k[1], k[2]);
  return settings;
}

RC_GTEST_PROP(ConversionProperty, EngineMatchesReferenceWithRandomKnobs, ()) {
  KnobSettings settings = random_knob_settings();
  RC_LOG() << "knobs:";
  for (const auto& [name, value] : settings) RC_LOG() << " " << name << "=" << value;
  RC_LOG() << "\n";
  check_game_against_reference(settings);
}

// ---- The legality filter's shortcuts -----------------------------------------------------

// generate_legal keeps most moves without making them (quick destinations, the threat watch,
// a threat's support, castling that converts nothing); each shortcut must decide as making the
// move and testing the king does, under every knob. Castling is left out where a knob judges
// more than its landing square after the move (out of check, through a cleared square).
RC_GTEST_PROP(ConversionProperty, LegalityShortcutsAgreeWithMakingTheMove, ()) {
  KnobSettings settings = random_knob_settings();
  const bool castling_landing_only = settings["castle-through-cleared-square"] == "forbidden" &&
                                     settings["castle-out-of-check-by-conversion"] == "forbidden";
  const VariantPtr& v = conversion(settings);
  const auto game = *test::gen_random_game(conversion_start_fens().size(), 40);
  test::play_random_game(
      v, conversion_start_fens(), game, [&](const Position& pos, const std::vector<Move>&) {
        const std::vector<Move> legal = legal_moves(pos);
        MoveList pseudo;
        generate_pseudo_legal(pos, pseudo);
        for (Move m : pseudo) {
          if (m.kind() == MoveKind::kCastling && !castling_landing_only) continue;
          const bool kept = std::find(legal.begin(), legal.end(), m) != legal.end();
          if (kept != leaves_king_safe(pos, m))
            RC_FAIL(to_fen(pos) + ": " + test::move_text(*v, m) +
                    (kept ? " is kept but leaves the king unsafe" : " is dropped but is safe"));
        }
      });
}

// perft's last ply counts quick moves without listing them (count_legal); it must count
// exactly the moves generate_legal keeps, under every knob.
RC_GTEST_PROP(ConversionProperty, BulkCountEqualsLegalMoveCount, ()) {
  const VariantPtr& v = conversion(random_knob_settings());
  const auto game = *test::gen_random_game(conversion_start_fens().size(), 40);
  test::play_random_game(v, conversion_start_fens(), game,
                         [&](const Position& pos, const std::vector<Move>&) {
                           MoveList list;
                           generate_legal(pos, list);
                           const std::uint64_t counted = count_legal(pos);
                           if (counted != static_cast<std::uint64_t>(list.size()))
                             RC_FAIL(to_fen(pos) + ": counted " + std::to_string(counted) +
                                     ", listed " + std::to_string(list.size()));
                         });
}

// perft's last ply keeps a position's threat watch for its siblings when their moves leave it
// alone (SiblingCache); each count must still be what the position alone gives, under every
// knob.
RC_GTEST_PROP(ConversionProperty, PerftLastPlyCountsEachSiblingAsItsOwnPosition, ()) {
  const VariantPtr& v = conversion(random_knob_settings());
  const auto game = *test::gen_random_game(conversion_start_fens().size(), 30);
  test::play_random_game(v, conversion_start_fens(), game,
                         [&](const Position& pos, const std::vector<Move>&) {
                           std::uint64_t alone = 0;
                           for (Move m : legal_moves(pos)) {
                             Position child = pos;
                             Undo undo;
                             child.make(m, undo);
                             alone += legal_moves(child).size();
                           }
                           Position copy = pos;
                           const std::uint64_t bulk = perft(copy, 2);
                           if (bulk != alone)
                             RC_FAIL(to_fen(pos) + ": perft 2 is " + std::to_string(bulk) +
                                     ", the children's legal moves " + std::to_string(alone));
                         });
}

}  // namespace
}  // namespace arbiter
