#include "rules/simultaneous/simultaneous.hpp"

#include <fmt/format.h>

#include <vector>

namespace arbiter {
namespace {

/// Checks one en-passant square of `mover`'s double step and stores it.
void read_target(SimState& s, std::string_view text, int column) {
  const auto sq = parse_square(text);
  const std::string expected =
      "expected '-' or up to two squares: one on rank 3 behind a white pawn that has just "
      "made a double step, one on rank 6 behind a black pawn";
  if (!sq) throw_fen_error(column, fmt::format("bad en-passant square '{}': {}", text, expected));
  const int rank = rank_of(*sq);
  if (rank != 2 && rank != 5)
    throw_fen_error(column, fmt::format("bad en-passant square {}: it is on rank {}; {}", text,
                                        rank + 1, expected));
  const Color mover = rank == 2 ? kWhite : kBlack;
  if (s.ep_target[mover] != kNoSquare)
    throw_fen_error(column, fmt::format("two en-passant squares for {}: each side has at most one",
                                        mover == kWhite ? "White" : "Black"));
  const Square victim = en_passant_victim_of(*sq, ~mover);
  const PieceType t = s.pos.piece_on(mover, victim);
  if (t == kNoPiece || !s.pos.variant().piece(t).pawn)
    throw_fen_error(column, fmt::format("bad en-passant square {}: there is no {} pawn on {}", text,
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
  const std::vector<FenField> fields = split_fen_fields(fen, kFenBlanks);
  std::string orthodox(fen);
  FenField ep{0, "-"};
  if (fields.size() >= 2 && fields[1].text != "w")
    throw_fen_error(fields[1].column(),
                    fmt::format("bad side to move '{}': a simultaneous protocol has none; "
                                "expected 'w'",
                                fields[1].text));
  if (fields.size() >= 4) {
    ep = fields[3];
    // Keep every column where it was: the orthodox parser sees '-' padded with spaces.
    std::string padded(ep.text.size(), ' ');
    padded[0] = '-';
    orthodox.replace(ep.begin, ep.text.size(), padded);
  }
  FenOptions options;
  options.allow_both_in_check = true;
  options.allow_missing_king = true;
  options.allow_shared_squares = v->traits().shared_squares;
  SimState s{parse_fen(v, orthodox, options)};
  if (ep.text == "-") return s;
  if (ep.text.size() != 2 && ep.text.size() != 4)
    throw_fen_error(ep.column(),
                    fmt::format("bad en-passant field '{}': expected '-', one square or two "
                                "squares written together (such as e3d6)",
                                ep.text));
  read_target(s, ep.text.substr(0, 2), ep.column());
  if (ep.text.size() == 4) read_target(s, ep.text.substr(2, 2), ep.column() + 2);
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
  require_module(*v, RulesKind::kDiplomacy, "a simultaneous game");  // either resolver
  return parse_sim_fen(v, v->table().setup_fen);
}

}  // namespace arbiter
