// The per-piece-coordinate encoding against the 64-cell board (docs/solver.md, Measurements):
// N pieces, each a square (6-bit vector), a type and a colour, with the same query as
// solver_bench.cpp ("White in check, Black not", exactly N pieces, the orthodox table), and
// the time to enumerate 100 distinct positions with blocking clauses in both encodings. Every
// witness is checked with the engine. Run: build/bench/arbiter_solver_coords_bench
#include <benchmark/benchmark.h>

#include <ctime>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "bench/check_query.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "solver/core/attack_encoding.hpp"
#include "solver/core/z3_setup.hpp"

namespace {

using namespace arbiter;
using namespace arbiter::solver;

unsigned bits_for(int values) {
  unsigned bits = 1;
  while ((1 << bits) < values) ++bits;
  return bits;
}

/// One piece of a model: square, colour, type.
struct Placed {
  Square square;
  Color colour;
  PieceType type;
};

/// N pieces as coordinates. Piece 0 is White's royal piece, piece 1 Black's (one per side by
/// construction, every other piece non-royal); squares are distinct; attacks come from the
/// compiled masks and between-tables, a slider's line being clear when no piece stands on a
/// between square (a disjunction over the pieces).
class CoordEncoding {
 public:
  CoordEncoding(z3::context& ctx, const VariantPtr& v, int n) : ctx_(&ctx), v_(v), n_(n) {
    const unsigned tbits = bits_for(v->piece_count());
    for (int i = 0; i < n; ++i) {
      const auto name = [i](const char* what) {
        std::string out = "p";
        out += std::to_string(i);
        out += what;
        return out;
      };
      sq_.push_back(ctx.bv_const(name("_sq").c_str(), 6));
      type_.push_back(ctx.bv_const(name("_type").c_str(), tbits));
      black_.push_back(ctx.bool_const(name("_black").c_str()));
      std::vector<z3::expr> at;
      for (Square s = 0; s < kSquares; ++s) at.push_back(sq_[i] == ctx.bv_val(s, 6));
      at_.push_back(at);
    }
  }

  z3::expr is_type(int i, PieceType t) const {
    return type_[i] == ctx_->bv_val(t, type_[i].get_sort().bv_size());
  }
  z3::expr is_colour(int i, Color c) const { return c == kBlack ? black_[i] : !black_[i]; }

  z3::expr validity() const {
    const Variant& v = *v_;
    z3::context& ctx = *ctx_;
    z3::expr_vector all(ctx), squares(ctx);
    const Position setup = parse_fen(v_, v.table().setup_fen);
    for (int i = 0; i < n_; ++i) {
      squares.push_back(sq_[i]);
      all.push_back(
          z3::ule(type_[i], ctx.bv_val(v.piece_count() - 1, type_[i].get_sort().bv_size())));
      if (i < 2)
        all.push_back(is_type(i, v.royal()) && is_colour(i, i == 0 ? kWhite : kBlack));
      else
        all.push_back(!is_type(i, v.royal()));
      for (Color c : {kWhite, kBlack})
        for (int t = 0; t < v.piece_count(); ++t) {
          const Bitboard forbidden = v.piece(static_cast<PieceType>(t)).forbidden[c];
          if (!forbidden) continue;
          z3::expr_vector off(ctx);
          for (Bitboard b = forbidden; b;) off.push_back(!at_[i][pop_lsb(b)]);
          all.push_back(z3::implies(is_type(i, static_cast<PieceType>(t)) && is_colour(i, c),
                                    z3::mk_and(off)));
        }
    }
    all.push_back(z3::distinct(squares));
    for (Color c : {kWhite, kBlack}) {
      z3::expr_vector side(ctx), pawns(ctx);
      int setup_pawns = 0;
      for (int t = 0; t < v.piece_count(); ++t)
        if (v.piece(static_cast<PieceType>(t)).pawn)
          setup_pawns += popcount(setup.pieces(c, static_cast<PieceType>(t)));
      for (int i = 0; i < n_; ++i) {
        side.push_back(is_colour(i, c));
        for (int t = 0; t < v.piece_count(); ++t)
          if (v.piece(static_cast<PieceType>(t)).pawn)
            pawns.push_back(is_colour(i, c) && is_type(i, static_cast<PieceType>(t)));
      }
      all.push_back(z3::atmost(side, static_cast<unsigned>(popcount(setup.pieces(c)))));
      if (!pawns.empty()) all.push_back(z3::atmost(pawns, static_cast<unsigned>(setup_pawns)));
    }
    return z3::mk_and(all);
  }

