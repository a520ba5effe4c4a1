#include "cli/simultaneous/replay_diplomacy.hpp"

#include <fmt/format.h>

#include <iostream>

#include "cli/core/replay_io.hpp"
#include "present/core/json_writer.hpp"
#include "present/simultaneous/trace_json.hpp"
#include "rules/simultaneous/sim_record.hpp"

namespace arbiter::cli {
namespace {

void write_move(JsonWriter& w, std::string_view key, const DiplomacyTurnMove& m) {
  w.key(key).begin_object().field("text", valid_utf8(m.text));
  if (!m.branch.empty()) w.field("branch", m.branch);
  optional_string(w, "san", m.san);
  optional_string(w, "uci", m.uci);
  w.field("fate", m.fate);
  w.field("line", m.line).field("column", m.column).end_object();
}

void write_entry(JsonWriter& w, const DiplomacyTurnMove& m) {
  w.begin_object().field("pair", m.pair).field("text", valid_utf8(m.text));
  optional_string(w, "branch", m.branch);
  optional_string(w, "san", m.san);
  w.field("outcome", m.fate);
  optional_string(w, "reason", m.reason);
  w.field("line", m.line).field("column", m.column).end_object();
}

void write_turn(JsonWriter& w, const DiplomacyTurn& t, TurnSets sets) {
  w.begin_object().field("turn", t.turn).field("move_number", t.move_number);
  if (sets == TurnSets::kOne) {
    write_move(w, "white", t.white);
    write_move(w, "black", t.black);
    write_trace(w, t.trace);
  } else {
    w.key("sets").begin_object();
    for (Color c : {kWhite, kBlack}) {
      w.key(side_json(c)).begin_array();
      for (const DiplomacyTurnMove& m : c == kWhite ? t.white_set : t.black_set) write_entry(w, m);
      w.end_array();
    }
    w.end_object().key("pairs").begin_array();
    for (const DiplomacyPair& p : t.pairs) {
      w.begin_object().field("pair", p.pair);
      write_trace(w, p.trace);
      w.end_object();
    }
    w.end_array();
  }
  w.field("fen_after", t.fen_after).end_object();
}

std::string location(const ReplayNote& n) {
  if (!n.side) return fmt::format("line {} '{}'", n.line, n.text);
  return fmt::format("turn {} ({}) '{}'", n.move_number, *n.side == kWhite ? "White" : "Black",
                     n.text);
}

/// A move as the turn's line shows it: its SAN ("--" for a pass), after the conditional it
/// came from.
std::string shown(const DiplomacyTurnMove& m) {
  const std::string san = m.san.empty() ? std::string("--") : m.san;
  return m.branch.empty() ? san : fmt::format("{} -> {}", valid_utf8(m.text), san);
}

/// "Qh1 failed, Rf6 failed" for a set's entries, each as written, with its reason.
std::string set_line(const std::vector<DiplomacyTurnMove>& set) {
  if (set.empty()) return "passes";
  std::string out;
  for (const DiplomacyTurnMove& m : set) {
    out += fmt::format("{}{}", out.empty() ? "" : ", ", valid_utf8(m.text));
    if (!m.branch.empty()) out += " -> " + m.branch;
    out += ' ' + m.fate;
    if (!m.reason.empty()) out += fmt::format(" ({})", m.reason);
  }
  return out;
}

class DiplomacyReplay final : public GameReplay {
 public:
  DiplomacyReplay(VariantPtr v, const ReplayOptions& options, TurnSets sets)
      : v_(std::move(v)), options_(options), sets_(sets) {}

  void replay(std::vector<RecordToken> game) override {
    r_ = replay_diplomacy_record(v_, std::move(game), options_, sets_);
  }

  int print_text() const override {
    for (const DiplomacyTurn& t : r_.moves) {
      if (sets_ == TurnSets::kOne)
        std::cout << fmt::format("{}. {} {}: White {}, Black {}\n", t.move_number, shown(t.white),
                                 shown(t.black), t.white.fate, t.black.fate);
      else
        std::cout << fmt::format("{}. White {}; Black {}\n", t.move_number, set_line(t.white_set),
                                 set_line(t.black_set));
    }
    if (!print_notes(r_.warnings, r_.error, location, "turn")) return 1;
    print_final(r_.final_fen, "turns", r_.turns, r_.result, std::nullopt);
    std::cout << "termination " << (r_.status.over ? r_.status.reason : std::string("none"));
    if (r_.status.over) std::cout << " (" << r_.status.result() << ')';
    std::cout << '\n';
    return 0;
  }

  void write_json(JsonWriter& w) const override {
    begin_replay_json(w, r_.valid(), "turns", r_.turns, r_.start_fen, r_.final_fen, r_.result);
    optional_string(w, "termination", r_.status.reason);
    optional_string(w, "result_by_rules", r_.status.result());
    if (sets_ != TurnSets::kOne) w.field("sets", to_string(sets_));
    w.key("moves").begin_array();
    for (const DiplomacyTurn& t : r_.moves) write_turn(w, t, sets_);
    w.end_array();
    end_replay_json(w, r_.warnings, r_.error, "turn");
  }

  GameSummary summary() const override {
    return summary_of(r_, location, "turns", r_.turns, "turn", r_.status.reason);
  }

 private:
  VariantPtr v_;
  ReplayOptions options_;
  TurnSets sets_;
  DiplomacyReplayResult r_;
};

}  // namespace

std::unique_ptr<GameReplay> diplomacy_replay(const VariantPtr& v, const ReplayOptions& options,
                                             TurnSets sets) {
  // An empty record checks the table (a resolver; sets only with Diplomacy) and --fen before
  // anything is printed.
  (void)replay_diplomacy_record(v, std::string_view(), options, sets);
  return std::make_unique<DiplomacyReplay>(v, options, sets);
}

}  // namespace arbiter::cli
