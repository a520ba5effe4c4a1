#include "solver/core/sequential_step_cases.hpp"

#include <fmt/format.h>

#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"

namespace arbiter::solver {
namespace {

/// "checkmate", "stalemate", "check" or "" for the side to move of `pos`, whose legal moves
/// are `legal`.
std::string sequential_status(const Position& pos, const MoveList& legal) {
  if (legal.empty()) return pos.in_check() ? "checkmate" : "stalemate";
  return pos.in_check() ? "check" : "";
}

/// The standing step "-": how the position stands before anyone moves (a knob that changes what
/// counts as check or mate shows here).
/// `fen` is the position's FEN, `legal` its legal moves.
StepCase standing(const Position& pos, const std::string& fen, const MoveList& legal) {
  const std::string st = sequential_status(pos, legal);
  StepCase c{fen, "-", st.empty() ? "in play" : st, "", {}};
  if (!st.empty()) add_clause(c.clauses, st);
  return c;
}

/// Both sides' legal move counts (the side not to move as if it were its turn; `mine`: the
/// side to move's legal moves): a rule that changes what a piece may do next, such as a
/// converted pawn's double step, shows here.
std::string mobility(const Position& pos, const MoveList& mine) {
  MoveList theirs;
  Position other = pos;
  other.set_side_to_move(~pos.side_to_move());
  other.set_en_passant(kNoSquare);
  generate_legal(other, theirs);
  return fmt::format("moves {}/{}", mine.size(), theirs.size());
}

}  // namespace

std::vector<ClauseSpec> SequentialStepCases::clauses(const Variant&) const {
  std::vector<ClauseSpec> out;
  add_plain_clauses(out, {"capture", "en-passant", "castling", "promotion", "double-step", "check",
                          "checkmate", "stalemate"});
  if (effect_ != nullptr) effect_->clauses(out);
  return out;
}

StepCase SequentialStepCases::play(const Position& before, SequentialStep step) const {
  const std::string fen = to_fen(before);
  if (!step.move.is_null()) return play(before, fen, step.move);
  MoveList legal;
  generate_legal(before, legal);
  return standing(before, fen, legal);
}

StepCase SequentialStepCases::play(const Position& before, const std::string& fen, Move m) const {
  StepCase c;
  c.fen = fen;
  c.moves = to_uci(before, m);
  const Color us = before.side_to_move();
  const bool capture =
      m.kind() == MoveKind::kEnPassant ||
      (m.kind() != MoveKind::kCastling && before.piece_on(~us, m.to()) != kNoPiece);
  Position after = before;
  Undo undo;
  after.make(m, undo);
  if (capture) add_clause(c.clauses, "capture");
  if (m.kind() == MoveKind::kEnPassant) add_clause(c.clauses, "en-passant");
  if (m.kind() == MoveKind::kCastling) add_clause(c.clauses, "castling");
  if (m.kind() == MoveKind::kPromotion) add_clause(c.clauses, "promotion");
  if (m.kind() == MoveKind::kDoubleStep) add_clause(c.clauses, "double-step");
  if (effect_ != nullptr) effect_->move_clauses(before, m, undo, c.clauses);
  MoveList legal_after;
  generate_legal(after, legal_after);
  const std::string status = sequential_status(after, legal_after);
  if (!status.empty()) add_clause(c.clauses, status);
  if (effect_ != nullptr) effect_->position_clauses(after, us, c.clauses);
  c.after_fen = to_fen(after);
  c.outcome =
      c.after_fen + " | " + (status.empty() ? "" : status + " | ") + mobility(after, legal_after);
  return c;
}

void SequentialStepCases::for_each(const VariantPtr& v, const std::string& fen,
                                   const StepVisitor& f) const {
  const Position pos = parse_fen(v, fen);
  MoveList moves;
  generate_legal(pos, moves);
  const std::string fen_text = to_fen(pos);  // once for the position's steps
  if (!f(standing(pos, fen_text, moves))) return;
  for (Move m : moves)
    if (!f(play(pos, fen_text, m))) return;
}

StepCase SequentialStepCases::replay(const VariantPtr& v, const std::string& fen,
                                     const std::string& text) const {
  const Position pos = parse_fen(v, fen);
  if (text == "-") return play(pos, SequentialStep{});
  Move m{};
  try {
    m = parse_uci(pos, text);
  } catch (const NotationError& e) {
    return refused_step(to_fen(pos), text, e.what());
  }
  if (!is_legal(pos, m)) return refused_step(to_fen(pos), text, "not a legal move");
  return play(pos, SequentialStep{m});
}

const StepCaseSource& orthodox_step_cases() {
  static const SequentialStepCases source("orthodox", nullptr);
  return source;
}

}  // namespace arbiter::solver
