// libFuzzer target: any text as a Conditional Chess extended FEN and as a conditional move
// ("cond?then/else", "!move"), under the conditional table (the FEN also with every knob at
// its other alternative). Each either fails with its documented error (FenError,
// ConditionalNotationError) or parses to a value whose printed form parses back to the same
// value. A parsed state whose game is not over also generates its phase's moves once (and, in
// phase C, decides the pending C-move); a parsed conditional move is resolved as White's on
// the start position.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "rules/conditional/conditional_game.hpp"
#include "rules/conditional/conditional_move.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"

namespace {

using arbiter::ConditionalMove;
using arbiter::ConditionalState;

// Printing canonicalises a conditional move ("a8?Ra1/Rxa1" becomes "!Ra1", see to_string), so
// the printed form, not the parsed value, is what must survive a round trip unchanged.
bool collapses(const ConditionalMove& m) {
  return !m.condition || arbiter::same_stated_move(m.then_text, m.else_text);
}

void check_fen(const arbiter::VariantPtr& v, std::string_view text) {
  std::optional<ConditionalState> parsed;
  try {
    parsed = arbiter::parse_conditional_fen(v, text);
  } catch (const arbiter::FenError&) {
    return;
  }
  const ConditionalState& s = *parsed;
  const std::string fen = arbiter::to_conditional_fen(s);
  const ConditionalState again = arbiter::parse_conditional_fen(v, fen);
  if (!(again.pos == s.pos) || again.phase != s.phase || again.mate_due != s.mate_due ||
      again.pending.has_value() != s.pending.has_value() ||
      (s.pending && !collapses(*s.pending) && !(*again.pending == *s.pending)) ||
      arbiter::to_conditional_fen(again) != fen)
    __builtin_trap();

  if (arbiter::conditional_status(s).over()) return;
  if (s.phase == arbiter::Phase::kC) {
    (void)arbiter::c_outcomes(s);
    if (s.pending) (void)arbiter::decide_c(s, *s.pending);
  } else {
    arbiter::MoveList moves;
    arbiter::phase_moves(s, moves);
  }
}

void check_notation(const arbiter::Variant& v, const arbiter::Position& start,
                    std::string_view text) {
  ConditionalMove m;
  try {
    m = arbiter::parse_conditional(v, text);
  } catch (const arbiter::ConditionalNotationError&) {
    return;
  }
  for (const bool marks : {false, true}) {
    const std::string printed = arbiter::to_string(v, m, marks);
    const ConditionalMove again = arbiter::parse_conditional(v, printed);
    if (arbiter::to_string(v, again, marks) != printed) __builtin_trap();
    if (!collapses(m) && again.condition != m.condition) __builtin_trap();
    if (!collapses(m) && (again.then_text != m.then_text || again.else_text != m.else_text))
      __builtin_trap();
    if (marks && !collapses(m) && again.marked != m.marked) __builtin_trap();
  }
  // White stating it on the start position: the branch is a move or a NotationError.
  try {
    (void)arbiter::resolve_branch(start, m, arbiter::kWhite);
  } catch (const arbiter::NotationError&) {
  }
}

// The conditional table with every knob at its other alternative: phases "B+"/"C+" (an A-move
// check owing mate) and the statement-time resolution exist only there.
arbiter::VariantPtr other_knobs() {
  arbiter::KnobSettings knobs;
  for (const auto& b : arbiter::knob_bindings<arbiter::ConditionalKnobs>())
    knobs[std::string(b.spec.name)] = std::string(b.spec.alternatives[1]);
  return arbiter::load_variant("conditional", knobs);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const arbiter::VariantPtr variant = arbiter::load_variant("conditional");
  static const arbiter::VariantPtr variant_other = other_knobs();
  static const arbiter::Position start = arbiter::conditional_start(variant).pos;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_fen(variant, text);
  check_fen(variant_other, text);
  check_notation(*variant, start, text);
  return 0;
}
