// Diplomacy Chess scenarios (docs/diplomacy.md). equal-rank-bounce, higher-rank-captures and
// meet-in-transit are exact: Z3 picks the board and a pair of submissions of a small family,
// and the symbolic resolution (solver/simultaneous/diplomacy/diplomacy_step.*) says the pair shows
// the clause; the others are proposal filters on the board's static part. Either way the resolver
// judges the pairs of each proposal, and a pair whose trace shows the clause is the witness.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <optional>

#include "rules/core/movegen.hpp"
#include "rules/core/rule_table.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_contest.hpp"
#include "solver/core/move_formulas.hpp"
#include "solver/core/scenarios.hpp"
#include "solver/registry/solver_modules.hpp"
#include "solver/simultaneous/diplomacy/diplomacy_step.hpp"
#include "solver/simultaneous/simultaneous_judge.hpp"

namespace arbiter::solver {

namespace {

/// Time steps of the moves of the same-destination scenarios' family.
constexpr int kSameDestinationTicks = 1;

// The exact scenarios: Z3 proposes a board together with a pair of submissions of a small
// family, and the symbolic resolution (solver/simultaneous/diplomacy/diplomacy_step.*) says the
// pair shows the clause; the engine's judge looks at the pairs of the same family, so the formula
// is the property (for that family), and an engine "no" is a disagreement.
//
// The family: ordinary moves (no castling, promotion, en passant, or path across an enemy
// piece) of a piece other than the king, of a side not in check, standing on no line through
// its own king: each is a submission whatever it uncovers, and no king move means no
// re-resolution for king safety (which would make every pair's formula large).

/// The family's moves on a concrete state (the engine side).
bool in_family(const SimState& s, Color c, Move m, int max_ticks) {
  if (m.is_null() || (m.kind() != MoveKind::kNormal && m.kind() != MoveKind::kDoubleStep))
    return false;
  const Variant& v = s.pos.variant();
  if (travel_ticks(v, m.from(), m.to()) > max_ticks) return false;
  const Position view = view_for(s, c);
  MoveList pseudo;
  generate_pseudo_legal(view, pseudo);
  if (std::find(pseudo.begin(), pseudo.end(), m) == pseudo.end()) return false;
  if (view.piece_on(c, m.from()) == v.royal()) return false;
  const Square k = view.king_square(c);
  return k != kNoSquare && !view.in_check() && v.line(k, m.from()) == 0;
}

/// One family move of a symbolic board: the move, the types that can make it (bit t) and
/// "it is a submission".
struct Candidate {
  Move move;
  std::uint32_t types = 0;
  z3::expr submitted;
  /// [i]: "it is a submission made by a piece of type `by_type[i].first`".
  std::vector<std::pair<PieceType, z3::expr>> by_type;
};

/// "Not in check" per colour, built on first use: the family moves are asked for per square
/// and colour, and each would otherwise build the 64-square check formula again.
class CalmSides {
 public:
  explicit CalmSides(const AttackEncoding& attacks) : attacks_(attacks) {}
  const z3::expr& of(Color c) {
    if (!calm_[c]) calm_[c] = !attacks_.in_check(c);
    return *calm_[c];
  }

