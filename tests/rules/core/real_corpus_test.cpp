// The real-world PGN corpus (tests/data/corpus: public collections, sources and licences in its
// README) replayed file by file and compared with chess.js, a reader independent of arbiter,
// whose answers were computed when the data was added and are stored beside each file
// (FILE.chessjs.txt, written by scripts/corpus-reference.mjs): every game's final position, all
// six FEN fields, and every game chess.js refuses for an illegal move refused too.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "rules/core/fen.hpp"
#include "rules/core/game_record.hpp"
#include "rules/core/geometry.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/record_tokens.hpp"
#include "tests/support/test_support.hpp"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

/// One line of FILE.chessjs.txt: the final FEN, or why chess.js refused the game.
struct Reference {
  std::string fen;
  std::string refused;  ///< chess.js's message, when it refused the game
  bool illegal() const { return refused.starts_with("Invalid move"); }
};

/// The .pgn files of tests/data/corpus, relative to it, sorted.
std::vector<std::string> corpus_files() {
  const fs::path root = test::data_path("corpus");
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.path().extension() == ".pgn")
      out.push_back(fs::relative(e.path(), root).generic_string());
  std::sort(out.begin(), out.end());
  return out;
}

std::string corpus_path(const std::string& pgn) {
  return test::data_path("corpus/" + pgn);
}

