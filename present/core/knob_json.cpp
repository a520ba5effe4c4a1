#include "present/core/knob_json.hpp"

namespace arbiter::inline present {

void write_knobs(JsonWriter& w, const std::vector<KnobDef>& knobs) {
  w.key("knobs").begin_array();
  for (const KnobDef& k : knobs) {
    w.begin_object().field("name", k.name).field("default", k.default_value);
    w.key("alternatives").begin_array();
    for (const std::string& a : k.alternatives) w.value(a);
    w.end_array().field("clause", k.clause).end_object();
  }
  w.end_array();
}

}  // namespace arbiter::inline present