 private:
  const AttackEncoding& attacks_;
  std::optional<z3::expr> calm_[2];
};

/// The family moves of `c` to `to` of at most `max_ticks` time steps.
std::vector<Candidate> family_moves_to(const ScenarioContext& sc, CalmSides& calm_sides, Color c,
                                       Square to, int max_ticks) {
  const Variant& v = sc.board.variant();
  z3::context& ctx = sc.board.ctx();
  const z3::expr& calm = calm_sides.of(c);
  std::vector<Candidate> out;
  for (Square from = 0; from < kSquares; ++from) {
    if (from == to || travel_ticks(v, from, to) > max_ticks) continue;
    z3::expr_vector off_line(ctx);  // the king stands on no line through `from`
    for (Square k = 0; k < kSquares; ++k)
      if (k != from && v.line(k, from) == 0) off_line.push_back(sc.board.is(k, c, v.royal()));
    const z3::expr safe = calm && z3::mk_or(off_line);
    for (MoveKind kind : {MoveKind::kNormal, MoveKind::kDoubleStep}) {
      Candidate cand{kind == MoveKind::kNormal ? Move(from, to) : Move(from, to, kind),
                     0,
                     ctx.bool_val(false),
                     {}};
      z3::expr_vector terms(ctx);
      for (int i = 0; i < v.piece_count(); ++i) {
        const PieceType t = static_cast<PieceType>(i);
        const PieceInfo& info = v.piece(t);
        if (t == v.royal() || has(info.promotion_squares[c], to)) continue;
        const bool double_step = info.pawn && has(info.moves.at[c][from].initial_only, to);
        if (double_step != (kind == MoveKind::kDoubleStep)) continue;
        const z3::expr reach = sc.attacks.reaches(c, t, from, to);
        if (reach.is_false()) continue;
        terms.push_back(sc.board.is(from, c, t) && reach);
        cand.by_type.push_back({t, safe && terms.back()});
        cand.types |= 1u << i;
      }
      if (terms.empty()) continue;
      cand.submitted = safe && z3::mk_or(terms);
      out.push_back(std::move(cand));
    }
  }
  return out;
}

/// The resolution of a family pair whose moves meet at a `centre` square (the common
/// destination of one-tick moves, or the middle square of two-step line moves), given that both
/// are submissions by pieces of the given types: then the movers' squares hold those pieces and
/// the centre is empty (a destination is empty or the enemy's, a path square empty), so `shows`
/// on the step is evaluated with those three cells fixed; when that leaves it constant, every
/// pair of the same types, kinds and offsets from the centre (the key) resolves alike, as the
/// step reads the board only along the legs and their ends. Else the caller takes the step's
/// expression itself. The value is found on a symbolic board of its own (`symbolic_`), so that
/// it holds for every pair of the key also when the scenario's board is concrete (the tests'
/// of_position boards).
class PairMemo {
 public:
  PairMemo(const ScenarioContext& sc, const std::function<z3::expr(const DiplomacyStep&)>& shows)
      : sc_(sc), shows_(shows), symbolic_(sc.board.ctx(), sc.board.variant_ptr(), "memo_") {}

  /// true / false when the pair's value is constant given both submissions; else nullopt
  /// (the caller then takes the step's expression itself).
  std::optional<bool> value(Move w, PieceType tw, Move b, PieceType tb, Square centre) {
    const Square d = centre;
    const std::array<int, 8> key = {tw,
                                    tb,
                                    w.from() - d,
                                    w.to() - d,
                                    b.from() - d,
                                    b.to() - d,
                                    static_cast<int>(w.kind()),
                                    static_cast<int>(b.kind())};
    auto found = memo_.find(key);
    if (found != memo_.end()) return found->second;
    const BoardEncoding& board = symbolic_;
    const z3::expr shown = shows_(step(board, w, tw, b, tb));
    z3::expr_vector from(board.ctx()), to(board.ctx());
    from.push_back(board.cell(w.from()));
    to.push_back(board.code_val(board.code(kWhite, tw)));
    from.push_back(board.cell(b.from()));
    to.push_back(board.code_val(board.code(kBlack, tb)));
    from.push_back(board.cell(d));
    to.push_back(board.code_val(0));
    const z3::expr fixed = z3::expr(shown).substitute(from, to).simplify();
    std::optional<bool> out;
    if (fixed.is_true()) out = true;
    if (fixed.is_false()) out = false;
    return memo_.emplace(key, out).first->second;
  }

  /// The step of the pair on the scenario's board, for pieces of those types.
  DiplomacyStep step(Move w, PieceType tw, Move b, PieceType tb) const {
    return step(sc_.board, w, tw, b, tb);
  }

 private:
  const ScenarioContext& sc_;
  static DiplomacyStep step(const BoardEncoding& board, Move w, PieceType tw, Move b,
                            PieceType tb) {
    DiplomacyStepOptions options;
    options.types[kWhite] = 1u << tw;
    options.types[kBlack] = 1u << tb;
    options.board_after = false;
    return diplomacy_step(board, w, b, options);
  }

