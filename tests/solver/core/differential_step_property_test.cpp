// Differential properties of one simultaneous turn: random valid boards of the Diplomacy and
// Move-Neutral tables (tests/support/rc_generators.hpp; White to move, no en-passant target, as
// a SimState holds them) and a random pair of the two sides' submissions (a side without one
// submits nothing in Diplomacy). The symbolic step over the concrete board must simplify to the
// engine's resolution: each side's fate and the cells after a Diplomacy turn
// (solver/simultaneous/diplomacy/diplomacy_step.hpp, resolve_diplomacy), and both layers and
// castling rights after a Move-Neutral turn
// (solver/simultaneous/move_neutral/move_neutral_step.hpp, resolve_move_neutral). No solver call.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <cstdio>
#include <optional>
#include <string>

#include "rules/core/fen.hpp"
#include "rules/core/notation.hpp"
#include "rules/simultaneous/diplomacy/diplomacy.hpp"
#include "rules/simultaneous/move_neutral/move_neutral.hpp"
#include "rules/simultaneous/simultaneous.hpp"
#include "solver/simultaneous/diplomacy/diplomacy_step.hpp"
#include "solver/simultaneous/move_neutral/move_neutral_step.hpp"
#include "tests/support/rc_generators.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::test {
namespace {

/// Submission pairs drawn per generated board.
constexpr int kPairsPerBoard = 8;

/// The SimState of a generated board (White to move, no en-passant target), when the
/// simultaneous FEN reader takes it.
std::optional<SimState> sim_state(const VariantPtr& v, Position pos) {
  pos.set_side_to_move(kWhite);
  pos.set_en_passant(kNoSquare);
  try {
    return parse_sim_fen(v, to_fen(pos));
  } catch (const FenError&) {
    return std::nullopt;
  }
}

/// "" when `e` simplifies to `want`, else a description.
std::string differs(const z3::expr& e, bool want, const std::string& what) {
  const z3::expr s = e.simplify();
  if ((s.is_true() && want) || (s.is_false() && !want)) return "";
  return what + ": engine " + (want ? "true" : "false") + ", step " + s.to_string();
}

std::string text(const SimState& s, Color c, Move m) {
  return m.is_null() ? "-" : to_uci(view_for(s, c), m);
}

/// The first difference between diplomacy_step and resolve_diplomacy on (w, b), or "".
std::string diplomacy_difference(const solver::BoardEncoding& board, const SimState& s, Move w,
                                 Move b) {
  const DiplomacyResolution r = resolve_diplomacy(s, w, b);
  const solver::DiplomacyStep step = solver::diplomacy_step(board, w, b);
  std::string d = differs(step.defined, true, "defined");
  for (Color c : {kWhite, kBlack}) {
    const std::string side = c == kWhite ? "white " : "black ";
    if (d.empty()) d = differs(step.executed(c), r.fates[c] == Fate::kExecuted, side + "executed");
    if (d.empty()) d = differs(step.failed(c), r.fates[c] == Fate::kFailed, side + "failed");
    if (d.empty()) d = differs(step.king_captured[c], r.king_captured[c], side + "king captured");
  }
  for (Square sq = 0; sq < kSquares && d.empty(); ++sq) {
    int want = 0;
    for (Color c : {kWhite, kBlack})
      if (r.after.pos.piece_on(c, sq) != kNoPiece)
        want = board.code(c, r.after.pos.piece_on(c, sq));
    const z3::expr cell = step.after.cell(sq).simplify();
    if (!cell.is_numeral() || cell.get_numeral_int() != want)
      d = "after " + square_name(sq) + ": engine " + std::to_string(want) + ", step " +
          cell.to_string();
  }
  return d.empty() ? d
                   : to_sim_fen(s) + " " + text(s, kWhite, w) + " " + text(s, kBlack, b) + ": " + d;
}

/// The first difference between MoveNeutralStep and resolve_move_neutral on (w, b), or "".
std::string move_neutral_difference(const solver::AttackEncoding& attacks, const SimState& s,
                                    Move w, Move b) {
  const solver::BoardEncoding& board = attacks.board();
  const Variant& v = board.variant();
  const solver::MoveNeutralStep step(attacks, solver::concrete_choice(board, kWhite, w),
                                     solver::concrete_choice(board, kBlack, b));
  const Position& after = resolve_move_neutral(s, w, b, false, false).after.pos;
  std::string d;
  for (Color c : {kWhite, kBlack}) {
    for (Square sq = 0; sq < kSquares && d.empty(); ++sq) {
      const PieceType t = after.piece_on(c, sq);
      const int want = t == kNoPiece ? 0 : board.code(c, t);
      const z3::expr cell = step.layer(c).cell(sq).simplify();
      if (!cell.is_numeral() || cell.get_numeral_int() != want)
        d = std::string(c == kWhite ? "white" : "black") + " layer " + square_name(sq) +
            ": engine " + std::to_string(want) + ", step " + cell.to_string();
    }
    for (std::size_t i = 0; i < v.castling(c).size() && d.empty(); ++i)
      d = differs(step.layer(kWhite).rights(c)[i],
                  (after.castling_rights() & v.castling(c)[i].right) != 0,
                  std::string("castling right ") + v.castling(c)[i].fen);
    if (d.empty()) d = differs(step.in_check(c), after.king_in_check(c), "in check");
  }
  return d.empty() ? d
                   : to_sim_fen(s) + " " + text(s, kWhite, w) + " " + text(s, kBlack, b) + ": " + d;
}

TEST(DifferentialStepProperty, DiplomacyTurnsResolveAlikeInEngineAndEncoding) {
  const VariantPtr& v = bundled_variant("diplomacy");
  z3::context ctx;
  const solver::BoardEncoding symbolic(ctx, v);
  int pairs = 0;
  const bool ok = rc::check("a Diplomacy turn: diplomacy_step = resolve_diplomacy", [&] {
    const std::optional<SimState> s = sim_state(v, *gen_position(v));
    RC_PRE(s.has_value());
    MoveList subs[2];
    for (Color c : {kWhite, kBlack}) diplomacy_submissions(*s, c, subs[c]);
    const solver::BoardEncoding board = solver::BoardEncoding::of_position(symbolic, s->pos);
    for (int i = 0; i < kPairsPerBoard; ++i) {
      const auto [w, b] = *gen_move_pair(subs[kWhite], subs[kBlack]);
      ++pairs;
      RC_ASSERT(diplomacy_difference(board, *s, w, b) == "");
    }
  });
  EXPECT_TRUE(ok);
  std::printf("[differential] diplomacy: %d submission pairs\n", pairs);
}

TEST(DifferentialStepProperty, MoveNeutralTurnsResolveAlikeInEngineAndEncoding) {
  const VariantPtr& v = bundled_variant("move-neutral");
  z3::context ctx;
  const solver::BoardEncoding symbolic(ctx, v);
  int pairs = 0;
  const bool ok = rc::check("a Move-Neutral turn: MoveNeutralStep = resolve_move_neutral", [&] {
    const std::optional<SimState> s = sim_state(v, *gen_position(v));
    RC_PRE(s.has_value());
    MoveList subs[2];
    for (Color c : {kWhite, kBlack}) move_neutral_submissions(*s, c, subs[c]);
    RC_PRE(!subs[kWhite].empty() && !subs[kBlack].empty());  // the game is over otherwise
    const solver::BoardEncoding board = solver::BoardEncoding::of_position(symbolic, s->pos);
    const solver::AttackEncoding attacks(board);
    for (int i = 0; i < kPairsPerBoard; ++i) {
      const auto [w, b] = *gen_move_pair(subs[kWhite], subs[kBlack]);
      ++pairs;
      RC_ASSERT(move_neutral_difference(attacks, *s, w, b) == "");
    }
  });
  EXPECT_TRUE(ok);
  std::printf("[differential] move-neutral: %d submission pairs\n", pairs);
}

}  // namespace
}  // namespace arbiter::test
