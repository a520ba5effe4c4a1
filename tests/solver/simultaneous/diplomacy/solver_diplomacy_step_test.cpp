// The symbolic Diplomacy resolution (solver/simultaneous/diplomacy/diplomacy_step.*) against the
// engine's resolver: on concrete boards (BoardEncoding::of_position) every fate, clause and
// after-cell of the step simplifies to true/false, compared with resolve_diplomacy for pairs of
// submissions from the table's perft positions and seeded random play, under the default knobs and
// every alternative.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <random>

#include "rules/core/notation.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "rules/simultaneous/diplomacy/diplomacy.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_paths.hpp"
#include "solver/core/move_formulas.hpp"
#include "solver/simultaneous/diplomacy/diplomacy_step.hpp"
#include "tests/support/conditional_step_compare.hpp"
#include "tests/support/diplomacy_play.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

using Clause = DiplomacyClause;

/// The table's [[perft]] positions and a few more (en passant, promotions, castling, kings).
std::vector<SimState> start_states(const VariantPtr& v) {
  std::vector<SimState> out;
  for (const PerftCheck& p : v->table().perft_checks) out.push_back(parse_sim_fen(v, p.fen));
  for (const char* fen :
       {"4k3/2p3b1/R2n4/8/b7/3P1Q2/R7/7K w - - 0 1", "4k3/8/8/3pP3/4Pp2/8/8/4K3 w - e3d6 0 1",
        "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1", "8/8/3k4/8/3K4/8/8/8 w - - 0 1",
        "8/3k4/8/2r5/8/3K4/3R4/8 w - - 0 1"})
    out.push_back(parse_sim_fen(v, fen));
  return out;
}

/// The start states and the states reached from them by seeded random submission pairs.
std::vector<SimState> sample_states(const VariantPtr& v, unsigned seed, int games, int turns) {
  std::mt19937 rng(seed);
  std::vector<SimState> out = start_states(v);
  const std::vector<SimState> starts = out;
  ResolveOptions quick;
  quick.trace = false;
  for (int g = 0; g < games; ++g) {
    SimState s = starts[rng() % starts.size()];
    for (int t = 0; t < turns; ++t) {
      const std::vector<Move> w = test::submissions(s, kWhite), b = test::submissions(s, kBlack);
      if (w.empty() || b.empty()) break;
      // Black's pick first, then White's: as two arguments of one call the picks were unsequenced,
      // and g++ (whose order the counts below were tuned to) made Black's first, clang White's.
      const Move bm = b[rng() % b.size()];
      const Move wm = w[rng() % w.size()];
      SimState next = resolve_diplomacy(s, wm, bm, quick).after;
      if (diplomacy_status(next).over) break;
      s = std::move(next);
      if (t % 4 == 3) out.push_back(s);
    }
  }
  return out;
}

/// The pairs to compare in `s`: all (null moves included) when few, else every pair whose
/// squares meet and a seeded sample of the rest, up to `budget`.
std::vector<std::pair<Move, Move>> sample_pairs(const SimState& s, std::mt19937& rng,
                                                std::size_t budget) {
  std::vector<Move> w = test::submissions(s, kWhite), b = test::submissions(s, kBlack);
  w.push_back(Move{});
  b.push_back(Move{});
  std::vector<std::pair<Move, Move>> meeting, other;
  const DiplomacyKnobs k = s.pos.variant().knobs().diplomacy;
  const auto squares = [&](Color c, Move m) {
    if (m.is_null()) return Bitboard{0};
    const Legs legs = legs_of(s.pos, c, m, k);
    Bitboard out = 0;
    for (int i = 0; i < legs.count; ++i) out |= legs.leg[i].squares();
    return out;
  };
  for (Move mw : w)
    for (Move mb : b)
      ((squares(kWhite, mw) & squares(kBlack, mb)) ? meeting : other).push_back({mw, mb});
  std::shuffle(meeting.begin(), meeting.end(), rng);
  std::shuffle(other.begin(), other.end(), rng);
  std::vector<std::pair<Move, Move>> out;
  for (auto& list : {meeting, other})
    for (const auto& p : list)
      if (out.size() < budget) out.push_back(p);
  return out;
}

