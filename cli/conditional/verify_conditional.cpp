#include "cli/conditional/verify_conditional.hpp"

#include <fmt/format.h>

#include <optional>

#include "cli/registry/cli_modules.hpp"
#include "rules/conditional/conditional_perft.hpp"
#include "rules/core/fen.hpp"

namespace arbiter::cli {
namespace {

/// A conditional move as written, and its canonical print.
struct NotationSample {
  const char* text;
  const char* canonical;
  bool with_marks = false;
};

// The examples of the rule text (conditional-chess.txt, "Conditional Moves"), with its two '!'
// equivalences, and a record's executed-branch marks.
constexpr NotationSample kSamples[] = {
    {"d2?Nh4/e6", "d2?Nh4/e6"},
    {"Nh5?gxh5/g5", "Nh5?gxh5/g5"},
    {"Pb4?Na2/Ncd3", "Pb4?Na2/Ncd3"},
    {"Bg5?Bxg5/a3", "Bg5?Bxg5/a3"},
    {"Eg7?Qxg7/Rd1", "Eg7?Qxg7/Rd1"},
    {"a8?Ra7/Kh1", "a8?Ra7/Kh1"},
    {"!Qe2", "!Qe2"},
    {"h5?Qe2/Qe2", "!Qe2"},
    {"Ea1?Ra1/Rxa1", "!Ra1"},
    {" d2 ? Nh4 / e6 ", "d2?Nh4/e6"},
    {"d2?*Nh4*/e6", "d2?*Nh4*/e6", true},
    {"d2?Nh4/*e6*", "d2?Nh4/*e6*", true},
    {"!*Qe2*", "!*Qe2*", true},
};

}  // namespace

void check_conditional_perft(const VariantPtr& vp, unsigned long long max_nodes,
                             TableVerdict& verdict) {
  for (const PerftCheck& c : vp->table().perft_checks) {
    std::optional<ConditionalState> s;
    try {
      s = parse_conditional_fen(vp, c.fen);
    } catch (const FenError& e) {
      verdict.failures.push_back(
          fmt::format("{}: perft '{}': bad conditional FEN: {}", c.where.str(), c.name, e.what()));
      continue;
    }
    int depths = 0;
    std::uint64_t nodes_total = 0;
    for (std::size_t d = 1; d <= c.nodes.size() && c.nodes[d - 1] <= max_nodes; ++d) {
      const std::uint64_t got = conditional_perft(*s, static_cast<int>(d));
      nodes_total += got;
      ++depths;
      if (got != c.nodes[d - 1]) {
        verdict.failures.push_back(
            fmt::format("{}: conditional perft '{}' depth {}: {} nodes, the "
                        "table records {}",
                        c.where.str(), c.name, d, got, c.nodes[d - 1]));
        break;
      }
    }
    verdict.checks.push_back(fmt::format("conditional perft {} (phase {}): depths 1-{} ({} nodes)",
                                         c.name, phase_letter(s->phase), depths, nodes_total));
  }
}

void check_conditional_notation(const VariantPtr& vp, TableVerdict& verdict) {
  int fens = 0;
  const ConditionalState setup = parse_conditional_fen(vp, vp->table().setup_fen);
  const std::string setup_printed = to_conditional_fen(setup);
  if (to_conditional_fen(parse_conditional_fen(vp, setup_printed)) != setup_printed)
    verdict.failures.push_back(
        fmt::format("conditional FEN round trip of the setup changed "
                    "'{}'",
                    setup_printed));
  ++fens;
  for (const PerftCheck& c : vp->table().perft_checks) {
    try {
      const std::string printed = to_conditional_fen(parse_conditional_fen(vp, c.fen));
      if (printed != c.fen)
        verdict.failures.push_back(
            fmt::format("{}: conditional FEN round trip of '{}': '{}' "
                        "prints as '{}'",
                        c.where.str(), c.name, c.fen, printed));
      ++fens;
    } catch (const FenError&) {
      // Reported by check_conditional_perft.
    }
  }
  int moves = 0;
  for (const NotationSample& sample : kSamples) {
    try {
      const std::string printed =
          to_string(*vp, parse_conditional(*vp, sample.text), sample.with_marks);
      const std::string again = to_string(*vp, parse_conditional(*vp, printed), sample.with_marks);
      if (printed != sample.canonical || again != printed)
        verdict.failures.push_back(
            fmt::format("conditional move '{}' prints as '{}' and then "
                        "'{}', expected '{}'",
                        sample.text, printed, again, sample.canonical));
      ++moves;
    } catch (const std::exception& e) {
      verdict.failures.push_back(
          fmt::format("conditional move '{}' does not read: {}", sample.text, e.what()));
    }
  }
  verdict.checks.push_back(fmt::format(
      "conditional notation: {} extended FENs and {} conditional moves round-trip", fens, moves));
}

void conditional_self_checks(const std::string&, const VariantPtr& v, const VerifyOptions& o,
                             TableVerdict& verdict) {
  check_conditional_perft(v, o.max_nodes, verdict);
  check_conditional_notation(v, verdict);
  // The board part of its extended FENs.
  check_notation(v, verdict, [](const VariantPtr& t, const std::string& fen) {
    return parse_conditional_fen(t, fen).pos;
  });
}

}  // namespace arbiter::cli
