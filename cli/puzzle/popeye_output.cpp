// Popeye's printed solution (popeye_output.hpp). The layout follows what Popeye writes
// (its output/plaintext/ and output/message.c; the .ref files of its REGRESSIONTESTS):
// a key block "   1.Da7-f2 ! threat:" with threats at column 10, defences at column 6 and
// their answers at column 10 (each further move 4 deeper); every key, try and set-play block
// followed by a blank line; helpmate and series solutions "  1.Kc8-b8 0-0   2.g3-g2 Tf1-f8 #".
#include "cli/puzzle/popeye_output.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "cli/puzzle/popeye_board.hpp"
#include "puzzles/mate_tree.hpp"
#include "puzzles/transposition.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"

namespace arbiter::cli {
namespace {

using puzzles::Goal;
using puzzles::StipulationKind;

/// Popeye's output/message.c, in popeye::Language order (French, German, English).
struct Messages {
  std::string_view finished, zugzwang, threat, but, king_capture;
};
constexpr std::array<Messages, popeye::kLanguageCount> kMessages = {{
    {"solution terminee.", " blocus.", " menace:", "mais", "le camp au trait peut prendre le roi"},
    {"Loesung beendet.", " Zugzwang.", " Drohung:", "Aber",
     "Die am Zug befindliche Partei kann den Koenig schlagen"},
    {"solution finished.", " zugzwang.", " threat:", "but",
     "the side to play can capture the king"},
}};

/// The piece letter of `fen_letter` (upper case) in `lang`; a fairy letter stays as it is.
char piece_letter(char fen_letter, popeye::Language lang) {
  const std::size_t i = popeye::kFenLetters.find(fen_letter);
  if (i == std::string_view::npos) return fen_letter;
  const char c = popeye::kOrthodoxLetters[static_cast<std::size_t>(lang)][i];
  return static_cast<char>(c - 'a' + 'A');
}

/// The play of one problem: its moves (SAN, as the solver writes them) turned into Popeye's.
class Writer {
 public:
  Writer(const puzzles::Verdict& v, popeye::Language lang) : v_(v), lang_(lang) {}

  static Position passed_turn(Position pos) {
    pos.set_en_passant(kNoSquare);
    pos.set_side_to_move(~pos.side_to_move());
    return pos;
  }

  /// `san` on `pos` in Popeye's notation; `pos` is then the position after it.
  std::string play(Position& pos, const std::string& san) const {
    const Move m = parse_san(pos, san);
    std::string text = popeye_move(pos, m, lang_, v_.stipulation.goal);
    Undo undo;
    pos.make(m, undo);
    return text;
  }

  /// True when the side to move at `pos` can only reach the goal against itself (s#, s=:
  /// every move does, and there is one) or must reach it (r#: one of its moves does).
  bool goal_forced(const Position& pos) const {
    MoveList moves;
    generate_legal(pos, moves);
    bool any = false, all = true;
    for (Move m : moves) {
      const bool goal = reaches_goal(pos, m);
      any = any || goal;
      all = all && goal;
    }
    return v_.stipulation.kind == StipulationKind::kReflexMate ? any : any && all;
  }

  /// The defender's moves at `pos` that reach the goal (s#, r#: the mates it is forced to).
  std::vector<Move> goal_moves(const Position& pos) const {
    MoveList moves;
    generate_legal(pos, moves);
    std::vector<Move> out;
    for (Move m : moves)
      if (reaches_goal(pos, m)) out.push_back(m);
    return out;
  }

  bool reaches_goal(const Position& pos, Move m) const {
    Position next = pos;
    Undo undo;
    next.make(m, undo);
    return v_.stipulation.goal == Goal::kStalemate ? is_stalemate(next) : is_checkmate(next);
  }

