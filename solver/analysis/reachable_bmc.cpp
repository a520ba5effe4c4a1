// LineBmc: the symbolic ply of solver/core/ply_step.hpp unrolled from the start position, one
// incremental Z3 solver per knob alternative (the prefix plies' legality asserted once, each
// query's last ply and blocked lines inside a push/pop).
#include "solver/analysis/reachable_bmc.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "solver/analysis/record_module.hpp"
#include "solver/core/cannot_encode.hpp"
#include "solver/core/ply_step.hpp"
#include "solver/core/z3_setup.hpp"

namespace arbiter::solver {
namespace {

/// The moves of a line: the plies' from/to (and promotion) choices, or a castling index last.
struct BmcLineMoves {
  std::vector<Move> moves;
  int k = 0;
};

/// Some cell of `a` differs from the same cell of `b`.
z3::expr bmc_cells_differ(const BoardEncoding& a, const BoardEncoding& b) {
  z3::expr_vector d(a.ctx());
  for (Square s = 0; s < kSquares; ++s) {
    const z3::expr e = (a.cell(s) != b.cell(s)).simplify();
    if (!e.is_false()) d.push_back(e);
  }
  return any_of(a.ctx(), d);
}

/// Some castling right of `a` differs from `b`'s.
z3::expr bmc_rights_differ(const BoardEncoding& a, const BoardEncoding& b) {
  z3::expr_vector d(a.ctx());
  for (Color c : {kWhite, kBlack})
    for (std::size_t i = 0; i < a.rights(c).size(); ++i)
      d.push_back(a.rights(c)[i] != b.rights(c)[i]);
  return any_of(a.ctx(), d);
}

/// How two readings of one ply differ: `strong` (a refusal, the board, check after it) or
/// `weak` (both play it, the board and check agree, the rights do not).
struct BmcDivergence {
  z3::expr strong;
  z3::expr weak;
};

BmcDivergence bmc_divergence(const z3::expr& legal_b, const z3::expr& legal_a,
                             const BoardEncoding& after_b, const BoardEncoding& after_a,
                             const AttackEncoding& attacks_b, const AttackEncoding& attacks_a,
                             Color mover) {
  const z3::expr both = legal_b && legal_a;
  const z3::expr check_differs =
      royal_threatened(attacks_b, ~mover) != royal_threatened(attacks_a, ~mover);
  const z3::expr cells = bmc_cells_differ(after_b, after_a);
  return {legal_b != legal_a || (both && (cells || check_differs)),
          both && !cells && !check_differs && bmc_rights_differ(after_b, after_a)};
}

}  // namespace

struct LineBmc::Impl {
  Impl(VariantPtr b, VariantPtr a, const std::string& fen, unsigned seed)
      : base(std::move(b)),
        alt(std::move(a)),
        start(parse_fen(base, fen)),
        solver(make_solver(ctx, SolverLimits{seed, 0, 0})),
        base_proto(ctx, base, "bmc_base_"),
        alt_proto(ctx, alt, "bmc_alt_"),
        start_board(BoardEncoding::of_position(base_proto, start)),
        start_attacks(start_board) {}

  /// The board before ply i (0-based) of the default line, and its attacks.
  const BoardEncoding& board(int i) const { return i == 0 ? start_board : plies[i - 1]->after(); }
  const AttackEncoding& attacks(int i) const {
    return i == 0 ? start_attacks : plies[i - 1]->after_attacks();
  }
  Color side(int i) const { return (i % 2 == 0) ? start.side_to_move() : ~start.side_to_move(); }

  using Clock = std::chrono::steady_clock;

  /// Builds the default line's plies up to ply i and asserts the legality of those before it;
  /// false when `deadline` passes first (the plies built are kept for the next query: a ply's
  /// formulas cannot be interrupted, so the deadline is checked between plies).
  bool extend_to(int i, Clock::time_point deadline) {
    while (static_cast<int>(plies.size()) <= i) {
      if (Clock::now() > deadline) return false;
      const int n = static_cast<int>(plies.size());
      plies.push_back(std::make_unique<ChosenPly>(attacks(n), side(n), fmt::format("bmc_p{}_", n)));
    }
    for (; asserted < i; ++asserted) solver.add(plies[asserted]->legal());
    return true;
  }