bool has_clause(const DiplomacyResolution& r, Clause c) {
  return std::any_of(r.trace.begin(), r.trace.end(),
                     [c](const TraceEntry& e) { return e.clause == clause_name(c); });
}

/// 1 true, 0 false, -1 not a constant (of a simplified term).
int truth(const z3::expr& simple) {
  return simple.is_true() ? 1 : simple.is_false() ? 0 : -1;
}

/// 1 true, 0 false, -1 did not simplify to a constant.
int value(const z3::expr& e) {
  return truth(e.simplify());
}

struct Tally {
  int pairs = 0;
  int interacting = 0;  ///< pairs with a clause other than capture/executed
  int clauses[kDiplomacyClauses] = {};
};

/// Compares the step with the resolver on one pair; returns false (and reports) on a mismatch.
/// Every term the pair reads (fates, clauses, castling rights, the 64 cells after) is simplified
/// in one call (test::simplified), where one call per term rewrote the step they share each time.
bool same_as_resolver(const BoardEncoding& board, const SimState& s, Move w, Move b, Tally& tally) {
  const std::string where = to_sim_fen(s) + " white " +
                            (w.is_null() ? "-" : to_uci(view_for(s, kWhite), w)) + " black " +
                            (b.is_null() ? "-" : to_uci(view_for(s, kBlack), b));
  const DiplomacyResolution r = resolve_diplomacy(s, w, b);
  const DiplomacyStep step = diplomacy_step(board, w, b);
  ++tally.pairs;
  struct Check {
    bool want;
    std::string what;
  };
  z3::expr_vector terms(step.defined.ctx());
  std::vector<Check> checks;
  const auto check = [&](const z3::expr& e, bool want, const std::string& what) {
    terms.push_back(e);
    checks.push_back({want, what});
  };
  check(step.defined, true, "defined");
  for (Color c : {kWhite, kBlack}) {
    const Fate f = r.fates[c];
    const std::string side = c == kWhite ? "white " : "black ";
    check(step.executed(c), f == Fate::kExecuted, side + "executed");
    check(step.failed(c), f == Fate::kFailed, side + "failed");
    check(step.captured(c), f == Fate::kCaptured, side + "captured");
    check(step.king_captured[c], r.king_captured[c], side + "king captured");
  }
  bool interacting = false;
  for (int i = 0; i < kDiplomacyClauses; ++i) {
    const Clause c = static_cast<Clause>(i);
    const bool want = has_clause(r, c);
    check(step.shows(c), want, "clause " + std::string(clause_name(c)));
    tally.clauses[i] += want;
    interacting |= want && c != Clause::kCapture;
  }
  tally.interacting += interacting;
  for (Color c : {kWhite, kBlack}) {
    const std::vector<CastlingMove>& moves = s.pos.variant().castling(c);
    for (std::size_t i = 0; i < moves.size(); ++i)
      check(step.after.rights(c)[i], (r.after.pos.castling_rights() & moves[i].right) != 0,
            "castling right");
  }
  const unsigned first_cell = terms.size();
  for (Square sq = 0; sq < kSquares; ++sq) terms.push_back(step.after.cell(sq));
  const z3::expr_vector simple = test::simplified(terms);
  bool ok = true;
  for (unsigned i = 0; i < checks.size(); ++i) {
    const int got = truth(simple[static_cast<int>(i)]);
    if (got == static_cast<int>(checks[i].want)) continue;
    ADD_FAILURE() << where << ": " << checks[i].what << " step says " << got << ", resolver "
                  << checks[i].want;
    ok = false;
  }
  for (Square sq = 0; sq < kSquares; ++sq) {
    const z3::expr cell = simple[static_cast<int>(first_cell + static_cast<unsigned>(sq))];
    int want = 0;
    for (Color c : {kWhite, kBlack})
      if (r.after.pos.piece_on(c, sq) != kNoPiece)
        want = board.code(c, r.after.pos.piece_on(c, sq));
    if (!cell.is_numeral() || cell.get_numeral_int() != want) {
      ADD_FAILURE() << where << ": after " << square_name(sq) << " step " << cell << ", resolver "
                    << want;
      ok = false;
    }
  }
  return ok;
}