  /// The attacker's move `san` at `pos` (move number `n`, at `indent`) and what follows it:
  /// for s#, s=, r# the defender's forced goal moves at the next level.
  void attack_line(Position pos, const std::string& san, int n, int indent,
                   std::string& out) const {
    out += fmt::format("{:{}}{}.{}\n", "", indent, n, play(pos, san));
    if (v_.stipulation.kind == StipulationKind::kDirectMate) return;
    for (Move m : goal_moves(pos))
      out += fmt::format("{:{}}{}...{}\n", "", indent + 4, n,
                         popeye_move(pos, m, lang_, v_.stipulation.goal));
  }

  /// `san` at `pos` (the null move when it is none there). Threats are compared as moves,
  /// by their squares, not as text: after a defence that puts a man on its square the threat
  /// "Sd7" is written "Sxd7", and Popeye counts it the same threat.
  static Move move_of(const Position& pos, const std::string& san) {
    try {
      return parse_san(pos, san);
    } catch (const NotationError&) {
      return Move{};
    }
  }

  static bool is_legal(const Position& pos, Move m) {
    MoveList moves;
    generate_legal(pos, moves);
    return std::find(moves.begin(), moves.end(), m) != moves.end();
  }

  /// True when the threat `threat` still reaches the goal after the defence (the defence is
  /// then no variation: Popeye prints only the defences that defeat the threat).
  bool threat_holds(const Position& after_defence, Move threat) const {
    if (threat.is_null() || !is_legal(after_defence, threat)) return false;
    if (v_.stipulation.kind == StipulationKind::kDirectMate) {
      if (v_.stipulation.moves == 2) return reaches_goal(after_defence, threat);
      // #n, n >= 3: the threat is a mate in n - 1 that must still work.
      for (const auto& k : keys_of(after_defence, v_.stipulation.moves - 1))
        if (move_of(after_defence, k.move) == threat) return true;
      return false;
    }
    if (v_.stipulation.moves != 2) return false;  // deeper s#, r# threats: every defence shown
    Position next = after_defence;
    Undo undo;
    next.make(threat, undo);
    return goal_forced(next);
  }

  /// The keys of #j (=j) at `pos`: the attacker's moves that win within j moves, nothing
  /// more looked for. The solves of one printout share a table (one goal; its entries hold
  /// whatever the root), grown as it fills: a fresh table each would cost more than its solve.
  std::vector<puzzles::KeyMove> keys_of(const Position& pos, int j) const {
    if (!table_) table_.emplace(puzzles::mate_tree_table(v_.stipulation.moves));
    puzzles::SolveOptions o;
    o.table = &*table_;
    o.key_play = false;
    return puzzles::solve(pos, {StipulationKind::kDirectMate, j, false, v_.stipulation.goal}, o)
        .keys;
  }

  /// The attacker's moves at `pos` that mate soonest within `k` moves (none: empty), and how
  /// many moves that takes.
  std::pair<std::vector<std::string>, int> soonest(const Position& pos, int k) const {
    for (int j = 1; j <= k; ++j) {
      try {
        const std::vector<puzzles::KeyMove> keys = keys_of(pos, j);
        if (keys.empty()) continue;
        std::vector<std::string> moves;
        for (const auto& key : keys) moves.push_back(key.move);
        return {moves, j};
      } catch (const std::invalid_argument&) {
        return {};
      }
    }
    return {};
  }

  /// The attacker's moves at `pos` that mate within `k` moves (the keys of #k).
  std::vector<std::string> wins_within(const Position& pos, int k) const {
    std::vector<std::string> moves;
    try {
      for (const auto& key : keys_of(pos, k)) moves.push_back(key.move);
    } catch (const std::invalid_argument&) {
    }
    return moves;
  }

  static int attack_column(int level) { return level == 0 ? 3 : 10 + 8 * (level - 1); }