/// FILE.chessjs.txt of FILE.pgn, one Reference per game in order.
std::vector<Reference> references(const std::string& pgn) {
  std::istringstream in(test::slurp(corpus_path(pgn.substr(0, pgn.size() - 4) + ".chessjs.txt")));
  std::vector<Reference> out;
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t space = line.find(' ');
    if (std::stoul(line.substr(0, space)) != out.size() + 1)
      ADD_FAILURE() << pgn << ": reference line '" << line << "' out of order";
    Reference r;
    const std::string rest = line.substr(space + 1);
    if (rest.starts_with("refused: "))
      r.refused = rest.substr(9);
    else
      r.fen = rest;
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<std::string> fields_of(const std::string& fen) {
  std::vector<std::string> out;
  std::istringstream in(fen);
  for (std::string f; in >> f;) out.push_back(f);
  return out;
}

/// arbiter's FEN written with chess.js's en-passant convention. arbiter writes the square a
/// pawn has just skipped after every double step (the FEN standard's wording); chess.js only
/// when a legal en-passant capture exists. Whether one exists is asked of arbiter's own move
/// generator, so the field is still compared, not ignored.
std::string with_chessjs_en_passant(const std::string& fen) {
  std::vector<std::string> f = fields_of(fen);
  if (f.size() != 6 || f[3] == "-") return fen;
  MoveList moves;
  generate_legal(test::orthodox_position(fen), moves);
  if (std::none_of(moves.begin(), moves.end(),
                   [](Move m) { return m.kind() == MoveKind::kEnPassant; }))
    f[3] = "-";
  return f[0] + " " + f[1] + " " + f[2] + " " + f[3] + " " + f[4] + " " + f[5];
}

/// `fen` without the castling rights whose king and rook are not on their squares. chess.js
/// keeps such a right as a [FEN] tag gives it (lichess studies have "1NKR1B1R b Kq" with the
/// white king on c1) until the king or that rook moves; arbiter never holds one. Applied to
/// both answers: it changes nothing of arbiter's.
std::string without_dead_castling_rights(const std::string& fen) {
  std::vector<std::string> f = fields_of(fen);
  if (f.size() != 6 || f[2] == "-") return fen;
  const Position pos = test::orthodox_position(f[0] + " " + f[1] + " - - 0 1");
  const auto on = [&](Color c, char letter, const char* square) {
    const Square s = *parse_square(square);
    const PieceType t = pos.piece_on(c, s);
    return t != kNoPiece && pos.variant().piece(t).letter == letter;
  };
  std::string kept;
  for (char right : f[2]) {
    const Color c = std::isupper(static_cast<unsigned char>(right)) ? kWhite : kBlack;
    const bool king_side = std::toupper(static_cast<unsigned char>(right)) == 'K';
    const char* rook = c == kWhite ? (king_side ? "h1" : "a1") : (king_side ? "h8" : "a8");
    if (on(c, 'K', c == kWhite ? "e1" : "e8") && on(c, 'R', rook)) kept += right;
  }
  f[2] = kept.empty() ? "-" : kept;
  return f[0] + " " + f[1] + " " + f[2] + " " + f[3] + " " + f[4] + " " + f[5];
}

/// "game 12 (line 340): ..." for a failure report.
std::string where(const std::string& pgn, std::size_t game, int line) {
  return pgn + " game " + std::to_string(game) + " (line " + std::to_string(line) + ")";
}

/// What differs from chess.js, one line per game (or file), by cause.
using Failures = std::map<std::string, std::vector<std::string>>;

std::string report(const Failures& failures) {
  std::string out;
  for (const auto& [cause, lines] : failures) {
    out += "\n" + cause + " (" + std::to_string(lines.size()) + "):";
    for (const std::string& l : lines) out += "\n  " + l;
  }
  return out;
}

/// Compares the games of one file with chess.js's answers; returns how many games were
/// compared and how many ended as chess.js ended them.
std::pair<std::size_t, std::size_t> compare_file(const std::string& pgn, Failures& failures) {
  const std::vector<Reference> refs = references(pgn);
  if (refs.empty()) failures["no reference"].push_back(pgn);
  const std::string text = test::slurp(corpus_path(pgn));
  RecordGames games(text);
  std::vector<RecordToken> game;
  std::size_t n = 0, compared = 0, agreed = 0;
  while (games.next(game)) {
    ++n;
    if (n > refs.size()) continue;  // counted below
    const Reference& ref = refs[n - 1];
    const int line = game.empty() ? 0 : game.front().line;
    const ReplayResult r = replay_record(test::orthodox(), std::move(game), {});
    if (!ref.refused.empty() && !ref.illegal()) continue;
    ++compared;
    if (ref.illegal()) {
      if (r.error && r.error->reason == "illegal")
        ++agreed;
      else
        failures["chess.js refused an illegal move, arbiter did not"].push_back(
            where(pgn, n, line) + ": chess.js: " + ref.refused +
            (r.error ? "; arbiter: " + r.error->reason + ": " + r.error->message
                     : "; arbiter: valid"));
      continue;
    }
    if (r.error) {
      failures["rejected by arbiter: " + r.error->reason].push_back(
          where(pgn, n, line) + ": " + note_location(*r.error) + ": " + r.error->message +
          " (line " + std::to_string(r.error->line) + ", column " +
          std::to_string(r.error->column) + ")");
      continue;
    }
    const std::string ours = without_dead_castling_rights(with_chessjs_en_passant(r.final_fen));
    if (ours == without_dead_castling_rights(ref.fen))
      ++agreed;
    else
      failures["a different final position"].push_back(where(pgn, n, line) + ": arbiter " + ours +
                                                       ", chess.js " + ref.fen);
  }
  // The games chess.js read and arbiter did not reach (a syntax error ends the file today).
  std::size_t unread = 0;
  for (std::size_t k = n; k < refs.size(); ++k)
    if (refs[k].refused.empty() || refs[k].illegal()) ++unread;
  if (n != refs.size())
    failures["a different number of games"].push_back(
        pgn + ": arbiter read " + std::to_string(n) + " games, chess.js " +
        std::to_string(refs.size()) + " (" + std::to_string(unread) + " to compare not read)");
  return {compared + unread, agreed};
}

// Each game of each file, read one at a time as `arbiter replay FILE` reads them (RecordGames),
// ends in the position chess.js reached on the game's main line; a game chess.js refused for an
// illegal move is rejected as illegal. Games chess.js could not parse (README) are left out.
// A failure lists every game that differs, grouped by what arbiter said.
TEST(RealCorpus, EveryGameEndsWhereChessJsEndsIt) {
  Failures failures;
  std::size_t compared = 0, agreed = 0;
  for (const std::string& pgn : corpus_files()) {
    const auto [c, a] = compare_file(pgn, failures);
    compared += c;
    agreed += a;
  }
  EXPECT_GE(compared, 2000U);
  EXPECT_TRUE(failures.empty()) << agreed << " of " << compared
                                << " games end as chess.js ends them:" << report(failures);
}

// `arbiter replay FILE` as a user runs it, for each file: exit status 0 when every game of the
// file is valid, 1 when the file holds a game chess.js refused for an illegal move. The games
// chess.js could not parse (a tag value with unescaped quotes, `[White ""Mephisto""]`) are
// valid games that arbiter reads (RecordTokens.ATagValueWithUnescapedQuotesReadsToItsClosingQuote),
// so their files must replay too.
TEST(RealCorpus, ReplayOfEachFileExitsAsChessJsJudgesIt) {
  Failures failures;
  for (const std::string& pgn : corpus_files()) {
    const std::vector<Reference> refs = references(pgn);
    const bool illegal =
        std::any_of(refs.begin(), refs.end(), [](const Reference& r) { return r.illegal(); });
    const auto r = test::run_arbiter("replay '" + corpus_path(pgn) + "'");
    if (r.status == (illegal ? 1 : 0)) continue;
    // What arbiter said: the first rejected game of a file, or a one-game file's error.
    const auto line_with = [](const std::string& text, const std::string& what) {
      const std::size_t at = text.find(what);
      if (at == std::string::npos) return std::string();
      const std::size_t begin = text.rfind('\n', at);
      const std::size_t start = begin == std::string::npos ? 0 : begin + 1;
      return text.substr(start, text.find('\n', at) - start);
    };
    const std::string said = line_with(r.out, "rejected after") + line_with(r.err, "error:");
    failures["exit status " + std::to_string(r.status) + ", expected " + (illegal ? "1" : "0")]
        .push_back(pgn + ": " + said);
  }
  EXPECT_TRUE(failures.empty()) << report(failures);
}

}  // namespace
}  // namespace arbiter