  const std::function<z3::expr(const DiplomacyStep&)>& shows_;
  BoardEncoding symbolic_;
  std::map<std::array<int, 8>, std::optional<bool>> memo_;
};

/// The family moves of one colour meeting at a centre square (PairMemo).
using MovesAt = std::function<std::vector<Candidate>(Color, Square centre)>;

/// OR over the family pairs meeting at a centre square (`moves_at`) whose types' ranks
/// `ranks_fit`, of: both are submitted and `shows` holds for their resolution. Per centre and
/// pair of types, when every pair resolves so (PairMemo) the disjunct factors into (some white
/// mover of that type) && (some black mover of that type); else into an OR over the white
/// movers of (the mover) && (some black mover it pairs with).
z3::expr meeting_pairs(const ScenarioContext& sc, const MovesAt& moves_at,
                       const std::function<bool(int, int)>& ranks_fit,
                       const std::function<z3::expr(const DiplomacyStep&)>& shows) {
  const Variant& v = sc.board.variant();
  z3::context& ctx = sc.board.ctx();
  PairMemo memo(sc, shows);
  z3::expr_vector terms(ctx);
  struct Entry {
    Move move;
    z3::expr submitted;
  };
  for (Square d = 0; d < kSquares; ++d) {
    // [colour][type]: the family moves meeting at d of pieces of that type.
    std::vector<std::vector<Entry>> by_type[2];
    for (Color c : {kWhite, kBlack}) {
      by_type[c].resize(static_cast<std::size_t>(v.piece_count()));
      for (Candidate& cand : moves_at(c, d))
        for (auto& [t, sub] : cand.by_type) by_type[c][t].push_back({cand.move, sub});
    }
    for (int tw = 0; tw < v.piece_count(); ++tw)
      for (int tb = 0; tb < v.piece_count(); ++tb) {
        const std::vector<Entry>& ws = by_type[kWhite][tw];
        const std::vector<Entry>& bs = by_type[kBlack][tb];
        if (ws.empty() || bs.empty()) continue;
        if (!ranks_fit(conflict_rank(v, static_cast<PieceType>(tw)),
                       conflict_rank(v, static_cast<PieceType>(tb))))
          continue;
        bool all_true = true;
        z3::expr_vector per_white(ctx);  // white mover && (some black mover the pair holds for)
        for (const Entry& ew : ws) {
          z3::expr_vector partners(ctx);
          for (const Entry& eb : bs) {
            const std::optional<bool> val = memo.value(ew.move, static_cast<PieceType>(tw), eb.move,
                                                       static_cast<PieceType>(tb), d);
            all_true = all_true && val == true;
            if (val == false) continue;
            if (val == true) {
              partners.push_back(eb.submitted);
              continue;
            }
            const z3::expr shown = shows(memo.step(ew.move, static_cast<PieceType>(tw), eb.move,
                                                   static_cast<PieceType>(tb)));
            if (!shown.is_false()) partners.push_back(eb.submitted && shown);
          }
          if (!partners.empty()) per_white.push_back(ew.submitted && z3::mk_or(partners));
        }
        if (all_true) {
          z3::expr_vector w(ctx), b(ctx);
          for (const Entry& e : ws) w.push_back(e.submitted);
          for (const Entry& e : bs) b.push_back(e.submitted);
          terms.push_back(z3::mk_or(w) && z3::mk_or(b));
        } else if (!per_white.empty()) {
          terms.push_back(z3::mk_or(per_white));
        }
      }
  }
  return terms.empty() ? ctx.bool_val(false) : z3::mk_or(terms);
}

/// The pairs of one-tick family moves bound for one square (meeting_pairs).
z3::expr same_destination_pairs(const ScenarioContext& sc,
                                const std::function<bool(int, int)>& ranks_fit,
                                const std::function<z3::expr(const DiplomacyStep&)>& shows) {
  CalmSides calm(sc.attacks);
  return meeting_pairs(
      sc, [&](Color c, Square d) { return family_moves_to(sc, calm, c, d, kSameDestinationTicks); },
      ranks_fit, shows);
}

/// a && b, literally false when either is (so that pairs that cannot show a clause drop out).
z3::expr both(const z3::expr& a, const z3::expr& b) {
  return a.is_false() ? a : b.is_false() ? b : a && b;
}

bool same_destination(const SimState& s, Move w, Move b) {
  return w.to() == b.to() && in_family(s, kWhite, w, kSameDestinationTicks) &&
         in_family(s, kBlack, b, kSameDestinationTicks);
}

z3::expr equal_rank_bounce_formula(const ScenarioContext& sc) {
  return same_destination_pairs(
      sc, [](int w, int b) { return contest(w, b) == ContestWinner::kNeither; },
      [](const DiplomacyStep& st) {
        return both(st.shows(DiplomacyClause::kSameDestination),
                    both(st.failed(kWhite), st.failed(kBlack)));
      });
}

EngineVerdict equal_rank_bounce_engine(const Position& pos) {
  return judge_diplomacy(
      pos, same_destination,
      [](const SimState&, Move, Move, const DiplomacyResolution& r) -> std::optional<std::string> {
        if (!has_clause(r.trace, DiplomacyClause::kSameDestination) || r.fates.size() != 2 ||
            r.fates[0] != Fate::kFailed || r.fates[1] != Fate::kFailed)
          return std::nullopt;
        return "same destination, equal ranks: both moves fail";
      },
      "no pair of submissions bounces on a common square");
}

z3::expr higher_rank_captures_formula(const ScenarioContext& sc) {
  return same_destination_pairs(
      sc, [](int w, int b) { return contest(w, b) != ContestWinner::kNeither; },
      [](const DiplomacyStep& st) {
        const z3::expr white = both(st.executed(kWhite), st.captured(kBlack));
        const z3::expr black = both(st.executed(kBlack), st.captured(kWhite));
        return both(st.shows(DiplomacyClause::kSameDestination), white.is_false() ? black
                                                                 : black.is_false()
                                                                     ? white
                                                                     : white || black);
      });
}

EngineVerdict higher_rank_captures_engine(const Position& pos) {
  return judge_diplomacy(
      pos, same_destination,
      [](const SimState&, Move, Move, const DiplomacyResolution& r) -> std::optional<std::string> {
        if (!has_clause(r.trace, DiplomacyClause::kSameDestination) || r.fates.size() != 2)
          return std::nullopt;
        const bool white_wins = r.fates[0] == Fate::kExecuted && r.fates[1] == Fate::kCaptured;
        const bool black_wins = r.fates[1] == Fate::kExecuted && r.fates[0] == Fate::kCaptured;
        if (!white_wins && !black_wins) return std::nullopt;
        return fmt::format("same destination: {}'s higher rank takes the other piece",
                           white_wins ? "White" : "Black");
      },
      "no pair of submissions ends with a higher rank taking on a common square");
}

/// A family move along a line of two time steps: its square at the first step, else kNoSquare.
Square middle_square(const Variant& v, Move m) {
  const Bitboard between = v.between(m.from(), m.to());
  return between != 0 && (between & (between - 1)) == 0 ? lsb(between) : kNoSquare;
}

bool cross_in_the_middle(const SimState& s, Move w, Move b) {
  const Variant& v = s.pos.variant();
  const Square m = middle_square(v, w);
  return m != kNoSquare && m == middle_square(v, b) && in_family(s, kWhite, w, 2) &&
         in_family(s, kBlack, b, 2);
}

z3::expr meet_in_transit_formula(const ScenarioContext& sc) {
  const Variant& v = sc.board.variant();
  // The family moves of two steps, by the square they pass.
  std::vector<std::vector<Candidate>> passing[2];
  CalmSides calm(sc.attacks);
  for (Color c : {kWhite, kBlack}) {
    passing[c].resize(kSquares);
    for (Square d = 0; d < kSquares; ++d)
      for (Candidate& cand : family_moves_to(sc, calm, c, d, 2)) {
        const Square m = middle_square(v, cand.move);
        if (m != kNoSquare) passing[c][m].push_back(std::move(cand));
      }
  }
  return meeting_pairs(
      sc, [&](Color c, Square m) { return passing[c][m]; }, [](int, int) { return true; },
      [](const DiplomacyStep& st) { return st.shows(DiplomacyClause::kMeetInTransit); });
}

EngineVerdict meet_in_transit_engine(const Position& pos) {
  return judge_diplomacy(
      pos, cross_in_the_middle,
      [](const SimState&, Move, Move, const DiplomacyResolution& r) -> std::optional<std::string> {
        if (!has_clause(r.trace, DiplomacyClause::kMeetInTransit)) return std::nullopt;
        return "the two pieces meet on the way";
      },
      "no pair of two-step line moves meets in transit");
}

z3::expr obstacle_arrives_first_formula(const ScenarioContext& sc) {
  z3::expr_vector terms(sc.board.ctx());
  for (Square m = 0; m < kSquares; ++m)
    for (int early = 1; early < kFiles - 1; ++early)
      for (int late = early + 1; late < kFiles - 1; ++late)
        for (Color c : {kWhite, kBlack})
          terms.push_back(arrives(sc, c, m, early) && passes(sc, ~c, m, late));
  return z3::mk_or(terms);
}

EngineVerdict obstacle_arrives_first_engine(const Position& pos) {
  return judge_diplomacy(
      pos, nullptr,
      [](const SimState&, Move w, Move b,
         const DiplomacyResolution& r) -> std::optional<std::string> {
        if (r.fates.size() != 2) return std::nullopt;
        const bool white_first = r.fates[0] == Fate::kExecuted && r.fates[1] == Fate::kFailed;
        const bool black_first = r.fates[1] == Fate::kExecuted && r.fates[0] == Fate::kFailed;
        if (!white_first && !black_first) return std::nullopt;
        const Square arrived = white_first ? w.to() : b.to();
        for (const TraceEntry& e : r.trace)
          if (e.clause == clause_name(DiplomacyClause::kObstacle) && e.square == arrived)
            return fmt::format("{}'s piece arrived on {} first and stops the other",
                               white_first ? "White" : "Black", square_name(arrived));
        return std::nullopt;
      },
      "no pair of submissions has a piece stopped by one that arrived first");
}

z3::expr king_square_becomes_attacked_formula(const ScenarioContext& sc) {
  const Variant& v = sc.board.variant();
  const std::vector<z3::expr> reach = reach_by_type(sc, ~sc.side, true);
  return royal_where(sc, sc.side, [&](Square k) {
    z3::expr_vector steps(sc.board.ctx());
    for (Square to = 0; to < kSquares; ++to) {
      const z3::expr step = sc.attacks.reaches(sc.side, v.royal(), k, to);
      if (step.is_false()) continue;
      steps.push_back(step && sc.board.empty(to) && !sc.attacks.attacked(to, ~sc.side) &&
                      attacks_after_move(sc, ~sc.side, reach, to));
    }
    return steps.empty() ? sc.board.ctx().bool_val(false) : z3::mk_or(steps);
  });
}

EngineVerdict king_square_becomes_attacked_engine(const Position& pos) {
  const Color us = pos.side_to_move();
  const PieceType royal = pos.variant().royal();
  return judge_diplomacy(
      pos,
      [us, royal](const SimState& st, Move w, Move b) {
        const Move mine = us == kWhite ? w : b;
        return st.pos.piece_on(us, mine.from()) == royal && !st.pos.attacked(mine.to(), ~us);
      },
      [us](const SimState&, Move, Move,
           const DiplomacyResolution& r) -> std::optional<std::string> {
        if (!has_clause(r.trace, DiplomacyClause::kKingSafety) || r.fates.size() != 2)
          return std::nullopt;
        if (r.fates[us == kWhite ? 0 : 1] != Fate::kFailed) return std::nullopt;
        if (r.fates[us == kWhite ? 1 : 0] != Fate::kExecuted) return std::nullopt;
        return "the king's square is attacked after resolution: the king stays";
      },
      "no king step to a square not attacked now fails for king safety");
}

}  // namespace

std::vector<ScenarioRow> diplomacy_scenarios() {
  return {exact_row("equal-rank-bounce",
                    "Two pieces of equal rank bound for one square (one time step each): neither "
                    "moves",
                    equal_rank_bounce_formula, equal_rank_bounce_engine),
          exact_row("higher-rank-captures",
                    "Two pieces of different ranks bound for one square (one time step each): the "
                    "higher takes the other",
                    higher_rank_captures_formula, higher_rank_captures_engine),
          exact_row("meet-in-transit",
                    "Two pieces moving two squares along lines pass one square at the same time "
                    "step: both fail",
                    meet_in_transit_formula, meet_in_transit_engine),
          filter_row("obstacle-arrives-first",
                     "A piece arrives on a square before the enemy passes it and stops the enemy",
                     obstacle_arrives_first_formula, obstacle_arrives_first_engine),
          filter_row(
              "king-square-becomes-attacked",
              "A king steps to a square not attacked now, which the enemy's move attacks: it fails",
              king_square_becomes_attacked_formula, king_square_becomes_attacked_engine)};
}

}  // namespace arbiter::solver
