// A problem's grade as `puzzle check` and `puzzle solve --grade` print it: text lines or JSON
// fields (the definitions are in docs/puzzles.md, "Grades").
#include <fmt/format.h>

#include "cli/puzzle/cmd_puzzle.hpp"

namespace arbiter::cli {

std::string grade_text(const puzzles::Grade& g, bool graded) {
  std::string out =
      g.legal ? "legal: yes (retro counting rules)\n" : fmt::format("legal: no; {}\n", g.illegal);
  if (!graded) return out + fmt::format("men: {} ({})\n", g.men, puzzles::men_class(g.men));
  // A helpmate has no key, threat or defence to judge (KeyKind::kNone).
  if (g.key_kind != puzzles::KeyKind::kNone) {
    out += fmt::format("key: {}; flights {} before, {} after\n", to_string(g.key_kind), g.flights,
                       g.flights_after_key);
    out +=
        fmt::format("threats: {}; defences: {}; duals: {} ({} extra continuations){}\n", g.threats,
                    g.defences, g.duals, g.dual_moves, g.dual_free() ? ", dual-free" : "");
  }
  if (g.mates_counted)
    out += fmt::format("tries: {}; distinct mates: {}; model mates: {}\n", g.tries,
                       g.distinct_mates, g.model_mates);
  else  // #3 and longer, s#n: the final positions are not enumerated (docs/puzzles.md, Grades)
    out += fmt::format("tries: {}; distinct and model mates: not counted for this stipulation\n",
                       g.tries);
  if (g.key_kind != puzzles::KeyKind::kNone)
    out += fmt::format("variations: {} (variety {})\n", g.variations, g.variety_points());
  out += fmt::format("surplus white men: {}\n",
                     g.surplus.empty() ? "none" : fmt::format("{}", fmt::join(g.surplus, " ")));
  out += fmt::format("promoted men: {}; force: {} against a task of {} (economy {})\n", g.promoted,
                     g.force, g.task(), g.economy_points());
  out += fmt::format("men: {} ({}); score {}\n", g.men, puzzles::men_class(g.men), g.score);
  return out;
}

void write_grade_fields(JsonWriter& w, const puzzles::Grade& g, bool graded, bool merits) {
  w.key("grade").begin_object().field("legal", g.legal).field("illegal", g.illegal);
  w.field("men", g.men).field("class", puzzles::men_class(g.men));
  if (graded) {
    w.field("key_kind", to_string(g.key_kind)).field("flights", g.flights);
    w.field("flights_after_key", g.flights_after_key).field("threats", g.threats);
    w.field("defences", g.defences).field("duals", g.duals).field("dual_moves", g.dual_moves);
    w.field("dual_free", g.dual_free()).field("tries", g.tries);
    if (g.mates_counted) {
      w.field("distinct_mates", g.distinct_mates).field("model_mates", g.model_mates);
    } else {
      w.key("distinct_mates").null();
      w.key("model_mates").null();
    }
    if (merits) {
      w.field("variations", g.variations).field("promoted", g.promoted).field("force", g.force);
      w.field("economy", g.economy_points());
    }
    w.key("surplus").begin_array();
    for (const std::string& s : g.surplus) w.value(s);
    w.end_array().field("score", g.score);
  }
  w.end_object();
}

SolvedGrade grade_solved(const Position& pos, const puzzles::Verdict& v) {
  return {puzzles::grade_problem(pos, v), v.soundness == puzzles::Soundness::kSound};
}

std::string graded_json(JsonWriter& w, const puzzles::Verdict& v, const SolvedGrade& g) {
  write_verdict_fields(w, v);
  write_grade_fields(w, g.grade, g.graded, true);
  return w.end_object().str();
}

}  // namespace arbiter::cli
