#include "tests/support/sim_mirror.hpp"

#include <stdexcept>
#include <vector>

#include "rules/core/geometry.hpp"
#include "tests/support/random_play.hpp"

namespace arbiter::test {

std::string mirror_sim_fen(std::string_view fen) {
  std::vector<std::string> fields;
  std::string field;
  for (char c : fen) {
    if (c != ' ') {
      field += c;
    } else if (!field.empty()) {
      fields.push_back(field);
      field.clear();
    }
  }
  if (!field.empty()) fields.push_back(field);
  if (fields.size() < 4)
    throw std::invalid_argument("mirror_sim_fen: expected at least 4 fields in '" +
                                std::string(fen) + "'");
  // The en-passant squares: each mirrored; a White square (rank 3) is written first.
  const std::string ep = fields[3];
  std::string white_ep, black_ep;
  for (std::size_t i = 0; ep != "-" && i + 1 < ep.size(); i += 2) {
    const auto sq = parse_square(ep.substr(i, 2));
    if (!sq)
      throw std::invalid_argument("mirror_sim_fen: bad en-passant field in '" + std::string(fen) +
                                  "'");
    const Square m = flip_rank(*sq);
    (rank_of(m) == 2 ? white_ep : black_ep) = square_name(m);
  }
  // The orthodox FEN with White to move and no en-passant square, for mirror_fen.
  std::string orthodox = fields[0] + " w " + fields[2] + " -";
  for (std::size_t i = 4; i < fields.size(); ++i) orthodox += " " + fields[i];
  std::string mirrored = mirror_fen(orthodox);  // side 'b', en passant '-'
  const std::size_t side = mirrored.find(" b ");
  mirrored[side + 1] = 'w';
  const std::size_t ep_at = mirrored.find(' ', side + 3) + 1;  // after the castling field
  if (!white_ep.empty() || !black_ep.empty()) mirrored.replace(ep_at, 1, white_ep + black_ep);
  return mirrored;
}

}  // namespace arbiter::test
