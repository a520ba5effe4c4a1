// What differs between two rule tables, key by key, as data: the first half of a semantic
// diff (solver/analysis/table_diff.hpp finds the positions where a difference shows).
//
// Every key is either behavioural (movement, royalty, ranks, knob defaults, the conversion
// pairs, ...), which may change what the engine does, or cosmetic (names, descriptions, the
// quoted clause of a knob, perft self-checks), which never does. Values are compared after
// normalisation, so key order, comments, whitespace and a Betza text spelled another way
// ("K" and "WF") are no change at all.
#pragma once

#include <string>
#include <vector>

#include "rules/core/rule_table.hpp"

namespace arbiter::solver {

struct TableChange {
  std::string key;  ///< the table key, e.g. "pieces.N.betza", "knobs.king-safety.default"
  std::string old_value;
  std::string new_value;  ///< "(none)" when the key is absent on that side
  bool behavioural = true;
};

/// The keys whose normalised values differ, behavioural ones first, each in table order.
std::vector<TableChange> table_changes(const RuleTable& old_table, const RuleTable& new_table);

/// `base` with the behavioural key `key` taken from `from` (the other keys stay), or an error
/// message when the key is unknown. The result may not compile on its own (a piece removed
/// while the setup still holds it); the caller tries.
RuleTable with_key_from(const RuleTable& base, const RuleTable& from, const std::string& key);

/// The normalised movement of a piece: one line per direction and modality, sorted, so that
/// two Betza texts with the same moves compare equal.
std::string movement_signature(const PieceDef& p);

}  // namespace arbiter::solver
