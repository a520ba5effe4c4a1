// A big PGN file made up (seeded random legal games, TWIC-style: tag pairs, comments, NAGs,
// nested variations, results) and the speed of reading it back one game at a time, as
// `arbiter replay FILE` does. Run:
//   build/bench/arbiter_pgn_bench [GAMES [FILE]]   (default 4346 games, /tmp/arbiter_bench.pgn)
//   time build/arbiter replay /tmp/arbiter_bench.pgn > /dev/null
// It prints the file's size and the in-process rate (games/s, plies/s); the second line is the
// rate of the whole command (docs/replay.md, "Speed").
#include <fmt/format.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "rules/core/fen.hpp"
#include "rules/core/game_record.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "rules/core/record_tokens.hpp"
#include "rules/core/splitmix.hpp"

namespace {

using namespace arbiter;

struct Rng {
  std::uint64_t state;
  std::uint64_t next() { return splitmix64(state++ * 0x2545F4914F6CDD1DULL); }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

/// One game: random legal moves (captures twice as likely, like real games trade pieces) for
/// 40 to 160 plies or until it ends, written as TWIC writes games.
std::string random_game(const VariantPtr& v, int number, Rng& rng) {
  Position pos = parse_fen(v, v->table().setup_fen);
  std::ostringstream moves;
  const int length = 40 + rng.below(121);
  std::string result = "1/2-1/2";
  int column = 0;
  const auto word = [&](const std::string& w) {
    if (column + static_cast<int>(w.size()) + 1 > 79) {
      moves << '\n';
      column = 0;
    } else if (column > 0) {
      moves << ' ';
      ++column;
    }
    moves << w;
    column += static_cast<int>(w.size());
  };
  int played = 0;
  for (;; ++played) {
    MoveList legal;
    generate_legal(pos, legal);
    if (legal.empty()) {
      result = pos.in_check() ? (pos.side_to_move() == kWhite ? "0-1" : "1-0") : "1/2-1/2";
      break;
    }
    if (played == length) break;
    std::vector<Move> weighted(legal.begin(), legal.end());
    for (Move m : legal)
      if (pos.piece_on(~pos.side_to_move(), m.to()) != kNoPiece) weighted.push_back(m);
    const Move m = weighted[static_cast<std::size_t>(rng.below(static_cast<int>(weighted.size())))];
    if (pos.side_to_move() == kWhite) word(fmt::format("{}.", pos.fullmove_number()));
    word(to_san(pos, m));
    if (rng.below(40) == 0) word(fmt::format("${}", 1 + rng.below(6)));
    if (rng.below(60) == 0) word("{[%clk 0:01:00] a comment}");
    if (rng.below(80) == 0 && legal.size() > 1) {
      // A variation: another move here, with a nested one inside.
      const Move other = legal[rng.below(legal.size())];
      word(fmt::format("({}{} {} (1... {}))",
                       pos.side_to_move() == kWhite ? fmt::format("{}. ", pos.fullmove_number())
                                                    : fmt::format("{}... ", pos.fullmove_number()),
                       to_san(pos, other), "{an alternative}", to_san(pos, other)));
    }
    Undo undo;
    pos.make(m, undo);
  }
  word(result);
  return fmt::format(
      "[Event \"Random games\"]\n[Site \"arbiter_pgn_bench\"]\n[Date \"2026.11.27\"]\n"
      "[Round \"{}\"]\n[White \"Player {}\"]\n[Black \"Player {}\"]\n[Result \"{}\"]\n"
      "[ECO \"A00\"]\n[PlyCount \"{}\"]\n\n{}\n\n",
      number, 2 * number - 1, 2 * number, result, played, moves.str());
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 4346;
  const std::string path = argc > 2 ? argv[2] : "/tmp/arbiter_bench.pgn";
  const VariantPtr v = load_variant("orthodox");
  Rng rng{20261127};
  std::string text;
  for (int g = 1; g <= games; ++g) text += random_game(v, g, rng);
  std::ofstream(path, std::ios::binary) << text;

  const auto start = std::chrono::steady_clock::now();
  RecordGames reader(text);
  std::vector<RecordToken> game;
  long long read = 0, plies = 0, rejected = 0;
  while (reader.next(game)) {
    const ReplayResult r = replay_record(v, std::move(game), {});
    ++read;
    plies += r.plies;
    rejected += r.valid() ? 0 : 1;
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << fmt::format("{}: {} games, {:.1f} MB\n", path, games,
                           static_cast<double>(text.size()) / 1e6);
  std::cout << fmt::format(
      "replayed {} games ({} plies, {} rejected) in {:.3f} s: {:.0f} games/s, {:.0f} plies/s\n",
      read, plies, rejected, secs, static_cast<double>(read) / secs,
      static_cast<double>(plies) / secs);
  std::cout << fmt::format("the whole command: time build/arbiter replay {} > /dev/null\n", path);
  return rejected == 0 && read == games ? 0 : 1;
}
