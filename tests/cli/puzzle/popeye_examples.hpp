// Popeye's own example problems solved by `arbiter puzzle solve FILE` and compared with the
// answers Popeye printed for them (tests/data/popeye/examples*/NAME.popeye, distilled from
// Popeye's regression output by scripts/popeye-examples.py): the keys, the threats where Popeye
// prints them, the tries and their refutations where Popeye lists tries, the helpmate
// solutions, and the set play where both print it. Moves are compared as moves: Popeye's long
// algebraic (Da7-f2, e5*d6, 0-0, German or English letters) against arbiter's SAN.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/test_support.hpp"

namespace arbiter::test::popeye_examples {

inline std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

/// Popeye's piece letters in one of its languages, as SAN letters (Popeye's English S is the
/// knight, its N the nightrider).
inline char san_letter(const std::string& language, char popeye) {
  static const std::map<std::string, std::string> kFrom = {
      {"en", "KQRBS"}, {"de", "KDTLS"}, {"fr", "RDTFC"}};
  const std::string& from = kFrom.at(language);
  const auto at = from.find(popeye);
  return at == std::string::npos ? '?' : "KQRBN"[at];
}

/// Whether arbiter's SAN move `san` is Popeye's `popeye` (with or without its move number).
inline bool same_move(const std::string& san, std::string popeye, const std::string& language) {
  static const std::regex kNumber(R"(^\d+\.(\.\.)?)");
  static const std::regex kPopeye(R"(^([A-Z])?([a-h][1-8])[-*]([a-h][1-8])(=([A-Z]))?$)");
  static const std::regex kSan(R"(^([KQRBN])?([a-h]?[1-8]?)x?([a-h][1-8])(=([QRBN]))?$)");
  popeye = std::regex_replace(popeye, kNumber, "");
  std::string s = san;
  while (!s.empty() && (s.back() == '+' || s.back() == '#')) s.pop_back();
  if (popeye == "0-0" || popeye == "0-0-0") return s == (popeye == "0-0" ? "O-O" : "O-O-O");
  std::smatch p, m;
  if (!std::regex_match(popeye, p, kPopeye) || !std::regex_match(s, m, kSan)) return false;
  const char piece = p[1].matched ? san_letter(language, p[1].str()[0]) : 'P';
  const char san_piece = m[1].matched ? m[1].str()[0] : 'P';
  const std::string promo = p[5].matched ? std::string(1, san_letter(language, p[5].str()[0])) : "";
  if (piece != san_piece || p[3] != m[3].str() || promo != m[5].str()) return false;
  const std::string from = p[2];
  const std::string dis = m[2];
  return std::all_of(dis.begin(), dis.end(),
                     [&](char c) { return from.find(c) != std::string::npos; });
}

/// Whether `ours` and `theirs` pair off one to one under `same`.
template <class A, class B, class Same>
bool pair_off(const std::vector<A>& ours, std::vector<B> theirs, Same same) {
  if (ours.size() != theirs.size()) return false;
  for (const A& o : ours) {
    const auto it =
        std::find_if(theirs.begin(), theirs.end(), [&](const B& t) { return same(o, t); });
    if (it == theirs.end()) return false;
    theirs.erase(it);
  }
  return true;
}

/// One problem as arbiter printed it (text output) or as Popeye answered it.
struct Solution {
  std::string stipulation, source;
  bool tries_checked = false;
  struct Key {
    std::string move;
    std::optional<std::vector<std::string>> threats;  ///< first moves; unset: not printed
  };
  std::vector<Key> keys;
  std::vector<std::pair<std::string, std::vector<std::string>>> tries;  ///< with refutations
  std::vector<std::vector<std::string>> solutions, set_play;
};

/// The blocks of a NAME.popeye file, and its language.
inline std::vector<Solution> read_popeye_answers(const std::string& path, std::string& language) {
  std::vector<Solution> out;
  std::istringstream in(test::slurp(path));
  for (std::string line; std::getline(in, line);) {
    auto w = words(line);
    if (w.empty() || w[0][0] == '#') continue;
    const std::vector<std::string> rest(w.begin() + 1, w.end());
    if (w[0] == "language") {
      language = w.at(1);
    } else if (w[0] == "problem") {
      out.emplace_back();
      out.back().stipulation = w.at(2);
      out.back().source = w.at(3);
      out.back().tries_checked = w.size() > 4 && w[4] == "tries";
    } else if (w[0] == "key") {
      Solution::Key k{w.at(1), std::nullopt};
      if (w.size() > 2) k.threats = std::vector<std::string>(w.begin() + 3, w.end());
      out.back().keys.push_back(k);
    } else if (w[0] == "try") {
      out.back().tries.emplace_back(w.at(1), std::vector<std::string>(w.begin() + 3, w.end()));
    } else if (w[0] == "solution") {
      out.back().solutions.push_back(rest);
    } else if (w[0] == "set") {
      out.back().set_play.push_back(rest);
    }
  }
  return out;
}

/// The problems of arbiter's text output, in order.
inline std::vector<Solution> read_arbiter_output(const std::string& out) {
  std::vector<Solution> problems;
  std::istringstream in(out);
  const std::regex kVerdict(R"(^(\S+): \S.*$)");
  for (std::string line; std::getline(in, line);) {
    const auto w = words(line);
    std::smatch m;
    if (line.starts_with("problem ")) {
      problems.emplace_back();
      problems.back().source = w.at(2);
    } else if (problems.empty()) {
      continue;
    } else if (problems.back().stipulation.empty() && std::regex_match(line, m, kVerdict) &&
               line.find_first_of("#=") != std::string::npos && !line.starts_with("author") &&
               !line.starts_with("origin") && !line.starts_with("title") &&
               !line.starts_with("remark") && !line.starts_with("twin") &&
               !line.starts_with("award") && !line.starts_with("condition")) {
      problems.back().stipulation = m[1];
    } else if (line.starts_with("key ")) {
      problems.back().keys.push_back({w.at(1), std::vector<std::string>{}});
    } else if (line.starts_with("  threat: ")) {
      // "  threat: Kh1# / Qh2#": the first move of each threat
      std::istringstream t(line.substr(10));
      std::vector<std::string> firsts;
      for (std::string item; std::getline(t, item, '/');)
        if (const auto iw = words(item); !iw.empty()) firsts.push_back(iw[0]);
      problems.back().keys.back().threats = firsts;
    } else if (line.starts_with("try ")) {
      // "try Rc7 refuted by Kxc7, c4"
      const auto by = line.find(" refuted by ");
      std::vector<std::string> refutations;
      for (auto r : words(line.substr(by + 12)))
        refutations.push_back(r.back() == ',' ? r.substr(0, r.size() - 1) : r);
      problems.back().tries.emplace_back(w.at(1), refutations);
    } else if (line.starts_with("solution ")) {
      // Without the marks of a stalemate (" =") and of a short series line (" (short)").
      std::vector<std::string> moves;
      for (auto it = w.begin() + 1; it != w.end(); ++it)
        if (*it != "=" && *it != "(short)") moves.push_back(*it);
      problems.back().solutions.push_back(moves);
    } else if (line.starts_with("set play ")) {
      // Direct play: "set play Ka8: Rc8#" (the defence is compared); helpmates: the line.
      std::vector<std::string> set(w.begin() + 2, w.end());
      if (!set.empty() && set[0].back() == ':') set = {set[0].substr(0, set[0].size() - 1)};
      problems.back().set_play.push_back(set);
    }
  }
  return problems;
}

inline std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : " ") + s;
  return out;
}

