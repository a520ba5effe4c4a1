// The symbolic Diplomacy resolution of one pair: the resolver's time-step simulation
// (rules/simultaneous/diplomacy/diplomacy_simulation.hpp, the engine's own) run over a board whose
// squares are read lazily. The first time the simulation asks what stands on a square it has not
// touched, the run branches on the square's class (empty, or a piece of either colour, royal or
// not; classes a concrete board rules out are pruned); every path of this finite tree is one run
// with a concrete outcome and a condition on the board. The mover's type is a case split too. The
// outcomes are merged as a decision tree (`ite` over a square's classes, collapsed where all
// classes agree; exact on boards within the cell domain, as BoardEncoding::validity requires). King
// safety after resolution is judged with AttackEncoding on the merged board after, and the turn
// resolved again without the king as the resolver does.
#include "solver/simultaneous/diplomacy/diplomacy_step.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <range/v3/range/access.hpp>
#include <range/v3/range/operations.hpp>
#include <range/v3/view/cartesian_product.hpp>
#include <range/v3/view/chunk_by.hpp>
#include <range/v3/view/subrange.hpp>

#include "rules/core/rule_table.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_paths.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_simulation.hpp"
#include "solver/core/attack_encoding.hpp"
#include "solver/core/ply_step.hpp"
#include "solver/core/z3_setup.hpp"

namespace arbiter::solver {

namespace {

using Clause = DiplomacyClause;

/// The choices made at the branch points of one run, and the way to the next run (depth first).
class Choices {
 public:
  int pick(int n) {
    if (at_ < script_.size()) return script_[at_++];
    script_.push_back(0);
    count_.push_back(n);
    ++at_;
    return 0;
  }
  /// The next untried path; false when all have been run.
  bool advance() {
    at_ = 0;
    while (!script_.empty()) {
      if (script_.back() + 1 < count_.back()) {
        ++script_.back();
        return true;
      }
      script_.pop_back();
      count_.pop_back();
    }
    return false;
  }

 private:
  std::vector<int> script_, count_;
  std::size_t at_ = 0;
};

/// What an unread square may hold, with the condition on the start board.
struct SquareClass {
  z3::expr holds;
  std::optional<DiplomacyCell> cell;
};

/// One side's move under one case of the mover's type.
struct TypeCase {
  PieceType type = kNoPiece;
  z3::expr holds;
  Legs legs;
};

/// The outcome of one path of the run.
struct PathResult {
  int combo = 0;                               ///< the type case pair
  std::vector<std::pair<Square, int>> script;  ///< the class picked at each branch point
  Fate fate[2] = {Fate::kFailed, Fate::kFailed};
  std::array<int, kSquares> code{};  ///< -1: the start cell
  std::uint8_t kept = 0xff;          ///< castling-right bits kept
  bool king_captured[2] = {false, false};
  std::uint32_t clauses = 0;
  bool king_executed[2] = {false, false};   ///< a king move executed: judged for safety
  bool other_executed[2] = {false, false};  ///< any other move executed (exposing-move)
};

struct Spec {
  Color color = kWhite;
  Move move{};
  const TypeCase* tc = nullptr;
  bool excluded = false;
};

/// What every run of one step shares.
struct Shared {
  const BoardEncoding& board;
  const Variant& v;
  const DiplomacyKnobs& k;
  std::vector<std::optional<std::vector<SquareClass>>> classes;  ///< [square], filled lazily

  const std::vector<SquareClass>& classes_of(Square sq) {
    std::optional<std::vector<SquareClass>>& out = classes[sq];
    if (out) return *out;
    out.emplace();
    const PieceType royal = v.royal();
    // A concrete cell rules classes out; on a symbolic one every class stays (no simplify).
    const bool concrete = board.cell(sq).is_numeral();
    const auto add = [&](z3::expr holds, std::optional<DiplomacyCell> cell) {
      if (!concrete || !holds.simplify().is_false()) out->push_back({std::move(holds), cell});
    };
    add(board.empty(sq), std::nullopt);
    for (Color c : {kWhite, kBlack}) {
      add(board.occupied_by(sq, c) && !board.is(sq, c, royal),
          DiplomacyCell{c, kNoPiece, -1, true});
      add(board.is(sq, c, royal), DiplomacyCell{c, royal, -1, true});
    }
    return *out;
  }
};

/// The symbolic board as the simulation sees it on one path: the first read of a square the
/// run has not written is a branch point, where `choices` picks one of the square's classes.
class BranchingBoard {
 public:
  BranchingBoard(Shared& sh, Choices& choices) : sh_(sh), choices_(choices) { unread_.fill(true); }

