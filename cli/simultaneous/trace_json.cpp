#include "cli/simultaneous/trace_json.hpp"

#include "rules/core/geometry.hpp"

namespace arbiter::cli {

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

}  // namespace arbiter::cli
