#include "tests/support/random_play.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "tests/support/perft_positions.hpp"

namespace arbiter::test {
namespace {

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(sep, start);
    out.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return out;
    start = end + 1;
  }
}

char random_play_swap_case(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (std::isupper(u)) return static_cast<char>(std::tolower(u));
  if (std::islower(u)) return static_cast<char>(std::toupper(u));
  return c;
}

}  // namespace

std::ostream& operator<<(std::ostream& os, const RandomGame& game) {
  os << "RandomGame{start " << game.start << ", choices [";
  for (std::size_t i = 0; i < game.choices.size(); ++i) os << (i ? " " : "") << game.choices[i];
  return os << "]}";
}

rc::Gen<RandomGame> gen_random_game(std::size_t start_count, int max_plies) {
  // The container's length is drawn from 0..size, so fixing the size bounds the plies.
  return rc::gen::build<RandomGame>(
      rc::gen::set(&RandomGame::start, rc::gen::inRange<std::size_t>(0, start_count)),
      rc::gen::set(&RandomGame::choices,
                   rc::gen::resize(max_plies, rc::gen::container<std::vector<std::uint16_t>>(
                                                  rc::gen::arbitrary<std::uint16_t>()))));
}

Position play_random_game(const VariantPtr& variant, const std::vector<std::string>& start_fens,
                          const RandomGame& game, const PositionVisitor& visit) {
  Position pos = parse_fen(variant, start_fens.at(game.start));
  std::vector<Move> line;
  if (visit) visit(pos, line);
  for (const std::uint16_t choice : game.choices) {
    MoveList moves;
    generate_legal(pos, moves);
    if (moves.empty()) break;
    const Move m = moves[choice % moves.size()];
    Undo undo;
    pos.make(m, undo);
    line.push_back(m);
    if (visit) visit(pos, line);
  }
  return pos;
}

const std::vector<std::string>& orthodox_start_fens() {
  static const std::vector<std::string> fens = [] {
    std::vector<std::string> out;
    for (const PerftPosition& p : perft_positions()) out.push_back(p.fen);
    return out;
  }();
  return fens;
}

std::string mirror_fen(std::string_view fen) {
  const std::vector<std::string_view> raw = split(fen, ' ');
  std::vector<std::string_view> fields;
  for (std::string_view f : raw)
    if (!f.empty()) fields.push_back(f);
  if (fields.size() < 4)
    throw std::invalid_argument("mirror_fen: expected at least 4 fields in '" + std::string(fen) +
                                "'");
  std::string out;
  const std::vector<std::string_view> ranks = split(fields[0], '/');
  for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) {
    if (!out.empty()) out += '/';
    for (char c : *it) out += random_play_swap_case(c);
  }
  if (fields[1] == "w") {
    out += " b";
  } else if (fields[1] == "b") {
    out += " w";
  } else {
    throw std::invalid_argument("mirror_fen: bad side to move in '" + std::string(fen) + "'");
  }
  out += ' ';
  if (fields[2] == "-") {
    out += '-';
  } else {
    // White's letters first, as to_fen writes them.
    std::string castling;
    for (char c : fields[2]) castling += random_play_swap_case(c);
    std::stable_partition(castling.begin(), castling.end(),
                          [](char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; });
    out += castling;
  }
  out += ' ';
  if (fields[3] == "-") {
    out += '-';
  } else {
    const auto sq = parse_square(fields[3]);
    if (!sq)
      throw std::invalid_argument("mirror_fen: bad en-passant square in '" + std::string(fen) +
                                  "'");
    out += square_name(flip_rank(*sq));
  }
  for (std::size_t i = 4; i < fields.size(); ++i) {
    out += ' ';
    out += fields[i];
  }
  return out;
}

Position mirror(const Position& pos) {
  return parse_fen(pos.variant_ptr(), mirror_fen(to_fen(pos)));
}

std::string move_text(const Variant& variant, Move m) {
  std::string s = square_name(m.from()) + square_name(m.to());
  if (m.kind() == MoveKind::kPromotion) s += variant.piece(static_cast<PieceType>(m.arg())).letter;
  return s;
}

std::string line_text(const Variant& variant, const std::vector<Move>& line) {
  std::string s;
  for (Move m : line) {
    if (!s.empty()) s += ' ';
    s += move_text(variant, m);
  }
  return s;
}

}  // namespace arbiter::test