  /// The royal piece of `c` (piece 0 or 1) is attacked by a piece of the other colour.
  z3::expr in_check(Color c) {
    const int king = c == kWhite ? 0 : 1;
    const Color by = ~c;
    z3::expr_vector on(*ctx_);
    for (Square s = 0; s < kSquares; ++s) {
      z3::expr_vector attackers(*ctx_);
      for (int a = 0; a < n_; ++a)
        if (a != king) attackers.push_back(is_colour(a, by) && attacks(a, s, by));
      on.push_back(at_[king][s] && z3::mk_or(attackers));
    }
    return z3::mk_or(on);
  }

  std::vector<Placed> extract(const z3::model& m) const {
    std::vector<Placed> out;
    for (int i = 0; i < n_; ++i)
      out.push_back({static_cast<Square>(m.eval(sq_[i], true).get_numeral_uint()),
                     m.eval(black_[i], true).is_true() ? kBlack : kWhite,
                     static_cast<PieceType>(m.eval(type_[i], true).get_numeral_uint())});
    return out;
  }

  /// Not this position, in any order of the pieces: some piece is on none of its (square,
  /// colour, type) triples.
  z3::expr differs_from(const std::vector<Placed>& pos) const {
    z3::expr_vector some(*ctx_);
    for (int i = 0; i < n_; ++i) {
      z3::expr_vector is(*ctx_);
      for (const Placed& p : pos)
        is.push_back(at_[i][p.square] && is_colour(i, p.colour) && is_type(i, p.type));
      some.push_back(!z3::mk_or(is));
    }
    return z3::mk_or(some);
  }

 private:
  /// Piece `a` (of colour `by`) captures onto `s`, the lines read from the masks.
  z3::expr attacks(int a, Square s, Color by) {
    const Variant& v = *v_;
    z3::expr_vector types(*ctx_);
    for (int t = 0; t < v.piece_count(); ++t) {
      const PieceMoves& pm = v.piece(static_cast<PieceType>(t)).moves;
      if (pm.has_riders) throw std::invalid_argument("coords bench: riders not encoded");
      const AttackSources& src = pm.attackers[by][s];
      z3::expr_vector from(*ctx_);
      for (Bitboard b = src.leap; b;) from.push_back(at_[a][pop_lsb(b)]);
      for (Bitboard b = src.rook | src.bishop; b;) {
        const Square f = pop_lsb(b);
        from.push_back(at_[a][f] && clear(f, s));
      }
      if (!from.empty()) types.push_back(is_type(a, static_cast<PieceType>(t)) && z3::mk_or(from));
    }
    return types.empty() ? ctx_->bool_val(false) : z3::mk_or(types);
  }

  /// No piece on a square between `f` and `s`.
  z3::expr clear(Square f, Square s) {
    const auto key = std::make_pair(f, s);
    if (auto it = clear_.find(key); it != clear_.end()) return it->second;
    z3::expr_vector none(*ctx_);
    for (Bitboard b = v_->between(f, s); b;) none.push_back(!occupied(pop_lsb(b)));
    const z3::expr out = none.empty() ? ctx_->bool_val(true) : z3::mk_and(none);
    clear_.emplace(key, out);
    return out;
  }

  z3::expr occupied(Square s) {
    if (auto it = occupied_.find(s); it != occupied_.end()) return it->second;
    z3::expr_vector any(*ctx_);
    for (int i = 0; i < n_; ++i) any.push_back(at_[i][s]);
    const z3::expr out = z3::mk_or(any);
    occupied_.emplace(s, out);
    return out;
  }