  /// The last ply of a query of k plies: the castling Booleans, and the cases (an ordinary
  /// move, then each castling move) where the readings part strongly and weakly.
  struct Query {
    int k;
    std::vector<z3::expr> castle;
    z3::expr_vector strong, weak;
  };
  /// nullopt when `deadline` passes before the last ply is built.
  std::optional<Query> build_query(int k, Clock::time_point deadline);
  BmcAnswer solve(int k, bool weak, unsigned timeout_ms);
  Move castling_move(Color c, std::size_t i) const {
    const CastlingMove& cm = base->castling(c)[i];
    return Move(cm.king_from, cm.king_to, MoveKind::kCastling, static_cast<int>(i));
  }
  /// "the line is `line`" over the plies of a query of line.k plies (castle: the Booleans).
  z3::expr is_line(const BmcLineMoves& line, const std::vector<z3::expr>& castle) const {
    z3::expr out = ctx.bool_val(true);
    for (int i = 0; i + 1 < line.k; ++i) out = out && plies[i]->is(line.moves[i]);
    const Move final_move = line.moves.back();
    if (final_move.kind() == MoveKind::kCastling) return out && castle[final_move.arg()];
    for (const z3::expr& c : castle) out = out && !c;
    return out && plies[line.k - 1]->is(final_move);
  }

