// Diplomacy Chess resolver speed: every pair of submissions from a position, resolved.
// Run: build/bench/arbiter_diplomacy_bench (items/s = resolved move pairs per second).
#include <benchmark/benchmark.h>

#include <vector>

#include "rules/core/load_variant.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "rules/simultaneous/diplomacy/diplomacy.hpp"

namespace {

using namespace arbiter;

struct Pairs {
  SimState state;
  std::vector<Move> white, black;
};

Pairs pairs_from(const char* fen) {
  const VariantPtr v = load_variant("diplomacy");
  Pairs p{parse_sim_fen(v, fen), {}, {}};
  MoveList w, b;
  diplomacy_submissions(p.state, kWhite, w);
  diplomacy_submissions(p.state, kBlack, b);
  p.white.assign(w.begin(), w.end());
  p.black.assign(b.begin(), b.end());
  return p;
}

void run(benchmark::State& st, const char* fen, bool traced) {
  const Pairs p = pairs_from(fen);
  const DiplomacyKnobs knobs = p.state.pos.variant().knobs().diplomacy;
  const ResolveOptions options{traced, false, &knobs};
  for (auto _ : st) {
    for (Move w : p.white)
      for (Move b : p.black) benchmark::DoNotOptimize(resolve_diplomacy(p.state, w, b, options));
  }
  st.SetItemsProcessed(st.iterations() *
                       static_cast<std::int64_t>(p.white.size() * p.black.size()));
}

void BM_ResolveStart(benchmark::State& st) {
  run(st, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false);
}
void BM_ResolveStartTraced(benchmark::State& st) {
  run(st, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true);
}
void BM_ResolveMiddlegame(benchmark::State& st) {
  run(st, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false);
}

BENCHMARK(BM_ResolveStart);
BENCHMARK(BM_ResolveStartTraced);
BENCHMARK(BM_ResolveMiddlegame);

}  // namespace

BENCHMARK_MAIN();