  const std::optional<DiplomacyCell>& at(Square sq) {
    if (unread_[sq]) {
      unread_[sq] = false;
      const std::vector<SquareClass>& classes = sh_.classes_of(sq);
      if (!classes.empty()) {  // else no cell value fits (not on a valid board): empty
        const int pick = choices_.pick(static_cast<int>(classes.size()));
        script_.push_back({sq, pick});
        cells_[sq] = classes[pick].cell;
      }
    }
    return cells_[sq];
  }
  void put(Square sq, std::optional<DiplomacyCell> cell) {
    unread_[sq] = false;
    cells_[sq] = cell;
  }

  bool unread(Square sq) const { return unread_[sq]; }
  const std::optional<DiplomacyCell>& cell(Square sq) const { return cells_[sq]; }
  const std::vector<std::pair<Square, int>>& script() const { return script_; }

 private:
  Shared& sh_;
  Choices& choices_;
  std::array<std::optional<DiplomacyCell>, kSquares> cells_{};
  std::array<bool, kSquares> unread_{};
  std::vector<std::pair<Square, int>> script_;
};

/// The clauses a path shows (the step needs no text).
struct ClauseBits {
  std::uint32_t bits = 0;
  template <typename TextFn>
  void operator()(DiplomacyClause c, Square, int, TextFn&&) {
    bits |= 1u << static_cast<int>(c);
  }
};

/// One run of the simulation on one path through the symbolic board.
class Run {
 public:
  Run(Shared& sh, Choices& choices, const Spec (&specs)[2])
      : sh_(sh), v_(sh.v), board_(sh, choices), sim_(sh.v, sh.k, board_, clauses_) {
    for (const Spec& sp : specs) {
      if (sp.move.is_null()) continue;
      if (sp.move.kind() == MoveKind::kCastling) {
        const CastlingMove& cm = v_.castling(sp.color)[sp.move.arg()];
        board_.put(cm.king_from, DiplomacyCell{sp.color, v_.royal(), -1, true});
        board_.put(cm.rook_from, DiplomacyCell{sp.color, cm.rook_type, -1, true});
      } else {
        board_.put(sp.move.from(), DiplomacyCell{sp.color, sp.tc->type, -1, true});
      }
    }
    for (const Spec& sp : specs) {
      if (sp.move.is_null()) {
        sim_.add_unit(sp.color, sp.move, kNoPiece, Legs{}, sp.excluded);
        continue;
      }
      const PieceType mover_type = sp.move.kind() == MoveKind::kCastling ? v_.royal() : sp.tc->type;
      sim_.add_unit(sp.color, sp.move, mover_type, sp.tc->legs, sp.excluded);
    }
  }

  void simulate() { sim_.simulate(); }

  PathResult result(int combo) const {
    PathResult out;
    out.combo = combo;
    out.script = board_.script();
    const std::vector<DiplomacyUnit>& units = sim_.units();
    const std::vector<DiplomacyMover>& movers = sim_.movers();
    for (int u = 0; u < 2; ++u) {
      const DiplomacyUnit& unit = units[u];
      out.fate[u] = unit.fate;
      out.king_captured[u] = sim_.king_captured(static_cast<Color>(u));
      out.king_executed[u] = unit.fate == Fate::kExecuted && unit.royal && !unit.move.is_null();
      out.other_executed[u] = unit.fate == Fate::kExecuted && !unit.royal && !unit.move.is_null();
    }
    for (Square sq = 0; sq < kSquares; ++sq) {
      const std::optional<DiplomacyCell>& cell = board_.cell(sq);
      out.code[sq] = board_.unread(sq) || (cell && cell->original) ? -1
                     : cell ? sh_.board.code(cell->color, cell->type)
                            : 0;
    }
    for (Square sq : sim_.capture_squares()) out.kept &= v_.castling_keep_mask(sq);
    for (const DiplomacyUnit& u : units) {
      if (u.fate != Fate::kExecuted) continue;
      for (int i : u.movers)
        out.kept &= static_cast<std::uint8_t>(v_.castling_keep_mask(movers[i].leg.home) &
                                              v_.castling_keep_mask(movers[i].leg.dest()));
    }
    for (const DiplomacyMover& m : movers)
      if (m.state == MoverState::kCaptured) out.kept &= v_.castling_keep_mask(m.leg.home);
    out.clauses = clauses_.bits;
    return out;
  }

