// What a problem editor reads off a sound problem besides its soundness: legality, the kind
// of key, flights, duals after the defences (counted), tries, distinct and model mates,
// variations, surplus white men, promoted men, material economy, the piece-count class, and
// one score that sums them. The definitions
// are in docs/puzzles.md ("Grades").
#pragma once

#include <string>
#include <vector>

#include "puzzles/stipulation.hpp"
#include "puzzles/verdict.hpp"
#include "rules/core/position.hpp"

namespace arbiter::puzzles {

/// The key's kind, the first that applies in this order. Flights are the defending king's
/// legal moves (castling aside) with the defender to move; before the key, the diagram with
/// the turn handed over.
enum class KeyKind {
  kCheck,         ///< the key gives check
  kCapture,       ///< the key captures
  kFlightTaking,  ///< a flight of the diagram is gone after the key
  kFlightGiving,  ///< the king has a flight after the key it had not in the diagram
  kQuiet,         ///< none of those
  kNone,          ///< no key graded (h#n, or not sound)
};
std::string to_string(KeyKind k);  ///< "check", "capture", "flight-taking", ...

/// miniature: 7 men or fewer; meredith: 8 to 12; other: 13 or more.
std::string men_class(int men);

struct Grade {
  bool legal = true;
  std::string illegal;  ///< legality_text of the failures ("" when legal)
  KeyKind key_kind = KeyKind::kNone;
  int flights = 0;            ///< the defending king's flights in the diagram
  int flights_after_key = 0;  ///< and after the key
  int threats = 0;            ///< attacker moves that win after the key and a pass
  int defences = 0;           ///< defences after the key
  int duals = 0;              ///< defences answered by more than one continuation
  int dual_moves = 0;         ///< continuations beyond the first, summed over those defences
  int tries = 0;              ///< first moves refuted by exactly one defence
  /// Whether the final positions were enumerated (#n, h#n; #3 and longer through
  /// puzzles/mate_tree.hpp); for s#n the two counts below are not known (0) and are printed as
  /// not counted.
  bool mates_counted = false;
  int distinct_mates = 0;            ///< distinct mating moves (SAN) of the solution (#n, h#n)
  int model_mates = 0;               ///< distinct final positions that are model mates (#n, h#n)
  std::vector<std::string> surplus;  ///< white men ("Nc3") whose removal keeps the problem
  int men = 0;
  /// Answers to the defences other than the threat, counted once each (#n, s#n, r#n: the first
  /// continuations of Verdict's variations not among the key's threats; 0 for line play).
  int variations = 0;
  int promoted = 0;  ///< men beyond the original army, both sides (puzzles/material.hpp)
  int force = 0;     ///< the mating side's force in points (puzzles/material.hpp)
  int score = 0;     ///< the sum docs/puzzles.md defines; 0 to kMaxGradeScore

  bool dual_free() const { return duals == 0; }
  /// The task the force is weighed against: the distinct mates where they are counted, else
  /// the variations and the threat; at least 1.
  int task() const;
  /// Material economy, 0 to 2: 2 when force <= 4 x task, 1 when force <= 8 x task.
  int economy_points() const;
  /// Variety of defences, 0 to 2: 2 for three variations or more, 1 for two.
  int variety_points() const;
};

/// The highest score grade_score gives.
inline constexpr int kMaxGradeScore = 18;

struct GradeOptions {
  bool surplus = true;  ///< look for surplus men (a keys-only solve per white man)
};

/// Whether a grade counts the distinct and model mates of this kind of stipulation: #n and
/// h#n, not s#n (Grade::mates_counted).
bool counts_mates(StipulationKind kind);

/// The variations of a key (Grade::variations): the first continuations after its defences
/// that are not among its threats, each counted once.
int count_variations(const KeyMove& key);

/// The kind of the key written `key` (SAN) of `pos`.
KeyKind key_kind(const Position& pos, const std::string& key);

/// The score of docs/puzzles.md from the other fields of `g`; the no-surplus points only when
/// `surplus_checked`.
int grade_score(const Grade& g, bool surplus_checked);

/// Grades `pos` for `stip` given its verdict solved with details. Legality is always checked;
/// the rest needs a sound verdict (a cooked or unsolved problem gets only legality and men).
Grade grade_problem(const Position& pos, const Verdict& v, const GradeOptions& o = {});

/// The final position `mated` (its side to move checkmated) is a model mate: pure (every
/// square of the king's field, the king's square with it, is made unavailable once only:
/// guarded by exactly one mating man, or blocked by a mated man that no mating man guards)
/// and economical (every mating man but the king and pawns takes part: without it, it is no
/// mate). Attacks are counted with the mated king off the board (a check's line goes on).
bool is_model_mate(const Position& mated);

/// The white men whose removal leaves the problem sound with the same key and no shorter
/// solution ("Nc3", in board order). White: the attacker of #n and s#n, the mating side of
/// h#n and h#n.5.
std::vector<std::string> surplus_men(const Position& pos, const Stipulation& stip,
                                     const Verdict& v);

}  // namespace arbiter::puzzles
