#include "cli/simultaneous/verify_simultaneous.hpp"

#include <fmt/format.h>

#include <optional>
#include <stdexcept>

#include "cli/registry/cli_modules.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "rules/simultaneous/move_neutral/move_neutral.hpp"
#include "rules/simultaneous/sim_perft.hpp"

namespace arbiter::cli {
namespace {

/// The FENs of the setup and the [[perft]] positions that read (a bad one is reported by the
/// perft check, with its file and line).
std::vector<std::string> readable_fens(const VariantPtr& vp) {
  std::vector<std::string> out{vp->table().setup_fen};
  for (const PerftCheck& c : vp->table().perft_checks) {
    try {
      parse_sim_fen(vp, c.fen);
      out.push_back(c.fen);
    } catch (const FenError&) {
    }
  }
  return out;
}

/// Resolves every pair of submissions on `fen` under `v`, traced and validated; the number of
/// pairs.
int resolve_all(const VariantPtr& v, const std::string& fen) {
  const std::unique_ptr<SimRules> rules = sim_rules_for(v);
  const SimState s = parse_sim_fen(v, fen);
  MoveList white, black;
  rules->submissions(s, kWhite, white);
  rules->submissions(s, kBlack, black);
  int pairs = 0;
  for (Move w : white)
    for (Move b : black) {
      if (rules->resolve_traced(s, w, b).fates[kBlack].empty())
        throw std::logic_error("a resolution without two fates on " + fen);
      ++pairs;
    }
  return pairs;
}

}  // namespace

void check_sim_perft(const VariantPtr& vp, unsigned long long max_nodes, TableVerdict& verdict) {
  const std::unique_ptr<SimRules> rules = sim_rules_for(vp);
  const std::string resolver = to_string(vp->table().resolver);
  for (const PerftCheck& c : vp->table().perft_checks) {
    std::optional<SimState> s;
    try {
      s = parse_sim_fen(vp, c.fen);
    } catch (const FenError& e) {
      verdict.failures.push_back(
          fmt::format("{}: perft '{}': bad simultaneous FEN: {}", c.where.str(), c.name, e.what()));
      continue;
    }
    int depths = 0;
    std::uint64_t nodes_total = 0;
    for (std::size_t d = 1; d <= c.nodes.size() && c.nodes[d - 1] <= max_nodes; ++d) {
      const std::uint64_t got = sim_perft(*rules, *s, static_cast<int>(d));
      nodes_total += got;
      ++depths;
      if (got != c.nodes[d - 1]) {
        verdict.failures.push_back(
            fmt::format("{}: {} perft '{}' depth {}: {} pairs, the table records {}", c.where.str(),
                        resolver, c.name, d, got, c.nodes[d - 1]));
        break;
      }
    }
    verdict.checks.push_back(
        fmt::format("{} perft {}: depths 1-{} ({} pairs)", resolver, c.name, depths, nodes_total));
  }
}

void check_sim_fens(const VariantPtr& vp, TableVerdict& verdict) {
  const std::vector<std::string> fens = readable_fens(vp);
  for (const std::string& fen : fens) {
    const SimState s = parse_sim_fen(vp, fen);
    const std::string printed = to_sim_fen(s);
    if (!(parse_sim_fen(vp, printed) == s))
      verdict.failures.push_back(
          fmt::format("simultaneous FEN round trip changed the position: '{}'", fen));
    else if (fen != vp->table().setup_fen && printed != fen)
      verdict.failures.push_back(fmt::format(
          "simultaneous FEN '{}' prints as '{}': record it in that form", fen, printed));
  }
  verdict.checks.push_back(fmt::format("simultaneous FEN: {} positions round-trip", fens.size()));
}

void check_sim_knobs(const std::string& name, const VariantPtr& vp, TableVerdict& verdict) {
  const std::vector<std::string> fens = readable_fens(vp);
  int alternatives = 0;
  long long pairs = 0;
  for (const KnobSpec* spec : knob_specs_for(vp->table())) {
    for (const std::string_view alt : spec->alternatives) {
      try {
        const VariantPtr v =
            load_variant(name, KnobSettings{{std::string(spec->name), std::string(alt)}});
        for (const std::string& fen : fens) pairs += resolve_all(v, fen);
        ++alternatives;
      } catch (const std::exception& e) {
        verdict.failures.push_back(
            fmt::format("knob {}: {}", knob_setting(spec->name, alt), e.what()));
      }
    }
  }
  verdict.checks.push_back(
      fmt::format("{} knobs: {} alternatives compile and resolve {} pairs on {} positions",
                  to_string(vp->table().resolver), alternatives, pairs, fens.size()));
}

void sim_self_checks(const std::string& name, const VariantPtr& v, const VerifyOptions& o,
                     TableVerdict& verdict) {
  check_sim_perft(v, o.max_nodes, verdict);
  check_sim_fens(v, verdict);
  check_sim_knobs(name, v, verdict);
}

}  // namespace arbiter::cli