 private:
  Shared& sh_;
  const Variant& v_;
  BranchingBoard board_;
  ClauseBits clauses_;
  DiplomacySimulation<BranchingBoard, ClauseBits> sim_;
};

/// The mover's type cases of one side's move (none for a null move: one case, always true).
std::vector<TypeCase> type_cases(const BoardEncoding& board, Color c, Move m, std::uint32_t mask,
                                 const DiplomacyKnobs& k) {
  const Variant& v = board.variant();
  z3::context& ctx = board.ctx();
  std::vector<TypeCase> out;
  if (m.is_null()) {
    out.push_back({kNoPiece, ctx.bool_val(true), {}});
    return out;
  }
  const auto add = [&](PieceType t, z3::expr holds) {
    if (board.cell(m.from()).is_numeral()) {
      holds = holds.simplify();
      if (holds.is_false()) return;
    }
    Position pos(board.variant_ptr());
    if (m.kind() == MoveKind::kCastling) {
      pos.put(c, t, v.castling(c)[m.arg()].king_from);
    } else {
      pos.put(c, t, m.from());
    }
    out.push_back({t, holds, legs_of(pos, c, m, k)});
  };
  if (m.kind() == MoveKind::kCastling) {
    const CastlingMove& cm = v.castling(c)[m.arg()];
    add(v.royal(), board.is(cm.king_from, c, v.royal()) && board.is(cm.rook_from, c, cm.rook_type));
    return out;
  }
  const bool pawn_only = m.kind() != MoveKind::kNormal;
  for (int i = 0; i < v.piece_count(); ++i) {
    const PieceType t = static_cast<PieceType>(i);
    const PieceInfo& info = v.piece(t);
    if (mask != 0 && !(mask & (1u << i))) continue;
    if (pawn_only && !info.pawn) continue;
    const SquareMoves& sm = info.moves.at[c][m.from()];
    const Bitboard reach = sm.leap_move | sm.leap_capture | sm.rook_move | sm.rook_capture |
                           sm.bishop_move | sm.bishop_capture | sm.en_passant;
    if (!has(reach, m.to()) && !info.moves.has_riders) continue;
    add(t, board.is(m.from(), c, t));
  }
  return out;
}

/// The merged outcome of a set of exclusive paths (or of a choice between two such outcomes).
struct Outcome {
  std::vector<z3::expr> fate;  ///< [colour * 3 + Fate]
  std::vector<z3::expr> clause;
  std::vector<z3::expr> king_captured;
  std::vector<z3::expr> cells;
  std::vector<z3::expr> rights[2];
};

Outcome choose(const z3::expr& c, const Outcome& a, const Outcome& b) {
  const auto pick = [&](const std::vector<z3::expr>& x, const std::vector<z3::expr>& y) {
    std::vector<z3::expr> out;
    if (x.size() != y.size()) return out;  // the board after, built on one side only: unwanted
    for (std::size_t i = 0; i < x.size(); ++i)
      out.push_back(z3::eq(x[i], y[i]) ? x[i] : z3::ite(c, x[i], y[i]));
    return out;
  };
  Outcome o;
  o.fate = pick(a.fate, b.fate);
  o.clause = pick(a.clause, b.clause);
  o.king_captured = pick(a.king_captured, b.king_captured);
  o.cells = pick(a.cells, b.cells);
  for (Color col : {kWhite, kBlack}) o.rights[col] = pick(a.rights[col], b.rights[col]);
  return o;
}

class Stepper {
 public:
  Stepper(const BoardEncoding& before, Move white, Move black, const DiplomacyStepOptions& o)
      : before_(before),
        ctx_(before.ctx()),
        knobs_(o.knobs ? *o.knobs : before.variant().knobs().diplomacy),
        shared_{before, before.variant(), knobs_, {}},
        moves_{white, black},
        board_after_(o.board_after) {
    shared_.classes.resize(kSquares);
    for (Color c : {kWhite, kBlack})
      cases_[c] = type_cases(before, c, moves_[c], o.types[c], knobs_);
    if (knobs_.exposing_move == ExposingMove::kAfterResolution) {
      const AttackEncoding attacks(before);
      for (Color c : {kWhite, kBlack}) exposes_[c] = exposes(attacks, c, moves_[c]);
    }
  }

