#include "cli/replay_conditional.hpp"

#include <iostream>

#include "cli/json_writer.hpp"
#include "cli/replay_io.hpp"
#include "rules/conditional_record.hpp"

namespace arbiter::cli {
namespace {

const char* side_name(Color c) {
  return c == kWhite ? "White" : "Black";
}

/// The JSON name of how the game ended; empty while it goes on.
std::string termination_json(ConditionalEnd e) {
  switch (e) {
    case ConditionalEnd::kCheckmate:
      return "checkmate";
    case ConditionalEnd::kStalemate:
      return "stalemate";
    case ConditionalEnd::kForcedCheck:
      return "forced check";
    case ConditionalEnd::kNone:
      break;
  }
  return "";
}

void write_note(JsonWriter& w, const ConditionalNote& n, bool is_error) {
  w.begin_object().field("ply", n.ply).field("move_number", n.move_number).key("phase");
  if (n.phase)
    w.value(std::string(1, phase_letter(*n.phase)));
  else
    w.null();
  w.key("side");
  if (n.side)
    w.value(side_json(*n.side));
  else
    w.null();
  w.field("text", valid_utf8(n.text));
  if (is_error) w.field("reason", n.reason);
  w.field("message", valid_utf8(n.message));
  if (is_error) optional_string(w, "fen_before", n.fen_before);
  w.field("line", n.line).field("column", n.column).end_object();
}

void write_ply(JsonWriter& w, const ConditionalPly& p) {
  w.begin_object().field("ply", p.ply).field("move_number", p.move_number);
  w.field("phase", std::string(1, phase_letter(p.phase))).field("side", side_json(p.side));
  w.field("written", p.written);
  optional_string(w, "text", p.text);
  optional_string(w, "canonical", p.canonical);
  w.key("outcome");
  if (p.outcome)
    w.value(to_string(*p.outcome));
  else
    w.null();
  optional_string(w, "move", p.phase == Phase::kC ? p.move : p.canonical);
  optional_string(w, "why", p.why);
  w.field("line", p.line).field("column", p.column).end_object();
}

int print_json(const ConditionalReplayResult& r) {
  JsonWriter w;
  w.begin_object().field("valid", r.valid()).field("plies", r.plies);
  w.field("start_fen", r.start_fen).field("final_fen", r.final_fen).key("result");
  if (r.result)
    w.value(*r.result);
  else
    w.null();
  optional_string(w, "termination", termination_json(r.status.end));
  w.key("moves").begin_array();
  for (const ConditionalPly& p : r.moves) write_ply(w, p);
  w.end_array().key("warnings").begin_array();
  for (const ConditionalNote& n : r.warnings) write_note(w, n, false);
  w.end_array().key("error");
  if (r.error)
    write_note(w, *r.error, true);
  else
    w.null();
  std::cout << w.end_object().str() << '\n';
  return r.valid() ? 0 : 1;
}

std::string plain_line(const char* level, const ConditionalNote& n) {
  std::string line = level;
  line += ": " + conditional_note_location(n) + ": ";
  if (!n.reason.empty()) line += n.reason + ": ";
  return line + n.message;
}

int print_text(const ConditionalReplayResult& r) {
  for (const ConditionalNote& n : r.warnings) std::cerr << plain_line("warning", n) << '\n';
  if (r.error) {
    std::cerr << plain_line("error", *r.error) << '\n';
    if (!r.error->fen_before.empty())
      std::cerr << "position before the move: " << r.error->fen_before << '\n';
    return 1;
  }
  std::cout << "final " << r.final_fen << '\n' << "plies " << r.plies << '\n';
  std::cout << "result " << (r.result ? *r.result : std::string("none"));
  if (r.resigned) std::cout << " (" << side_name(*r.resigned) << " resigned)";
  const std::string end = termination_json(r.status.end);
  std::cout << '\n' << "termination " << (end.empty() ? "none" : end);
  const char* stuck = side_name(r.final_side_to_move);
  switch (r.status.end) {
    case ConditionalEnd::kCheckmate:
      std::cout << " (" << stuck << " is checkmated)";
      break;
    case ConditionalEnd::kStalemate:
      std::cout << " (" << stuck << " is stalemated)";
      break;
    case ConditionalEnd::kForcedCheck:
      std::cout << " (every A-move of " << stuck << " gives check without mating)";
      break;
    case ConditionalEnd::kNone:
      break;
  }
  std::cout << '\n';
  return 0;
}

}  // namespace

int run_conditional_replay(const VariantPtr& v, const std::string& record,
                           const ReplayOptions& options, bool json) {
  const ConditionalReplayResult r = replay_conditional_record(v, record, options);
  return json ? print_json(r) : print_text(r);
}

}  // namespace arbiter::cli
