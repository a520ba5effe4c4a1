#include "cli/simultaneous/replay_diplomacy.hpp"

#include <fmt/format.h>

#include <iostream>

#include "cli/core/json_writer.hpp"
#include "cli/core/replay_io.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_record.hpp"

namespace arbiter::cli {
namespace {

void write_move(JsonWriter& w, std::string_view key, const DiplomacyTurnMove& m) {
  w.key(key).begin_object().field("text", valid_utf8(m.text)).field("san", m.san);
  w.field("uci", m.uci).field("fate", m.fate);
  w.field("line", m.line).field("column", m.column).end_object();
}

void write_turn(JsonWriter& w, const DiplomacyTurn& t) {
  w.begin_object().field("turn", t.turn).field("move_number", t.move_number);
  write_move(w, "white", t.white);
  write_move(w, "black", t.black);
  w.key("trace").begin_array();
  for (const TraceEntry& e : t.trace) {
    w.begin_object().field("clause", e.clause).key("square");
    if (e.square == kNoSquare)
      w.null();
    else
      w.value(square_name(e.square));
    w.field("tick", e.tick).field("text", e.text).end_object();
  }
  w.end_array().field("fen_after", t.fen_after).end_object();
}

int print_json(const DiplomacyReplayResult& r) {
  JsonWriter w;
  begin_replay_json(w, r.valid(), "turns", r.turns, r.start_fen, r.final_fen, r.result);
  optional_string(w, "termination", r.status.reason);
  optional_string(w, "result_by_rules", r.status.result());
  w.key("moves").begin_array();
  for (const DiplomacyTurn& t : r.moves) write_turn(w, t);
  w.end_array();
  return end_replay_json(w, r.warnings, r.error, "turn");
}

std::string location(const ReplayNote& n) {
  if (!n.side) return fmt::format("line {} '{}'", n.line, n.text);
  return fmt::format("turn {} ({}) '{}'", n.move_number, *n.side == kWhite ? "White" : "Black",
                     n.text);
}

int print_text(const DiplomacyReplayResult& r) {
  for (const DiplomacyTurn& t : r.moves)
    std::cout << fmt::format("{}. {} {}: White {}, Black {}\n", t.move_number, t.white.san,
                             t.black.san, t.white.fate, t.black.fate);
  if (!print_notes(r.warnings, r.error, location, "turn")) return 1;
  print_final(r.final_fen, "turns", r.turns, r.result, std::nullopt);
  std::cout << "termination " << (r.status.over ? r.status.reason : std::string("none"));
  if (r.status.over) std::cout << " (" << r.status.result() << ')';
  std::cout << '\n';
  return 0;
}

}  // namespace

int run_diplomacy_replay(const VariantPtr& v, const std::string& record,
                         const ReplayOptions& options, bool json) {
  const DiplomacyReplayResult r = replay_diplomacy_record(v, record, options);
  return json ? print_json(r) : print_text(r);
}

}  // namespace arbiter::cli