/// Runs the comparison over the sampled states; stops after a few mismatching pairs.
Tally compare(const VariantPtr& v, unsigned seed, int games, std::size_t per_state) {
  z3::context ctx;
  const BoardEncoding symbolic(ctx, v);
  std::mt19937 rng(seed);
  Tally tally;
  int failures = 0;
  for (const SimState& s : sample_states(v, seed, games, 16)) {
    const BoardEncoding board = BoardEncoding::of_position(symbolic, s.pos);
    for (const auto& [w, b] : sample_pairs(s, rng, per_state))
      if (!same_as_resolver(board, s, w, b, tally) && ++failures >= 5) return tally;
  }
  return tally;
}

TEST(SolverDiplomacyStep, EveryFateClauseAndCellIsTheResolversUnderTheDefaultKnobs) {
  const Tally t = compare(test::bundled_variant("diplomacy"), 7, 12, 60);
  std::printf("[ pairs    ] %d (%d decided by a clause other than capture)\n", t.pairs,
              t.interacting);
  EXPECT_GE(t.pairs, 3000);
  EXPECT_GE(t.interacting, 1000);
  // The sample reaches the clauses that decide a pair.
  for (Clause c : {Clause::kSameDestination, Clause::kMeetInTransit, Clause::kObstacle,
                   Clause::kCapture, Clause::kCaptureOfDeparted, Clause::kKingSafety})
    EXPECT_GT(t.clauses[static_cast<int>(c)], 0) << clause_name(c);
  RecordProperty("pairs", t.pairs);
}

TEST(SolverDiplomacyStep, EveryKnobAlternativeIsTheResolvers) {
  for (const KnobBinding<DiplomacyKnobs>& b : knob_bindings<DiplomacyKnobs>())
    for (std::size_t a = 1; a < b.spec.alternatives.size(); ++a) {
      const std::string name(b.spec.name), alternative(b.spec.alternatives[a]);
      SCOPED_TRACE(knob_setting(name, alternative));
      const VariantPtr& v = test::bundled_variant("diplomacy", {{name, alternative}});
      const Tally t = compare(v, 11 + static_cast<unsigned>(a), 4, 25);
      std::printf("[ pairs    ] %s: %d (%d decided by a clause other than capture)\n",
                  knob_setting(name, alternative).c_str(), t.pairs, t.interacting);
      EXPECT_GE(t.pairs, 250);
    }
}

// Two resolver bugs the comparison found (rules/simultaneous/diplomacy/diplomacy_resolver.cpp,
// fixed with this test).
TEST(SolverDiplomacyStep, ResolverFastPathStopsATwoStepPathKnightAtItsOwnPiece) {
  // b1-b2-a3 crosses White's own pawn: the knight stays, whether or not the black move
  // shares a square with it (the fast path for disjoint moves used to let it through).
  const VariantPtr& v = test::bundled_variant("diplomacy", {{"knight-timing", "two-step-path"}});
  const SimState s = sim_start(v);
  const DiplomacyResolution r = resolve_diplomacy(s, test::submission(s, kWhite, "b1a3"),
                                                  test::submission(s, kBlack, "d7d5"));
  EXPECT_EQ(r.fates[kWhite], Fate::kFailed);
  EXPECT_EQ(r.fates[kBlack], Fate::kExecuted);
}

TEST(SolverDiplomacyStep, ResolverLandsAnEnPassantCaptureWhoseVictimLeft) {
  // pawn-capture-of-departed=lands: f4xe3 e.p. while the e4 pawn takes on d5. The resolver
  // used to read the board at "no square" (a crash) once the capture had lost its target.
  const VariantPtr& v = test::bundled_variant("diplomacy", {{"pawn-capture-of-departed", "lands"}});
  const SimState s = parse_sim_fen(v, "4k3/8/8/3pP3/4Pp2/8/8/4K3 w - e3d6 0 1");
  const DiplomacyResolution r = resolve_diplomacy(s, test::submission(s, kWhite, "e4d5"),
                                                  test::submission(s, kBlack, "f4e3"));
  EXPECT_EQ(r.fates[kWhite], Fate::kExecuted);
  EXPECT_EQ(r.fates[kBlack], Fate::kExecuted);
  EXPECT_EQ(r.after.pos.piece_on(kBlack, *parse_square("e3")), v->type_of_letter('P'));
}

