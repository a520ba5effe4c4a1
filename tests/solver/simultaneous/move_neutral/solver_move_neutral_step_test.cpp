// The symbolic Move-Neutral turn (solver/simultaneous/move_neutral/move_neutral_step.hpp) against
// resolve_move_neutral: over concrete boards (BoardEncoding::of_position) every formula simplifies
// to true/false or a numeral, so both colour layers, the castling rights and both check flags of
// the step are compared with the engine's resolved state pair by pair, without a solver call.
// Positions: the table's [[perft]] FENs without shared squares and seeded random Move-Neutral play;
// pairs: all in small positions, else a seeded sample plus every interacting pair (mutual captures,
// a common landing square, a capture whose target moves).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "rules/simultaneous/move_neutral/move_neutral.hpp"
#include "rules/simultaneous/simultaneous.hpp"
#include "solver/core/z3_setup.hpp"
#include "solver/simultaneous/move_neutral/move_neutral_step.hpp"
#include "tests/support/conditional_step_compare.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::solver {
namespace {

using test::neutral;

MoveList submissions(const SimState& s, Color c) {
  MoveList out;
  move_neutral_submissions(s, c, out);
  return out;
}

bool has_shared(const SimState& s) {
  return (s.pos.pieces(kWhite) & s.pos.pieces(kBlack)) != 0;
}

/// The [[perft]] positions without shared squares, en-passant rights dropped (not encoded),
/// and the states of seeded random Move-Neutral games from them.
std::vector<SimState> sample_states(int games, int max_turns, unsigned seed) {
  std::vector<SimState> starts, out;
  for (const PerftCheck& c : neutral()->table().perft_checks) {
    SimState s = parse_sim_fen(neutral(), c.fen);
    s.ep_target[kWhite] = s.ep_target[kBlack] = kNoSquare;
    if (!has_shared(s)) starts.push_back(s);
  }
  out = starts;
  std::mt19937 rng(seed);
  for (int g = 0; g < games; ++g) {
    SimState s = starts[static_cast<std::size_t>(g) % starts.size()];
    const int turns = 1 + static_cast<int>(rng() % static_cast<unsigned>(max_turns));
    for (int t = 0; t < turns; ++t) {
      const MoveList w = submissions(s, kWhite), b = submissions(s, kBlack);
      if (w.empty() || b.empty()) break;
      // Black's pick first, then White's: as two arguments of one call the picks were unsequenced,
      // and g++ (whose order the counts below were tuned to) made Black's first, clang White's.
      const Move bm = b[static_cast<int>(rng() % b.size())];
      const Move wm = w[static_cast<int>(rng() % w.size())];
      s = resolve_move_neutral(s, wm, bm, false, false).after;
      s.ep_target[kWhite] = s.ep_target[kBlack] = kNoSquare;
      if (!has_shared(s) && rng() % 2 == 0) out.push_back(s);
    }
  }
  return out;
}

/// Number of random games (ARBITER_MN_STEP_GAMES overrides, for timing runs).
int test_games(int standard) {
  const char* env = std::getenv("ARBITER_MN_STEP_GAMES");
  return env ? std::atoi(env) : standard;
}

bool interacting(Move w, Move b) {
  return w.to() == b.from() || b.to() == w.from() || w.to() == b.to();
}

/// All pairs when there are at most `all_up_to`, else every interacting pair and `sample`
/// random ones; en-passant moves left out.
std::vector<std::pair<Move, Move>> pairs_of(const SimState& s, std::size_t all_up_to,
                                            std::size_t sample, std::mt19937& rng) {
  std::vector<Move> w, b;
  for (Move m : submissions(s, kWhite))
    if (m.kind() != MoveKind::kEnPassant) w.push_back(m);
  for (Move m : submissions(s, kBlack))
    if (m.kind() != MoveKind::kEnPassant) b.push_back(m);
  std::vector<std::pair<Move, Move>> out;
  const bool all = w.size() * b.size() <= all_up_to;
  for (Move x : w)
    for (Move y : b)
      if (all || interacting(x, y)) out.push_back({x, y});
  if (!all && !w.empty() && !b.empty())
    for (std::size_t i = 0; i < sample; ++i)
      out.push_back({w[rng() % w.size()], b[rng() % b.size()]});
  return out;
}

std::string describe(const SimState& s, Move w, Move b) {
  return to_sim_fen(s) + " " + to_uci(view_for(s, kWhite), w) + " " +
         to_uci(view_for(s, kBlack), b);
}

/// Compares the step of (w, b) over the concrete board with the engine's resolution. Every
/// term it reads (both layers' cells, the rights, the checks, the royal steps) is simplified in
/// one call (test::simplified), where one call per term rewrote the step they share each time.
void compare_pair(const AttackEncoding& attacks, const SimState& s, Move w, Move b, int& compared) {
  const BoardEncoding& board = attacks.board();
  const Variant& v = board.variant();
  const MoveNeutralStep step(attacks, concrete_choice(board, kWhite, w),
                             concrete_choice(board, kBlack, b));
  const MoveNeutralResolution r = resolve_move_neutral(s, w, b, false, false);
  const Position& after = r.after.pos;
  z3::expr_vector terms(step.in_check(kWhite).ctx());
  for (Color c : {kWhite, kBlack}) {
    for (Square sq = 0; sq < kSquares; ++sq) terms.push_back(step.layer(c).cell(sq));
    for (std::size_t i = 0; i < v.castling(c).size(); ++i)
      terms.push_back(step.layer(kWhite).rights(c)[i]);
    terms.push_back(step.in_check(c));
    terms.push_back(step.royal_cannot_step(c));
  }
  const z3::expr_vector simple = test::simplified(terms);
  int next = 0;  // the index in `simple` of the next term, in the order they were pushed
  for (Color c : {kWhite, kBlack}) {
    for (Square sq = 0; sq < kSquares; ++sq) {
      const z3::expr cell = simple[next++];
      ASSERT_TRUE(cell.is_numeral()) << cell;
      const PieceType t = after.piece_on(c, sq);
      const int want = t == kNoPiece ? 0 : board.code(c, t);
      ASSERT_EQ(cell.get_numeral_int(), want)
          << describe(s, w, b) << ": " << (c == kWhite ? "white" : "black") << " layer on "
          << square_name(sq);
    }
    for (std::size_t i = 0; i < v.castling(c).size(); ++i) {
      const z3::expr right = simple[next++];
      ASSERT_TRUE(right.is_true() || right.is_false()) << right;
      EXPECT_EQ(right.is_true(), (after.castling_rights() & v.castling(c)[i].right) != 0)
          << describe(s, w, b) << ": castling right " << v.castling(c)[i].fen;
    }
    const z3::expr check = simple[next++];
    ASSERT_TRUE(check.is_true() || check.is_false()) << check;
    const Square king = after.king_square(c);
    const bool attacked = king != kNoSquare && after.attackers(king, ~c, after.occupied()) != 0;
    EXPECT_EQ(check.is_true(), after.king_in_check(c)) << describe(s, w, b);
    EXPECT_EQ(check.is_true(), attacked) << describe(s, w, b);
    // The royal piece's own steps on the after state, as move_neutral_submissions lists them.
    bool king_steps = false;
    for (Move m : submissions(r.after, c))
      king_steps |= m.kind() != MoveKind::kCastling && m.from() == king;
    const z3::expr stuck = simple[next++];
    ASSERT_TRUE(stuck.is_true() || stuck.is_false()) << stuck;
    EXPECT_EQ(stuck.is_true(), !king_steps) << describe(s, w, b) << " king steps";
  }
  ++compared;
}

TEST(SolverMoveNeutralStep, BothLayersRightsAndChecksAreTheResolversOnManyPairs) {
  const VariantPtr& v = neutral();
  z3::context ctx;
  const BoardEncoding symbolic(ctx, v);
  std::mt19937 rng(11);
  int compared = 0, trades = 0, shared = 0, departed = 0;
  const std::vector<SimState> states = sample_states(test_games(4), 30, 5);
  for (const SimState& s : states) {
    const BoardEncoding board = BoardEncoding::of_position(symbolic, s.pos);
    const AttackEncoding attacks(board);
    for (const auto& [w, b] : pairs_of(s, 150, 40, rng)) {
      compare_pair(attacks, s, w, b, compared);
      if (HasFatalFailure()) return;
      trades += w.to() == b.from() && b.to() == w.from();
      shared += w.to() == b.to();
      departed += (w.to() == b.from()) != (b.to() == w.from());
    }
  }
  EXPECT_GT(compared, 2000);
  EXPECT_GT(trades, 5);
  EXPECT_GT(shared, 50);
  EXPECT_GT(departed, 50);
  RecordProperty("pairs", compared);
  std::printf("compared %d pairs (%d mutual captures, %d common squares, %d departed targets)\n",
              compared, trades, shared, departed);
}

/// Engine submissions hold, other pseudo-legal moves of the view and a sample of the geometry's
/// candidates do not unless the engine lists them (double steps read as plain moves).
TEST(SolverMoveNeutralStep, SubmissionFormulaIsMoveNeutralSubmissions) {
  const VariantPtr& v = neutral();
  z3::context ctx;
  const BoardEncoding symbolic(ctx, v);
  const AttackEncoding geometry(symbolic);
  const MoveChoice every[2] = {symbolic_choice(geometry, kWhite, "w_"),
                               symbolic_choice(geometry, kBlack, "b_")};
  const auto plain = [](Move m) {
    return m.kind() == MoveKind::kDoubleStep ? Move(m.from(), m.to()) : m;
  };
  std::mt19937 rng(3);
  int checked = 0, held = 0;
  for (const SimState& s : sample_states(test_games(2), 30, 9)) {
    const BoardEncoding board = BoardEncoding::of_position(symbolic, s.pos);
    const AttackEncoding attacks(board);
    for (Color c : {kWhite, kBlack}) {
      std::vector<Move> listed;
      for (Move m : submissions(s, c)) listed.push_back(plain(m));
      std::vector<Move> probe;
      MoveList pseudo;
      generate_pseudo_legal(view_for(s, c), pseudo);
      for (Move m : pseudo) probe.push_back(plain(m));
      for (int i = 0; i < 40; ++i)
        probe.push_back(every[c].candidates[rng() % every[c].candidates.size()].move);
      std::erase_if(probe, [](Move m) { return m.kind() == MoveKind::kEnPassant; });
      // The formulas of one side on one board share the board's attack terms: one call
      // simplifies them all (test::simplified).
      z3::expr_vector formulas(ctx);
      for (Move m : probe) formulas.push_back(is_submission(attacks, concrete_choice(board, c, m)));
      const z3::expr_vector simple = test::simplified(formulas);
      for (std::size_t i = 0; i < probe.size(); ++i) {
        const Move m = probe[i];
        const z3::expr f = simple[static_cast<int>(i)];
        ASSERT_TRUE(f.is_true() || f.is_false()) << f;
        const bool want = std::find(listed.begin(), listed.end(), m) != listed.end();
        EXPECT_EQ(f.is_true(), want) << to_sim_fen(s) << ' ' << (c == kWhite ? "white " : "black ")
                                     << square_name(m.from()) << square_name(m.to());
        ++checked;
        held += want;
      }
    }
  }
  EXPECT_GT(held, 500);
  std::printf("checked %d moves (%d submissions)\n", checked, held);
}

/// The symbolic choice the scenarios use: on a concrete board, the models of "exactly one
/// candidate, and it is a submission" are the engine's submissions, one by one (found by a
/// solver, each blocked in turn); and with a pair fixed, the model's layers are the resolver's.
TEST(SolverMoveNeutralStep, SymbolicChoiceModelsAreTheSubmissionsAndTheirSteps) {
  const VariantPtr& v = neutral();
  z3::context ctx;
  const BoardEncoding symbolic(ctx, v);
  const AttackEncoding geometry(symbolic);
  const auto plain = [](Move m) {
    return m.kind() == MoveKind::kDoubleStep ? Move(m.from(), m.to()) : m;
  };
  std::mt19937 rng(17);
  int models = 0;
  const std::vector<SimState> states = sample_states(0, 1, 1);
  for (const SimState& s : {states.at(0), states.at(1)}) {  // start, kiwipete
    const BoardEncoding board = BoardEncoding::of_position(symbolic, s.pos);
    const AttackEncoding attacks(board);
    MoveChoice choice[2] = {symbolic_choice(geometry, kWhite, "w_"),
                            symbolic_choice(geometry, kBlack, "b_")};
    for (Color c : {kWhite, kBlack}) {
      z3::solver solver = make_solver(ctx, SolverLimits{0, 0, 500'000'000});
      solver.add(exactly_one(choice[c]) && is_submission(attacks, choice[c]));
      std::vector<Move> found;
      while (solver.check() == z3::sat) {
        const z3::model m = solver.get_model();
        for (const CandidateMove& cm : choice[c].candidates)
          if (m.eval(cm.chosen, true).is_true()) {
            found.push_back(cm.move);
            solver.add(!cm.chosen);
          }
        ASSERT_LE(found.size(), 200U);
      }
      std::vector<Move> want;
      for (Move m : submissions(s, c)) want.push_back(plain(m));
      const auto by_value = [](Move a, Move b) {
        return a.from() * 64 + a.to() < b.from() * 64 + b.to() ||
               (a.from() == b.from() && a.to() == b.to() && a.arg() < b.arg());
      };
      std::sort(found.begin(), found.end(), by_value);
      std::sort(want.begin(), want.end(), by_value);
      EXPECT_EQ(found, want) << to_sim_fen(s);
      models += static_cast<int>(found.size());
    }
    // A few pairs fixed through the selectors: the joint step over the symbolic choices.
    const MoveNeutralStep step(attacks, choice[kWhite], choice[kBlack]);
    const MoveList w = submissions(s, kWhite), b = submissions(s, kBlack);
    for (int i = 0; i < 4; ++i) {
      const Move mw = w[static_cast<int>(rng() % w.size())],
                 mb = b[static_cast<int>(rng() % b.size())];
      z3::solver solver = make_solver(ctx, SolverLimits{0, 0, 500'000'000});
      for (Color c : {kWhite, kBlack})
        for (const CandidateMove& cm : choice[c].candidates)
          solver.add(cm.move == plain(c == kWhite ? mw : mb) ? cm.chosen : !cm.chosen);
      ASSERT_EQ(solver.check(), z3::sat);
      const z3::model m = solver.get_model();
      const Position after = resolve_move_neutral(s, mw, mb, false, false).after.pos;
      for (Color c : {kWhite, kBlack}) {
        for (Square sq = 0; sq < kSquares; ++sq) {
          const PieceType t = after.piece_on(c, sq);
          EXPECT_EQ(m.eval(step.layer(c).cell(sq), true).get_numeral_int(),
                    t == kNoPiece ? 0 : board.code(c, t))
              << describe(s, mw, mb) << ' ' << square_name(sq);
        }
        EXPECT_EQ(m.eval(step.in_check(c), true).is_true(), after.king_in_check(c))
            << describe(s, mw, mb);
      }
    }
  }
  EXPECT_GT(models, 60);
}

TEST(SolverMoveNeutralStep, UnencodedKnobAlternativesAreRefused) {
  for (const auto& [knob, alt] :
       {std::pair{"shared-square-sliding", "passable"}, std::pair{"shared-piece-attacks", "inert"},
        std::pair{"castling-path-entered", "void"}}) {
    const VariantPtr& v = test::bundled_variant("move-neutral", {{knob, alt}});
    z3::context ctx;
    const BoardEncoding board(ctx, v);
    const AttackEncoding attacks(board);
    const MoveChoice none[2] = {{kWhite, {}}, {kBlack, {}}};
    EXPECT_THROW(MoveNeutralStep(attacks, none[0], none[1]), std::invalid_argument) << knob;
  }
}

}  // namespace
}  // namespace arbiter::solver