/// What differs between arbiter's solution and Popeye's answer ("" when nothing).
inline std::string differences(const Solution& ours, const Solution& popeye,
                               const std::string& lang) {
  const auto move = [&](const std::string& a, const std::string& p) {
    return same_move(a, p, lang);
  };
  const auto line = [&](const std::vector<std::string>& a, const std::vector<std::string>& p) {
    std::vector<std::string> moves;
    for (const auto& m : a)
      if (m != "...") moves.push_back(m);
    if (moves.size() != p.size()) return false;
    for (std::size_t i = 0; i < p.size(); ++i)
      if (!move(moves[i], p[i])) return false;
    return true;
  };
  std::string d;
  if (ours.stipulation != popeye.stipulation)
    d += "stipulation " + ours.stipulation + " vs " + popeye.stipulation + "; ";
  if (!pair_off(ours.solutions, popeye.solutions, line)) d += "solutions differ; ";
  if (!popeye.set_play.empty() && !pair_off(ours.set_play, popeye.set_play, line))
    d += "set play differs; ";
  const auto key = [&](const Solution::Key& a, const Solution::Key& p) {
    return move(a.move, p.move);
  };
  if (!pair_off(ours.keys, popeye.keys, key)) d += "keys differ; ";
  for (const auto& k : ours.keys)
    for (const auto& pk : popeye.keys)
      if (move(k.move, pk.move) && pk.threats && !pair_off(*k.threats, *pk.threats, move))
        d +=
            "threats after " + k.move + ": " + join(*k.threats) + " vs " + join(*pk.threats) + "; ";
  if (popeye.tries_checked) {
    const auto try_ = [&](const auto& a, const auto& p) {
      return move(a.first, p.first) && pair_off(a.second, p.second, move);
    };
    if (!pair_off(ours.tries, popeye.tries, try_)) d += "tries or refutations differ; ";
  }
  return d;
}

/// Solves every NAME.inp of `folder` (under tests/data) and expects Popeye's NAME.popeye.
inline void expect_popeye_answers(const std::string& folder) {
  namespace fs = std::filesystem;
  const fs::path dir = test::data_path(folder);
  int files = 0, problems = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".inp") continue;
    fs::path answers_path = entry.path();
    answers_path.replace_extension(".popeye");
    std::string language;
    const std::vector<Solution> popeye = read_popeye_answers(answers_path.string(), language);
    const test::CommandResult r = test::run_arbiter("puzzle solve " + entry.path().string());
    const std::vector<Solution> ours = read_arbiter_output(r.out);
    ++files;
    ASSERT_EQ(ours.size(), popeye.size()) << entry.path() << '\n' << r.out << r.err;
    for (std::size_t i = 0; i < ours.size(); ++i, ++problems)
      EXPECT_EQ(differences(ours[i], popeye[i], language), "")
          << ours[i].source << " (Popeye: " << popeye[i].source << ")\n"
          << r.out;
  }
  EXPECT_GT(files, 0);
  EXPECT_GT(problems, 0);
}

}  // namespace arbiter::test::popeye_examples
