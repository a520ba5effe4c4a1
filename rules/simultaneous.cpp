#include "rules/simultaneous.hpp"

#include <fmt/format.h>

#include <vector>

namespace arbiter {
namespace {

struct Field {
  std::size_t begin = 0;
  std::string_view text;
};

std::vector<Field> split_fields(std::string_view fen) {
  std::vector<Field> out;
  std::size_t i = 0;
  while (i < fen.size()) {
    while (i < fen.size() && (fen[i] == ' ' || fen[i] == '\t')) ++i;
    const std::size_t b = i;
    while (i < fen.size() && fen[i] != ' ' && fen[i] != '\t') ++i;
    if (i > b) out.push_back({b, fen.substr(b, i - b)});
  }
  return out;
}

[[noreturn]] void fail(std::size_t offset, const std::string& message) {
  const int column = static_cast<int>(offset) + 1;
  throw FenError(fmt::format("FEN column {}: {}", column, message), column);
}

/// Checks one en-passant square of `mover`'s double step and stores it.
void read_target(SimState& s, std::string_view text, std::size_t at) {
  const auto sq = parse_square(text);
  const std::string expected =
      "expected '-' or up to two squares: one on rank 3 behind a white pawn that has just "
      "made a double step, one on rank 6 behind a black pawn";
  if (!sq) fail(at, fmt::format("bad en-passant square '{}': {}", text, expected));
  const int rank = rank_of(*sq);
  if (rank != 2 && rank != 5)
    fail(at,
         fmt::format("bad en-passant square {}: it is on rank {}; {}", text, rank + 1, expected));
  const Color mover = rank == 2 ? kWhite : kBlack;
  if (s.ep_target[mover] != kNoSquare)
    fail(at, fmt::format("two en-passant squares for {}: each side has at most one",
                         mover == kWhite ? "White" : "Black"));
  const Square victim = en_passant_victim_of(*sq, ~mover);
  const PieceType t = s.pos.piece_on(mover, victim);
  if (t == kNoPiece || !s.pos.variant().piece(t).pawn)
    fail(at, fmt::format("bad en-passant square {}: there is no {} pawn on {}", text,
                         mover == kWhite ? "white" : "black", square_name(victim)));
  // Unlike orthodox FEN, the squares the pawn passed and left may be occupied: an enemy piece
  // may have arrived there in the same turn.
  s.ep_target[mover] = *sq;
}

}  // namespace

Position view_for(const SimState& s, Color c) {
  Position view = s.pos;
  view.set_side_to_move(c);
  view.set_en_passant(s.ep_target[~c]);
  return view;
}

SimState parse_sim_fen(const VariantPtr& v, std::string_view fen) {
  const std::vector<Field> fields = split_fields(fen);
  std::string orthodox(fen);
  std::string_view ep_text = "-";
  std::size_t ep_at = 0;
  if (fields.size() >= 2 && fields[1].text != "w")
    fail(fields[1].begin, fmt::format("bad side to move '{}': a simultaneous protocol has none; "
                                      "expected 'w'",
                                      fields[1].text));
  if (fields.size() >= 4) {
    ep_text = fields[3].text;
    ep_at = fields[3].begin;
    // Keep every column where it was: the orthodox parser sees '-' padded with spaces.
    std::string padded(ep_text.size(), ' ');
    padded[0] = '-';
    orthodox.replace(ep_at, ep_text.size(), padded);
  }
  FenOptions options;
  options.allow_both_in_check = true;
  options.allow_missing_king = true;
  options.allow_shared_squares = v->table().resolver == Resolver::kMoveNeutral;
  SimState s{parse_fen(v, orthodox, options)};
  if (ep_text == "-") return s;
  if (ep_text.size() != 2 && ep_text.size() != 4)
    fail(ep_at, fmt::format("bad en-passant field '{}': expected '-', one square or two squares "
                            "written together (such as e3d6)",
                            ep_text));
  read_target(s, ep_text.substr(0, 2), ep_at);
  if (ep_text.size() == 4) read_target(s, ep_text.substr(2, 2), ep_at + 2);
  return s;
}

std::string to_sim_fen(const SimState& s) {
  std::string fen = to_fen(s.pos);
  // to_fen wrote '-' for the (always empty) en-passant field: the fourth field.
  std::size_t at = 0;
  for (int spaces = 0; spaces < 3; ++at)
    if (fen[at] == ' ') ++spaces;
  std::string ep;
  for (Color c : {kWhite, kBlack})
    if (s.ep_target[c] != kNoSquare) ep += square_name(s.ep_target[c]);
  if (!ep.empty()) fen.replace(at, 1, ep);
  return fen;
}

SimState sim_start(const VariantPtr& v) {
  require_protocol(*v, Protocol::kSimultaneous, "a simultaneous game");
  return parse_sim_fen(v, v->table().setup_fen);
}

}  // namespace arbiter
