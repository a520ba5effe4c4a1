// A named query of the scenario catalog ("orthodox/double-check"): a Z3 formula over the
// symbolic board and the engine's own judgement of a concrete position. The formula is either
// the property itself (exact: an engine "no" is a disagreement, reported with both views) or a
// necessary condition or proposal filter that the engine's refutations refine (CEGIS).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "solver/attack_encoding.hpp"

namespace arbiter::solver {

/// What a witness shows: the position, the moves that show it (may be none) and in words.
/// Variants with their own protocol (Conditional, Diplomacy, Move-Neutral) also give the FEN in
/// their own format, the moves as text and what the engine's resolver or turn machine did.
struct Witness {
  Witness(Position p, std::vector<Move> m, std::string w)
      : position(std::move(p)), moves(std::move(m)), what(std::move(w)) {}

  Position position;
  std::vector<Move> moves;
  std::string what;
  std::string fen;                 ///< the variant's own FEN; empty: to_fen(position)
  std::string moves_text;          ///< empty: the SAN of `moves` on `position`
  std::vector<std::string> trace;  ///< the engine's account, line by line (may be empty)
};

/// The engine's reading of a proposed position.
struct EngineVerdict {
  bool holds = false;
  std::optional<Witness> witness;  ///< when it holds
  std::string why_not;             ///< when it does not
  Move refutation{};               ///< a legal move that refutes "no legal move" scenarios, if any
};

struct ScenarioContext {
  const BoardEncoding& board;
  const AttackEncoding& attacks;
  Color side;  ///< the side to move
};

enum class FormulaKind {
  kExact,      ///< the formula is the property
  kNecessary,  ///< every witness satisfies it: unsat still proves there is none
  kFilter,     ///< a proposal filter: unsat only says none of this shape was found
};

struct Scenario {
  std::string name;     ///< "<variant>/<scenario>"
  std::string variant;  ///< the table's name
  std::string description;
  FormulaKind kind = FormulaKind::kExact;
  std::function<z3::expr(const ScenarioContext&)> formula;
  std::function<EngineVerdict(const Position&)> engine;
  /// A lemma learnt from an engine refutation (CEGIS); the search always blocks the board too.
  std::function<z3::expr(const ScenarioContext&, const Position&, const EngineVerdict&)> refine;
};

}  // namespace arbiter::solver
