// libFuzzer target: the engine against the solver's encoding. The bytes pick a bundled table
// (first byte), the side to move and whether PlySteps are compared (second) and castling letters
// to try (third), the royal
// squares (fourth and fifth) and then (square, piece code) pairs; tests/support/placement.hpp
// turns that into a position the FEN reader accepts. Every attack, threat, check and
// pseudo-legal move term over that concrete board (and, for the sequential and conditional
// tables, in one input of four, every move's PlyStep) must simplify to the engine's answer
// (tests/support/differential_compare.hpp); a disagreement aborts with its description.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "rules/core/load_variant.hpp"
#include "rules/registry/rule_knobs.hpp"
#include "tests/support/differential_compare.hpp"
#include "tests/support/placement.hpp"

namespace {

struct Table {
  arbiter::VariantPtr variant;
  std::unique_ptr<arbiter::solver::BoardEncoding> symbolic;
  bool steps = false;
};

/// One z3 context and one symbolic board per table, built on the first call.
struct Tables {
  z3::context ctx;
  std::vector<Table> tables;
  Tables() {
    const std::pair<const char*, arbiter::KnobSettings> names[] = {
        {"orthodox", {}},
        {"conversion", {}},
        {"conversion", arbiter::knob_pick<&arbiter::ConversionKnobs::castling_threatens>(
                           arbiter::CastlingThreatens::kIgnored)},
        {"conditional", {}},
        {"diplomacy", {}},
        {"move-neutral", {}}};
    for (const auto& [name, knobs] : names) {
      Table t;
      t.variant = arbiter::load_variant(name, knobs);
      t.symbolic = std::make_unique<arbiter::solver::BoardEncoding>(ctx, t.variant);
      t.steps = t.variant->table().protocol != arbiter::Protocol::kSimultaneous;
      tables.push_back(std::move(t));
    }
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static Tables all;
  if (size < 5) return 0;
  const Table& table = all.tables[data[0] % all.tables.size()];
  arbiter::test::Placement p;
  p.black_to_move = data[1] & 1;
  p.castling = data[2];
  p.royal = {data[3], data[4]};
  for (std::size_t i = 5; i + 1 < size && p.pieces.size() < 32; i += 2)
    p.pieces.emplace_back(
        data[i], static_cast<std::uint8_t>(data[i + 1] % (2 * table.variant->piece_count())));
  const arbiter::Position pos = arbiter::test::place(table.variant, p);
  arbiter::test::DiffTally tally;
  // PlySteps cost far more than the rest (a board and its attacks per move): one input in four.
  const bool steps = table.steps && (data[1] & 6) == 6;
  const std::string d = arbiter::test::first_difference(*table.symbolic, pos, steps, tally);
  if (!d.empty()) {
    std::fprintf(stderr, "engine and encoding disagree (%s): %s\n", table.variant->name().c_str(),
                 d.c_str());
    std::abort();
  }
  return 0;
}
