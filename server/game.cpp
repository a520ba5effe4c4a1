#include "server/game.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "rules/core/notation.hpp"
#include "rules/core/rule_table.hpp"
#include "server/game_factory.hpp"

namespace arbiter::server {

std::unique_ptr<Game> new_game(VariantPtr v, TurnSets sets) {
  if (sets != TurnSets::kOne) {
    const RuleTable& t = v->table();
    if (!v->traits().move_sets)
      throw std::invalid_argument(fmt::format(
          "\"sets\": \"{}\": sets of moves are Diplomacy Chess's (rule text, \"Progressive\"); "
          "table '{}' has the {} protocol and the {} resolver",
          to_string(sets), v->name(), to_string(t.protocol), to_string(t.resolver)));
    return sets_game(std::move(v), sets);
  }
  // The server's registry: the game of each rules kind, in RulesKind's order.
  using Factory = std::unique_ptr<Game> (*)(VariantPtr);
  static constexpr ModuleRegistry<Factory> kGames = {
      {sequential_game, conditional_game, simultaneous_game, simultaneous_game}};
  return kGames[index_of(v->kind())](std::move(v));
}

std::string submission_error_text(const std::exception& e) {
  if (const auto* n = dynamic_cast<const NotationError*>(&e))
    return "bad move (" + to_string(n->kind()) + "): " + n->what();
  return e.what();
}

std::string replay_options(const Variant& v) {
  std::string out;
  for (const KnobDef& k : v.table().knobs)
    if (v.knob(k.name) != k.default_value) out += " --knob " + k.name + "=" + v.knob(k.name);
  return out;
}

}  // namespace arbiter::server
