#include "cli/conditional/replay_conditional.hpp"

#include <iostream>

#include "cli/core/replay_io.hpp"
#include "present/core/json_writer.hpp"
#include "rules/conditional/conditional_record.hpp"

namespace arbiter::cli {
namespace {

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

void write_json(JsonWriter& w, const ConditionalReplayResult& r) {
  begin_replay_json(w, r.valid(), "plies", r.plies, r.start_fen, r.final_fen, r.result);
  optional_string(w, "termination", termination_json(r.status.end));
  w.key("moves").begin_array();
  for (const ConditionalPly& p : r.moves) write_ply(w, p);
  w.end_array();
  end_replay_json(w, r.warnings, r.error);
}

int print_text(const ConditionalReplayResult& r) {
  if (!print_notes(r.warnings, r.error, conditional_note_location, "move")) return 1;
  print_final(r.final_fen, "plies", r.plies, r.result, r.resigned);
  const std::string end = termination_json(r.status.end);
  std::cout << "termination " << (end.empty() ? "none" : end);
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

class ConditionalReplay final : public GameReplay {
 public:
  ConditionalReplay(VariantPtr v, const ReplayOptions& options)
      : v_(std::move(v)), options_(options) {}
  void replay(std::vector<RecordToken> game) override {
    r_ = replay_conditional_record(v_, std::move(game), options_);
  }
  int print_text() const override { return cli::print_text(r_); }
  void write_json(JsonWriter& w) const override { cli::write_json(w, r_); }
  GameSummary summary() const override {
    return summary_of(r_, conditional_note_location, "plies", r_.plies, "move",
                      termination_json(r_.status.end));
  }

 private:
  VariantPtr v_;
  ReplayOptions options_;
  ConditionalReplayResult r_;
};

}  // namespace

std::unique_ptr<GameReplay> conditional_replay(const VariantPtr& v, const ReplayOptions& options) {
  return std::make_unique<ConditionalReplay>(v, options);
}

}  // namespace arbiter::cli