  /// #n: the attacker's move `san` at `pos` as Popeye prints it at `level` (0: the key or a
  /// try, "   1.X !"), with `k` moves to mate counting it: its threat (the soonest mates if
  /// the defender passed) or "zugzwang", then each defence that defeats the threat and the
  /// answers that mate soonest after it, down to the mates. Returns the defences no answer
  /// mates after (a try's refutations).
  std::vector<std::string> direct_attack(Position pos, const std::string& san, int level, int k,
                                         const char* mark, bool no_threat, std::string& out) const {
    const int number = level + 1;
    out += fmt::format("{:{}}{}.{}{}", "", attack_column(level), number, play(pos, san), mark);
    std::vector<std::string> refutations;
    MoveList defences;
    generate_legal(pos, defences);
    if (defences.empty() || k <= 1) {
      out += '\n';
      return refutations;
    }
    std::pair<std::vector<std::string>, int> threat;
    if (!pos.in_check() && !no_threat) threat = soonest(passed_turn(pos), k - 1);
    if (!threat.first.empty())
      out += kMessages[static_cast<std::size_t>(lang_)].threat;
    else if (!pos.in_check() && !no_threat)
      out += kMessages[static_cast<std::size_t>(lang_)].zugzwang;
    out += '\n';
    for (const auto& t : threat.first)
      direct_attack(passed_turn(pos), t, level + 1, threat.second, "", no_threat, out);
    for (Move d : defences) {
      Position after = pos;
      const std::string text = popeye_move(pos, d, lang_, v_.stipulation.goal);
      const std::string d_san = to_san(pos, d);
      Undo undo;
      after.make(d, undo);
      if (!threat.first.empty()) {
        std::vector<Move> again;
        for (const auto& a : wins_within(after, threat.second)) again.push_back(move_of(after, a));
        // Popeye shows every defence after which some threat no longer mates as soon.
        bool holds = true;
        for (const auto& t : threat.first) {
          const Move m = move_of(passed_turn(pos), t);
          holds = holds && std::find(again.begin(), again.end(), m) != again.end();
        }
        if (holds) continue;
      }
      const auto answers = soonest(after, k - 1);
      if (answers.first.empty()) {
        refutations.push_back(text);
        continue;
      }
      // Nor a defence after which the attacker mates sooner than the threat (Popeye's
      // threat_enforcer: "don't report variations shorter than the threats").
      if (!threat.first.empty() && answers.second < threat.second) continue;
      out += fmt::format("{:{}}{}...{}\n", "", attack_column(level) + (level == 0 ? 3 : 4), number,
                         text);
      for (const auto& a : answers.first)
        direct_attack(after, a, level + 1, answers.second, "", no_threat, out);
    }
    return refutations;
  }

  /// A set-play, key or try block's variations: the defence at column 6, its answers below.
  void variation(const Position& after_key, const puzzles::Variation& d,
                 const std::vector<std::string>& threats, std::string& out) const {
    Position pos = after_key;
    const std::string defence = play(pos, d.defence);
    // Popeye shows every defence after which some threat no longer works.
    const Position threatening = passed_turn(after_key);
    if (!threats.empty() && std::all_of(threats.begin(), threats.end(), [&](const std::string& t) {
          return threat_holds(pos, move_of(threatening, t));
        }))
      return;
    out += fmt::format("      1...{}\n", defence);
    for (const auto& c : d.continuations) attack_line(pos, c, 2, 10, out);
  }

