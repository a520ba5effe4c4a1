#include "present/simultaneous/trace_json.hpp"

#include "rules/core/geometry.hpp"
#include "rules/simultaneous/simultaneous.hpp"

namespace arbiter::inline present {

void write_trace(JsonWriter& w, const std::vector<TraceEntry>& trace) {
  w.key("trace").begin_array();
  for (const TraceEntry& e : trace) {
    w.begin_object().field("clause", e.clause).key("square");
    if (e.square == kNoSquare)
      w.null();
    else
      w.value(square_name(e.square));
    w.field("tick", e.tick).field("text", e.text).end_object();
  }
  w.end_array();
}

namespace {

void write_null_or(JsonWriter& w, const char* key, const std::string& s) {
  w.key(key);
  if (s.empty())
    w.null();
  else
    w.value(s);
}

}  // namespace

void write_progressive_fields(JsonWriter& w, const ProgressiveResult& r) {
  w.key("moves").begin_object();
  for (Color c : {kWhite, kBlack}) {
    w.key(c == kWhite ? "white" : "black").begin_array();
    for (const ProgressiveMoveResult& m : r.moves) {
      if (m.color != c) continue;
      w.begin_object().field("pair", m.pair).field("index", m.index).field("written", m.written);
      write_null_or(w, "branch", m.branch);
      write_null_or(w, "san", m.canonical);
      w.field("outcome", to_string(m.outcome));
      write_null_or(w, "reason", m.reason);
      w.end_object();
    }
    w.end_array();
  }
  w.end_object().key("pairs").begin_array();
  int last = 0;
  for (const ProgressiveMoveResult& m : r.moves) {
    if (m.pair == last || m.trace.empty()) continue;
    last = m.pair;
    w.begin_object().field("pair", m.pair);
    write_trace(w, m.trace);
    w.end_object();
  }
  w.end_array().field("pairs_resolved", r.pairs_resolved);
  w.field("fen_after", to_sim_fen(r.final_state));
}

}  // namespace arbiter::inline present
