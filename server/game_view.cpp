#include "server/game_view.hpp"

#include <fmt/format.h>

namespace arbiter::server {

const char* side_word(Color c) {
  return c == kWhite ? "white" : "black";
}

void write_status(cli::JsonWriter& w, bool over, const std::string& result,
                  const std::string& reason) {
  w.key("status").begin_object().field("over", over).key("result");
  if (over)
    w.value(result).field("reason", reason);
  else
    w.null().key("reason").null();
  w.end_object();
}

void write_sides(cli::JsonWriter& w, const bool (&submitted)[2], const bool (&waiting)[2]) {
  w.key("submitted").begin_object();
  w.field("white", submitted[kWhite]).field("black", submitted[kBlack]).end_object();
  w.key("waiting_for").begin_array();
  for (Color c : {kWhite, kBlack})
    if (waiting[c]) w.value(side_word(c));
  w.end_array();
}

void write_legal(cli::JsonWriter& w, const std::vector<std::string>& legal) {
  w.key("legal").begin_array();
  for (const std::string& m : legal) w.value(m);
  w.end_array();
}

std::string record_header(const std::string& variant, const std::string& options) {
  return fmt::format("{{ arbiter replay -v {}{} FILE }}\n[Variant \"{}\"]\n\n", variant, options,
                     variant);
}

}  // namespace arbiter::server