  std::string battle(const Position& start, bool no_threat, bool set_play, bool variations) const {
    std::string out;
    const bool self_or_reflex = v_.stipulation.kind == StipulationKind::kSelfMate ||
                                v_.stipulation.kind == StipulationKind::kReflexMate;
    if (!v_.set_play.empty()) {
      for (const auto& d : v_.set_play) variation(passed_turn(start), d, {}, out);
      out += '\n';
    } else if (set_play && self_or_reflex && !start.in_check()) {
      // s#n, r#n: Popeye's set play block is there even when empty; in r#n it holds the
      // defender's mates at once (arbiter solves no other set play of r#n).
      if (v_.stipulation.kind == StipulationKind::kReflexMate) {
        const Position passed = passed_turn(start);
        for (Move m : goal_moves(passed))
          out += fmt::format("      1...{}\n", popeye_move(passed, m, lang_, v_.stipulation.goal));
      }
      out += '\n';
    }
    const bool direct = v_.stipulation.kind == StipulationKind::kDirectMate;
    // Popeye looks for tries after a move the defender answers: none in #1 and =1.
    const std::vector<puzzles::Try> no_tries;
    const auto& tries = direct && v_.stipulation.moves == 1 ? no_tries : v_.tries;
    // r#n: a side that can mate at once must, so each such mate is a key that fails:
    // Popeye prints it "   1.Bg7-f8 # ?!?".
    if (v_.stipulation.kind == StipulationKind::kReflexMate && v_.stipulation.goal == Goal::kMate) {
      for (Move m : goal_moves(start))
        out += fmt::format("   1.{} ?!?\n", popeye_move(start, m, lang_, v_.stipulation.goal));
    }
    // #n under Option Variation: the whole tree, solved again level by level (not after a
    // timeout: without a limit).
    if (direct && !v_.timed_out && variations) {
      for (const auto& k : v_.keys) {
        direct_attack(start, k.move, 0, v_.stipulation.moves, " !", no_threat, out);
        out += '\n';
      }
      for (const auto& t : tries) {
        const auto refutations =
            direct_attack(start, t.move, 0, v_.stipulation.moves, " ?", no_threat, out);
        out += fmt::format("    {}\n", kMessages[static_cast<std::size_t>(lang_)].but);
        for (const auto& r : refutations) out += fmt::format("      1...{} !\n", r);
        out += '\n';
      }
      return out;
    }
    for (const auto& k : v_.keys) {
      Position pos = start;
      out += "   1." + play(pos, k.move) + " !";
      if (!variations) {  // Popeye prints a key's threats and variations under Option Variation
        out += "\n\n";
        continue;
      }
      const bool goal_now = direct && (is_checkmate(pos) || is_stalemate(pos));
      std::vector<std::string> threats;
      if (!no_threat) threats = k.threats;
      // r#n: a defender that can reach the goal at once must, so there is no threat (Popeye
      // prints those moves alone).
      const bool reflex = v_.stipulation.kind == StipulationKind::kReflexMate;
      if (reflex && !goal_moves(pos).empty()) threats.clear();
      bool longer = false;  // a variation goes beyond the defence: not a short solution
      for (const auto& d : k.variations) longer = longer || !d.continuations.empty();
      if (!threats.empty())
        out += kMessages[static_cast<std::size_t>(lang_)].threat;
      else if (!goal_now && !k.checks && !no_threat && v_.stipulation.moves >= 2 &&
               (longer || direct))
        out += kMessages[static_cast<std::size_t>(lang_)].zugzwang;
      out += '\n';
      // The threat: what the attacker plays if the defender could pass.
      for (const auto& t : threats) attack_line(passed_turn(pos), t, 2, 10, out);
      // s#1, r#1 (s=1), under Option Variation: the defender's moves that reach the goal.
      if (!direct && v_.stipulation.moves == 1 && variations)
        for (Move m : goal_moves(pos))
          out += fmt::format("      1...{}\n", popeye_move(pos, m, lang_, v_.stipulation.goal));
      // s#n, s=n (n >= 2): Popeye lists a defence that reaches the goal at once after the key
      // only when every defence does (the key is then a solution in one; the set play lists
      // them either way).
      const bool skip_goals =
          self_or_reflex && !reflex && v_.stipulation.moves >= 2 && !goal_forced(pos);
      if (!goal_now)
        for (const auto& d : k.variations) {
          if (skip_goals && d.continuations.empty() && reaches_goal(pos, parse_san(pos, d.defence)))
            continue;
          variation(pos, d, threats, out);
        }
      out += '\n';
    }
    for (const auto& t : tries) {
      Position pos = start;
      out += fmt::format("   1.{} ?\n    {}\n", play(pos, t.move),
                         kMessages[static_cast<std::size_t>(lang_)].but);
      Position refuted = pos;
      out += fmt::format("      1...{} !\n", play(refuted, t.refutation));
      for (const auto& r : t.other_refutations) {
        Position other = pos;
        out += fmt::format("      1...{} !\n", play(other, r));
      }
      out += '\n';
    }
    return out;
  }