  mutable z3::context ctx;
  VariantPtr base, alt;
  Position start;
  z3::solver solver;
  BoardEncoding base_proto, alt_proto;
  BoardEncoding start_board;
  AttackEncoding start_attacks;
  std::vector<std::unique_ptr<ChosenPly>> plies;  ///< the default line, ply by ply
  int asserted = 0;                               ///< plies whose legality is asserted
  std::vector<BmcLineMoves> blocked;
  std::optional<BmcLineMoves> last;
  std::optional<Query> query;  ///< the last one built
};

std::optional<LineBmc::Impl::Query> LineBmc::Impl::build_query(int k, Clock::time_point deadline) {
  if (!extend_to(k - 1, deadline) || Clock::now() > deadline) return std::nullopt;
  const int i = k - 1;
  const Color mover = side(i);
  // The board before the last ply read under the alternative: the same cells and rights.
  const BoardEncoding& before = board(i);
  const BoardEncoding alt_before(alt_proto, before.cells(), before.rights(kWhite),
                                 before.rights(kBlack));
  const AttackEncoding alt_attacks(alt_before);
  const ChosenPly alt_ply(alt_attacks, mover, *plies[i]);
  const ChosenPly& base_ply = *plies[i];
  Query q{k, {}, z3::expr_vector(ctx), z3::expr_vector(ctx)};
  z3::expr none = ctx.bool_val(true);
  for (std::size_t c = 0; c < base->castling(mover).size(); ++c) {
    q.castle.push_back(ctx.bool_const(fmt::format("bmc_castle{}_{}", k, c).c_str()));
    none = none && !q.castle.back();
  }
  const BmcDivergence ordinary =
      bmc_divergence(base_ply.legal(), alt_ply.legal(), base_ply.after(), alt_ply.after(),
                     base_ply.after_attacks(), alt_ply.after_attacks(), mover);
  q.strong.push_back(none && ordinary.strong);
  q.weak.push_back(none && ordinary.weak);
  for (std::size_t c = 0; c < q.castle.size(); ++c) {
    const PlyStep b(attacks(i), mover, castling_move(mover, c));
    const PlyStep a(alt_attacks, mover, castling_move(mover, c));
    const BmcDivergence d = bmc_divergence(b.legal(), a.legal(), b.after(), a.after(),
                                           b.after_attacks(), a.after_attacks(), mover);
    z3::expr only = q.castle[c];
    for (std::size_t o = 0; o < q.castle.size(); ++o)
      if (o != c) only = only && !q.castle[o];
    q.strong.push_back(only && d.strong);
    q.weak.push_back(only && d.weak);
  }
  return q;
}

BmcAnswer LineBmc::Impl::solve(int k, bool weak, unsigned timeout_ms) {
  const auto t0 = std::chrono::steady_clock::now();
  BmcAnswer out;
  last.reset();
  const Clock::time_point deadline =
      timeout_ms ? t0 + std::chrono::milliseconds(timeout_ms) : Clock::time_point::max();
  if (!query || query->k != k) query = build_query(k, deadline);  // reused: weak query, retries
  if (!query) {
    out.status = "unknown (the time limit passed while building the formulas)";
    out.seconds = out.build_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    return out;
  }
  const int i = k - 1;
  const Color mover = side(i);
  const ChosenPly& base_ply = *plies[i];
  const std::vector<z3::expr>& castle = query->castle;
  solver.push();
  solver.add(any_of(ctx, weak ? query->weak : query->strong));
  for (const BmcLineMoves& line : blocked)
    if (line.k == k) solver.add(!is_line(line, castle));
  // The solver gets what the building left of the limit.
  const auto built_ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0);
  const unsigned left =
      timeout_ms ? static_cast<unsigned>(std::max<long long>(1, timeout_ms - built_ms.count()))
                 : 4294967295U;
  z3::params p(ctx);
  p.set("timeout", left);
  solver.set(p);
  const auto t1 = std::chrono::steady_clock::now();
  out.build_seconds = std::chrono::duration<double>(t1 - t0).count();
  const z3::check_result r = solver.check();
  out.status = describe(solver, r);
  if (r == z3::sat) {
    const z3::model model = solver.get_model();
    BmcLineMoves line;
    line.k = k;
    for (int j = 0; j < i; ++j) line.moves.push_back(plies[j]->extract(model));
    std::optional<Move> last_move;
    for (std::size_t c = 0; c < castle.size(); ++c)
      if (model.eval(castle[c], true).is_true()) last_move = castling_move(mover, c);
    line.moves.push_back(last_move ? *last_move : base_ply.extract(model));
    // The engine plays the line under the default reading; the model's moves are only a
    // proposal (the last one may be a move only the alternative plays).
    Position pos = start;
    for (std::size_t j = 0; j < line.moves.size(); ++j) {
      const Move m = line.moves[j];
      const bool is_last = j + 1 == line.moves.size();
      if (!is_legal(pos, m) && !is_last) {
        out.engine_refuses = fmt::format("ply {} ({}{}) is not legal under the default reading",
                                         j + 1, square_name(m.from()), square_name(m.to()));
        break;
      }
      out.moves.push_back(to_uci(pos, m));
      if (is_last) break;
      Undo undo;
      pos.make(m, undo);
    }
    last = line;
  }
  solver.pop();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

std::optional<std::string> LineBmc::uncovered(const Variant& base, const Variant& alternative) {
  const RecordModule& module = record_module(base);
  if (&module == &conditional_records())
    return std::string(
        "the line encoding covers sequential tables only; Conditional Chess's symbolic turn "
        "(ConditionalStep) encodes one reading of its knobs");
  if (&module != &sequential_records())
    return std::string(
        "the line encoding covers sequential tables only; a simultaneous turn is not unrolled "
        "(Diplomacy's symbolic turn takes concrete moves)");
  if (base.converted_keep_initial_moves() != alternative.converted_keep_initial_moves())
    return std::string(
        "the board encoding has no converted-piece flags ('~'), which this knob reads");
  return std::nullopt;
}

LineBmc::LineBmc(VariantPtr base, VariantPtr alternative, const std::string& start_fen,
                 unsigned seed) {
  if (const std::optional<std::string> why = uncovered(*base, *alternative))
    throw CannotEncode(*why);
  impl_ = std::make_unique<Impl>(std::move(base), std::move(alternative), start_fen, seed);
}

LineBmc::~LineBmc() = default;

BmcAnswer LineBmc::solve(int k, bool weak, unsigned timeout_ms) {
  try {
    return impl_->solve(k, weak, timeout_ms);
  } catch (const CannotEncode& e) {
    BmcAnswer out;
    out.status = std::string("not covered: ") + e.what();
    return out;
  }
}

void LineBmc::block_last() {
  if (impl_->last) impl_->blocked.push_back(*impl_->last);
  impl_->last.reset();
}

}  // namespace arbiter::solver
