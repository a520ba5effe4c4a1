// The step cases of Diplomacy Chess tables (solver/analysis/step_case_source.hpp): the shared
// simultaneous steps, then Diplomacy's own: progressive sets, "P e2e4,d2d4 e7e5",
// simultaneously progressive sets, "S b1c3,g1f3 e7e5", and conditional moves,
// "C 1K?e2e4:d2d4 e7e5".
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <sstream>
#include <variant>

#include "rules/core/notation.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_conditional.hpp"
#include "rules/simultaneous/diplomacy/diplomacy_progressive.hpp"
#include "rules/simultaneous/trace_clauses.hpp"
#include "solver/simultaneous/sim_step_cases.hpp"

namespace arbiter::solver {
namespace {

/// A set of moves per side (coordinates; an entry is read on the board of its pair, so it
/// may be no submission on the starting board), played progressively or, `at_once`,
/// simultaneously progressively.
struct MoveSets {
  bool at_once = false;
  std::vector<std::string> set[2];
};

/// Each side's text: a plain move or a conditional in the rule text's syntax (coordinates for
/// the moves), evaluated on the board before the turn.
struct ConditionalTurn {
  std::string text[2];
};

std::string join(const std::vector<std::string>& parts, char sep) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : std::string(1, sep)) + p;
  return out;
}

std::string step_text(const MoveSets& m) {
  const auto side = [](const std::vector<std::string>& set) {
    return set.empty() ? std::string("-") : join(set, ',');
  };
  return fmt::format("{} {} {}", m.at_once ? 'S' : 'P', side(m.set[kWhite]), side(m.set[kBlack]));
}

std::string step_text(const ConditionalTurn& t) {
  return fmt::format("C {} {}", t.text[kWhite], t.text[kBlack]);
}

StepCase play_sets(const SimState& s, const MoveSets& m) {
  StepCase c;
  c.fen = to_sim_fen(s);
  c.moves = step_text(m);
  try {
    const MoveSet white = move_set(m.set[kWhite]), black = move_set(m.set[kBlack]);
    const ProgressiveResult r = m.at_once ? play_simultaneously_progressive(s, white, black)
                                          : play_progressive(s, white, black);
    std::vector<std::string> fates;
    for (const ProgressiveMoveResult& e : r.moves) {
      fates.push_back(
          fmt::format("{}{} {}", e.color == kWhite ? 'w' : 'b', e.index, to_string(e.outcome)));
      for (const TraceEntry& t : e.trace) add_clause(c.clauses, t.clause);
    }
    c.outcome = fmt::format("{} | {}", to_sim_fen(r.final_state), join(fates, ','));
    if (r.status.over) c.outcome += " | " + sim_status_text(r.status);
  } catch (const ProgressiveError& e) {
    c.outcome = std::string("refused: ") + e.what();
  }
  return c;
}

StepCase play_conditional_turn(const SimRules& rules, const SimState& s, const ConditionalTurn& t) {
  Move m[2];
  for (Color c : {kWhite, kBlack}) {
    try {
      m[c] = read_diplomacy_turn(s, c, t.text[c]);
    } catch (const NotationError& e) {
      return refused_step(to_sim_fen(s), step_text(t), e.what());
    }
  }
  StepCase c = play_pair(rules, s, {m[kWhite], m[kBlack]});
  c.moves = step_text(t);
  return c;
}

/// A few progressive steps that put the knob progressive-illegal to work: Black's first move
/// takes a white piece, White's second entry moves that piece (so it is no longer a
/// submission at its turn) and a third entry moves another piece. The sets are unequal, which
/// puts unequal-sets to work too.
bool progressive_steps(const SimState& s, const MoveList& w, const MoveList& b,
                       const StepVisitor& f) {
  const auto uci = [&s](Color c, Move m) { return to_uci(view_for(s, c), m); };
  int made = 0;
  for (Move mb : b) {
    if (s.pos.piece_on(kWhite, mb.to()) == kNoPiece) continue;
    for (Move w1 : w) {
      if (w1.from() == mb.to()) continue;
      const Move* w2 = nullptr;
      const Move* w3 = nullptr;
      for (const Move& m : w)
        if (!w2 && m.from() == mb.to()) w2 = &m;
      for (const Move& m : w)
        if (!w3 && m.from() != mb.to() && m.from() != w1.from() && m.to() != w1.to()) w3 = &m;
      if (!w2 || !w3) break;
      const MoveSets sets{
          false, {{uci(kWhite, w1), uci(kWhite, *w2), uci(kWhite, *w3)}, {uci(kBlack, mb)}}};
      if (!f(play_sets(s, sets))) return false;
      if (++made == 8) return true;
      break;  // one white first move per black capture
    }
  }
  return true;
}

/// A progressive step that puts ep-over-idle-pair to work: White double-steps a pawn beside a
/// black pawn in pair 1; in pair 2 White's set is over and Black repeats its first move, which
/// is no submission any more (skipped: nobody moves); in pair 3 Black takes en passant.
bool progressive_idle_pair_steps(const SimState& s, const MoveList& w, const MoveList& b,
                                 const StepVisitor& f) {
  const Variant& v = s.pos.variant();
  for (Move dw : w) {
    if (dw.kind() != MoveKind::kDoubleStep) continue;
    const Square passed = (dw.from() + dw.to()) / 2;
    for (Square from = 0; from < kSquares; ++from) {
      const PieceType t = s.pos.piece_on(kBlack, from);
      if (t == kNoPiece || !has(v.piece(t).moves.at[kBlack][from].en_passant, passed)) continue;
      const auto other = std::find_if(b.begin(), b.end(), [&](Move m) {
        return m.from() != from && m.to() != passed && m.to() != dw.to();
      });
      if (other == b.end()) continue;
      const std::string first = to_uci(view_for(s, kBlack), *other);
      const MoveSets sets{false,
                          {{to_uci(view_for(s, kWhite), dw)},
                           {first, first, square_name(from) + square_name(passed)}}};
      return f(play_sets(s, sets));
    }
  }
  return true;
}

