#include "solver/analysis/coverage_probes.hpp"

#include "rules/conditional/conditional_game.hpp"
#include "rules/conversion/conversion.hpp"
#include "rules/core/fen.hpp"
#include "rules/simultaneous/simultaneous.hpp"
#include "solver/core/move_formulas.hpp"
#include "solver/core/scenarios.hpp"
#include "solver/core/z3_setup.hpp"
#include "solver/simultaneous/simultaneous_judge.hpp"

namespace arbiter::solver {
namespace {

/// Some piece of colour `c` can move to `to`.
z3::expr reaches_square(const ScenarioContext& sc, Color c, Square to) {
  z3::expr_vector t(sc.board.ctx());
  for (Square x = 0; x < kSquares; ++x)
    if (x != to) t.push_back(moves_to(sc, c, x, to));
  return any_of(sc.board.ctx(), t);
}

/// A castling move of the side to move has its right and its squares empty, and `extra`.
z3::expr castling_ready(const ScenarioContext& sc,
                        const std::function<z3::expr(const CastlingMove&)>& extra) {
  const std::vector<CastlingMove>& moves = sc.board.variant().castling(sc.side);
  z3::expr_vector t(sc.board.ctx());
  for (std::size_t i = 0; i < moves.size(); ++i)
    t.push_back(sc.board.castling_right(sc.side, static_cast<int>(i)) &&
                sc.board.all_empty(moves[i].must_be_empty) && extra(moves[i]));
  return any_of(sc.board.ctx(), t);
}

/// A pawn of colour `c` (type `t`) on its double-step origin `o` would land on `p`.
template <typename F>
void for_double_steps(const Variant& v, Color c, F f) {
  for (int t = 0; t < v.piece_count(); ++t) {
    const PieceInfo& info = v.piece(static_cast<PieceType>(t));
    if (!info.pawn) continue;
    for (Square o = 0; o < kSquares; ++o)
      for (Bitboard to = info.moves.at[c][o].initial_only; to;)
        f(static_cast<PieceType>(t), o, pop_lsb(to));
  }
}

/// An enemy pawn stands where a double step of ours starts and we can convert it: converted,
/// it is our pawn on our double-step square (knob converted-pawn-double-step).
z3::expr convertible_pawn_on_our_start(const ScenarioContext& sc) {
  const Variant& v = sc.board.variant();
  z3::expr_vector t(sc.board.ctx());
  for (int pt = 0; pt < v.piece_count(); ++pt) {
    if (!v.piece(static_cast<PieceType>(pt)).pawn) continue;
    Bitboard starts = 0;
    for_double_steps(v, sc.side, [&](PieceType, Square o, Square) { starts |= bb(o); });
    for (Bitboard b = starts; b;) {
      const Square o = pop_lsb(b);
      t.push_back(sc.board.is(o, ~sc.side, static_cast<PieceType>(pt)) &&
                  sc.attacks.move_conversion_threat(o, sc.side));
    }
  }
  return any_of(sc.board.ctx(), t);
}

/// An enemy pawn that may just have made its double step (origin and passed squares empty),
/// which can move on, next to one of our pawns that could take it en passant.
z3::expr en_passant_while_moving_on(const ScenarioContext& sc) {
  const Variant& v = sc.board.variant();
  const Color e = ~sc.side;
  z3::expr_vector t(sc.board.ctx());
  for_double_steps(v, e, [&](PieceType pt, Square o, Square p) {
    const Bitboard passed = v.between(o, p);
    z3::expr_vector takers(sc.board.ctx());
    for (int ot = 0; ot < v.piece_count(); ++ot) {
      const PieceInfo& info = v.piece(static_cast<PieceType>(ot));
      if (!info.pawn) continue;
      for (Square s = 0; s < kSquares; ++s)
        if (info.moves.at[sc.side][s].en_passant & passed)
          takers.push_back(sc.board.is(s, sc.side, static_cast<PieceType>(ot)));
    }
    z3::expr_vector on(sc.board.ctx());
    for (Square q = 0; q < kSquares; ++q)
      if (q != p) on.push_back(moves_to(sc, e, p, q));
    t.push_back(sc.board.is(p, e, pt) && sc.board.empty(o) && sc.board.all_empty(passed) &&
                any_of(sc.board.ctx(), takers) && any_of(sc.board.ctx(), on));
  });
  return any_of(sc.board.ctx(), t);
}

/// Each side's piece can move onto the other's square (a head-on meeting or trade).
z3::expr mutual_reach(const ScenarioContext& sc) {
  z3::expr_vector t(sc.board.ctx());
  for (Square x = 0; x < kSquares; ++x)
    for (Square y = 0; y < kSquares; ++y)
      if (x != y)
        t.push_back(sc.board.occupied_by(x, sc.side) && sc.board.occupied_by(y, ~sc.side) &&
                    moves_to(sc, sc.side, x, y) && moves_to(sc, ~sc.side, y, x));
  return any_of(sc.board.ctx(), t);
}

/// The enemy king can step to a square that one of our pieces can also reach.
z3::expr king_meets_piece(const ScenarioContext& sc) {
  const Variant& v = sc.board.variant();
  z3::expr_vector t(sc.board.ctx());
  for (Square k = 0; k < kSquares; ++k)
    for (Square d = 0; d < kSquares; ++d)
      if (k != d && has(v.piece(v.royal()).moves.at[~sc.side][k].leap_move, d))
        t.push_back(sc.board.is(k, ~sc.side, v.royal()) && moves_to(sc, ~sc.side, k, d) &&
                    reaches_square(sc, sc.side, d));
  return any_of(sc.board.ctx(), t);
}

/// A pawn of ours can move onto a square where it promotes and that an enemy piece other than
/// the king can also reach (a same-destination conflict where a promoting pawn's rank counts).
z3::expr promotion_meets_piece(const ScenarioContext& sc) {
  const Variant& v = sc.board.variant();
  z3::expr_vector t(sc.board.ctx());
  for (int pt = 0; pt < v.piece_count(); ++pt) {
    const PieceInfo& info = v.piece(static_cast<PieceType>(pt));
    if (!info.pawn || info.promotion_choices.empty()) continue;
    for (Bitboard d = info.promotion_squares[sc.side]; d;) {
      const Square to = pop_lsb(d);
      z3::expr_vector pawns(sc.board.ctx()), enemies(sc.board.ctx());
      for (Square s = 0; s < kSquares; ++s) {
        if (s == to) continue;
        pawns.push_back(sc.board.is(s, sc.side, static_cast<PieceType>(pt)) &&
                        moves_to(sc, sc.side, s, to));
        enemies.push_back(!sc.board.is(s, ~sc.side, v.royal()) && moves_to(sc, ~sc.side, s, to));
      }
      t.push_back(any_of(sc.board.ctx(), pawns) && any_of(sc.board.ctx(), enemies));
    }
  }
  return any_of(sc.board.ctx(), t);
}

/// No piece of colour `c` but its king has a pseudo-legal move that takes no king.
z3::expr immobile(const ScenarioContext& sc, Color c) {
  const Variant& v = sc.board.variant();
  z3::expr_vector none(sc.board.ctx());
  for (Square s = 0; s < kSquares; ++s)
    for (Square t = 0; t < kSquares; ++t)
      if (s != t)
        none.push_back(!(sc.board.occupied_by(s, c) && !sc.board.is(s, c, v.royal()) &&
                         sc.attacks.move_exists(s, t) && !sc.board.is(t, ~c, v.royal())));
  return z3::mk_and(none);
}

z3::expr stalemate_shape(const ScenarioContext& sc) {
  return !sc.attacks.in_check(sc.side) && royal_cannot_step(sc);
}

/// The item a probe serves: "knob <name>" (every alternative of the knob), "clause <name>".
template <auto Member>
std::string knob_item() {
  return "knob " + std::string(knob_name<Member>());
}
std::string clause_item(std::string_view name) {
  return "clause " + std::string(name);
}

}  // namespace

std::vector<CoverageProbe> coverage_probes(const Variant& v) {
  std::vector<CoverageProbe> out;
  const Protocol p = v.table().protocol;
  if (p == Protocol::kSequential) {
    out.push_back({"clause stalemate", stalemate_shape});
    out.push_back({"clause en-passant",
                   [](const ScenarioContext& sc) { return en_passant_while_moving_on(sc); }});
    if (v.conversion().enabled) {
      out.push_back({knob_item<&ConversionKnobs::converted_pawn_double_step>(),
                     convertible_pawn_on_our_start});
      out.push_back({knob_item<&ConversionKnobs::castle_out_of_check_by_conversion>(),
                     [](const ScenarioContext& sc) {
                       return castling_ready(
                           sc, [&](const CastlingMove&) { return sc.attacks.in_check(sc.side); });
                     }});
      out.push_back({knob_item<&ConversionKnobs::castle_through_cleared_square>(),
                     [](const ScenarioContext& sc) {
                       return castling_ready(sc, [&](const CastlingMove& cm) {
                         z3::expr_vector t(sc.board.ctx());
                         for (Bitboard b = cm.king_path; b;)
                           t.push_back(sc.attacks.threatened(pop_lsb(b), ~sc.side));
                         return !sc.attacks.in_check(sc.side) && any_of(sc.board.ctx(), t);
                       });
                     }});
    }
  } else if (p == Protocol::kSimultaneous) {
    out.push_back({"clause stalemate", stalemate_shape});
    out.push_back({"clause checkmate", [](const ScenarioContext& sc) {
                     return sc.attacks.in_check(sc.side) && royal_cannot_step(sc);
                   }});
    if (v.table().resolver == Resolver::kDiplomacy) {
      out.push_back({clause_item(clause_name(DiplomacyClause::kHeadOn)), mutual_reach});
      out.push_back({clause_item(clause_name(DiplomacyClause::kKingCapture)), king_meets_piece});
      out.push_back({knob_item<&DiplomacyKnobs::promotion_rank>(), promotion_meets_piece});
      // A king in check that cannot step safely: mated by the orthodox moves, not always by
      // the submissions (a king step into an attacked square may be submitted).
      out.push_back({knob_item<&DiplomacyKnobs::game_end_moves>(), [](const ScenarioContext& sc) {
                       return sc.attacks.in_check(sc.side) && royal_cannot_step(sc);
                     }});
    } else {
      out.push_back(
          {knob_item<&MoveNeutralKnobs::en_passant_moved_on>(), en_passant_while_moving_on});
      out.push_back(
          {knob_item<&MoveNeutralKnobs::castling_path_entered>(), [](const ScenarioContext& sc) {
             // An enemy piece can enter a square the castling needs empty but the
             // king does not cross (entering a king square would attack it, and
             // castling would not be a submission), while castling is legal now.
             return castling_ready(sc, [&](const CastlingMove& cm) {
               z3::expr_vector t(sc.board.ctx()), safe(sc.board.ctx());
               for (Bitboard b = cm.must_be_empty & ~cm.king_path; b;)
                 t.push_back(reaches_square(sc, ~sc.side, pop_lsb(b)));
               for (Bitboard b = cm.king_path | bb(cm.king_to); b;)
                 safe.push_back(!sc.attacks.attacked(pop_lsb(b), ~sc.side));
               return any_of(sc.board.ctx(), t) && z3::mk_and(safe);
             });
           }});
      out.push_back({knob_item<&MoveNeutralKnobs::mated_and_stalemated>(),
                     [](const ScenarioContext& sc) {
                       // The side to move in check with a king that cannot step; the other
                       // side not in check, its king unable to step and no other piece with a
                       // pseudo-legal move (a king is never taken): mate and stalemate at once.
                       return sc.attacks.in_check(sc.side) && royal_cannot_step(sc) &&
                              !sc.attacks.in_check(~sc.side) && royal_cannot_step(other_side(sc)) &&
                              immobile(sc, ~sc.side);
                     },
                     200, 8});
    }
  } else if (p == Protocol::kConditional) {
    out.push_back({"clause stalemate", stalemate_shape});
    // The catalog's forced-check shape, stepped from phase A: there the knob decides.
    if (const Scenario* forced = find_scenario("conditional", "forced-non-mating-check"))
      out.push_back({knob_item<&ConditionalKnobs::forced_a_move_check>(), forced->formula, 0, 0,
                     [](const Position& pos) {
                       return to_conditional_fen(
                           ConditionalState{pos, Phase::kA, std::nullopt, false, std::nullopt});
                     }});
    out.push_back({knob_item<&ConditionalKnobs::no_legal_c_move>(), [](const ScenarioContext& sc) {
                     // The stater (the side not to move in phase B) has its king alone: a
                     // B-move that takes its last flight leaves it without a legal move.
                     const PieceType royal = sc.board.variant().royal();
                     z3::expr_vector others(sc.board.ctx());
                     for (Square s = 0; s < kSquares; ++s)
                       others.push_back(!sc.board.occupied_by(s, ~sc.side) ||
                                        sc.board.is(s, ~sc.side, royal));
                     return z3::mk_and(others) && !sc.attacks.in_check(~sc.side);
                   }});
  }
  return out;
}

std::string probe_fen(const Position& proposal) {
  const Variant& v = proposal.variant();
  if (v.table().protocol == Protocol::kSimultaneous) {
    // A pawn that may just have double-stepped gets its en-passant right, so that the
    // en-passant clauses can be reached from a proposed board.
    SimState s = sim_state_of(proposal);
    for (Color c : {kWhite, kBlack})
      for_double_steps(v, c, [&](PieceType t, Square o, Square p) {
        const Bitboard passed = v.between(o, p);
        if (s.ep_target[c] != kNoSquare || popcount(passed) != 1) return;
        if (s.pos.piece_on(c, p) == t && (s.pos.occupied() & (bb(o) | passed)) == 0)
          s.ep_target[c] = lsb(passed);
      });
    return to_sim_fen(s);
  }
  if (v.table().protocol == Protocol::kConditional) {
    return to_conditional_fen(
        ConditionalState{proposal, Phase::kB, std::nullopt, false, std::nullopt});
  }
  Position pos = proposal;
  const Color e = ~pos.side_to_move();
  for_double_steps(v, e, [&](PieceType t, Square o, Square p) {
    const Bitboard passed = v.between(o, p);
    if (pos.en_passant() != kNoSquare || popcount(passed) != 1) return;
    if (pos.piece_on(e, p) == t && (pos.occupied() & (bb(o) | passed)) == 0)
      pos.set_en_passant(lsb(passed));
  });
  return to_fen(pos);
}

}  // namespace arbiter::solver