  /// A helpmate line: "  1.A B   2.C D #"; `skipped_plies` 1 when the mating side starts
  /// ("  1...A   2.B C"), 2 for the set play of h#n.5 ("  1... ...   2.A B").
  std::string help_line(Position pos, const std::vector<std::string>& line,
                        std::size_t skipped_plies) const {
    std::string out = skipped_plies == 2 ? "  1... ..." : "  ";
    for (std::size_t i = 0; i < line.size(); ++i) {
      const std::size_t ply = i + skipped_plies;
      const std::string move = play(pos, line[i]);
      if (i == 0 && ply == 1)
        out += "1..." + move;
      else if (ply % 2 == 0)
        // Popeye right-aligns a move number after the first in four columns ("  10.").
        out += ply == 0 ? fmt::format("1.{}", move) : fmt::format("{:>4}.{}", ply / 2 + 1, move);
      else
        out += ' ' + move;
    }
    return out + '\n';
  }

  std::string help(const Position& start) const {
    const bool half = v_.stipulation.half;
    std::string out;
    Position passed = start;
    passed.set_en_passant(kNoSquare);
    passed.set_side_to_move(~start.side_to_move());
    for (const auto& line : v_.set_solutions) out += help_line(passed, line, half ? 2 : 1);
    if (!v_.set_solutions.empty()) out += '\n';  // Popeye: the set play, a blank, the play
    for (const auto& line : v_.solutions) out += help_line(start, line, half ? 1 : 0);
    return out;
  }

  /// "  1.Sb5-d4   2.Sd4*e2   3.0-0"; ser-h#, ser-s#: the other side's move after the last.
  std::string series(const Position& start) const {
    const bool help = v_.stipulation.kind != StipulationKind::kSeriesDirect;
    std::string out;
    for (const auto& line : v_.solutions) {
      if (line.empty()) continue;
      Position pos = start;
      const std::size_t numbered = help ? line.size() - 1 : line.size();
      std::string text = "  ";
      for (std::size_t i = 0; i < numbered; ++i) {
        // The series side moves again: the other side passes in between.
        if (i > 0) pos = passed_turn(pos);
        text += i ? fmt::format("{:>4}.{}", i + 1, play(pos, line[i]))
                  : fmt::format("1.{}", play(pos, line[i]));
      }
      if (help) text += ' ' + play(pos, line.back());
      out += text + '\n';
    }
    return out;
  }

