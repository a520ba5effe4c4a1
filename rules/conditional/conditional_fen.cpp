// The FEN extension of Conditional Chess: "<orthodox FEN> <phase>[+] <pending>".
#include <fmt/format.h>

#include <vector>

#include "rules/conditional/conditional_game.hpp"
#include "rules/core/fen.hpp"
#include "rules/registry/rule_knobs.hpp"

namespace arbiter {

ConditionalState parse_conditional_fen(const VariantPtr& v, std::string_view fen) {
  const std::vector<FenField> fields = split_fen_fields(fen, kFenBlanks);
  if (fields.size() > 8)
    throw_fen_error(
        fields[8].column(),
        fmt::format("unexpected text '{}' after the pending conditional move: a Conditional "
                    "Chess FEN has at most 8 fields (orthodox 6, phase, pending move)",
                    fields[8].text));
  if (fields.size() >= 7 &&
      fields[5].text.find_first_not_of("0123456789") != std::string_view::npos)
    throw_fen_error(
        fields[5].column(),
        fmt::format("expected the fullmove number (the 6th field) before the phase, found '{}'",
                    fields[5].text));
  const std::size_t board_end =
      fields.size() > 6 ? fields[6].begin : fen.size();  // the orthodox part, columns unchanged
  ConditionalState s{parse_fen(v, fen.substr(0, board_end)), Phase::kA, std::nullopt, false,
                     std::nullopt};
  if (fields.size() <= 6) return s;

  const FenField& phase = fields[6];
  const char letter = phase.text[0];
  if (letter != 'A' && letter != 'B' && letter != 'C')
    throw_fen_error(phase.column(),
                    fmt::format("unknown phase '{}': expected A, B or C (B+ or C+ when an A-move "
                                "check must mate by the end of the turn)",
                                phase.text));
  s.phase = letter == 'A' ? Phase::kA : letter == 'B' ? Phase::kB : Phase::kC;
  if (phase.text.size() > 2 || (phase.text.size() == 2 && phase.text[1] != '+'))
    throw_fen_error(phase.column() + 1,
                    fmt::format("unexpected '{}' after the phase letter: expected nothing "
                                "or '+'",
                                phase.text.substr(1)));
  if (phase.text.size() == 2) {
    if (s.phase == Phase::kA)
      throw_fen_error(phase.column() + 1,
                      "'+' (an A-move check owing mate) belongs to phases B and C, not A");
    if (v->knobs().conditional.a_move_mate == AMoveMate::kImmediate)
      throw_fen_error(phase.column() + 1,
                      "'+' (an A-move check owing mate by the end of the turn) needs knob " +
                          knob_setting_of<&ConditionalKnobs::a_move_mate>(AMoveMate::kEndOfTurn));
    s.mate_due = true;
  }
  if (fields.size() == 8 && fields[7].text != "-") {
    const FenField& pending = fields[7];
    if (s.phase == Phase::kA)
      throw_fen_error(
          pending.column(),
          "a pending conditional move exists only in phases B and C (in phase A the side to "
          "move has not stated one yet): expected '-'");
    try {
      ConditionalMove cm = parse_conditional(*v, pending.text);
      if (cm.marked >= 0)
        throw_fen_error(pending.column(),
                        "a pending conditional move has not executed: no '*' marks");
      s.pending = std::move(cm);
    } catch (const ConditionalNotationError& e) {
      throw_fen_error(pending.column() + e.column() - 1,
                      fmt::format("pending conditional move: {}", e.what()));
    }
  }
  return s;
}

std::string to_conditional_fen(const ConditionalState& s) {
  std::string out = to_fen(s.pos);
  out += ' ';
  out += phase_letter(s.phase);
  if (s.mate_due) out += '+';
  out += ' ';
  out += s.pending ? to_string(s.pos.variant(), *s.pending) : "-";
  return out;
}

}  // namespace arbiter
