// The Conditional Chess problem task (see conditional_task.hpp).
#include "puzzles/conditional_task.hpp"

#include <set>
#include <stdexcept>
#include <string>

#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"

namespace arbiter::puzzles {
namespace {

/// Adds the SAN (without check marks) of every legal move of `pos`.
void add_texts(const Position& pos, std::set<std::string>& texts) {
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    std::string san = to_san(pos, m);
    while (!san.empty() && (san.back() == '+' || san.back() == '#')) san.pop_back();
    texts.insert(san);
  }
}

/// The C-move texts worth trying: the SAN of each move the stater could make now (as it
/// would write it when stating) or after some B-move.
std::vector<std::string> candidate_texts(const ConditionalState& s,
                                         const std::vector<ConditionalState>& boards) {
  std::set<std::string> texts;
  add_texts(stater_view(s), texts);
  for (const ConditionalState& b : boards) add_texts(b.pos, texts);
  return {texts.begin(), texts.end()};
}

/// The C-move "!text" played on a board right after the B-move: does it checkmate?
bool mates_on(const ConditionalState& after_b, const std::string& text) {
  ConditionalMove cm;
  cm.then_text = cm.else_text = text;
  try {
    const CDecision d = decide_c(after_b, cm);
    if (d.kind != CDecision::Kind::kExecute) return false;
    ConditionalState s = after_b;
    const Color stater = s.pos.side_to_move();
    apply_c(s, CStep{false, d.move});
    const ConditionalStatus st = conditional_status(s);
    return st.end == ConditionalEnd::kCheckmate && st.winner == stater;
  } catch (const std::exception&) {
    return false;  // the text names no legal move there
  }
}

std::vector<Condition> conditions_of(const Variant& v) {
  std::vector<Condition> out;
  for (Square sq = 0; sq < kSquares; ++sq) {
    out.push_back({ConditionKind::kEmpty, sq, 0});
    out.push_back({ConditionKind::kAnyEnemy, sq, 0});
    for (int t = 0; t < v.piece_count(); ++t)
      out.push_back({ConditionKind::kEnemyPiece, sq, v.piece(static_cast<PieceType>(t)).letter});
  }
  return out;
}

}  // namespace

bool mates_whatever_the_b_move(const ConditionalState& s, const ConditionalMove& cm) {
  MoveList b_moves;
  phase_moves(s, b_moves);
  if (b_moves.empty()) return false;
  const Color stater = s.stater();
  for (Move b : b_moves) {
    ConditionalState t = s;
    try {
      state(t, cm);
      play(t, b);
      if (t.phase != Phase::kC) return false;
      const CDecision d = decide_c(t, cm);
      if (d.kind != CDecision::Kind::kExecute) return false;
      apply_c(t, CStep{false, d.move});
    } catch (const std::exception&) {
      return false;
    }
    const ConditionalStatus st = conditional_status(t);
    if (st.end != ConditionalEnd::kCheckmate || st.winner != stater) return false;
  }
  return true;
}

std::vector<ConditionalMove> conditional_mates(const ConditionalState& s, int limit) {
  if (s.phase != Phase::kB)
    throw std::invalid_argument("the task needs a position in phase B (the B-move due)");
  std::vector<ConditionalMove> out;
  MoveList b_moves;
  phase_moves(s, b_moves);
  if (b_moves.empty()) return out;
  std::vector<ConditionalState> boards;
  for (Move b : b_moves) {
    ConditionalState t = s;
    play_allowed(t, b);
    boards.push_back(std::move(t));
  }
  const std::vector<std::string> texts = candidate_texts(s, boards);
  // mates[i][j]: text i mates after B-move j.
  std::vector<std::vector<bool>> mates(texts.size(), std::vector<bool>(boards.size()));
  for (std::size_t i = 0; i < texts.size(); ++i)
    for (std::size_t j = 0; j < boards.size(); ++j) mates[i][j] = mates_on(boards[j], texts[i]);
  const auto add = [&](ConditionalMove cm) {
    if (static_cast<int>(out.size()) < limit && mates_whatever_the_b_move(s, cm))
      out.push_back(std::move(cm));
  };
  for (std::size_t i = 0; i < texts.size(); ++i) {
    bool all = true;
    for (std::size_t j = 0; j < boards.size() && all; ++j) all = mates[i][j];
    if (all) add({std::nullopt, texts[i], texts[i], -1});
  }
  if (!out.empty()) return out;  // a condition is needed only when no single move mates
  const Color stater = s.stater();
  for (const Condition& c : conditions_of(s.pos.variant())) {
    std::vector<bool> holds(boards.size());
    for (std::size_t j = 0; j < boards.size(); ++j) holds[j] = evaluate(c, boards[j].pos, stater);
    const auto mates_where = [&](std::size_t i, bool want) {
      for (std::size_t j = 0; j < boards.size(); ++j)
        if (holds[j] == want && !mates[i][j]) return false;
      return true;
    };
    for (std::size_t i = 0; i < texts.size(); ++i) {
      if (!mates_where(i, true)) continue;
      for (std::size_t e = 0; e < texts.size(); ++e)
        if (e != i && mates_where(e, false)) add({c, texts[i], texts[e], -1});
      if (static_cast<int>(out.size()) >= limit) return out;
    }
  }
  return out;
}

}  // namespace arbiter::puzzles
