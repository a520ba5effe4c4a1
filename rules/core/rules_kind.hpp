// Which rules module serves a table: one per protocol, the simultaneous protocol's two
// resolvers each their own (Diplomacy, Move-Neutral). Chosen once, when a table is compiled
// (rules_kind_of, written with the table's protocol and resolver); every layer keeps what its
// module does in one registry indexed by the kind (docs/architecture.md, "Modules"), so no
// other code asks which protocol a table has.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace arbiter {

struct RuleTable;

enum class RulesKind : std::uint8_t { kSequential, kConditional, kDiplomacy, kMoveNeutral, kCount };

inline constexpr std::size_t kRulesKinds = static_cast<std::size_t>(RulesKind::kCount);

/// The modules' names, as docs/architecture.md and messages write them.
inline constexpr std::array<std::string_view, kRulesKinds> kRulesKindNames = {
    "sequential", "conditional", "simultaneous/diplomacy", "simultaneous/move-neutral"};
static_assert(kRulesKindNames.size() == kRulesKinds, "one name per rules kind");

/// The protocol of each kind, as tables write it ([protocol] kind).
inline constexpr std::array<std::string_view, kRulesKinds> kRulesKindProtocols = {
    "sequential", "conditional", "simultaneous", "simultaneous"};
static_assert(kRulesKindProtocols.size() == kRulesKinds, "one protocol per rules kind");

constexpr std::size_t index_of(RulesKind k) {
  return static_cast<std::size_t>(k);
}
constexpr std::string_view name_of(RulesKind k) {
  return kRulesKindNames[index_of(k)];
}
constexpr std::string_view protocol_of(RulesKind k) {
  return kRulesKindProtocols[index_of(k)];
}

/// A layer's registry: one entry per kind, in RulesKind's order.
template <class Module>
using ModuleRegistry = std::array<Module, kRulesKinds>;

/// What the rest of the rules ask of a module as data (the registries hold its functions).
struct RulesTraits {
  bool simultaneous = false;             ///< both sides submit one move a turn (SimState)
  bool move_sets = false;                ///< sets of moves played progressively (Diplomacy)
  bool passes = false;                   ///< a side may submit no move ('-'; Diplomacy)
  bool conditional_submissions = false;  ///< "2Q?e4:Nf3" (Diplomacy, "Conditional Moves")
  bool shared_squares = false;           ///< two men may stand on one square (Move-Neutral)
};

inline constexpr ModuleRegistry<RulesTraits> kRulesTraits = {{
    {},                                 // sequential
    {},                                 // conditional
    {true, true, true, true, false},    // simultaneous/diplomacy
    {true, false, false, false, true},  // simultaneous/move-neutral
}};

constexpr const RulesTraits& traits_of(RulesKind k) {
  return kRulesTraits[index_of(k)];
}

/// The kind of a validated table: its protocol, and for the simultaneous protocol its resolver.
RulesKind rules_kind_of(const RuleTable& t);

}  // namespace arbiter
