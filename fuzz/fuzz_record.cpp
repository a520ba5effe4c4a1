// libFuzzer target: any text as a game record, replayed under the orthodox and the conversion
// tables, as a Conditional Chess record under the conditional table and as a simultaneous
// record under the Diplomacy and the Move-Neutral tables; then as a file of many games, each
// replayed with the options for records as people write them (null moves as passes, German
// piece letters, Diplomacy sets). Replay either succeeds or reports an error at a ply; it never
// throws or crashes, and a valid replay's final FEN parses back.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "rules/conditional/conditional_game.hpp"
#include "rules/conditional/conditional_record.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/game_record.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/move_words.hpp"
#include "rules/core/record_tokens.hpp"
#include "rules/simultaneous/sim_record.hpp"
#include "rules/simultaneous/simultaneous.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const arbiter::VariantPtr tables[] = {arbiter::load_variant("orthodox"),
                                               arbiter::load_variant("conversion")};
  static const arbiter::VariantPtr conditional = arbiter::load_variant("conditional");
  static const arbiter::VariantPtr simultaneous[] = {arbiter::load_variant("diplomacy"),
                                                     arbiter::load_variant("move-neutral")};
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const auto& variant : tables) {
    const arbiter::ReplayResult r = arbiter::replay_record(variant, text, {});
    if (r.valid() && !r.final_fen.empty()) (void)arbiter::parse_fen(variant, r.final_fen);
  }
  const arbiter::ConditionalReplayResult c =
      arbiter::replay_conditional_record(conditional, text, {});
  if (c.valid() && !c.final_fen.empty())
    (void)arbiter::parse_conditional_fen(conditional, c.final_fen);
  for (const auto& variant : simultaneous) {
    const arbiter::DiplomacyReplayResult r = arbiter::replay_diplomacy_record(variant, text, {});
    if (r.valid() && !r.final_fen.empty()) (void)arbiter::parse_sim_fen(variant, r.final_fen);
  }
  arbiter::ReplayOptions people;
  people.null_moves = arbiter::NullMoves::kPass;
  people.letters = arbiter::find_piece_letters(size % 2 == 0 ? "de" : "fr");
  const arbiter::TurnSets sets = size % 3 == 0 ? arbiter::TurnSets::kSimultaneouslyProgressive
                                               : arbiter::TurnSets::kProgressive;
  arbiter::RecordGames games(text);
  std::vector<arbiter::RecordToken> game;
  for (int n = 0; n < 8 && games.next(game); ++n) {
    const arbiter::ReplayResult r = arbiter::replay_record(tables[0], game, people);
    if (r.valid() && !r.final_fen.empty()) (void)arbiter::parse_fen(tables[0], r.final_fen);
    (void)arbiter::replay_conditional_record(conditional, game, people);
    const arbiter::DiplomacyReplayResult d =
        arbiter::replay_diplomacy_record(simultaneous[0], std::move(game), people, sets);
    if (d.valid() && !d.final_fen.empty())
      (void)arbiter::parse_sim_fen(simultaneous[0], d.final_fen);
  }
  return 0;
}
