#include "present/board/report_boards.hpp"

#include <sstream>

#include "present/simultaneous/submission_text.hpp"
#include "rules/conditional/conditional_game.hpp"
#include "rules/conditional/conditional_record.hpp"
#include "rules/conversion/conversion.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/notation.hpp"
#include "rules/simultaneous/sim_record.hpp"
#include "rules/simultaneous/simultaneous.hpp"
#include "rules/simultaneous/trace_clauses.hpp"

namespace arbiter::inline present {
namespace {

/// A move stood unless its fate says otherwise ("not executed", "captured", "void").
bool failed_fate(const std::string& fate) {
  return fate != "executed" && fate != "stood";
}

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

/// A move in coordinates ("e2e4", "e7e8q") or SAN on `pos`; null when neither reads.
Move read_move(const Position& pos, const std::string& text) {
  try {
    return parse_uci(pos, text);
  } catch (const std::exception&) {
  }
  try {
    return parse_san(pos, text);
  } catch (const std::exception&) {
  }
  return Move{};
}

Move read_submission_or_null(const SimState& s, Color c, const std::string& text) {
  try {
    return read_submission(s, c, text);
  } catch (const std::exception&) {
    return Move{};
  }
}

SvgArrow arrow_of(Move m, Color side, bool failed = false) {
  return {m.from(), m.to(), side, failed};
}

/// "e1d1,e2d1" -> arrows between the squares each comma-separated token names (`failed`: moves
/// the rules refuse, drawn as failed).
void add_coordinate_arrows(const std::string& list, Color side, SvgBoard& b, bool failed = false) {
  std::istringstream in(list);
  for (std::string tok; std::getline(in, tok, ',');) {
    if (tok.size() < 4) continue;
    const auto from = parse_square(tok.substr(0, 2)), to = parse_square(tok.substr(2, 2));
    if (from && to) b.arrows.push_back({*from, *to, side, failed});
  }
}

SvgBoard sim_board_with(const VariantPtr& v, const SimState& s, Move white, Move black) {
  try {
    const SimTurnOutcome r = sim_rules_for(v)->resolve_traced(s, white, black);
    return board_of_turn(s, white, black, r);
  } catch (const std::exception&) {  // not a pair of submissions: draw the moves as given
    SvgBoard b{s.pos};
    if (!white.is_null()) b.arrows.push_back(arrow_of(white, kWhite));
    if (!black.is_null()) b.arrows.push_back(arrow_of(black, kBlack));
    return b;
  }
}

SvgBoard conditional_step(const ConditionalState& s, const std::vector<std::string>& w) {
  SvgBoard b{s.pos};
  b.phase = std::string(1, phase_letter(s.phase));
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (w[i] == "A" || w[i] == "-") continue;
    if (w[i][0] == '!') {  // the stater's unconditional C-move, read on the stater's view
      const Move m = read_move(stater_view(s), w[i].substr(1));
      if (!m.is_null()) b.arrows.push_back(arrow_of(m, s.stater()));
      continue;
    }
    const Move m = read_move(s.pos, w[i]);
    if (!m.is_null())
      b.arrows.push_back(arrow_of(m, s.pos.side_to_move()));
    else
      add_coordinate_arrows(w[i], s.pos.side_to_move(), b, true);
  }
  return b;
}

}  // namespace

Bitboard converted_by(const Position& pos, Move m) {
  if (!pos.variant().converts() || m.is_null()) return 0;
  Position after = pos;
  Undo undo;
  after.make(m, undo);
  return undo.converted;
}

Bitboard conversion_threats(const Position& pos) {
  if (!pos.variant().converts()) return 0;
  const Color by = pos.side_to_move();
  Bitboard out = 0;
  for (Bitboard rest = pos.pieces(~by); rest; rest &= rest - 1) {
    const Square s = static_cast<Square>(std::countr_zero(rest));
    if (conversion_threat(pos, s, by)) out |= bb(s);
  }
  return out;
}

