// The problem generator (see generator.hpp).
#include "puzzles/generator.hpp"

#include <stdexcept>

#include <chrono>

#include <algorithm>

#include "puzzles/canonical.hpp"
#include "puzzles/legality.hpp"
#include "puzzles/material.hpp"
#include "puzzles/random_placement.hpp"
#include "puzzles/verdict.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/splitmix.hpp"

namespace arbiter::puzzles {
namespace {

constexpr std::uint64_t kCursorBatch = 128;  ///< candidates between progress reports
/// Seconds between cursor saves without a problem found: each save is a commit (an fsync),
/// and the composer's filters drop most sound problems, so a save per batch cost more wall
/// time than the search.
constexpr double kCursorSeconds = 1.0;

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : " / ") + s;
  return out;
}

/// A random legal game from the setup, stopped after 10 to 80 plies with `to_move` to move;
/// nothing when the game ended first.
std::optional<Position> random_play(const VariantPtr& v, std::mt19937_64& rng, Color to_move) {
  Position pos = parse_fen(v, v->table().setup_fen);
  int plies = 10 + static_cast<int>(rng() % 71);
  if ((plies % 2 == 0) != (to_move == pos.side_to_move())) ++plies;
  Undo undo;
  for (int i = 0; i < plies; ++i) {
    MoveList moves;
    generate_legal(pos, moves);
    if (moves.empty()) return std::nullopt;
    pos.make(moves[static_cast<int>(rng() % static_cast<std::uint64_t>(moves.size()))], undo);
  }
  return pos;
}

/// A sound problem's full verdict and grade.
struct Graded {
  Verdict verdict;
  Grade grade;
};

/// The verdict and grade of a sound problem (its key `key`) when it passes the configuration's
/// filters, cheapest first (the key's kind before the full solve, surplus men last); nothing
/// when it fails one.
std::optional<Graded> passes_filters(const Position& pos, const std::string& key,
                                     const GeneratorConfig& c) {
  if (!is_line_play(c.stipulation.kind) &&
      std::find(c.keys.begin(), c.keys.end(), key_kind(pos, key)) == c.keys.end())
    return std::nullopt;
  Graded out{solve(pos, c.stipulation), {}};
  GradeOptions no_surplus;
  no_surplus.surplus = false;
  out.grade = grade_problem(pos, out.verdict, no_surplus);
  if (c.dual_free && !out.grade.dual_free()) return std::nullopt;
  out.grade.surplus = surplus_men(pos, c.stipulation, out.verdict);
  if (!c.allow_surplus && !out.grade.surplus.empty()) return std::nullopt;
  out.grade.score = grade_score(out.grade, true);
  if (out.grade.score < c.min_grade) return std::nullopt;
  return out;
}

}  // namespace

void keep_composer_problems(GeneratorConfig& c) {
  c.keys = {KeyKind::kQuiet, KeyKind::kFlightGiving};
  c.allow_surplus = false;
  c.legal_only = true;
}

std::optional<Position> generator_candidate(const VariantPtr& v, const Stipulation& stip,
                                            std::uint64_t seed, std::uint64_t index,
                                            CandidateSource source) {
  std::mt19937_64 rng(splitmix64(seed ^ splitmix64(index)));
  const bool help = is_line_play(stip.kind);
  // Black starts h#n and ser-h#n (the side to be mated), White the others.
  const Color to_move =
      stip.kind == StipulationKind::kHelpMate || stip.kind == StipulationKind::kSeriesHelp ? kBlack
                                                                                           : kWhite;
  std::optional<Position> pos = source == CandidateSource::kPlay
                                    ? random_play(v, rng, to_move)
                                    : random_placement(v, rng, {help ? 3 : 4, 3, to_move});
  if (pos && pos->in_check()) return std::nullopt;  // problems do not start in check
  return pos;
}

GeneratorStatus generate(CorpusDb& db, const GeneratorConfig& c,
                         const GeneratorProgressFn& progress) {
  const auto t0 = std::chrono::steady_clock::now();
  if (c.source == CandidateSource::kProposer && (!c.propose || c.source_name.empty()))
    throw std::invalid_argument("generate: a proposer source needs a proposer and a name");
  const std::string source = c.source == CandidateSource::kProposer ? c.source_name
                             : c.source == CandidateSource::kPlay   ? "play"
                                                                    : "placement";
  const CursorKey stream{c.variant->name(), c.stipulation.str(), c.seed, c.shard, c.shards, source};
  GeneratorStatus st;
  st.cursor = db.cursor(stream);
  st.found = db.count(stream);
  const auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  SolveOptions keys_only;
  keys_only.details = false;
  // One small table for every candidate, cleared before each solve: a table made per solve
  // costs the kernel a fresh mapping and its page faults, thousands of times per problem.
  TranspositionTable candidate_table(12);
  keys_only.table = &candidate_table;
  double saved_at = 0;
  while (st.found < c.count && (c.max_candidates == 0 || st.candidates < c.max_candidates)) {
    const std::uint64_t index =
        st.cursor * static_cast<std::uint64_t>(c.shards) + static_cast<std::uint64_t>(c.shard);
    ++st.cursor;
    ++st.candidates;
    std::optional<Position> pos =
        c.source == CandidateSource::kProposer
            ? c.propose(c.seed, index)
            : generator_candidate(c.variant, c.stipulation, c.seed, index, c.source);
    if (pos && pos->in_check()) pos.reset();  // problems do not start in check
    if (pos && !c.allow_promoted && promoted_men(*pos) > 0) pos.reset();
    if (pos && c.legal_only && !legality_failures(*pos).empty()) pos.reset();
    bool sound = false;
    Verdict verdict;
    if (pos) {
      candidate_table.clear();
      verdict = solve(*pos, c.stipulation, keys_only);
      sound = verdict.soundness == Soundness::kSound;
      if (sound && c.stipulation.moves > 1) {
        candidate_table.clear();
        sound = solve(*pos, shorter(c.stipulation), keys_only).soundness == Soundness::kNoSolution;
      }
    }
    std::optional<Graded> graded;
    if (sound) {
      ++st.sound;
      graded = passes_filters(*pos, verdict.keys.front().move, c);
      sound = graded.has_value();
    }
    if (sound) {
      const Verdict& full = graded->verdict;  // threats for the record
      CorpusProblem p;
      p.variant = c.variant->name();
      p.stipulation = c.stipulation.str();
      p.fen = to_fen(*pos);
      p.canonical = canonical_problem(*pos, c.stipulation);
      p.key = full.keys.front().move;
      p.threats = join(full.keys.front().threats);
      if (is_line_play(c.stipulation.kind) && !full.solutions.empty())
        p.threats = join(full.solutions.front());  // the solution line: helpmates, series
      p.nodes = full.nodes;
      p.seed = c.seed, p.shard = c.shard, p.shards = c.shards, p.candidate = index;
      p.source = source;
      p.grade = graded->grade;
      if (db.add(p, stream, st.cursor)) ++st.added;
      st.found = db.count(stream);
      st.seconds = elapsed();
      if (progress) progress(st);
      saved_at = st.seconds;
    } else if (st.cursor % kCursorBatch == 0) {
      st.seconds = elapsed();
      if (st.seconds - saved_at >= kCursorSeconds) {
        db.set_cursor(stream, st.cursor);
        saved_at = st.seconds;
      }
      if (progress) progress(st);
    }
  }
  db.set_cursor(stream, st.cursor);
  st.seconds = elapsed();
  return st;
}

}  // namespace arbiter::puzzles
