#include "server/game_view.hpp"

#include <fmt/format.h>

#include "present/simultaneous/submission_text.hpp"
#include "rules/simultaneous/simultaneous.hpp"

namespace arbiter::server {

const char* side_word(Color c) {
  return c == kWhite ? "white" : "black";
}

void write_status(present::JsonWriter& w, bool over, const std::string& result,
                  const std::string& reason) {
  w.key("status").begin_object().field("over", over).key("result");
  if (over)
    w.value(result).field("reason", reason);
  else
    w.null().key("reason").null();
  w.end_object();
}

void write_sides(present::JsonWriter& w, const bool (&submitted)[2], const bool (&waiting)[2]) {
  w.key("submitted").begin_object();
  w.field("white", submitted[kWhite]).field("black", submitted[kBlack]).end_object();
  w.key("waiting_for").begin_array();
  for (Color c : {kWhite, kBlack})
    if (waiting[c]) w.value(side_word(c));
  w.end_array();
}

void write_legal(present::JsonWriter& w, const std::vector<std::string>& legal) {
  w.key("legal").begin_array();
  for (const std::string& m : legal) w.value(m);
  w.end_array();
}

std::string record_header(const std::string& variant, const std::string& options) {
  return fmt::format("{{ arbiter replay -v {}{} FILE }}\n[Variant \"{}\"]\n\n", variant, options,
                     variant);
}

void write_sealed_view_head(present::JsonWriter& w, const Variant& v, const SimRules& rules,
                            const SimState& state, const SimStatus& status, int turn,
                            const std::string* const (&sealed)[2], Viewer viewer) {
  w.field("protocol", "simultaneous").field("resolver", to_string(v.table().resolver));
  w.field("fen", to_sim_fen(state)).field("turn", turn);
  write_status(w, status.over, status.result(), status.reason);
  const bool submitted[2] = {sealed[kWhite] != nullptr, sealed[kBlack] != nullptr};
  const bool waiting[2] = {!status.over && !submitted[kWhite], !status.over && !submitted[kBlack]};
  write_sides(w, submitted, waiting);
  w.key("own_submission");  // the opponent's sealed move is never written
  if (viewer && sealed[*viewer])
    w.value(*sealed[*viewer]);
  else
    w.null();
  std::vector<std::string> legal;
  if (!status.over && viewer) {
    MoveList subs;
    rules.submissions(state, *viewer, subs);
    for (Move m : subs) legal.push_back(present::submission_san(state, *viewer, m));
  }
  write_legal(w, legal);
}

int sealed_public_version(std::size_t turns, bool white_pending, bool black_pending) {
  return static_cast<int>(turns) * 3 + (white_pending ? 1 : 0) + (black_pending ? 1 : 0);
}

}  // namespace arbiter::server