  z3::expr defined() const {
    z3::expr out = ctx_.bool_val(true);
    for (Color c : {kWhite, kBlack}) {
      z3::expr_vector any(ctx_);
      for (const TypeCase& tc : cases_[c]) any.push_back(tc.holds);
      out = out && (any.empty() ? ctx_.bool_val(false) : z3::mk_or(any));
    }
    return out;
  }

  /// The resolution with the moves of the sides in `excluded` (bit c) failing from the start,
  /// and the king-safety re-resolution on top (the engine's resolve_general, side by side:
  /// rules/simultaneous/diplomacy/diplomacy_resolver.cpp).
  const Outcome& resolve(int excluded) {
    auto found = memo_.find(excluded);
    if (found != memo_.end()) return found->second;
    const Judged& j = judged(excluded);
    const z3::expr no = ctx_.bool_val(false);
    const z3::expr fw = j.flag[kWhite].value_or(no), fb = j.flag[kBlack].value_or(no);
    Outcome out = j.plain;
    const auto again = [&](int more) {
      Outcome o = resolve(excluded | more);
      o.clause[static_cast<int>(Clause::kKingSafety)] = ctx_.bool_val(true);
      return o;
    };
    if (j.flag[kWhite] && j.flag[kBlack]) {
      // Both kings attacked: all-at-once fails both; fixed-point fails the one still attacked
      // with the other's move withdrawn, both when both or neither are.
      z3::expr first_w = no, first_b = no, both = fw && fb;
      if (knobs_.king_safety_rejudge == KingSafetyRejudge::kFixedPoint) {
        const z3::expr sw = judged(excluded | 2).flag[kWhite].value_or(no);
        const z3::expr sb = judged(excluded | 1).flag[kBlack].value_or(no);
        first_w = fw && fb && sw && !sb;
        first_b = fw && fb && !sw && sb;
        both = fw && fb && (sw == sb);
      }
      out = choose((fb && !fw) || first_b, again(2), out);
      out = choose((fw && !fb) || first_w, again(1), out);
      out = choose(both, again(3), out);
    } else if (j.flag[kWhite]) {
      out = choose(fw, again(1), out);
    } else if (j.flag[kBlack]) {
      out = choose(fb, again(2), out);
    }
    return memo_.emplace(excluded, std::move(out)).first->second;
  }

 private:
  const BoardEncoding& before_;
  z3::context& ctx_;
  DiplomacyKnobs knobs_;
  Shared shared_;
  Move moves_[2];
  bool board_after_ = true;  ///< the caller wants the board after (else built only when needed)
  std::vector<TypeCase> cases_[2];
  std::map<int, Outcome> memo_;
  /// exposing-move=after-resolution: the side's move is no king's and leaves its own king
  /// attacked on the board before the turn (the engine's leaves_king_safe, symbolically).
  std::optional<z3::expr> exposes_[2];

  static std::optional<z3::expr> exposes(const AttackEncoding& attacks, Color c, Move m) {
    if (m.is_null() || m.kind() == MoveKind::kCastling) return std::nullopt;
    const BoardEncoding& b = attacks.board();
    const PieceType royal = b.variant().royal();
    const BoardChange change{
        m.from(), m.to(),
        m.kind() == MoveKind::kEnPassant ? en_passant_victim_of(m.to(), c) : kNoSquare};
    z3::expr_vector exposed(b.ctx());
    for (Square k = 0; k < kSquares; ++k)
      if (k != m.from() && k != m.to())
        exposed.push_back(b.is(k, c, royal) && attacks.attacked(k, ~c, change));
    return !b.is(m.from(), c, royal) && any_of(b.ctx(), exposed);
  }

  /// One plain resolution (no king judged) and, per side whose king move executes on some path,
  /// whether it executes and stands attacked after it (on its landing square or, castling, a
  /// square it crosses: king_judged_squares).
  struct Judged {
    Outcome plain;
    std::optional<z3::expr> flag[2];
  };
  std::map<int, Judged> judged_;
  std::vector<z3::expr> combos_;  ///< [combo]: both movers' type cases hold

