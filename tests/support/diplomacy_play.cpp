#include "tests/support/diplomacy_play.hpp"

#include <string>

#include "rules/core/fen.hpp"
#include "rules/core/notation.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter::test {
namespace {

// Start positions: the setup, open middlegames, en-passant rights on both sides, promotions
// and castling.
const std::vector<std::string>& start_fens() {
  static const std::vector<std::string> fens = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "4k3/2p3b1/R2n4/8/b7/3P1Q2/R7/7K w - - 0 1",
      "4k3/8/8/3pP3/4Pp2/8/8/4K3 w - e3d6 0 1",
      "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
  };
  return fens;
}

/// Whether a resolved state's FEN reads back as the same state (a bug once refused some:
/// DiplomacyRegression.EnPassantRightWhoseOriginWasEnteredRoundTrips).
bool fen_round_trips(const SimState& s) {
  try {
    return parse_sim_fen(diplomacy(), to_sim_fen(s)) == s;
  } catch (const FenError&) {
    return false;
  }
}

}  // namespace

std::vector<Move> submissions(const SimState& s, Color c) {
  MoveList list;
  diplomacy_submissions(s, c, list);
  return {list.begin(), list.end()};
}

Scenario random_scenario() {
  const auto start = *rc::gen::inRange<std::size_t>(0, start_fens().size());
  const auto choices = *rc::gen::resize(
      40, rc::gen::container<std::vector<std::uint16_t>>(rc::gen::arbitrary<std::uint16_t>()));
  const auto pick =
      *rc::gen::pair(rc::gen::arbitrary<std::uint16_t>(), rc::gen::arbitrary<std::uint16_t>());
  SimState s = parse_sim_fen(diplomacy(), start_fens()[start]);
  ResolveOptions fast;
  fast.trace = false;
  fast.validate = false;
  // Each turn a random pair; a turn that would end the game is not played.
  for (std::size_t i = 0; i + 1 < choices.size(); i += 2) {
    const std::vector<Move> w = submissions(s, kWhite), b = submissions(s, kBlack);
    if (w.empty() || b.empty()) break;
    SimState next =
        resolve_diplomacy(s, w[choices[i] % w.size()], b[choices[i + 1] % b.size()], fast).after;
    if (diplomacy_status(next).over) break;
    // Every state random play goes on from must round-trip: a failure here is a finding (the
    // property fails with the position logged), not a line to stop.
    RC_ASSERT(fen_round_trips(next));
    s = std::move(next);
  }
  const std::vector<Move> w = submissions(s, kWhite), b = submissions(s, kBlack);
  RC_PRE(!w.empty() && !b.empty());
  Scenario out{s, {w[pick.first % w.size()], b[pick.second % b.size()]}};
  RC_LOG() << "position: " << to_sim_fen(s)
           << "\nwhite: " << to_uci(view_for(s, kWhite), out.moves[kWhite])
           << "\nblack: " << to_uci(view_for(s, kBlack), out.moves[kBlack]) << "\n";
  return out;
}

}  // namespace arbiter::test
