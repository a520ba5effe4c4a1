#include "solver/core/witness_minimize.hpp"

#include <fmt/format.h>

#include <cctype>
#include <optional>

#include "rules/core/fen.hpp"
#include "rules/core/geometry.hpp"

namespace arbiter::solver {

namespace {

/// The board field as 64 cells, a8 first: "" for an empty square, else the square's text ("Q",
/// "P~", "(Qp)"). nullopt when the field is not a board of 64 squares in this syntax.
std::optional<std::vector<std::string>> cells_of(std::string_view board) {
  std::vector<std::string> cells;
  for (std::size_t i = 0; i < board.size();) {
    const char c = board[i];
    if (c == '/') {
      ++i;
    } else if (c >= '1' && c <= '8') {
      cells.insert(cells.end(), static_cast<std::size_t>(c - '0'), "");
      ++i;
    } else if (c == '(') {
      const std::size_t close = board.find(')', i);
      if (close == std::string_view::npos) return std::nullopt;
      cells.emplace_back(board.substr(i, close - i + 1));
      i = close + 1;
    } else if (std::isalpha(static_cast<unsigned char>(c)) != 0) {
      std::size_t end = i + 1;
      while (end < board.size() && (board[end] == '~' || board[end] == '^')) ++end;
      cells.emplace_back(board.substr(i, end - i));
      i = end;
    } else {
      return std::nullopt;
    }
  }
  if (cells.size() != static_cast<std::size_t>(kSquares)) return std::nullopt;
  return cells;
}

std::string board_of(const std::vector<std::string>& cells) {
  std::string out;
  for (int rank = 0; rank < 8; ++rank) {
    if (rank > 0) out += '/';
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const std::string& cell = cells[static_cast<std::size_t>(rank * 8 + file)];
      if (cell.empty()) {
        ++empty;
        continue;
      }
      if (empty > 0) out += static_cast<char>('0' + empty);
      empty = 0;
      out += cell;
    }
    if (empty > 0) out += static_cast<char>('0' + empty);
  }
  return out;
}

/// The men of one square's text: one, or two on a shared square.
std::vector<std::string> men_of(const std::string& cell) {
  if (cell.empty() || cell.front() != '(') return {cell};
  std::vector<std::string> men;
  for (std::size_t i = 1; i + 1 < cell.size();) {
    std::size_t end = i + 1;
    while (end + 1 < cell.size() && (cell[end] == '~' || cell[end] == '^')) ++end;
    men.push_back(cell.substr(i, end - i));
    i = end;
  }
  return men;
}

bool royal(const Variant& v, const std::string& man) {
  const char letter = man.front();
  const PieceType t = v.type_of_letter(static_cast<char>(std::toupper(letter)));
  return t != kNoPiece && v.piece(t).royal;
}

std::string joined(const std::vector<std::string>& fields) {
  std::string out;
  for (const std::string& f : fields) {
    if (!out.empty()) out += ' ';
    out.append(f);
  }
  return out;
}

}  // namespace

std::vector<std::vector<std::string>> fens_without_one_man(const Variant& v,
                                                           const std::string& fen) {
  std::vector<std::string> fields;
  for (const FenField& f : split_fen_fields(fen, kFenBlanks)) fields.emplace_back(f.text);
  if (fields.empty()) return {};
  const auto cells = cells_of(fields[0]);
  if (!cells) return {};
  std::vector<std::vector<std::string>> out;
  for (int index = 0; index < kSquares; ++index) {
    const std::vector<std::string> men = men_of((*cells)[static_cast<std::size_t>(index)]);
    for (std::size_t m = 0; m < men.size(); ++m) {
      if (men[m].empty() || royal(v, men[m])) continue;
      std::vector<std::string> rest = *cells;
      rest[static_cast<std::size_t>(index)] = men.size() == 2 ? men[1 - m] : "";
      std::vector<std::string> f = fields;
      f[0] = board_of(rest);
      std::vector<std::string> tries{joined(f)};
      // The rights the man took with him: a castling right of his rook square, the en-passant
      // square of a pawn (fields 3 and 4 of the orthodox part every protocol's FEN begins with).
      const Square s = make_square(index % 8, 7 - index / 8);
      const Color c =
          std::isupper(static_cast<unsigned char>(men[m].front())) != 0 ? kWhite : kBlack;
      if (f.size() > 2)
        for (const CastlingMove& cm : v.castling(c))
          if (cm.rook_from == s && f[2].find(cm.fen) != std::string::npos) {
            f[2].erase(f[2].find(cm.fen), 1);
            if (f[2].empty()) f[2].assign(1, '-');
            tries.push_back(joined(f));
          }
      if (f.size() > 3 && f[3] != "-") {
        const PieceType t = v.type_of_letter(static_cast<char>(std::toupper(men[m].front())));
        if (t != kNoPiece && v.piece(t).pawn) {
          f[3].assign(1, '-');
          tries.push_back(joined(f));
        }
      }
      out.push_back(std::move(tries));
    }
  }
  return out;
}

MinimalWitness minimize_witness(const Variant& v, const std::string& fen,
                                const std::function<bool(const std::string&)>& shows) {
  MinimalWitness m{fen, 0, 0};
  if (!shows(fen)) {
    m.removed = -1;  // nothing to keep: not minimized
    return m;
  }
  for (bool again = true; again;) {
    again = false;
    for (const std::vector<std::string>& tries : fens_without_one_man(v, m.fen)) {
      for (const std::string& smaller : tries)
        if (shows(smaller)) {
          m.fen = smaller;
          ++m.removed;
          again = true;
          break;
        }
      if (again) break;
    }
  }
  const auto cells = cells_of(split_fen_fields(m.fen, kFenBlanks).front().text);
  if (cells)
    for (const std::string& cell : *cells)
      if (!cell.empty()) m.men += static_cast<int>(men_of(cell).size());
  return m;
}

std::string without_idle_en_passant(const Variant& v, const std::string& fen) {
  std::vector<std::string> fields;
  for (const FenField& f : split_fen_fields(fen, kFenBlanks)) fields.emplace_back(f.text);
  if (fields.size() < 4 || fields[3].size() != 2 || (fields[1] != "w" && fields[1] != "b"))
    return fen;
  const auto cells = cells_of(fields[0]);
  const int file = fields[3][0] - 'a', rank = fields[3][1] - '1';
  if (!cells || file < 0 || file > 7 || (rank != 2 && rank != 5)) return fen;
  const bool white = fields[1] == "w";
  const int beside = white ? 4 : 3;  // the passed pawn's rank (0-based): 5th or 4th
  for (const int f : {file - 1, file + 1}) {
    if (f < 0 || f > 7) continue;
    for (const std::string& man :
         men_of((*cells)[static_cast<std::size_t>((7 - beside) * 8 + f)])) {
      const char letter = man.front();
      if ((std::isupper(static_cast<unsigned char>(letter)) != 0) != white) continue;
      const PieceType t = v.type_of_letter(static_cast<char>(std::toupper(letter)));
      if (t != kNoPiece && v.piece(t).pawn) return fen;
    }
  }
  fields[3].assign(1, '-');
  return joined(fields);
}

std::string minimal_note(int men, int removed) {
  return fmt::format(
      "1-minimal: taking off any one man but the kings loses it ({} men; {} taken "
      "off the position found)",
      men, removed);
}

}  // namespace arbiter::solver
