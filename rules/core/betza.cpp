#include "rules/core/betza.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string>

namespace arbiter {
namespace {

struct BaseAtom {
  char letter;
  int a;  // the longer component of the leap
  int b;  // the shorter component
};

constexpr BaseAtom kBaseAtoms[] = {
    {'W', 1, 0}, {'F', 1, 1}, {'D', 2, 0}, {'N', 2, 1}, {'A', 2, 2},
    {'H', 3, 0}, {'C', 3, 1}, {'Z', 3, 2}, {'G', 3, 3},
};

const BaseAtom* find_base(char c) {
  for (const auto& atom : kBaseAtoms)
    if (atom.letter == c) return &atom;
  return nullptr;
}

/// Shortcut letters stand for one or two atoms; 'R', 'B' and 'Q' are riders.
struct Shortcut {
  char letter;
  const char* atoms;
  bool rider;
};
constexpr Shortcut kShortcuts[] = {
    {'K', "WF", false}, {'R', "W", true}, {'B', "F", true}, {'Q', "WF", true}};

const Shortcut* find_shortcut(char c) {
  for (const auto& s : kShortcuts)
    if (s.letter == c) return &s;
  return nullptr;
}

std::vector<Offset> all_directions(const BaseAtom& atom) {
  std::vector<Offset> out;
  for (int sa : {1, -1})
    for (int sb : {1, -1})
      for (bool swap : {false, true}) {
        Offset o = swap ? Offset{sb * atom.b, sa * atom.a} : Offset{sa * atom.a, sb * atom.b};
        if (std::find(out.begin(), out.end(), o) == out.end()) out.push_back(o);
      }
  return out;
}

enum class AtomClass { kOrthogonal, kDiagonal, kOblique };

AtomClass class_of(const BaseAtom& atom) {
  if (atom.b == 0) return AtomClass::kOrthogonal;
  if (atom.a == atom.b) return AtomClass::kDiagonal;
  return AtomClass::kOblique;
}

bool is_direction_letter(char c) {
  return std::string_view("fblrvsh").find(c) != std::string_view::npos;
}

/// A single direction letter as a predicate on a leap.
bool single_letter(char c, Offset o, AtomClass cls) {
  const bool oblique = cls == AtomClass::kOblique;
  switch (c) {
    case 'f':
      return o.dr > 0;
    case 'b':
      return o.dr < 0;
    case 'l':
      return o.df < 0;
    case 'r':
      return o.df > 0;
    case 'v':
      return oblique ? std::abs(o.dr) > std::abs(o.df) : o.dr != 0;
    case 's':
      return oblique ? std::abs(o.df) > std::abs(o.dr) : o.df != 0;
    default:
      return false;
  }
}

/// A doubled letter ("ff"): the leaps of that half whose larger component points that way.
bool narrow_letter(char c, Offset o) {
  switch (c) {
    case 'f':
      return o.dr > 0 && std::abs(o.dr) > std::abs(o.df);
    case 'b':
      return o.dr < 0 && std::abs(o.dr) > std::abs(o.df);
    case 'l':
      return o.df < 0 && std::abs(o.df) > std::abs(o.dr);
    case 'r':
      return o.df > 0 && std::abs(o.df) > std::abs(o.dr);
    default:
      return false;
  }
}

bool forms_pair(char a, char b) {
  const auto group = [](char c) {
    if (c == 'f' || c == 'b') return 0;
    if (c == 'l' || c == 'r') return 1;
    if (c == 'v' || c == 's') return 2;
    return 3;
  };
  return a != b && group(a) != 3 && group(b) != 3 && group(a) != group(b);
}

/// Applies a run of direction letters to an atom. Orthogonal atoms join every letter;
/// diagonal and oblique atoms read two-letter tokens ("fl", "fs", "ff", "fh") as one selector.
std::vector<Offset> select_directions(std::string_view mods, std::size_t mods_offset,
                                      const BaseAtom& atom, std::string_view source) {
  const auto dirs = all_directions(atom);
  if (mods.empty()) return dirs;
  const AtomClass cls = class_of(atom);
  std::vector<bool> keep(dirs.size(), false);
  std::size_t i = 0;
  while (i < mods.size()) {
    const char c = mods[i];
    const char n = i + 1 < mods.size() ? mods[i + 1] : '\0';
    if (c == 'h') {
      throw BetzaError(
          "in '" + std::string(source) + "': modifier 'h' (half) must follow one of f, b, l, r",
          mods_offset + i);
    }
    std::size_t used = 1;
    for (std::size_t k = 0; k < dirs.size(); ++k) {
      const Offset o = dirs[k];
      bool sel = false;
      if (n == 'h') {
        if (c == 'v' || c == 's')
          throw BetzaError("in '" + std::string(source) +
                               "': 'h' (half) must follow f, b, l or r, not '" + std::string(1, c) +
                               "'",
                           mods_offset + i + 1);
        sel = single_letter(c, o, cls);
        used = 2;
      } else if (n == c && std::string_view("fblr").find(c) != std::string_view::npos) {
        sel = cls == AtomClass::kOrthogonal ? single_letter(c, o, cls) : narrow_letter(c, o);
        used = 2;
      } else if (cls != AtomClass::kOrthogonal && forms_pair(c, n)) {
        sel = single_letter(c, o, cls) && single_letter(n, o, cls);
        used = 2;
      } else {
        sel = single_letter(c, o, cls);
      }
      if (sel) keep[k] = true;
    }
    i += used;
  }
  std::vector<Offset> out;
  for (std::size_t k = 0; k < dirs.size(); ++k)
    if (keep[k]) out.push_back(dirs[k]);
  if (out.empty())
    throw BetzaError("in '" + std::string(source) + "': the direction modifiers '" +
                         std::string(mods) + "' select no move of atom " + atom.letter,
                     mods_offset);
  return out;
}

}  // namespace

std::vector<BetzaAtom> parse_betza(std::string_view text) {
  std::vector<BetzaAtom> atoms;
  if (text.empty()) throw BetzaError("empty Betza text: expected atoms such as \"WF\" or \"N\"", 0);
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t group_start = pos;
    std::string dir_mods;
    std::size_t dir_offset = pos;
    bool have_dir = false;
    bool m = false, c = false, e = false, ini = false, lame = false;
    // Modifiers: lower-case letters before the capital.
    while (pos < text.size() && std::islower(static_cast<unsigned char>(text[pos]))) {
      const char ch = text[pos];
      if (is_direction_letter(ch)) {
        if (!have_dir) dir_offset = pos;
        if (have_dir && !dir_mods.empty() && pos != dir_offset + dir_mods.size())
          throw BetzaError(
              "direction modifiers must be written together (at '" + std::string(1, ch) + "')",
              pos);
        have_dir = true;
        dir_mods.push_back(ch);
      } else if (ch == 'm') {
        m = true;
      } else if (ch == 'c') {
        c = true;
      } else if (ch == 'e') {
        e = true;
      } else if (ch == 'i') {
        ini = true;
      } else if (ch == 'n') {
        lame = true;
      } else {
        throw BetzaError(std::string("unsupported Betza modifier '") + ch +
                             "': expected one of f b l r v s h (directions), m c e (move, "
                             "capture, en passant), i (initial), n (lame)",
                         pos);
      }
      ++pos;
    }
    if (pos >= text.size())
      throw BetzaError(
          "modifiers at the end of the Betza text modify nothing: expected an atom "
          "letter (W F D N A H C Z G, or K R B Q) after them",
          group_start);
    const char cap = text[pos];
    const std::size_t atom_pos = pos;
    std::string letters;
    bool rider = false;
    if (const Shortcut* sc = find_shortcut(cap)) {
      letters = sc->atoms;
      rider = sc->rider;
      ++pos;
      if (pos < text.size() && text[pos] == cap)
        throw BetzaError(std::string("'") + cap + cap + "' doubles a shortcut: " + cap +
                             " is already " + (rider ? "a rider" : "a set of leaps"),
                         pos);
    } else if (find_base(cap) != nullptr) {
      letters = std::string(1, cap);
      ++pos;
      if (pos < text.size() && text[pos] == cap) {
        rider = true;
        ++pos;
      }
    } else {
      throw BetzaError(std::string("unknown Betza atom '") + cap +
                           "': expected one of W F D N A H C Z G (leapers) or K R B Q",
                       pos);
    }
    int range = rider ? 0 : 1;
    if (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) {
      if (rider && pos > atom_pos + 1 && text[pos - 1] == cap && letters.size() == 1)
        throw BetzaError("a doubled atom is already an unlimited rider; write a range as '" +
                             std::string(1, cap) + "3', not '" + std::string(2, cap) + "3'",
                         pos);
      std::size_t end = pos;
      while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
      if (end - pos > 2) throw BetzaError("range too large: expected 0 to 99", pos);
      const int n = std::stoi(std::string(text.substr(pos, end - pos)));
      range = n;  // 0 = unlimited, 1 = a leap, n = up to n leaps
      pos = end;
    }
    const std::string source(text.substr(group_start, pos - group_start));
    if (lame && range != 1)
      throw BetzaError(
          "in '" + source + "': 'n' (lame) applies to a single straight leap (D H A G)",
          group_start);
    for (char letter : letters) {
      const BaseAtom* base = find_base(letter);
      BetzaAtom atom;
      atom.letter = letter;
      atom.range = range;
      atom.directions = select_directions(dir_mods, dir_offset, *base, source);
      atom.can_move = m || (!c && !e);
      atom.can_capture = c || (!m && !e);
      atom.en_passant = e;
      atom.initial_only = ini;
      atom.lame = lame;
      atom.text = source;
      if (lame) {
        const bool straight = base->b == 0 || base->a == base->b;
        if (!straight || base->a < 2)
          throw BetzaError("in '" + source + "': 'n' (lame) is supported only on D, H, A and G",
                           group_start);
      }
      if (e && range != 1)
        throw BetzaError("in '" + source + "': 'e' (en passant) is supported only on leaps",
                         group_start);
      atoms.push_back(std::move(atom));
    }
  }
  return atoms;
}

}  // namespace arbiter
