// The one declaration of a knob: its name, its alternatives (spelled as in the tables, in the
// order of the enum that the engine and the Z3 steps read), its default, and the member of a
// knob struct it sets. Each part of the rules that reads knobs (a resolver, an effect, a
// protocol) declares its knobs once with bind_knob(); the table loader checks a table's
// [knobs.*] against these declarations, Variant compiles them into typed members once, and the
// CLI, coverage and the docs tables are checked against them (tests/rules/core/knob_spec_test.cpp).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter {

struct KnobSpec {
  std::string_view name;                       ///< as the tables spell it
  std::vector<std::string_view> alternatives;  ///< alternative i is enumerator i of the member
  std::size_t default_alternative = 0;         ///< what a table without the knob reads

  std::string_view default_spelling() const { return alternatives[default_alternative]; }
  /// The index of a spelling among the alternatives; nullopt when it is none of them.
  std::optional<std::size_t> index_of(std::string_view spelling) const;
  /// "one-tick, two-ticks, two-step-path"
  std::string alternatives_text() const;
};

/// A knob spec bound to the member of `Knobs` it sets (an enum whose enumerators follow the
/// spec's alternatives).
template <typename Knobs>
struct KnobBinding {
  KnobSpec spec;
  const void* member = nullptr;  ///< identifies the member (see knob_name)
  void (*set)(Knobs&, std::size_t alternative) = nullptr;
  std::size_t (*get)(const Knobs&) = nullptr;
};

/// The bindings of one knob struct, in table order: specialised once per struct, next to it
/// (rules/simultaneous/diplomacy/diplomacy_knobs.hpp, ...).
template <typename Knobs>
const std::vector<KnobBinding<Knobs>>& knob_bindings();

namespace detail {
template <auto Member>
struct MemberOf;
template <typename Knobs, typename Value, Value Knobs::*Member>
struct MemberOf<Member> {
  using knobs = Knobs;
  using value = Value;
};
/// One distinct address per bound member.
template <auto Member>
inline constexpr char kMemberTag = 0;
[[noreturn]] void unbound_member();
}  // namespace detail

/// The number of alternatives of a knob enum: its last enumerator, kCount, which names no
/// alternative (a switch over the enum lists it with the impossible cases).
template <typename Value>
inline constexpr std::size_t kAlternativeCount = static_cast<std::size_t>(Value::kCount);

/// bind_knob<&DiplomacyKnobs::knight_timing>(name, {spellings...}, KnightTiming::kOneTick):
/// the one place the knob's name and spellings are written (rules/*/..._knobs.cpp). The
/// spellings are matched to the enumerators by position, and their number to the enum's kCount
/// at compile time: an alternative added without its spelling (or the reverse) does not build.
template <auto Member, std::size_t N>
KnobBinding<typename detail::MemberOf<Member>::knobs> bind_knob(
    std::string_view name, const std::string_view (&alternatives)[N],
    typename detail::MemberOf<Member>::value default_value) {
  using Knobs = typename detail::MemberOf<Member>::knobs;
  using Value = typename detail::MemberOf<Member>::value;
  static_assert(N == kAlternativeCount<Value>,
                "one spelling per enumerator of the knob's enum, in its order (kCount last)");
  return {KnobSpec{name, std::vector<std::string_view>(alternatives, alternatives + N),
                   static_cast<std::size_t>(default_value)},
          &detail::kMemberTag<Member>,
          [](Knobs& k, std::size_t a) { k.*Member = static_cast<Value>(a); },
          [](const Knobs& k) { return static_cast<std::size_t>(k.*Member); }};
}

/// The binding of a member: knob_binding<&DiplomacyKnobs::head_on_swap>().
template <auto Member>
const KnobBinding<typename detail::MemberOf<Member>::knobs>& knob_binding() {
  for (const auto& b : knob_bindings<typename detail::MemberOf<Member>::knobs>())
    if (b.member == &detail::kMemberTag<Member>) return b;
  detail::unbound_member();
}

/// The knob's name, as the spec spells it: knob_name<&DiplomacyKnobs::head_on_swap>().
template <auto Member>
std::string_view knob_name() {
  return knob_binding<Member>().spec.name;
}

/// "name=alternative" for one alternative of a member:
/// knob_setting_of<&DiplomacyKnobs::head_on_swap>(HeadOnSwap::kConflict) is
/// "head-on-swap=conflict".
std::string knob_setting(std::string_view name, std::string_view alternative);
template <auto Member>
std::string knob_setting_of(typename detail::MemberOf<Member>::value alternative) {
  const KnobSpec& spec = knob_binding<Member>().spec;
  return knob_setting(spec.name, spec.alternatives.at(static_cast<std::size_t>(alternative)));
}

/// The typed knobs of one part of the rules: each bound member set to the alternative `value`
/// gives for its name (a spelling the spec has, checked before), else to the spec's default.
template <typename Knobs, typename Lookup>
Knobs compile_knobs(const std::vector<KnobBinding<Knobs>>& bindings, Lookup&& value) {
  Knobs k{};
  for (const KnobBinding<Knobs>& b : bindings) {
    const std::optional<std::string_view> spelling = value(b.spec.name);
    const std::optional<std::size_t> a = spelling ? b.spec.index_of(*spelling) : std::nullopt;
    b.set(k, a ? *a : b.spec.default_alternative);
  }
  return k;
}

/// "name=alternative" split at its first '='; nullopt when there is no '=' or either side is
/// empty. The one reader of that form (CLI --knob, coverage item names, corpus settings).
std::optional<std::pair<std::string, std::string>> split_knob_setting(std::string_view text);

/// Whether `setting` is "knob=..." for this knob.
bool is_setting_of(std::string_view setting, std::string_view knob);

}  // namespace arbiter
