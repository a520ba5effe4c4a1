// `verify`'s self-checks of the sequential protocol (cli_modules.hpp, CliModule::self_checks):
// the table's perft counts and the notation round trips. They need no solver, so the arbiter
// program's module table holds them (cli/core/solver_program.hpp); verify.cpp runs them.
#include <fmt/format.h>

#include <optional>

#include "cli/core/verify.hpp"
#include "cli/registry/cli_modules.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "rules/core/perft.hpp"

namespace arbiter::cli {
namespace {

/// Perft counts recorded in the table, up to the node budget.
void check_perft(const VariantPtr& vp, unsigned long long max_nodes, TableVerdict& verdict) {
  for (const PerftCheck& c : vp->table().perft_checks) {
    std::optional<Position> pos;
    try {
      pos = parse_fen(vp, c.fen);
    } catch (const FenError& e) {
      verdict.failures.push_back(
          fmt::format("{}: perft '{}': bad FEN: {}", c.where.str(), c.name, e.what()));
      continue;
    }
    int depths = 0;
    std::uint64_t nodes_total = 0;
    for (std::size_t d = 1; d <= c.nodes.size() && c.nodes[d - 1] <= max_nodes; ++d) {
      const std::uint64_t got = perft(*pos, static_cast<int>(d));
      nodes_total += got;
      ++depths;
      if (got != c.nodes[d - 1]) {
        verdict.failures.push_back(
            fmt::format("{}: perft '{}' depth {}: {} nodes, the table "
                        "records {}",
                        c.where.str(), c.name, d, got, c.nodes[d - 1]));
        break;
      }
    }
    verdict.checks.push_back(
        fmt::format("perft {}: depths 1-{} ({} nodes)", c.name, depths, nodes_total));
  }
}

}  // namespace

void check_notation(const VariantPtr& vp, TableVerdict& verdict,
                    Position (*board_of)(const VariantPtr&, const std::string&)) {
  std::vector<std::string> fens{vp->table().setup_fen};
  for (const PerftCheck& c : vp->table().perft_checks) fens.push_back(c.fen);
  int moves_checked = 0;
  for (const std::string& fen : fens) {
    std::optional<Position> board;
    try {
      board = board_of(vp, fen);
    } catch (const FenError&) {
      continue;  // a [[perft]] FEN: reported with its file and line by the perft check
    }
    const Position& pos = *board;
    const std::string printed = to_fen(pos);
    if (!(parse_fen(vp, printed) == pos))
      verdict.failures.push_back(fmt::format("FEN round trip changed the position: {}", fen));
    MoveList moves;
    generate_legal(pos, moves);
    for (Move m : moves) {
      ++moves_checked;
      const std::string san = to_san(pos, m), uci = to_uci(pos, m);
      if (parse_san(pos, san) != m || parse_uci(pos, uci) != m)
        verdict.failures.push_back(
            fmt::format("notation round trip failed for {} / {} in {}", san, uci, fen));
    }
  }
  verdict.checks.push_back(
      fmt::format("notation: {} positions, {} moves round-trip", fens.size(), moves_checked));
}

void sequential_self_checks(const std::string&, const VariantPtr& v, const VerifyOptions& o,
                            TableVerdict& verdict) {
  check_perft(v, o.max_nodes, verdict);
  check_notation(v, verdict,
                 [](const VariantPtr& t, const std::string& fen) { return parse_fen(t, fen); });
}

}  // namespace arbiter::cli