  const Judged& judged(int excluded) {
    auto found = judged_.find(excluded);
    if (found != judged_.end()) return found->second;
    std::vector<PathResult> paths = run_all(excluded);
    Judged j{merge(paths, board_after_), {}};
    std::optional<BoardEncoding> after;
    std::optional<AttackEncoding> attacks;
    for (Color c : {kWhite, kBlack}) {
      const z3::expr king = where(paths, [c](const PathResult& p) { return p.king_executed[c]; });
      const std::optional<z3::expr> other =
          exposes_[c] ? std::optional(
                            where(paths, [c](const PathResult& p) { return p.other_executed[c]; }))
                      : std::nullopt;
      if (king.is_false() && (!other || other->is_false())) continue;
      if (!attacks) {
        if (j.plain.cells.empty()) add_board(paths, j.plain);
        after.emplace(before_, j.plain.cells, j.plain.rights[kWhite], j.plain.rights[kBlack]);
        attacks.emplace(*after);
      }
      z3::expr_vector attacked(ctx_);
      for (Bitboard b = king_judged_squares(before_.variant(), c, moves_[c], knobs_); b;)
        attacked.push_back(attacks->attacked(pop_lsb(b), ~c));
      j.flag[c] = king && any_of(ctx_, attacked);
      // exposing-move=after-resolution: a move that exposed its king fails when the king
      // stands attacked, or was taken, after resolution (the engine's exposed_king).
      if (other && !other->is_false()) {
        const z3::expr taken =
            where(paths, [c](const PathResult& p) { return p.king_captured[c]; });
        *j.flag[c] =
            *j.flag[c] || (*other && *exposes_[c] && (taken || royal_threatened(*attacks, c)));
      }
    }
    return judged_.emplace(excluded, std::move(j)).first->second;
  }

  using Leaf = std::function<z3::expr(const PathResult&)>;

  using Paths = ranges::subrange<std::vector<PathResult>::const_iterator>;

  /// The decision tree of `paths` (one type combo, depth-first order, one prefix of `depth`
  /// choices): at each branch point an ite over the square's classes, collapsed when every
  /// class gives the same expression (the classes cover every cell of a valid board).
  z3::expr tree(Paths paths, std::size_t depth, const Leaf& leaf) {
    const PathResult& first = paths.front();
    if (first.script.size() == depth) return leaf(first);
    const Square sq = first.script[depth].first;
    std::vector<std::pair<int, z3::expr>> kids;
    const auto same_pick = [depth](const PathResult& a, const PathResult& b) {
      return a.script[depth].second == b.script[depth].second;
    };
    for (const auto group : paths | ranges::views::chunk_by(same_pick))
      kids.push_back({ranges::front(group).script[depth].second,
                      tree(Paths(ranges::begin(group), ranges::end(group)), depth + 1, leaf)});
    const bool same = std::all_of(kids.begin(), kids.end(),
                                  [&](const auto& k) { return z3::eq(k.second, kids[0].second); });
    if (same) return kids[0].second;
    const std::vector<SquareClass>& classes = shared_.classes_of(sq);
    z3::expr out = kids.back().second;
    for (std::size_t k = kids.size() - 1; k-- > 0;)
      out = z3::ite(classes[static_cast<std::size_t>(kids[k].first)].holds, kids[k].second, out);
    return out;
  }

  /// Per type combo, the tree of its paths; combined: ite over the combos, else `otherwise`.
  z3::expr combine(const std::vector<PathResult>& paths, const Leaf& leaf,
                   const z3::expr& otherwise) {
    std::vector<std::pair<int, z3::expr>> per;
    const auto same_combo = [](const PathResult& a, const PathResult& b) {
      return a.combo == b.combo;
    };
    for (const auto group : paths | ranges::views::chunk_by(same_combo))
      per.push_back({ranges::front(group).combo,
                     tree(Paths(ranges::begin(group), ranges::end(group)), 0, leaf)});
    z3::expr out = otherwise;
    for (auto k = per.rbegin(); k != per.rend(); ++k) {
      const z3::expr& holds = combos_[static_cast<std::size_t>(k->first)];
      if (z3::eq(k->second, out)) continue;
      if (out.is_bool() && out.is_false())
        out = k->second.is_true() ? holds : k->second.is_false() ? out : holds && k->second;
      else
        out = z3::ite(holds, k->second, out);
    }
    return out;
  }

