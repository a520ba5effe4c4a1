// The stipulations beyond #n, s#n and h#n (=n, h=n, s=n, r#n and the series ser-#n, ser-=n,
// ser-h#n, ser-s#n) against a naive reference written from their definitions (plain recursion,
// no table, no ordering), on random positions of the orthodox and Conversion tables, and
// Popeye's own problems of each kind with the answers Popeye printed for them.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <random>
#include <set>

#include "puzzles/corpus_db.hpp"
#include "puzzles/each_move.hpp"
#include "puzzles/generator.hpp"
#include "puzzles/random_placement.hpp"
#include "puzzles/verdict.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::puzzles {
namespace stipulation_kinds {

bool no_moves(const Position& pos) {
  MoveList m;
  generate_legal(pos, m);
  return m.empty();
}

/// The side to move is mated (Goal::kMate) or stalemated (Goal::kStalemate).
bool ended(const Position& pos, Goal g) {
  return no_moves(pos) && pos.in_check() == (g == Goal::kMate);
}

/// The side to move has a move that mates.
bool mates_at_once(Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  Undo u;
  for (Move m : moves) {
    pos.make(m, u);
    const bool mate = ended(pos, Goal::kMate);
    pos.unmake(m, u);
    if (mate) return true;
  }
  return false;
}

/// Every reply of the defender to move satisfies `good`; false when it has none.
template <typename Good>
bool all_replies(Position& pos, Good good) {
  MoveList replies;
  generate_legal(pos, replies);
  if (replies.empty()) return false;
  Undo u;
  for (Move r : replies) {
    pos.make(r, u);
    const bool ok = good(pos);
    pos.unmake(r, u);
    if (!ok) return false;
  }
  return true;
}

/// After the attacker's move: the attacker wins with n more moves to come (n >= 0).
bool attacker_move_wins(Position& pos, const Stipulation& s, int n);

/// The attacker (to move) wins within n moves.
bool attacker_to_move_wins(Position& pos, const Stipulation& s, int n) {
  if (n <= 0) return false;
  if (s.kind == StipulationKind::kReflexMate && mates_at_once(pos)) return false;
  MoveList moves;
  generate_legal(pos, moves);
  Undo u;
  for (Move m : moves) {
    pos.make(m, u);
    const bool ok = attacker_move_wins(pos, s, n - 1);
    pos.unmake(m, u);
    if (ok) return true;
  }
  return false;
}

bool attacker_move_wins(Position& pos, const Stipulation& s, int n) {
  switch (s.kind) {
    case StipulationKind::kDirectMate:
      if (ended(pos, s.goal)) return true;
      return all_replies(pos, [&](Position& p) { return attacker_to_move_wins(p, s, n); });
    case StipulationKind::kReflexMate:
      if (mates_at_once(pos)) return true;  // the defender must mate
      return n > 0 && all_replies(pos, [&](Position& p) { return attacker_to_move_wins(p, s, n); });
    default:  // s#n, s=n
      return all_replies(
          pos, [&](Position& p) { return ended(p, s.goal) || attacker_to_move_wins(p, s, n); });
  }
}

/// Helpmate lines of exactly n move pairs, the side to move ending mated or stalemated.
int help_lines(Position& pos, int n, Goal g) {
  int lines = 0;
  MoveList first;
  generate_legal(pos, first);
  Undo u1, u2;
  for (Move b : first) {
    pos.make(b, u1);
    MoveList second;
    generate_legal(pos, second);
    for (Move w : second) {
      pos.make(w, u2);
      lines += n == 1 ? (ended(pos, g) ? 1 : 0) : help_lines(pos, n - 1, g);
      pos.unmake(w, u2);
    }
    pos.unmake(b, u1);
  }
  return lines;
}

/// Series lines of exactly n moves of the side to move; ser-h#, ser-s#: one line per mating
/// answer.
int series_lines(Position& pos, const Stipulation& s, int n) {
  int lines = 0;
  MoveList moves;
  generate_legal(pos, moves);
  Undo u;
  for (Move m : moves) {
    pos.make(m, u);
    if (n == 1) {
      if (s.kind == StipulationKind::kSeriesDirect) {
        lines += ended(pos, s.goal) ? 1 : 0;
      } else if (s.kind == StipulationKind::kSeriesSelf) {
        // One line per answer of the other side, each of which must mate.
        MoveList answers;
        generate_legal(pos, answers);
        if (all_replies(pos, [&](Position& p) { return ended(p, Goal::kMate); }))
          lines += answers.size();
      } else {
        MoveList answers;
        generate_legal(pos, answers);
        Undo u2;
        for (Move a : answers) {
          pos.make(a, u2);
          lines += ended(pos, s.goal) ? 1 : 0;
          pos.unmake(a, u2);
        }
      }
    } else if (!pos.in_check()) {
      Position passed = pos;
      passed.set_en_passant(kNoSquare);
      passed.set_side_to_move(~pos.side_to_move());
      lines += series_lines(passed, s, n - 1);
    }
    pos.unmake(m, u);
  }
  return lines;
}

/// The reference's keys (attacker play) or its number of solution lines (help, series; all
/// lengths up to n for the series).
std::set<std::string> reference_keys(Position pos, const Stipulation& s) {
  std::set<std::string> out;
  if (s.kind == StipulationKind::kReflexMate && mates_at_once(pos)) return out;
  after_each_move(pos, [&](const std::string& san) {
    if (attacker_move_wins(pos, s, s.moves - 1)) out.insert(san);
    return true;
  });
  return out;
}

std::size_t reference_lines(Position pos, const Stipulation& s) {
  if (s.kind == StipulationKind::kHelpMate)
    return static_cast<std::size_t>(help_lines(pos, s.moves, s.goal));
  std::size_t lines = 0;
  for (int k = 1; k <= s.moves; ++k) lines += static_cast<std::size_t>(series_lines(pos, s, k));
  return lines;
}

std::set<std::string> keys_of(const Verdict& v) {
  std::set<std::string> out;
  for (const auto& k : v.keys) out.insert(k.move);
  return out;
}

/// Solves `count` random positions for `stip_text` and compares with the reference; returns
/// how many had a solution (so that a test can insist the sample is not trivial).
int compare_with_reference(const VariantPtr& v, const std::string& stip_text, int count,
                           std::uint64_t seed, const PlacementSpec& spec) {
  const Stipulation stip = parse_stipulation(stip_text);
  std::mt19937_64 rng(seed);
  int solved = 0;
  for (int done = 0; done < count;) {
    const std::optional<Position> pos = random_placement(v, rng, spec);
    if (!pos) continue;
    ++done;
    SolveOptions o;
    o.table_log2 = 14;
    o.max_solutions = 1 << 20;
    const Verdict verdict = solve(*pos, stip, o);
    if (is_line_play(stip.kind)) {
      const std::size_t expected = reference_lines(*pos, stip);
      EXPECT_EQ(verdict.solutions.size(), expected) << stip_text << ' ' << to_fen(*pos);
      solved += expected > 0 ? 1 : 0;
    } else {
      const std::set<std::string> expected = reference_keys(*pos, stip);
      EXPECT_EQ(keys_of(verdict), expected) << stip_text << ' ' << to_fen(*pos);
      solved += expected.empty() ? 0 : 1;
    }
  }
  std::printf("[ solved   ] %s %s: %d of %d positions have a solution\n", v->name().c_str(),
              stip_text.c_str(), solved, count);
  return solved;
}

TEST(StipulationKinds, StalematesAndSelfStalematesMatchTheReference) {
  const PlacementSpec spec{4, 2, kWhite};
  EXPECT_GT(compare_with_reference(test::orthodox(), "=1", 800, 21, spec), 3);
  EXPECT_GT(compare_with_reference(test::orthodox(), "=2", 40, 22, spec), 0);
  compare_with_reference(test::orthodox(), "s=1", 300, 23, {3, 3, kWhite});
  compare_with_reference(test::bundled_variant("conversion"), "=1", 300, 24, spec);
}

TEST(StipulationKinds, ReflexmatesMatchTheReference) {
  compare_with_reference(test::orthodox(), "r#1", 400, 31, {3, 3, kWhite});
  compare_with_reference(test::orthodox(), "r#2", 20, 32, {3, 3, kWhite});
  compare_with_reference(test::bundled_variant("conversion"), "r#1", 200, 33, {3, 3, kWhite});
}

TEST(StipulationKinds, HelpStalematesMatchTheReference) {
  EXPECT_GT(compare_with_reference(test::orthodox(), "h=1", 300, 41, {3, 3, kBlack}), 0);
  compare_with_reference(test::orthodox(), "h=2", 15, 42, {3, 2, kBlack});
  compare_with_reference(test::bundled_variant("conversion"), "h=1", 150, 43, {3, 3, kBlack});
}

TEST(StipulationKinds, SeriesMatchTheReferenceShortLinesIncluded) {
  EXPECT_GT(compare_with_reference(test::orthodox(), "ser-#2", 150, 51, {3, 2, kWhite}), 0);
  compare_with_reference(test::orthodox(), "ser-=2", 100, 52, {3, 2, kWhite});
  compare_with_reference(test::orthodox(), "ser-h#2", 100, 53, {2, 3, kBlack});
  compare_with_reference(test::orthodox(), "ser-h=2", 100, 56, {2, 3, kBlack});
  compare_with_reference(test::orthodox(), "ser-s#2", 60, 54, {3, 3, kWhite});
  compare_with_reference(test::bundled_variant("conversion"), "ser-#2", 60, 55, {3, 2, kWhite});
}

/// Generates `count` problems of `stip_text` into a fresh corpus; each must be sound by the
/// reference: one key (=n) or one line (series), none shorter.
void generate_sound(const std::string& stip_text, int count, std::uint64_t seed) {
  const std::string db_path = (std::filesystem::temp_directory_path() /
                               ("arbiter_genkinds_" + std::to_string(::getpid()) + ".sqlite"))
                                  .string();
  std::filesystem::remove(db_path);
  {
    CorpusDb db(db_path);
    GeneratorConfig c;
    c.variant = test::orthodox();
    c.stipulation = parse_stipulation(stip_text);
    c.seed = seed;
    c.count = count;
    EXPECT_EQ(generate(db, c).found, count) << stip_text;
    int checked = 0;
    db.for_each([&](const CorpusProblem& p) {
      const Position pos = parse_fen(c.variant, p.fen);
      if (is_series(c.stipulation.kind)) {
        EXPECT_EQ(reference_lines(pos, c.stipulation), 1U) << p.fen;
        EXPECT_EQ(reference_lines(pos, shorter(c.stipulation)), 0U) << p.fen;
      } else {
        EXPECT_EQ(reference_keys(pos, c.stipulation), std::set<std::string>{p.key}) << p.fen;
        EXPECT_TRUE(reference_keys(pos, shorter(c.stipulation)).empty()) << p.fen;
      }
      ++checked;
    });
    EXPECT_EQ(checked, count) << stip_text;
  }
  std::filesystem::remove(db_path);
}

TEST(StipulationKinds, SelfStalematesAndSeriesSelfmatesThatExistMatchTheReference) {
  // Random placements hold hardly any s=n or ser-s#n: these the generator found (seed 2,
  // every key kind), so that the reference is compared on problems that have a solution.
  const auto check = [](const std::string& fen, const std::string& stip_text) {
    const Position pos = parse_fen(test::orthodox(), fen);
    const Stipulation stip = parse_stipulation(stip_text);
    const Verdict v = solve(pos, stip);
    if (is_line_play(stip.kind)) {
      EXPECT_EQ(v.solutions.size(), reference_lines(pos, stip)) << fen;
      EXPECT_FALSE(v.solutions.empty()) << fen;
    } else {
      EXPECT_EQ(keys_of(v), reference_keys(pos, stip)) << fen;
      EXPECT_FALSE(v.keys.empty()) << fen;
    }
  };
  check("K7/2q5/8/8/k7/4n3/8/4Q3 w - - 0 1", "s=1");
  check("7k/8/p7/8/p3Q3/8/5q2/7K w - - 0 1", "s=1");
  check("8/1BQ3QK/4k3/8/6q1/8/6q1/8 w - - 0 1", "ser-s#2");
  check("8/8/8/7r/3N4/4k3/6qN/4KQ2 w - - 0 1", "ser-s#2");
}

TEST(StipulationKinds, ASearchPastItsTimeLimitStopsAndKeepsWhatItFound) {
  // The start position as a #8: millions of nodes to prove there is no mate.
  SolveOptions o;
  o.max_seconds = 0.2;
  const Verdict v = solve(parse_fen(test::orthodox(),
                                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR "
                                    "w KQkq - 0 1"),
                          parse_stipulation("#8"), o);
  EXPECT_TRUE(v.timed_out);
  EXPECT_LT(v.seconds, 5.0);
  EXPECT_GT(v.nodes, 0U);
  // Without a limit a quick problem is not marked.
  EXPECT_FALSE(solve(parse_fen(test::orthodox(), "k7/8/1K6/8/8/8/8/7R w - - 0 1"),
                     parse_stipulation("#1"), o)
                   .timed_out);
}

TEST(StipulationKinds, TheGeneratorMakesSoundStalematesAndSeriesMates) {
  generate_sound("=2", 1, 5);
  generate_sound("ser-#3", 3, 5);
}

}  // namespace stipulation_kinds
}  // namespace arbiter::puzzles
