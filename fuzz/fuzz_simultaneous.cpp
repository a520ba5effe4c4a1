// libFuzzer target: any text as input of the simultaneous tables (Diplomacy, Move-Neutral):
//  - a simultaneous FEN (shared squares "(Qp)", two en-passant squares) under both tables:
//    FenError, or a state whose FEN parses back to the same state; such a state then resolves
//    one turn, each side playing its first submission, and the result's FEN parses back too;
//  - a move (SAN or coordinates) of either side on the start position: NotationError, or a
//    submission whose canonical SAN reads back as the same move;
//  - a Diplomacy conditional: DiplomacyConditionalError, or a value whose text parses back to
//    it; and the same text as a whole turn of either side (NotationError or a submission).
// Any other exception escapes and libFuzzer reports it as a crash.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/simultaneous/diplomacy/diplomacy.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_conditional.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_move_text.hpp"
#include "rules/simultaneous/move_neutral/move_neutral.hpp"
#include "rules/simultaneous/simultaneous.hpp"

namespace {

using arbiter::Color;
using arbiter::Move;
using arbiter::MoveList;
using arbiter::SimState;

constexpr Color kColors[] = {arbiter::kWhite, arbiter::kBlack};

void submissions(const SimState& s, Color c, bool diplomacy, MoveList& out) {
  if (diplomacy)
    arbiter::diplomacy_submissions(s, c, out);
  else
    arbiter::move_neutral_submissions(s, c, out);
}

void check_round_trip(const arbiter::VariantPtr& v, const SimState& s) {
  const std::string fen = arbiter::to_sim_fen(s);
  const SimState again = arbiter::parse_sim_fen(v, fen);
  if (!(again == s) || arbiter::to_sim_fen(again) != fen) __builtin_trap();
}

// One turn from `s`, each side playing its first submission. A Diplomacy side without one
// stands still (a null move); Move-Neutral has no null move, so both sides need one.
void resolve_once(const arbiter::VariantPtr& v, const SimState& s, bool diplomacy) {
  MoveList subs[2];
  for (const Color c : kColors) submissions(s, c, diplomacy, subs[c]);
  const Move first[2] = {subs[0].empty() ? Move{} : subs[0][0],
                         subs[1].empty() ? Move{} : subs[1][0]};
  if (diplomacy) {
    check_round_trip(v, arbiter::resolve_diplomacy(s, first[0], first[1]).after);
  } else if (!subs[0].empty() && !subs[1].empty()) {
    check_round_trip(v, arbiter::resolve_move_neutral(s, first[0], first[1]).after);
  }
}

void check_fen(const arbiter::VariantPtr& v, std::string_view text, bool diplomacy) {
  std::optional<SimState> s;
  try {
    s = arbiter::parse_sim_fen(v, text);
  } catch (const arbiter::FenError&) {
    return;
  }
  check_round_trip(v, *s);
  const arbiter::SimStatus status =
      diplomacy ? arbiter::diplomacy_status(*s) : arbiter::move_neutral_status(*s);
  if (!status.over) resolve_once(v, *s, diplomacy);
}

void check_move(const SimState& start, std::string_view text, bool diplomacy) {
  for (const Color c : kColors) {
    MoveList subs;
    submissions(start, c, diplomacy, subs);
    Move m{};
    try {
      m = arbiter::read_sim_move(start, c, text, subs);
    } catch (const arbiter::NotationError&) {
      continue;
    }
    const std::string san = arbiter::sim_san(start, c, m, subs);
    if (arbiter::read_sim_move(start, c, san, subs) != m) __builtin_trap();
    if (diplomacy && arbiter::read_diplomacy_move(start, c, text) != m) __builtin_trap();
  }
}

void check_conditional(const arbiter::Variant& v, const SimState& start, std::string_view text) {
  try {
    const arbiter::DiplomacyConditional m = arbiter::parse_diplomacy_conditional(v, text);
    const std::string printed = arbiter::to_string(m);
    if (!(arbiter::parse_diplomacy_conditional(v, printed) == m)) __builtin_trap();
  } catch (const arbiter::DiplomacyConditionalError&) {
  }
  for (const Color c : kColors) {
    try {
      (void)arbiter::read_diplomacy_turn(start, c, text);
    } catch (const arbiter::NotationError&) {
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const arbiter::VariantPtr diplomacy = arbiter::load_variant("diplomacy");
  static const arbiter::VariantPtr neutral = arbiter::load_variant("move-neutral");
  static const SimState diplomacy_start = arbiter::sim_start(diplomacy);
  static const SimState neutral_start = arbiter::sim_start(neutral);
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_fen(diplomacy, text, true);
  check_fen(neutral, text, false);
  check_move(diplomacy_start, text, true);
  check_move(neutral_start, text, false);
  check_conditional(*diplomacy, diplomacy_start, text);
  return 0;
}