 private:
  const puzzles::Verdict& v_;
  popeye::Language lang_;
  mutable std::optional<puzzles::TranspositionTable> table_;  ///< keys_of's
};

}  // namespace

std::string popeye_move(const Position& pos, Move m, popeye::Language lang, Goal goal) {
  const Variant& var = pos.variant();
  const Color us = pos.side_to_move();
  std::string s;
  if (m.kind() == MoveKind::kCastling) {
    s = var.castling(us)[m.arg()].king_side ? "0-0" : "0-0-0";
  } else {
    const PieceInfo& info = var.piece(pos.piece_on(us, m.from()));
    if (!info.pawn) s += piece_letter(info.letter, lang);
    s += square_name(m.from());
    s += is_capture(pos, m) ? '*' : '-';
    s += square_name(m.to());
    if (m.kind() == MoveKind::kPromotion) {
      s += '=';
      s += piece_letter(var.piece(static_cast<PieceType>(m.arg())).letter, lang);
    }
    if (m.kind() == MoveKind::kEnPassant) s += " ep.";
  }
  Position next = pos;
  Undo undo;
  next.make(m, undo);
  if (is_checkmate(next)) return s + (goal == Goal::kMate ? " #" : " +");
  if (goal == Goal::kStalemate && is_stalemate(next)) return s + " =";
  return next.in_check() ? s + " +" : s;
}

std::string popeye_stipulation_line(const Position& pos, const puzzles::Verdict& v) {
  int white = 0, black = 0;
  for (int sq = 0; sq < kSquares; ++sq) {
    const auto s = static_cast<Square>(sq);
    if (pos.piece_on(kWhite, s) != kNoPiece) ++white;
    if (pos.piece_on(kBlack, s) != kNoPiece) ++black;
  }
  return popeye_stipulation_line(v.stipulation.str(), white, black);
}

std::string_view popeye_finished(popeye::Language lang) {
  return kMessages[static_cast<std::size_t>(lang)].finished;
}

std::string popeye_body(const Position& pos, const puzzles::Verdict& v, popeye::Language lang,
                        bool no_threat, bool set_play, bool variations) {
  const Writer w(v, lang);
  std::string out = "\n";
  // The set play asked for where the side to move is in check: the other side, moving
  // first, could capture the king; Popeye says so and solves the rest.
  if (set_play && pos.in_check())
    out += std::string(kMessages[static_cast<std::size_t>(lang)].king_capture) + '\n';
  if (puzzles::is_series(v.stipulation.kind)) return out + w.series(pos);
  if (v.stipulation.kind == StipulationKind::kHelpMate) return out + w.help(pos);
  return out + w.battle(pos, no_threat, set_play, variations);
}

namespace {

/// The stipulation line of a problem that was read but not solved (its table or its position
/// refused): from its stipulation and the men of its FEN. Empty when the reader did not get
/// that far.
std::string unsolved_stipulation_line(const ProblemSpec& p) {
  if (p.stip.empty() || p.fen.empty()) return {};
  int white = 0, black = 0;
  for (char c : p.fen.substr(0, p.fen.find(' ')))
    if (std::isalpha(static_cast<unsigned char>(c)) != 0)
      ++(std::isupper(static_cast<unsigned char>(c)) != 0 ? white : black);
  std::string stip = p.stip;
  try {
    stip = puzzles::parse_stipulation(p.stip).str();
  } catch (const std::invalid_argument&) {  // then as written
  }
  return popeye_stipulation_line(stip, white, black);
}

}  // namespace

std::string popeye_part(const std::vector<ProblemSpec>& problems, std::size_t i,
                        const Position* pos, const puzzles::Verdict* verdict) {
  const ProblemSpec& p = problems[i];
  const auto lang = static_cast<popeye::Language>(p.language);
  const bool first = i == 0 || problems[i - 1].group != p.group || p.group == 0;
  const bool last = i + 1 == problems.size() || problems[i + 1].group != p.group || p.group == 0;
  const bool solved = pos != nullptr && verdict != nullptr;
  std::string out;
  if (first) {
    out = !p.popeye_head.empty() ? p.popeye_head
          : solved               ? popeye_stipulation_line(*pos, *verdict)
                                 : unsolved_stipulation_line(p);
    if (out.empty()) return {};
  }
  if (!p.popeye_twin.empty()) out += '\n' + p.popeye_twin + '\n';
  out += solved ? popeye_body(*pos, *verdict, lang, p.no_threat, p.set_play, p.variations) : "\n";
  if (last) out += fmt::format("\n{}\n\n\n", popeye_finished(lang));
  return out;
}

std::string popeye_solution(const Position& pos, const puzzles::Verdict& v, popeye::Language lang,
                            bool no_threat) {
  // As under Popeye's Option Variation: the whole tree, the threats and the variations.
  return popeye_stipulation_line(pos, v) + popeye_body(pos, v, lang, no_threat, false, true) +
         '\n' + std::string(popeye_finished(lang)) + "\n\n\n";
}

}  // namespace arbiter::cli