/// A simultaneously progressive step that puts own-pieces-one-square to work: two white
/// pieces sent to one square, Black playing its first submission.
bool simultaneous_sets_steps(const SimState& s, const MoveList& w, const MoveList& b,
                             const StepVisitor& f) {
  if (b.empty()) return true;
  for (int i = 0; i < w.size(); ++i)
    for (int j = i + 1; j < w.size(); ++j)
      if (w[i].to() == w[j].to() && w[i].from() != w[j].from()) {
        const MoveSets sets{true,
                            {{to_uci(view_for(s, kWhite), w[i]), to_uci(view_for(s, kWhite), w[j])},
                             {to_uci(view_for(s, kBlack), b[0])}}};
        return f(play_sets(s, sets));
      }
  return true;
}

/// Conditional steps that put the knob piece-condition-colour to work. White asks whether
/// there are as many pieces of a type as White has, then plays its first submission, else its
/// second; Black plays its first. Written with White's letter ("2Q"), the condition holds when
/// only the letter's or the mover's colour is counted, not when both are; written with Black's
/// ("2q") where the two sides' counts differ, it holds when only the mover's colour is counted.
void conditional_turn_steps(const SimRules& rules, const SimState& s, const MoveList& w,
                            const MoveList& b, const StepVisitor& f) {
  if (w.size() < 2 || b.empty()) return;
  const Variant& v = s.pos.variant();
  const auto step = [&](int count, char letter) {
    const ConditionalTurn turn{
        {fmt::format("{}{}?{}:{}", count, letter, to_uci(view_for(s, kWhite), w[0]),
                     to_uci(view_for(s, kWhite), w[1])),
         to_uci(view_for(s, kBlack), b[0])}};
    return f(play_conditional_turn(rules, s, turn));
  };
  bool upper = false, lower = false;
  for (int t = 0; t < v.piece_count() && !(upper && lower); ++t) {
    const auto type = static_cast<PieceType>(t);
    const int own = popcount(s.pos.pieces(kWhite, type));
    const int theirs = popcount(s.pos.pieces(kBlack, type));
    if (own == 0 || theirs == 0) continue;
    const char letter = v.piece(type).letter;
    if (!upper) {
      upper = true;
      if (!step(own, letter)) return;
    }
    if (!lower && own != theirs) {
      lower = true;
      if (!step(own, static_cast<char>(std::tolower(static_cast<unsigned char>(letter))))) return;
    }
  }
}

/// The entries of one side's set as written in a step ("-": none).
std::vector<std::string> set_entries(const std::string& word) {
  std::vector<std::string> out;
  if (word == "-") return out;
  std::string entry;
  std::istringstream in(word);
  while (std::getline(in, entry, ',')) out.push_back(entry);
  return out;
}

class DiplomacyStepCases final : public SimStepCases {
 public:
  std::string_view name() const override { return "diplomacy"; }

  std::vector<ClauseSpec> clauses(const Variant&) const override {
    using C = DiplomacyClause;
    using K = DiplomacyKnobs;
    std::vector<ClauseSpec> out;
    for (const C c : {C::kExecuted, C::kNotExecuted, C::kCapture, C::kSameDestination,
                      C::kMeetInTransit, C::kObstacle, C::kCaptureOfDeparted, C::kKingSafety})
      add_plain_clauses(out, {clause_name(c)});
    add_plain_clauses(out, {"checkmate", "stalemate"});
    out.push_back({std::string(clause_name(C::kHeadOn)),
                   knob_setting_of<&K::head_on_swap>(HeadOnSwap::kConflict)});
    out.push_back({std::string(clause_name(C::kKingCapture)),
                   knob_setting_of<&K::king_capture>(KingCapture::kIllegal)});
    return out;
  }

 protected:
  bool more_steps(const SimRules& rules, const SimState& s, const MoveList& w, const MoveList& b,
                  const StepVisitor& f) const override {
    if (!progressive_steps(s, w, b, f) || !progressive_idle_pair_steps(s, w, b, f) ||
        !simultaneous_sets_steps(s, w, b, f))
      return false;
    conditional_turn_steps(rules, s, w, b, f);
    return true;
  }

  std::optional<StepCase> replay_other(const SimRules& rules, const SimState& s,
                                       const std::vector<std::string>& parts,
                                       const std::string& text) const override {
    if (parts.size() != 3) return std::nullopt;
    if (parts[0] == "P" || parts[0] == "S")
      return play_sets(s,
                       MoveSets{parts[0] == "S", {set_entries(parts[1]), set_entries(parts[2])}});
    if (parts[0] != "C") return std::nullopt;
    if (rules.status(s).over) return refused_step(to_sim_fen(s), text, "the game is over");
    return play_conditional_turn(rules, s, ConditionalTurn{{parts[1], parts[2]}});
  }
};

}  // namespace

const StepCaseSource& diplomacy_step_cases() {
  static const DiplomacyStepCases source;
  return source;
}

}  // namespace arbiter::solver