/// The step on the concrete board of `fen` for one pair (coordinates), compared with the
/// resolver; the fates it gives, as the resolver's.
std::vector<Fate> step_fates(const KnobSettings& knobs, const char* fen, std::string_view white,
                             std::string_view black) {
  const VariantPtr& v = test::bundled_variant("diplomacy", knobs);
  const SimState s = parse_sim_fen(v, fen);
  z3::context ctx;
  const BoardEncoding symbolic(ctx, v);
  const BoardEncoding board = BoardEncoding::of_position(symbolic, s.pos);
  const Move w = test::submission(s, kWhite, white), b = test::submission(s, kBlack, black);
  Tally tally;
  EXPECT_TRUE(same_as_resolver(board, s, w, b, tally)) << fen;
  const DiplomacyStep step = diplomacy_step(board, w, b);
  std::vector<Fate> out;
  for (Color c : {kWhite, kBlack})
    out.push_back(value(step.executed(c)) == 1   ? Fate::kExecuted
                  : value(step.captured(c)) == 1 ? Fate::kCaptured
                                                 : Fate::kFailed);
  return out;
}

using Fates = std::vector<Fate>;
constexpr Fate kExecuted = Fate::kExecuted, kFailed = Fate::kFailed, kCaptured = Fate::kCaptured;

// The rulings of issue 21 (tests/rules/simultaneous/diplomacy/diplomacy_test.cpp has the engine's
// side of each), through the step.
TEST(SolverDiplomacyStep, SameDestinationEqualRanksBothFailWhateverArrivesFirst) {
  const char* fen = "4k3/8/8/4p3/8/8/4P3/4K3 w - - 0 1";
  EXPECT_EQ(step_fates({}, fen, "e2e4", "e5e4"), (Fates{kFailed, kFailed}));
  EXPECT_EQ(step_fates({{"same-destination", "arrival"}}, fen, "e2e4", "e5e4"),
            (Fates{kFailed, kExecuted}));
  EXPECT_EQ(step_fates({}, "4k3/8/5n2/8/8/8/4P3/4K3 w - - 0 1", "e2e4", "f6e4"),
            (Fates{kCaptured, kExecuted}));
}

TEST(SolverDiplomacyStep, KingSafetyIsJudgedAgainAfterEachFailure) {
  const char* fen = "8/8/5k2/8/3K4/8/8/4R3 w - - 0 1";
  EXPECT_EQ(step_fates({}, fen, "d4d5", "f6e6"), (Fates{kExecuted, kFailed}));
  EXPECT_EQ(step_fates({{"king-safety-rejudge", "all-at-once"}}, fen, "d4d5", "f6e6"),
            (Fates{kFailed, kFailed}));
  EXPECT_EQ(step_fates({}, "8/8/5k2/8/3K4/8/8/8 w - - 0 1", "d4d5", "f6e6"),
            (Fates{kFailed, kFailed}));
  EXPECT_EQ(step_fates({}, "8/8/4k3/8/3K4/8/8/5R2 w - - 0 1", "d4d5", "e6f7"),
            (Fates{kFailed, kFailed}));
  // Mirrored colours: White's king is the one still attacked with the other withdrawn.
  EXPECT_EQ(step_fates({}, "4r3/8/8/3k4/8/5K2/8/8 w - - 0 1", "f3e3", "d5d4"),
            (Fates{kFailed, kExecuted}));
}