  z3::context* ctx_;
  VariantPtr v_;
  int n_;
  std::vector<z3::expr> sq_, type_, black_;
  std::vector<std::vector<z3::expr>> at_;  ///< [piece][square]: sq == square
  std::map<std::pair<Square, Square>, z3::expr> clear_;
  std::map<Square, z3::expr> occupied_;
};

/// The engine's view of a witness: N pieces, White in check, Black not.
bool engine_agrees(const Position& pos, int n) {
  return popcount(pos.occupied()) == n && pos.king_in_check(kWhite) && !pos.king_in_check(kBlack);
}

Position to_position(const VariantPtr& v, const std::vector<Placed>& placed) {
  Position pos(v);
  for (const Placed& p : placed) pos.put(p.colour, p.type, p.square);
  return pos;
}

double cpu_seconds() {
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

/// Process CPU time spent building the formulas (before the first check), per iteration.
void report_build(benchmark::State& state, double build_s) {
  state.counters["build_cpu_s"] = benchmark::Counter(build_s, benchmark::Counter::kAvgIterations);
}

/// The coordinate encoding's query and how it reads and blocks a witness.
struct CoordsQuery {
  CoordsQuery(z3::context& ctx, const VariantPtr& v, int n, z3::solver& s) : enc(ctx, v, n) {
    s.add(enc.validity());
    s.add(enc.in_check(kWhite) && !enc.in_check(kBlack));
  }
  /// The model's position and the clause that excludes it.
  std::pair<Position, z3::expr> witness(const VariantPtr& v, const z3::model& m) const {
    const std::vector<Placed> placed = enc.extract(m);
    return {to_position(v, placed), enc.differs_from(placed)};
  }
  CoordEncoding enc;
};

/// The same on the 64-cell board (solver_bench.cpp's query), blocking with !equals(pos).
struct BoardQuery {
  BoardQuery(z3::context& ctx, const VariantPtr& v, int n, z3::solver& s)
      : board(ctx, v), attacks(board) {
    add_check_query(s, board, attacks, n);
  }
  std::pair<Position, z3::expr> witness(const VariantPtr&, const z3::model& m) const {
    Position pos = board.extract(m, kWhite);
    z3::expr block = !board.equals(pos);
    return {std::move(pos), block};
  }
  BoardEncoding board;
  AttackEncoding attacks;  ///< refers to `board`
};

/// First witness (`enumerate` = 1) or `enumerate` distinct ones, in the encoding of `Query`.
template <class Query>
void enumerate_witnesses(benchmark::State& state, int enumerate) {
  const VariantPtr v = load_variant("orthodox");
  const int n = static_cast<int>(state.range(0));
  double build_s = 0;
  for (auto _ : state) {
    const double t0 = cpu_seconds();
    z3::context ctx;
    z3::solver s = make_solver(ctx, SolverLimits{});
    const Query query(ctx, v, n, s);
    build_s += cpu_seconds() - t0;
    std::set<std::string> seen;
    for (int k = 0; k < enumerate; ++k) {
      if (s.check() != z3::sat) return state.SkipWithError("no witness");
      const auto [pos, block] = query.witness(v, s.get_model());
      if (!engine_agrees(pos, n)) return state.SkipWithError("the engine disagrees");
      seen.insert(to_fen(pos));
      s.add(block);
    }
    if (static_cast<int>(seen.size()) != enumerate) return state.SkipWithError("a repeat");
  }
  report_build(state, build_s);
}

void BM_CoordsFirstWitness(benchmark::State& state) {
  enumerate_witnesses<CoordsQuery>(state, 1);
}
void BM_CoordsEnumerate100(benchmark::State& state) {
  enumerate_witnesses<CoordsQuery>(state, 100);
}
void BM_BoardFirstWitness(benchmark::State& state) {
  enumerate_witnesses<BoardQuery>(state, 1);
}
void BM_BoardEnumerate100(benchmark::State& state) {
  enumerate_witnesses<BoardQuery>(state, 100);
}

BENCHMARK(BM_CoordsFirstWitness)->Arg(4)->Arg(8)->Arg(16)->Arg(32)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BoardFirstWitness)->Arg(4)->Arg(8)->Arg(16)->Arg(32)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CoordsEnumerate100)->Arg(4)->Arg(8)->Arg(16)->Arg(32)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BoardEnumerate100)->Arg(4)->Arg(8)->Arg(16)->Arg(32)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
