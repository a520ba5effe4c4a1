#include "rules/simultaneous/sim_rules.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "rules/registry/rule_knobs.hpp"
#include "rules/simultaneous/diplomacy/diplomacy.hpp"
#include "rules/simultaneous/move_neutral/move_neutral.hpp"

namespace arbiter {
namespace {

class DiplomacyRules final : public SimRules {
 public:
  explicit DiplomacyRules(const DiplomacyKnobs& knobs) : knobs_(knobs) {
    fast_.trace = TraceDetail::kNone;
    fast_.validate = false;  // the moves come from the submissions
    fast_.knobs = &knobs_;
    traced_.knobs = &knobs_;
    submitted_ = traced_;
    submitted_.validate = false;
    submitted_.trace = TraceDetail::kClauses;
  }
  DiplomacyRules(const DiplomacyRules&) = delete;
  DiplomacyRules& operator=(const DiplomacyRules&) = delete;

  void submissions(const SimState& s, Color c, MoveList& out) const override {
    diplomacy_submissions(s, c, out);
  }
  SimState resolve_fast(const SimState& s, Move white, Move black) const override {
    return resolve_diplomacy(s, white, black, fast_).after;
  }
  SimTurnOutcome resolve_traced(const SimState& s, Move white, Move black) const override {
    return traced(s, white, black, traced_);
  }
  SimTurnOutcome resolve_submitted_clauses(const SimState& s, Move white,
                                           Move black) const override {
    return traced(s, white, black, submitted_);
  }
  SimStatus status(const SimState& s) const override { return diplomacy_status(s); }

 private:
  static SimTurnOutcome traced(const SimState& s, Move white, Move black, const ResolveOptions& o) {
    // The vector overload always runs the step-by-step simulation: its trace names every
    // capture (the pair overload's fast path only says that both moves executed).
    DiplomacyResolution r =
        resolve_diplomacy(s, std::vector<Submission>{{kWhite, white}, {kBlack, black}}, o);
    return {std::move(r.after), {to_string(r.fates[0]), to_string(r.fates[1])}, std::move(r.trace)};
  }

  DiplomacyKnobs knobs_;
  ResolveOptions fast_, traced_, submitted_;
};

class MoveNeutralRules final : public SimRules {
 public:
  void submissions(const SimState& s, Color c, MoveList& out) const override {
    move_neutral_submissions(s, c, out);
  }
  SimState resolve_fast(const SimState& s, Move white, Move black) const override {
    return resolve_move_neutral(s, white, black, TraceDetail::kNone, /*validate=*/false).after;
  }
  SimTurnOutcome resolve_traced(const SimState& s, Move white, Move black) const override {
    return traced(resolve_move_neutral(s, white, black));
  }
  SimTurnOutcome resolve_submitted_clauses(const SimState& s, Move white,
                                           Move black) const override {
    return traced(resolve_move_neutral(s, white, black, TraceDetail::kClauses, /*validate=*/false));
  }
  SimStatus status(const SimState& s) const override { return move_neutral_status(s); }
  std::string why_no_castling(const SimState& s, Color c, bool king_side) const override {
    return shared_squares_blocking_castling(s, c, king_side);
  }

 private:
  static SimTurnOutcome traced(MoveNeutralResolution r) {
    return {std::move(r.after),
            {r.executed[kWhite] ? "stood" : "void", r.executed[kBlack] ? "stood" : "void"},
            std::move(r.trace)};
  }
};

}  // namespace

std::unique_ptr<SimRules> diplomacy_rules(const DiplomacyKnobs& knobs) {
  return std::make_unique<DiplomacyRules>(knobs);
}

std::unique_ptr<SimRules> move_neutral_rules() {
  return std::make_unique<MoveNeutralRules>();
}

std::unique_ptr<SimRules> sim_rules_for(const VariantPtr& v) {
  // The simultaneous protocol's resolvers, one per rules kind (none for the others).
  using Factory = std::unique_ptr<SimRules> (*)(const Variant&);
  static constexpr ModuleRegistry<Factory> kResolvers = {{
      nullptr,  // sequential
      nullptr,  // conditional
      [](const Variant& t) { return diplomacy_rules(t.knobs().diplomacy); },
      [](const Variant&) { return move_neutral_rules(); },
  }};
  const Factory make = kResolvers[index_of(v->kind())];
  if (!make)
    throw std::invalid_argument(fmt::format("'{}' uses the {} protocol, not the simultaneous one",
                                            v->name(), to_string(v->table().protocol)));
  return make(*v);
}

}  // namespace arbiter
