#include "solver/core/witness_search.hpp"

#include <fmt/format.h>

#include <chrono>

#include "rules/core/fen.hpp"
#include "solver/core/witness_minimize.hpp"
#include "solver/core/z3_setup.hpp"

namespace arbiter::solver {

namespace {

using Clock = std::chrono::steady_clock;

/// The engine reads the proposed position back from its FEN (so FEN validation is part of the
/// replay) and judges the scenario on it.
EngineVerdict replay(const Scenario& scenario, const VariantPtr& variant, const Position& pos,
                     bool& unreadable, std::string& fen_error) {
  const std::string fen = to_fen(pos);
  try {
    unreadable = false;
    return scenario.engine(parse_fen(variant, fen));
  } catch (const FenError& e) {
    unreadable = true;
    fen_error = e.what();
    return {};
  }
}

/// The witness of `verdict` made 1-minimal: men taken off while the engine still confirms the
/// scenario. The scenario's engine judges positions read back from their FEN, as above.
Witness minimal(const Scenario& scenario, const VariantPtr& variant, const Position& pos,
                Witness found) {
  const auto judge = [&](const std::string& fen) -> std::optional<Witness> {
    try {
      EngineVerdict v = scenario.engine(parse_fen(variant, fen));
      if (v.holds && v.witness) return std::move(*v.witness);
    } catch (const std::exception&) {
      // a FEN the engine cannot hold: the man stays
    }
    return std::nullopt;
  };
  const MinimalWitness m = minimize_witness(
      *variant, to_fen(pos), [&](const std::string& fen) { return judge(fen).has_value(); });
  if (m.removed > 0)
    if (std::optional<Witness> w = judge(m.fen)) found = std::move(*w);
  found.men_removed = m.removed;
  found.men = m.men;
  return found;
}

bool same_position(const std::vector<Witness>& found, const Witness& w) {
  for (const Witness& f : found)
    if (f.position == w.position && f.fen == w.fen) return true;
  return false;
}

}  // namespace

SearchResult find_witnesses(const Scenario& scenario, const VariantPtr& variant,
                            const SearchOptions& options) {
  if (scenario.variant != variant->name())
    throw std::invalid_argument(fmt::format("scenario {} is for the table '{}', not '{}'",
                                            scenario.name, scenario.variant, variant->name()));
  z3::context ctx;
  const BoardEncoding board(ctx, variant);
  const AttackEncoding attacks(board);
  const ScenarioContext sc{board, attacks, options.side};
  z3::solver solver = make_solver(ctx, options.limits, scenario.pipeline);
  solver.add(board.validity(BoardLimits{options.max_pieces}));
  solver.add(!attacks.in_check(~options.side));  // the side that just moved is not in check
  solver.add(scenario.formula(sc));

  // CEGIS searches (necessary formulas) look at small boards first: a witness with few pieces
  // is within the bound too, and the engine's refutations are far fewer there. A bound below
  // max_pieces is an assumption, so the lemmas learnt under it stay valid as it grows.
  std::vector<std::pair<int, z3::expr>> bounds;
  if (scenario.kind == FormulaKind::kNecessary) {
    z3::expr_vector occupied(ctx);
    for (Square s = 0; s < kSquares; ++s) occupied.push_back(!board.empty(s));
    for (int k = 4; k < options.max_pieces; k *= 2) {
      const z3::expr lit = ctx.bool_const(fmt::format("at_most_{}_pieces", k).c_str());
      solver.add(z3::implies(lit, z3::atmost(occupied, static_cast<unsigned>(k))));
      bounds.emplace_back(k, lit);
    }
  }
  std::size_t bound = 0;  // bounds[bound] is assumed while bound < bounds.size()

  SearchResult result;
  const Clock::time_point start = Clock::now();
  while (static_cast<int>(result.witnesses.size()) < options.count) {
    if (result.rounds >= options.max_rounds) {
      result.status = fmt::format("unknown (round limit {} reached)", options.max_rounds);
      return result;
    }
    SolverLimits limits = options.limits;
    if (limits.timeout_ms) {
      const auto spent =
          std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
      if (spent >= limits.timeout_ms) {
        result.status = "unknown (timeout)";
        return result;
      }
      limits.timeout_ms -= static_cast<unsigned>(spent);
    }
    configure(solver, limits);
    z3::expr_vector assumptions(ctx);
    if (bound < bounds.size()) assumptions.push_back(bounds[bound].second);
    const z3::check_result r = solver.check(assumptions);
    if (r == z3::unsat && bound < bounds.size()) {
      ++bound;  // nothing more with this few pieces: allow more
      continue;
    }
    if (r != z3::sat) {
      result.status = describe(solver, r);
      if (r == z3::unknown && solver.reason_unknown().find("timeout") != std::string::npos)
        result.status = "unknown (timeout)";
      if (r == z3::unsat && scenario.kind == FormulaKind::kFilter)
        result.status = "unsat (no witness of the shape this scenario's encoding searches)";
      return result;
    }
    ++result.rounds;
    const Position pos = board.extract(solver.get_model(), options.side);
    bool unreadable = false;
    std::string fen_error;
    const EngineVerdict verdict = replay(scenario, variant, pos, unreadable, fen_error);
    if (unreadable)
      throw EngineDisagreement(to_fen(pos), "a valid position", "rejects the FEN: " + fen_error);
    solver.add(!board.equals(pos));
    if (verdict.holds) {
      Witness w =
          options.minimize ? minimal(scenario, variant, pos, *verdict.witness) : *verdict.witness;
      // Two proposals may shrink to one position: it counts once.
      if (!same_position(result.witnesses, w)) result.witnesses.push_back(std::move(w));
    }
    if (options.on_round)
      options.on_round(result.rounds, static_cast<int>(result.witnesses.size()));
    if (verdict.holds) continue;
    if (scenario.kind == FormulaKind::kExact)
      throw EngineDisagreement(to_fen(pos), scenario.description, verdict.why_not);
    if (scenario.refine) solver.add(scenario.refine(sc, pos, verdict));
  }
  result.status = "sat";
  return result;
}

}  // namespace arbiter::solver
