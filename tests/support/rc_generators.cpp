// RapidCheck generators for valid positions, moves, move pairs and random Betza pieces; see
// rc_generators.hpp.
#include "tests/support/rc_generators.hpp"

#include <algorithm>
#include <optional>
#include <tuple>

#include "rules/core/betza.hpp"
#include "rules/core/fen.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/table_loader.hpp"

namespace arbiter::test {
namespace {

/// The FEN reader's position, or nullopt when it refuses the FEN.
std::optional<Position> read(const VariantPtr& v, const std::string& fen) {
  try {
    return parse_fen(v, fen);
  } catch (const FenError&) {
    return std::nullopt;
  }
}

/// `pos` as the reader takes it; else without castling rights; else without en-passant target.
std::optional<Position> repaired(const VariantPtr& v, const Position& pos) {
  if (auto p = read(v, to_fen(pos))) return p;
  Position bare = pos;
  bare.set_castling_rights(0);
  if (auto p = read(v, to_fen(bare))) return p;
  bare.set_en_passant(kNoSquare);
  return read(v, to_fen(bare));
}

void lift_off(Position& pos, Color c, Square s) {
  pos.remove(c, s);
  if (has(pos.converted(), s)) pos.set_converted(pos.converted() & ~bb(s));
  if (has(pos.converted_unmoved(), s)) pos.set_converted_unmoved(pos.converted_unmoved() & ~bb(s));
}

}  // namespace

rc::Gen<Placement> gen_placement(const VariantPtr& v, int max_pieces) {
  const auto codes = static_cast<std::uint8_t>(2 * v->piece_count());
  const auto square = rc::gen::inRange<std::uint8_t>(0, kSquares);
  return rc::gen::build<Placement>(
      rc::gen::set(&Placement::royal,
                   rc::gen::map(rc::gen::pair(square, square),
                                [](const std::pair<std::uint8_t, std::uint8_t>& r) {
                                  return std::array<std::uint8_t, 2>{r.first, r.second};
                                })),
      rc::gen::set(
          &Placement::pieces,
          rc::gen::resize(max_pieces,
                          rc::gen::container<std::vector<std::pair<std::uint8_t, std::uint8_t>>>(
                              rc::gen::pair(square, rc::gen::inRange<std::uint8_t>(0, codes))))),
      rc::gen::set(&Placement::black_to_move, rc::gen::arbitrary<bool>()),
      rc::gen::set(&Placement::castling, rc::gen::arbitrary<std::uint8_t>()));
}

std::ostream& operator<<(std::ostream& os, const PlayedPosition& p) {
  os << "PlayedPosition{" << p.game << ", lift [";
  for (bool b : p.lift) os << (b ? '1' : '0');
  return os << "]}";
}

rc::Gen<PlayedPosition> gen_played_position(std::size_t start_count, int max_plies) {
  // Lifting is rare when drawn (1 in 5) and what a shrink moves toward (the first element).
  return rc::gen::build<PlayedPosition>(
      rc::gen::set(&PlayedPosition::game, gen_random_game(start_count, max_plies)),
      rc::gen::set(&PlayedPosition::lift,
                   rc::gen::container<std::vector<bool>>(
                       32, rc::gen::weightedElement<bool>({{1, true}, {4, false}}))));
}

Position played_position(const VariantPtr& v, const std::vector<std::string>& start_fens,
                         const PlayedPosition& p) {
  Position pos = play_random_game(v, start_fens, p.game);
  std::vector<std::pair<Color, Square>> others;
  for (Color c : {kWhite, kBlack})
    for (Bitboard b = pos.pieces(c) & ~pos.pieces(c, v->royal()); b;)
      others.emplace_back(c, pop_lsb(b));
  std::sort(others.begin(), others.end(),
            [](const auto& a, const auto& b) { return a.second < b.second; });
  for (std::size_t i = 0; i < others.size() && i < p.lift.size(); ++i) {
    if (!p.lift[i]) continue;
    Position next = pos;
    lift_off(next, others[i].first, others[i].second);
    if (auto ok = repaired(v, next)) pos = *ok;
  }
  return pos;
}

rc::Gen<Position> gen_position(const VariantPtr& v, std::vector<std::string> extra_fens,
                               int max_plies) {
  std::vector<std::string> fens{v->table().setup_fen};
  fens.insert(fens.end(), extra_fens.begin(), extra_fens.end());
  return rc::gen::oneOf(
      rc::gen::map(gen_placement(v), [v](const Placement& p) { return place(v, p); }),
      rc::gen::map(gen_played_position(fens.size(), max_plies),
                   [v, fens](const PlayedPosition& p) { return played_position(v, fens, p); }));
}

rc::Gen<Move> gen_legal_move(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  if (moves.empty()) return rc::gen::just(Move{});
  std::vector<Move> list(moves.begin(), moves.end());
  return rc::gen::elementOf(list);
}

rc::Gen<std::pair<Move, Move>> gen_move_pair(const MoveList& white, const MoveList& black) {
  auto pick = [](const MoveList& ms) {
    std::vector<Move> list(ms.begin(), ms.end());
    return list.empty() ? rc::gen::just(Move{}) : rc::gen::elementOf(list);
  };
  return rc::gen::pair(pick(white), pick(black));
}

rc::Gen<std::string> gen_betza() {
  static const std::vector<std::string> directions = {"",  "",  "f", "b",  "l",
                                                      "r", "v", "s", "fs", "bs"};
  static const std::vector<std::string> modalities = {"", "", "m", "c"};
  static const std::vector<std::string> letters = {"W", "F", "D", "N", "A", "H", "C",
                                                   "Z", "G", "R", "B", "Q", "K"};
  static const std::vector<std::string> ranges = {"", "", "", "2", "3", "double"};
  const auto atom =
      rc::gen::map(rc::gen::tuple(rc::gen::elementOf(directions), rc::gen::elementOf(modalities),
                                  rc::gen::elementOf(letters), rc::gen::elementOf(ranges)),
                   [](const std::tuple<std::string, std::string, std::string, std::string>& a) {
                     const auto& [dir, mod, letter, range] = a;
                     return dir + mod + letter + (range == "double" ? letter : range);
                   });
  const auto text =
      rc::gen::map(rc::gen::pair(atom, rc::gen::oneOf(rc::gen::just(std::string()), atom)),
                   [](const std::pair<std::string, std::string>& p) { return p.first + p.second; });
  return rc::gen::suchThat(text, [](const std::string& t) {
    try {
      return !parse_betza(t).empty();
    } catch (const BetzaError&) {
      return false;
    }
  });
}

std::string betza_table_text(const std::string& betza) {
  return "[table]\nextends = \"orthodox\"\nname = \"random-betza\"\n"
         "description = \"Orthodox chess with a random Betza piece\"\n\n"
         "[pieces.Z]\nname = \"random\"\nbetza = \"" +
         betza + "\"\n";
}

VariantPtr betza_variant(const std::string& betza) {
  return Variant::compile(load_table_text(betza_table_text(betza), "random-betza.toml"));
}

}  // namespace arbiter::test

namespace arbiter {
void showValue(const Position& pos, std::ostream& os) {
  os << to_fen(pos);
}
}  // namespace arbiter