  z3::expr where(const std::vector<PathResult>& paths,
                 const std::function<bool(const PathResult&)>& f) {
    const z3::expr yes = ctx_.bool_val(true), no = ctx_.bool_val(false);
    return combine(
        paths, [&](const PathResult& p) { return f(p) ? yes : no; }, no);
  }

  std::vector<PathResult> run_all(int excluded) {
    std::vector<PathResult> paths;
    combos_.clear();
    for (const auto& [w, b] : ranges::views::cartesian_product(cases_[kWhite], cases_[kBlack])) {
      const int combo = static_cast<int>(combos_.size());
      combos_.push_back(w.holds && b.holds);
      const Spec specs[2] = {{kWhite, moves_[kWhite], &w, (excluded & 1) != 0},
                             {kBlack, moves_[kBlack], &b, (excluded & 2) != 0}};
      Choices choices;
      do {
        Run run(shared_, choices, specs);
        run.simulate();
        paths.push_back(run.result(combo));
      } while (choices.advance());
    }
    return paths;
  }

  /// The fates and clauses of `paths`, and the board after when `board` holds.
  Outcome merge(const std::vector<PathResult>& paths, bool board) {
    Outcome o;
    for (Color c : {kWhite, kBlack}) {
      for (Fate f : {Fate::kExecuted, Fate::kFailed, Fate::kCaptured})
        o.fate.push_back(where(paths, [c, f](const PathResult& p) { return p.fate[c] == f; }));
      o.king_captured.push_back(
          where(paths, [c](const PathResult& p) { return p.king_captured[c]; }));
    }
    for (int cl = 0; cl < kDiplomacyClauses; ++cl)
      o.clause.push_back(
          where(paths, [cl](const PathResult& p) { return ((p.clauses >> cl) & 1u) != 0; }));
    if (board) add_board(paths, o);
    return o;
  }

  /// The cells and castling rights after the paths, into `o`.
  void add_board(const std::vector<PathResult>& paths, Outcome& o) {
    for (Square sq = 0; sq < kSquares; ++sq) {
      const z3::expr& start = before_.cell(sq);
      const bool touched = std::any_of(paths.begin(), paths.end(),
                                       [sq](const PathResult& p) { return p.code[sq] >= 0; });
      o.cells.push_back(!touched ? start
                                 : combine(
                                       paths,
                                       [&](const PathResult& p) {
                                         return p.code[sq] < 0 ? start
                                                               : before_.code_val(p.code[sq]);
                                       },
                                       start));
    }
    for (Color c : {kWhite, kBlack}) {
      const std::vector<CastlingMove>& moves = before_.variant().castling(c);
      for (std::size_t i = 0; i < moves.size(); ++i) {
        const std::uint8_t bit = moves[i].right;
        const bool all = std::all_of(paths.begin(), paths.end(),
                                     [bit](const PathResult& p) { return (p.kept & bit) != 0; });
        // Outside the type cases nothing moves: the right stays.
        const z3::expr yes = ctx_.bool_val(true), no = ctx_.bool_val(false);
        const z3::expr kept =
            all ? yes
                : combine(
                      paths, [&](const PathResult& p) { return (p.kept & bit) != 0 ? yes : no; },
                      yes);
        o.rights[c].push_back(kept.is_true() ? before_.rights(c)[i] : before_.rights(c)[i] && kept);
      }
    }
  }
};

}  // namespace

DiplomacyStep diplomacy_step(const BoardEncoding& before, Move white, Move black,
                             const DiplomacyStepOptions& options) {
  Stepper stepper(before, white, black, options);
  const Outcome& o = stepper.resolve(0);
  std::vector<DiplomacySideFate> fate;
  for (Color c : {kWhite, kBlack})
    fate.push_back({o.fate[c * 3 + static_cast<int>(Fate::kExecuted)],
                    o.fate[c * 3 + static_cast<int>(Fate::kFailed)],
                    o.fate[c * 3 + static_cast<int>(Fate::kCaptured)]});
  return DiplomacyStep{std::move(fate), o.clause, o.king_captured,
                       options.board_after
                           ? BoardEncoding(before, o.cells, o.rights[kWhite], o.rights[kBlack])
                           : before,
                       stepper.defined()};
}

}  // namespace arbiter::solver
