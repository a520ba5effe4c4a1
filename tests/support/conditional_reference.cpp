#include "tests/support/conditional_reference.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "rules/core/variant.hpp"

namespace arbiter::test {
namespace {

std::vector<std::string> fields_of(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> out;
  for (std::string f; in >> f;) out.push_back(f);
  return out;
}

bool knob_is(const Variant& v, const std::string& name, const std::string& alternative) {
  const auto it = v.knob_settings().find(name);
  return it != v.knob_settings().end() && it->second == alternative;
}

std::vector<Move> legal(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  return {list.begin(), list.end()};
}

Position after(const Position& pos, Move m) {
  Position next = pos;
  Undo undo;
  next.make(m, undo);
  return next;
}

bool is_mate(const Position& pos) {
  return pos.in_check() && legal(pos).empty();
}

/// The board after a skipped C-move that hands the turn to the opponent, edited as FEN text
/// on purpose (no Position setters): side to move flipped, en passant gone, the fullmove
/// number advanced when Black's C-move was skipped.
Position passed(const Position& pos) {
  std::vector<std::string> f = fields_of(to_fen(pos));
  const bool black_skipped = f[1] == "b";
  f[1].assign(1, black_skipped ? 'w' : 'b');
  f[3].assign(1, '-');
  if (black_skipped) f[5] = std::to_string(std::stoi(f[5]) + 1);
  std::string text;
  for (const std::string& field : f) text += (text.empty() ? "" : " ") + field;
  return parse_fen(pos.variant_ptr(), text);
}

/// The stater's legal moves on the statement board `pos` (phase B, the stater not to move):
/// the board as if it were the stater's turn, with no en-passant right (none is its own).
std::vector<std::string> stateable_moves(const Position& pos) {
  Position view = pos;
  view.set_en_passant(kNoSquare);
  view.set_side_to_move(~pos.side_to_move());
  std::vector<std::string> out;
  for (Move m : legal(view)) out.push_back(to_uci(view, m));
  return out;
}

/// The node entering phase B on `pos`, with the statement board's moves when the knob makes
/// them matter (computing them always would only slow the reference down).
RefConditionalNode phase_b(Position pos, bool mate_due) {
  if (!RefConditionalRules::of(pos.variant()).resolve_at_statement)
    return {std::move(pos), 'B', mate_due, {}, false};
  std::vector<std::string> stateable = stateable_moves(pos);
  return {std::move(pos), 'B', mate_due, std::move(stateable), true};
}

}  // namespace

RefConditionalRules RefConditionalRules::of(const Variant& v) {
  RefConditionalRules r;
  r.forced_check_loses = knob_is(v, "forced-a-move-check", "loss");
  r.illegal_c_opponent_moves = knob_is(v, "illegal-c-move", "opponent-moves");
  r.replace_c_after_b_check = knob_is(v, "b-move-check", "replace-c-move");
  r.mate_by_end_of_turn = knob_is(v, "a-move-mate", "end-of-turn");
  r.no_legal_c_is_stalemate = knob_is(v, "no-legal-c-move", "stalemate");
  r.resolve_at_statement = knob_is(v, "c-move-resolution", "statement");
  r.ep_lapses_after_skip = knob_is(v, "ep-after-skipped-c-move", "lapses");
  return r;
}

RefConditionalNode ref_conditional_node(const VariantPtr& v, std::string_view fen) {
  const std::vector<std::string> f = fields_of(fen);
  std::string orthodox;
  for (std::size_t i = 0; i < f.size() && i < 6; ++i) orthodox += (i ? " " : "") + f[i];
  RefConditionalNode n{parse_fen(v, orthodox), 'A', false, {}, false};
  if (f.size() < 7) return n;
  const std::string& phase = f[6];
  if (phase != "A" && phase != "B" && phase != "C" && phase != "B+" && phase != "C+")
    throw std::invalid_argument("reference: unknown phase field '" + phase + "'");
  if (phase[0] == 'B') return phase_b(std::move(n.pos), phase.size() == 2);
  n.phase = phase[0];
  n.mate_due = phase.size() == 2;
  return n;
}

RefEnd ref_conditional_end(const RefConditionalNode& n) {
  const RefConditionalRules rules = RefConditionalRules::of(n.pos.variant());
  const std::vector<Move> moves = legal(n.pos);
  if (n.phase == 'C') {
    // A C-mover without moves: mated by the B-move, or (knob) stalemated; else just skipped.
    if (!moves.empty()) return RefEnd::kNone;
    if (n.pos.in_check()) return RefEnd::kCheckmate;
    return rules.no_legal_c_is_stalemate ? RefEnd::kStalemate : RefEnd::kNone;
  }
  if (moves.empty()) return n.pos.in_check() ? RefEnd::kCheckmate : RefEnd::kStalemate;
  if (n.phase == 'B' || rules.mate_by_end_of_turn) return RefEnd::kNone;
  for (Move m : moves) {
    const Position next = after(n.pos, m);
    if (!next.in_check() || is_mate(next)) return RefEnd::kNone;
  }
  return RefEnd::kForcedCheck;
}

std::vector<std::pair<std::string, RefConditionalNode>> ref_conditional_plies(
    const RefConditionalNode& n) {
  std::vector<std::pair<std::string, RefConditionalNode>> out;
  if (ref_conditional_end(n) != RefEnd::kNone) return out;
  const RefConditionalRules rules = RefConditionalRules::of(n.pos.variant());
  const std::vector<Move> moves = legal(n.pos);
  if (n.phase == 'A') {
    for (Move m : moves) {
      Position next = after(n.pos, m);
      const bool check = next.in_check();
      if (check && !rules.mate_by_end_of_turn && !is_mate(next)) continue;
      out.push_back(
          {to_uci(n.pos, m), phase_b(std::move(next), check && rules.mate_by_end_of_turn)});
    }
    return out;
  }
  if (n.phase == 'B') {
    for (Move m : moves)
      out.push_back({to_uci(n.pos, m), {after(n.pos, m), 'C', n.mate_due, n.stateable, true}});
    return out;
  }
  // Phase C. Who moves when the stated move does not execute: the checked C-mover
  // (replace-c-move), the opponent (opponent-moves) or nobody (a skip).
  const bool in_check = n.pos.in_check();
  const bool someone_picks =
      in_check ? rules.replace_c_after_b_check : rules.illegal_c_opponent_moves && !moves.empty();
  // A move is an outcome when a statement executes it or a player can pick it.
  const auto reachable = [&](const std::string& uci) {
    return !rules.resolve_at_statement || someone_picks || !n.stateable_known ||
           std::find(n.stateable.begin(), n.stateable.end(), uci) != n.stateable.end();
  };
  for (Move m : moves) {
    const std::string uci = to_uci(n.pos, m);
    Position next = after(n.pos, m);
    // An owed mate: only a mating C-move keeps the turn's A-move legal.
    if (n.mate_due && !is_mate(next)) continue;
    if (reachable(uci)) out.push_back({uci, {std::move(next), 'A', false, {}, false}});
  }
  if (n.mate_due || someone_picks) return out;
  if (in_check) {
    // Rule 2.2: the C-move did not cancel the B-move's check; the checked side's A-move (and
    // its en-passant right, unless the knob says the skipped C-move used it up).
    Position next = n.pos;
    if (rules.ep_lapses_after_skip) next.set_en_passant(kNoSquare);
    out.push_back({"skip", {std::move(next), 'A', false, {}, false}});
  } else {
    // Rule 3 (or rule 4 read as a skip): nothing moves, the opponent's A-move follows.
    out.push_back({"skip", {passed(n.pos), 'A', false, {}, false}});
  }
  return out;
}

std::uint64_t ref_conditional_perft(const RefConditionalNode& n, int depth) {
  if (depth == 0) return 1;
  std::uint64_t total = 0;
  for (const auto& [label, child] : ref_conditional_plies(n))
    total += ref_conditional_perft(child, depth - 1);
  return total;
}

std::vector<std::pair<std::string, std::uint64_t>> ref_conditional_divide(
    const RefConditionalNode& n, int depth) {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  for (const auto& [label, child] : ref_conditional_plies(n))
    out.emplace_back(label, ref_conditional_perft(child, depth - 1));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace arbiter::test
