#include "rules/simultaneous/move_neutral/move_neutral.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "rules/simultaneous/move_neutral/move_neutral_turn.hpp"
#include "rules/simultaneous/trace_clauses.hpp"

namespace arbiter {

namespace {

Bitboard shared_squares(const Position& p) {
  return p.pieces(kWhite) & p.pieces(kBlack);
}

/// `c`'s king is attacked; under shared-square-sliding=passable attacks cross shared squares,
/// under shared-piece-attacks=inert a piece on a shared square attacks nothing.
bool king_attacked(const Position& p, Color c, const MoveNeutralKnobs& k) {
  const Square king = p.king_square(c);
  if (king == kNoSquare) return false;
  const Bitboard shared = shared_squares(p);
  const Bitboard occ = k.shared_square_sliding == SharedSquareSliding::kPassable
                           ? p.occupied() & ~shared
                           : p.occupied();
  Bitboard attackers = p.attackers(king, ~c, occ);
  if (k.shared_piece_attacks == SharedPieceAttacks::kInert) attackers &= ~shared;
  return attackers != 0;
}

bool contains(const MoveList& list, Move m) {
  return std::find(list.begin(), list.end(), m) != list.end();
}

/// shared-square-sliding=passable: moves of pieces not on a shared square, generated as if
/// the shared squares were empty, that do not end on one. Castling is no slide: its squares
/// must be empty, and a shared square is not (it would land a piece on its own side's).
void add_sliding_through_shared(const Position& view, MoveList& out) {
  const Bitboard shared = shared_squares(view);
  if (!shared) return;
  Position clear = view;
  for (Bitboard b = shared; b;) {
    const Square sq = pop_lsb(b);
    clear.remove(kWhite, sq);
    clear.remove(kBlack, sq);
  }
  MoveList moves;
  generate_pseudo_legal(clear, moves);
  for (Move m : moves)
    if (m.kind() != MoveKind::kCastling && !has(shared, m.to()) && !contains(out, m)) out.push(m);
}

}  // namespace

MoveFootprint footprint_of(const Variant& v, Color c, Move m) {
  MoveFootprint f;
  if (m.kind() == MoveKind::kCastling) {
    const CastlingMove& cm = v.castling(c)[static_cast<std::size_t>(m.arg())];
    f.from = cm.king_from;
    f.to = cm.king_to;
    f.rook_from = cm.rook_from;
    f.rook_to = cm.rook_to;
    f.rook_type = cm.rook_type;
    f.castling_path = cm.must_be_empty | cm.king_path | bb(cm.king_to) | bb(cm.rook_to);
    f.leaves = bb(cm.king_from) | bb(cm.rook_from);
    f.lands = bb(cm.king_to) | bb(cm.rook_to);
  } else {
    f.from = m.from();
    f.to = m.to();
    f.leaves = bb(f.from);
    f.lands = bb(f.to);
  }
  return f;
}

namespace {

/// What one side's move does, read on the start board: its footprint, and what it carries.
struct Plan : MoveFootprint {
  Color color = kWhite;
  Move move{};
  bool active = true;
  PieceType type = kNoPiece;  ///< the piece that lands on `to` (after promotion)
  Square target = kNoSquare;  ///< the enemy piece it means to take (`to`, or the e.p. victim)
  std::string text;
};

/// `with_text`: also the move's words for a trace ("White's knight g1f3"), which take longer to
/// write than the rest of the plan to read.
Plan plan_of(const SimState& s, Color c, Move m, bool with_text) {
  const Position& pos = s.pos;
  Plan p;
  p.color = c;
  p.move = m;
  static_cast<MoveFootprint&>(p) = footprint_of(pos.variant(), c, m);
  p.type = pos.piece_on(c, m.from());
  if (m.kind() == MoveKind::kPromotion) p.type = static_cast<PieceType>(m.arg());
  if (m.kind() == MoveKind::kEnPassant)
    p.target = en_passant_victim_of(m.to(), c);
  else if (m.kind() != MoveKind::kCastling && pos.piece_on(~c, m.to()) != kNoPiece)
    p.target = m.to();
  if (with_text)
    p.text =
        fmt::format("{}'s {} {}", side_name(c), pos.variant().piece(pos.piece_on(c, m.from())).name,
                    to_uci(view_for(s, c), m));
  return p;
}

}  // namespace

namespace {

/// Calls `f` with each submission of `c` in generation order until it returns false; returns
/// whether `f` stopped it.
template <typename F>
bool each_submission(const SimState& s, Color c, F f) {
  const Position view = view_for(s, c);
  if (view.king_square(c) == kNoSquare) return false;
  const MoveNeutralKnobs& k = view.variant().knobs().move_neutral;
  MoveList pseudo;
  generate_pseudo_legal(view, pseudo);
  if (k.shared_square_sliding == SharedSquareSliding::kPassable)
    add_sliding_through_shared(view, pseudo);
  const PieceType royal = view.variant().royal();
  for (Move m : pseudo) {
    // The opponent's king may not be "ostensibly captured".
    if (m.kind() != MoveKind::kCastling && view.piece_on(~c, m.to()) == royal) continue;
    Position after = view;
    Undo undo;
    after.make(m, undo);
    if (king_attacked(after, c, k)) continue;
    if (!f(m)) return true;
  }
  return false;
}

}  // namespace

void move_neutral_submissions(const SimState& s, Color c, MoveList& out) {
  each_submission(s, c, [&](Move m) {
    out.push(m);
    return true;
  });
}

bool is_move_neutral_submission(const SimState& s, Color c, Move m) {
  return each_submission(s, c, [m](Move x) { return x != m; });  // stops when found
}

std::string shared_squares_blocking_castling(const SimState& s, Color c, bool king_side) {
  const Position view = view_for(s, c);
  for (const CastlingMove& cm : view.variant().castling(c)) {
    if (cm.king_side != king_side) continue;
    Bitboard on_way = (cm.must_be_empty | cm.king_path) & shared_squares(view);
    if (!on_way) continue;
    const bool several = popcount(on_way) > 1;
    std::string squares;
    while (on_way) squares += (squares.empty() ? "" : ", ") + square_name(pop_lsb(on_way));
    const bool passable =
        view.variant().knobs().move_neutral.shared_square_sliding == SharedSquareSliding::kPassable;
    return fmt::format("{} {} shared, and castling needs the squares between king and rook empty{}",
                       squares, several ? "are" : "is",
                       passable
                           ? fmt::format(" ({} opens lines for sliding pieces, not for castling)",
                                         knob_setting_of<&MoveNeutralKnobs::shared_square_sliding>(
                                             SharedSquareSliding::kPassable))
                           : "");
  }
  return "";
}

MoveNeutralResolution resolve_move_neutral(const SimState& s, Move white, Move black,
                                           TraceDetail trace, bool validate) {
  if (validate)
    for (const auto& [c, m] : {std::pair{kWhite, white}, std::pair{kBlack, black}})
      if (!is_move_neutral_submission(s, c, m))
        throw std::invalid_argument(
            fmt::format("{} may not submit {}: not an ostensibly legal move on the present board",
                        side_name(c), to_uci(view_for(s, c), m)));
  const Variant& v = s.pos.variant();
  const MoveNeutralKnobs& k = v.knobs().move_neutral;
  Plan plans[2] = {plan_of(s, kWhite, white, trace.texts()),
                   plan_of(s, kBlack, black, trace.texts())};
  MoveNeutralResolution out{s, {true, true}, {}};
  out.after.ep_target[kWhite] = out.after.ep_target[kBlack] = kNoSquare;  // rights last a turn
  // The entry's text is written only when asked for (`text` returns it): without it, as in perft
  // and the step-case sweeps, writing it was most of a turn's work.
  const auto note = [&](MoveNeutralClause clause, Square sq, const auto& text) {
    trace.add(out.trace, clause_name(clause), sq, 0, text);
  };

  // Knobs that void a move are judged on the submitted moves, before anything moves.
  for (Plan& p : plans) {
    const Plan& other = plans[~p.color];
    if (p.move.kind() == MoveKind::kEnPassant && has(other.leaves, p.target) &&
        k.en_passant_moved_on == EnPassantMovedOn::kVoid) {
      note(MoveNeutralClause::kEnPassantMovedOn, p.target, [&] {
        return fmt::format(
            "{}: the pawn taken en passant moves on; {} is void ({})", square_name(p.target),
            p.text,
            knob_setting_of<&MoveNeutralKnobs::en_passant_moved_on>(EnPassantMovedOn::kVoid));
      });
      p.active = false;
    }
    if (p.move.kind() == MoveKind::kCastling && (p.castling_path & other.lands) &&
        k.castling_path_entered == CastlingPathEntered::kVoid) {
      note(MoveNeutralClause::kCastlingPathEntered, lsb(p.castling_path & other.lands), [&] {
        return fmt::format(
            "{}: an enemy piece enters the castling path; {} is void ({})",
            square_name(lsb(p.castling_path & other.lands)), p.text,
            knob_setting_of<&MoveNeutralKnobs::castling_path_entered>(CastlingPathEntered::kVoid));
      });
      p.active = false;
    }
  }

  MoveNeutralTurnInputs<Bitboard> in{};
  for (const Plan& p : plans) {
    if (!p.active) continue;
    in.leaves[p.color] = p.leaves;
    in.lands[p.color] = p.lands;
    in.aims[p.color] = p.target == kNoSquare ? 0 : bb(p.target);
    in.ep_lands[p.color] = p.move.kind() == MoveKind::kEnPassant ? bb(p.to) : 0;
  }
  for (Color c : {kWhite, kBlack}) in.occupied[c] = s.pos.pieces(c);
  in.shared = shared_squares(s.pos);
  in.ep_landing_captures = k.ep_landing_entered == EpLandingEntered::kCapture;
  const MoveNeutralTurnOutcome<Bitboard> turn = decide_move_neutral_turn(in);

  Position& board = out.after.pos;
  for (const Plan& p : plans) {
    if (p.target == kNoSquare) continue;
    if (has(turn.captured[~p.color], p.target))
      note(MoveNeutralClause::kCapture, p.target, [&] {
        return fmt::format("{}: {} takes {}'s {}", square_name(p.target), p.text,
                           side_name(~p.color), v.piece(board.piece_on(~p.color, p.target)).name);
      });
    if (!has(turn.missed[p.color], p.target)) continue;
    const Plan& other = plans[~p.color];
    const bool trade = other.target == p.from;
    note(trade ? MoveNeutralClause::kTradePlaces : MoveNeutralClause::kTargetLeft, p.target, [&] {
      return trade ? fmt::format(
                         "{}: {} and {} take each other's square: both stand, nothing is "
                         "taken",
                         square_name(p.target), p.text, other.text)
                   : fmt::format("{}: the piece {} meant to take has left: it takes nothing",
                                 square_name(p.target), p.text);
    });
  }
  bool reset_clock = false;
  for (Color c : {kWhite, kBlack})
    for (Bitboard b = turn.captured[c]; b;) {
      board.remove(c, pop_lsb(b));
      reset_clock = true;
    }
  for (const Plan& p : plans) {
    if (!p.active) continue;
    const PieceType moved = s.pos.piece_on(p.color, p.from);
    board.remove(p.color, p.from);
    if (p.rook_from != kNoSquare) board.remove(p.color, p.rook_from);
    board.put(p.color, p.type, p.to);
    if (p.rook_to != kNoSquare) board.put(p.color, p.rook_type, p.rook_to);
    if (v.piece(moved).pawn) reset_clock = true;
    if (p.move.kind() == MoveKind::kDoubleStep)
      out.after.ep_target[p.color] = static_cast<Square>((p.from + p.to) / 2);
  }
  for (Color c : {kWhite, kBlack})
    if (!plans[c].active) out.executed[c] = false;
  for (const Plan& p : plans) {  // only an en-passant landing square takes an arriving piece
    const Plan& other = plans[~p.color];
    if (!has(turn.taken_arriving[other.color], p.to)) continue;
    note(MoveNeutralClause::kEpLandingEntered, p.to, [&] {
      return fmt::format(
          "{}: {} lands where {} arrives and takes it ({})", square_name(p.to), p.text, other.text,
          knob_setting_of<&MoveNeutralKnobs::ep_landing_entered>(EpLandingEntered::kCapture));
    });
    board.remove(other.color, p.to);
    reset_clock = true;
  }
  for (Bitboard b = turn.shared; b;) {
    const Square sq = pop_lsb(b);
    note(MoveNeutralClause::kSharedSquare, sq, [&] {
      return fmt::format("{}: {} and {} both arrive: they share the square, neither is taken",
                         square_name(sq), plans[0].text, plans[1].text);
    });
  }
  for (const Plan& p : plans)
    if (p.active)
      note(MoveNeutralClause::kExecuted, p.to, [&] { return fmt::format("{}: stands", p.text); });
  std::uint8_t rights = board.castling_rights();
  for (Bitboard b = turn.touched; b;) rights &= v.castling_keep_mask(pop_lsb(b));
  board.set_castling_rights(rights);
  board.set_clocks(reset_clock ? 0 : s.pos.halfmove_clock() + 1, s.pos.fullmove_number() + 1);
  return out;
}

SimStatus move_neutral_status(const SimState& s) {
  SimStatus st;
  const MoveNeutralKnobs& k = s.pos.variant().knobs().move_neutral;
  bool mated[2] = {false, false}, stalemated[2] = {false, false};
  for (Color c : {kWhite, kBlack}) {
    // Only whether a submission exists matters: stop at the first.
    if (each_submission(s, c, [](Move) { return false; })) continue;
    const bool check = king_attacked(s.pos, c, k);
    mated[c] = check;
    stalemated[c] = !check;
  }
  const bool any_mate = mated[kWhite] || mated[kBlack];
  const bool any_stalemate = stalemated[kWhite] || stalemated[kBlack];
  if (!any_mate && !any_stalemate) return st;
  st.over = true;
  if (mated[kWhite] && mated[kBlack]) {
    st.reason = "both mated";
  } else if (any_mate && any_stalemate && k.mated_and_stalemated == MatedAndStalemated::kDraw) {
    st.reason =
        "one mated, the other stalemated (" +
        knob_setting_of<&MoveNeutralKnobs::mated_and_stalemated>(MatedAndStalemated::kDraw) + ")";
  } else if (any_mate) {
    st.reason = any_stalemate ? "checkmate (the other side is stalemated)" : "checkmate";
    st.winner = mated[kWhite] ? kBlack : kWhite;
  } else {
    st.reason = "stalemate";
  }
  return st;
}

}  // namespace arbiter
