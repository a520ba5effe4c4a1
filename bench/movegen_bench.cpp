// Google Benchmark programs for the engine's hot paths: legal move generation, make/unmake,
// and bulk-counted perft, on the orthodox table's standard positions.
#include <benchmark/benchmark.h>

#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/perft.hpp"

namespace {

using namespace arbiter;

const char* const kPositions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
};

const VariantPtr& orthodox() {
  static const VariantPtr v = load_variant("orthodox");
  return v;
}

void BM_GenerateLegal(benchmark::State& state) {
  const Position pos = parse_fen(orthodox(), kPositions[state.range(0)]);
  std::int64_t moves = 0;
  for (auto _ : state) {
    MoveList list;
    generate_legal(pos, list);
    benchmark::DoNotOptimize(list.size());
    moves += list.size();
  }
  state.SetItemsProcessed(moves);
}
BENCHMARK(BM_GenerateLegal)->DenseRange(0, 2);

void BM_MakeUnmake(benchmark::State& state) {
  Position pos = parse_fen(orthodox(), kPositions[state.range(0)]);
  MoveList list;
  generate_legal(pos, list);
  std::int64_t made = 0;
  for (auto _ : state) {
    Undo undo;
    for (Move m : list) {
      pos.make(m, undo);
      pos.unmake(m, undo);
    }
    benchmark::DoNotOptimize(pos.key());
    made += list.size();
  }
  state.SetItemsProcessed(made);
}
BENCHMARK(BM_MakeUnmake)->DenseRange(0, 2);

void BM_PerftBulk(benchmark::State& state) {
  Position pos = parse_fen(orthodox(), kPositions[0]);
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += perft(pos, static_cast<int>(state.range(0)));
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PerftBulk)->Arg(4)->Arg(5)->Unit(benchmark::kMillisecond);

void BM_PerftFull(benchmark::State& state) {
  Position pos = parse_fen(orthodox(), kPositions[0]);
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += perft_full(pos, static_cast<int>(state.range(0)));
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PerftFull)->Arg(4)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