namespace {

/// How each rules module draws its positions and steps; what a module leaves null, the
/// orthodox drawing of the board part does (scenario witnesses carry an orthodox FEN).
struct BoardModule {
  /// The board of a FEN in the module's notation (throws FenError when it is not one).
  SvgBoard (*of_fen)(const VariantPtr& v, const std::string& fen);
  /// A pair of submissions drawn as resolved (throws FenError for another FEN).
  SvgBoard (*with_pair)(const VariantPtr& v, const std::string& fen, Move white, Move black);
  /// The position after a pair of submissions.
  SvgBoard (*after_pair)(const VariantPtr& v, const std::string& fen, Move white, Move black);
  /// A step of the module's coverage cases (throws when it does not read).
  SvgBoard (*of_step)(const VariantPtr& v, const std::string& fen,
                      const std::vector<std::string>& w);
  /// One move a ply: a single move is drawn with what it converts.
  bool single_moves = false;
};

SvgBoard conditional_board(const VariantPtr& v, const std::string& fen) {
  const ConditionalState s = parse_conditional_fen(v, fen);
  SvgBoard b{s.pos};
  b.phase = std::string(1, phase_letter(s.phase));
  return b;
}

SvgBoard sim_board(const VariantPtr& v, const std::string& fen) {
  return SvgBoard{parse_sim_fen(v, fen).pos};
}

SvgBoard sim_pair(const VariantPtr& v, const std::string& fen, Move white, Move black) {
  return sim_board_with(v, parse_sim_fen(v, fen), white, black);
}

SvgBoard sim_after(const VariantPtr& v, const std::string& fen, Move white, Move black) {
  return SvgBoard{sim_rules_for(v)->resolve_traced(parse_sim_fen(v, fen), white, black).after.pos};
}

SvgBoard conditional_step_board(const VariantPtr& v, const std::string& fen,
                                const std::vector<std::string>& w) {
  return conditional_step(parse_conditional_fen(v, fen), w);
}

SvgBoard sim_step(const VariantPtr& v, const std::string& fen, const std::vector<std::string>& w) {
  const SimState s = parse_sim_fen(v, fen);
  if (!w.empty() && w[0] == "P") {  // progressive play: each side's set of moves
    SvgBoard b{s.pos};
    if (w.size() > 1) add_coordinate_arrows(w[1], kWhite, b);
    if (w.size() > 2) add_coordinate_arrows(w[2], kBlack, b);
    return b;
  }
  if (w.size() != 2) return SvgBoard{s.pos};
  Move m[2] = {};
  bool refused = false;  // a side's move is no submission under these rules
  for (Color c : {kWhite, kBlack}) {
    if (w[c] == "-") continue;
    m[c] = read_submission_or_null(s, c, w[c]);
    refused = refused || m[c].is_null();
  }
  if (!refused) return sim_board_with(v, s, m[kWhite], m[kBlack]);
  SvgBoard b{s.pos};
  for (Color c : {kWhite, kBlack}) {
    if (!m[c].is_null())
      b.arrows.push_back(arrow_of(m[c], c));
    else if (w[c] != "-")
      add_coordinate_arrows(w[c], c, b, true);
  }
  return b;
}

// The presentation's registry: one line per rules kind, in RulesKind's order.
constexpr ModuleRegistry<BoardModule> kBoardModules = {{
    {nullptr, nullptr, nullptr, nullptr, true},
    {conditional_board, nullptr, nullptr, conditional_step_board},
    {sim_board, sim_pair, sim_after, sim_step},
    {sim_board, sim_pair, sim_after, sim_step},
}};

const BoardModule& board_module(const Variant& v) {
  return kBoardModules[index_of(v.kind())];
}

}  // namespace

SvgBoard board_of_fen(const VariantPtr& v, const std::string& fen) {
  if (const auto of_fen = board_module(*v).of_fen) {
    try {
      return of_fen(v, fen);
    } catch (const FenError&) {  // scenario witnesses carry an orthodox FEN
    }
  }
  SvgBoard b{parse_fen(v, fen)};
  b.marked = conversion_threats(b.pos);
  return b;
}

SvgBoard board_with_moves(const VariantPtr& v, const std::string& fen,
                          const std::vector<Move>& moves) {
  const BoardModule& m = board_module(*v);
  if (m.with_pair && moves.size() == 2) {
    try {
      return m.with_pair(v, fen, moves[0], moves[1]);
    } catch (const FenError&) {
    }
  }
  SvgBoard b = board_of_fen(v, fen);
  if (moves.size() == 1 && m.single_moves) {
    b.marked = converted_by(b.pos, moves[0]);
    b.arrows.push_back(arrow_of(moves[0], b.pos.side_to_move()));
    return b;
  }
  Color side = b.pos.side_to_move();
  for (Move mv : moves) {
    if (mv.is_null()) continue;
    b.arrows.push_back(arrow_of(mv, side));
    side = ~side;
  }
  return b;
}

std::optional<SvgBoard> board_after(const VariantPtr& v, const std::string& fen,
                                    const std::vector<Move>& moves) {
  const auto after = board_module(*v).after_pair;
  if (!after || moves.size() != 2) return std::nullopt;
  try {
    return after(v, fen, moves[0], moves[1]);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

SvgBoard board_of_step(const VariantPtr& v, const std::string& fen, const std::string& step) {
  const std::vector<std::string> w = words(step);
  const BoardModule& m = board_module(*v);
  if (m.of_step) {
    try {
      return m.of_step(v, fen, w);
    } catch (const std::exception&) {  // fall back to the bare board below
    }
  }
  SvgBoard b = board_of_fen(v, fen);
  if (m.single_moves && w.size() == 1 && w[0] != "-") {
    const Move mv = read_move(b.pos, w[0]);
    if (!mv.is_null()) return board_with_moves(v, fen, {mv});
    add_coordinate_arrows(w[0], b.pos.side_to_move(), b, true);  // a move these rules refuse
  }
  return b;
}

SvgBoard board_of_turn(const SimState& before, Move white, Move black, const SimTurnOutcome& r) {
  SvgBoard b{before.pos};
  if (!white.is_null()) b.arrows.push_back(arrow_of(white, kWhite, failed_fate(r.fates[kWhite])));
  if (!black.is_null()) b.arrows.push_back(arrow_of(black, kBlack, failed_fate(r.fates[kBlack])));
  for (const TraceEntry& e : r.trace)
    if (is_conflict_clause(e.clause) && e.square != kNoSquare) b.conflicts |= bb(e.square);
  return b;
}

void write_final_position_svg(const VariantPtr& v, const std::string& fen,
                              const std::string& path) {
  if (fen.empty()) throw std::invalid_argument("replay --svg: the record has no position to draw");
  SvgBoard b = board_of_fen(v, fen);
  b.caption = "final position";
  write_svg(path, {b});
}

}  // namespace arbiter::inline present
