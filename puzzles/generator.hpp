// The problem generator: candidates from random placement or random play, numbered per seed so that
// shard i of n takes candidates i, i + n, i + 2n, ... (deterministic and disjoint), kept when
// legal, free of promoted men, sound, not solvable in fewer moves and passing the composer's
// filters (key kind, surplus men, duals, grade), stored with their grade in the corpus one
// transaction per problem with the stream's cursor, so that a killed run restarts where it stopped.
// A candidate stream is a function of the seed alone: the same seed and shard give the same
// problems on any machine.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "puzzles/corpus_db.hpp"
#include "puzzles/grading.hpp"
#include "puzzles/stipulation.hpp"
#include "rules/core/position.hpp"

namespace arbiter::puzzles {

/// Where candidates come from: random placement of a few pieces, random legal play from the
/// table's setup (10 to 80 plies, stopped on the right side to move), or a proposer given by
/// the caller (GeneratorConfig::propose; the CLI passes Z3's mating nets,
/// solver/analysis/puzzle_candidates.hpp, so that this library does not depend on the solver).
enum class CandidateSource { kPlacement, kPlay, kProposer };

/// Candidate `index` of `seed` from a caller's proposer: a function of (seed, index) alone.
using CandidateProposer =
    std::function<std::optional<Position>(std::uint64_t seed, std::uint64_t index)>;

struct GeneratorConfig {
  VariantPtr variant;
  Stipulation stipulation;
  std::uint64_t seed = 1;
  int shard = 0, shards = 1;
  std::int64_t count = 10;           ///< stop when the stream holds this many problems
  std::uint64_t max_candidates = 0;  ///< stop after trying this many more (0: no limit)
  /// The key kinds kept (#n, s#n; a helpmate has no key to judge). The library keeps every
  /// kind and surplus men unless told; `puzzle generate` and the report start from
  /// composer_filters().
  std::vector<KeyKind> keys = {KeyKind::kCheck, KeyKind::kCapture, KeyKind::kFlightTaking,
                               KeyKind::kFlightGiving, KeyKind::kQuiet};
  bool legal_only = true;     ///< drop positions that break a retro counting rule
  bool allow_surplus = true;  ///< keep problems with a surplus white man
  /// Keep positions with a promoted man (a side beyond its original army: a second queen,
  /// two bishops on squares of one colour, ...; puzzles/material.hpp). A composer avoids them,
  /// so even the library drops them unless told; dropped before the solve, they cost nothing.
  bool allow_promoted = false;
  bool dual_free = false;  ///< keep only problems without duals after the defences
  int min_grade = 0;       ///< keep only problems whose Grade::score is at least this
  CandidateSource source = CandidateSource::kPlacement;
  CandidateProposer propose;  ///< kProposer's candidates
  std::string source_name;    ///< kProposer's name in the stream key (e.g. "solver")
};

/// What a composer would publish: a quiet or flight-giving key and no surplus white man (with
/// legal_only, the default). `puzzle generate` keeps these unless told otherwise.
void keep_composer_problems(GeneratorConfig& c);

struct GeneratorStatus {
  std::int64_t found = 0;        ///< problems of the stream in the database
  std::int64_t added = 0;        ///< added by this run
  std::uint64_t candidates = 0;  ///< tried by this run
  std::uint64_t sound = 0;       ///< of those, sound and not shorter (before the filters)
  std::uint64_t cursor = 0;      ///< next candidate index of the stream
  double seconds = 0;
};

using GeneratorProgressFn = std::function<void(const GeneratorStatus&)>;

/// Runs the generator until the stream holds `count` problems or the candidate budget is
/// spent. Calls `progress` after every candidate batch and every problem found.
GeneratorStatus generate(CorpusDb& db, const GeneratorConfig& config,
                         const GeneratorProgressFn& progress = {});

/// The candidate position number `index` of a seed (or nothing when that draw is illegal).
std::optional<Position> generator_candidate(const VariantPtr& v, const Stipulation& stip,
                                            std::uint64_t seed, std::uint64_t index,
                                            CandidateSource source = CandidateSource::kPlacement);

}  // namespace arbiter::puzzles