TEST(SolverDiplomacyStep, PromotionRankIsThePawnsOrTheNewPieces) {
  const char* fen = "4k3/1P1n4/8/8/8/8/8/4K3 w - - 0 1";
  EXPECT_EQ(step_fates({}, fen, "b7b8q", "d7b8"), (Fates{kCaptured, kExecuted}));
  EXPECT_EQ(step_fates({{"promotion-rank", "new-piece"}}, fen, "b7b8q", "d7b8"),
            (Fates{kExecuted, kCaptured}));
  EXPECT_EQ(step_fates({{"promotion-rank", "new-piece"}}, "7r/1P6/8/8/8/8/8/k3K3 w - - 0 1",
                       "b7b8q", "h8b8"),
            (Fates{kExecuted, kCaptured}));
}

TEST(SolverDiplomacyStep, KingSafetyJudgesTheSquaresACastlingKingCrosses) {
  const char* fen = "2b1k3/8/8/8/8/8/8/4K2R w K - 0 1";
  EXPECT_EQ(step_fates({}, fen, "e1g1", "c8a6"), (Fates{kFailed, kExecuted}));
  EXPECT_EQ(step_fates({{"castling-transit", "landing-only"}}, fen, "e1g1", "c8a6"),
            (Fates{kExecuted, kExecuted}));
  EXPECT_EQ(step_fates({}, "4k3/8/8/8/8/n7/8/R3K3 w Q - 0 1", "e1c1", "a3b1"),
            (Fates{kFailed, kFailed}));
}

TEST(SolverDiplomacyStep, ExposingMoveAfterResolutionIsJudgedOnTheBoardAfter) {
  const KnobSettings after{{"exposing-move", "after-resolution"}};
  const char* pinned = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1";
  EXPECT_EQ(step_fates(after, pinned, "e2c3", "e7e6"), (Fates{kFailed, kExecuted}));
  EXPECT_EQ(step_fates(after, pinned, "e2c3", "e7e1"), (Fates{kFailed, kFailed}));
  EXPECT_EQ(step_fates(after, pinned, "e2c3", "e7a7"), (Fates{kExecuted, kExecuted}));
  EXPECT_EQ(step_fates({{"exposing-move", "allowed"}}, pinned, "e2c3", "e7e6"),
            (Fates{kExecuted, kExecuted}));
  // An en-passant capture that empties the king's rank.
  const char* ep = "3k4/8/8/r2pP2K/8/8/8/8 w - d6 0 1";
  EXPECT_EQ(step_fates(after, ep, "e5d6", "d8c7"), (Fates{kFailed, kExecuted}));
  EXPECT_EQ(step_fates(after, ep, "e5d6", "a5a1"), (Fates{kExecuted, kExecuted}));
}

TEST(SolverDiplomacyStep, OnASymbolicBoardFatesAreExclusiveAndRanksDecide) {
  // Over fresh cells (solver calls, rlimit-bounded): for c3-c5 and e6-c5, exactly one fate per
  // side on every valid board; and a rook on c3 with c4 and c5 empty takes the knight from e6.
  const VariantPtr& v = test::bundled_variant("diplomacy");
  z3::context ctx;
  const BoardEncoding board(ctx, v);
  const Square c3 = *parse_square("c3"), c4 = *parse_square("c4"), c5 = *parse_square("c5"),
               e6 = *parse_square("e6");
  const DiplomacyStep step = diplomacy_step(board, Move(c3, c5), Move(e6, c5));
  z3::params p(ctx);
  p.set("rlimit", 50000000u);
  const auto unsat = [&](const z3::expr& e) {
    z3::solver solver(ctx);
    solver.set(p);
    solver.add(board.validity(BoardLimits{6}) && step.defined && e);
    return solver.check() == z3::unsat;
  };
  z3::expr_vector bad(ctx);
  for (Color c : {kWhite, kBlack}) {
    const z3::expr e = step.executed(c), f = step.failed(c), k = step.captured(c);
    bad.push_back(!(e || f || k) || (e && f) || (e && k) || (f && k));
  }
  EXPECT_TRUE(unsat(z3::mk_or(bad)));
  const PieceType rook = v->type_of_letter('R'), knight = v->type_of_letter('N');
  const z3::expr setup = board.is(c3, kWhite, rook) && board.is(e6, kBlack, knight) &&
                         board.empty(c4) && board.empty(c5);
  EXPECT_TRUE(unsat(setup && !(step.executed(kWhite) && step.captured(kBlack))));
  EXPECT_TRUE(unsat(setup && !step.shows(DiplomacyClause::kSameDestination)));
  EXPECT_TRUE(unsat(setup && !step.after.is(c5, kWhite, rook)));
  // The rook fails when c4 holds a piece of its own side.
  EXPECT_TRUE(
      unsat(board.is(c3, kWhite, rook) && board.occupied_by(c4, kWhite) && !step.failed(kWhite)));
}

TEST(SolverDiplomacyStep, OneTickMovesToOneSquareResolveAlikeWhereverTheyStand) {
  // What the scenarios' PairMemo relies on: with the movers' squares holding their pieces and
  // the common destination empty, a pair of one-tick moves to one square resolves to constant
  // fates and clause, the same for every pair of the same types and offsets from it.
  const VariantPtr& v = test::bundled_variant("diplomacy");
  z3::context ctx;
  const BoardEncoding board(ctx, v);
  struct Mover {
    Square from;
    PieceType type;
  };
  std::map<std::vector<int>, std::vector<bool>> seen;
  int pairs = 0, repeated = 0;
  for (const char* name : {"d4", "e5", "a1", "h8", "b7"}) {
    const Square d = *parse_square(name);
    std::vector<Mover> movers[2];
    for (Color c : {kWhite, kBlack})
      for (Square from = 0; from < kSquares; ++from)
        for (int i = 0; i < v->piece_count(); ++i) {
          const PieceType t = static_cast<PieceType>(i);
          const PieceInfo& info = v->piece(t);
          const SquareMoves& sm = info.moves.at[c][from];
          if (from == d || t == v->royal() || travel_ticks(*v, from, d) > 1 ||
              has(info.promotion_squares[c], d) || has(sm.initial_only, d) ||
              !has(sm.leap_move | sm.rook_move | sm.bishop_move, d))
            continue;
          movers[c].push_back({from, t});
        }
    for (const Mover& w : movers[kWhite])
      for (const Mover& b : movers[kBlack]) {
        if (w.from == b.from) continue;
        DiplomacyStepOptions options;
        options.types[kWhite] = 1u << w.type;
        options.types[kBlack] = 1u << b.type;
        options.board_after = false;
        const DiplomacyStep step = diplomacy_step(board, Move(w.from, d), Move(b.from, d), options);
        z3::expr_vector from(ctx), to(ctx);
        from.push_back(board.cell(w.from));
        to.push_back(board.code_val(board.code(kWhite, w.type)));
        from.push_back(board.cell(b.from));
        to.push_back(board.code_val(board.code(kBlack, b.type)));
        from.push_back(board.cell(d));
        to.push_back(board.code_val(0));
        std::vector<bool> values;
        for (z3::expr e : {step.executed(kWhite), step.failed(kWhite), step.captured(kWhite),
                           step.executed(kBlack), step.failed(kBlack), step.captured(kBlack),
                           step.shows(Clause::kSameDestination)}) {
          const z3::expr fixed = e.substitute(from, to).simplify();
          ASSERT_TRUE(fixed.is_true() || fixed.is_false())
              << square_name(w.from) << '-' << name << ' ' << square_name(b.from) << '-' << name;
          values.push_back(fixed.is_true());
        }
        EXPECT_TRUE(values[6]);  // same-destination shows
        ++pairs;
        const std::vector<int> key = {w.type, b.type, w.from - d, b.from - d};
        const auto [it, fresh] = seen.emplace(key, values);
        if (!fresh) {
          ++repeated;
          EXPECT_EQ(it->second, values)
              << square_name(w.from) << '-' << name << ' ' << square_name(b.from) << '-' << name;
        }
      }
  }
  EXPECT_GE(pairs, 1000);
  EXPECT_GE(repeated, 500);
  std::printf("[ one-tick pairs: %d, of a key seen before: %d ]\n", pairs, repeated);
}

}  // namespace
}  // namespace arbiter::solver
