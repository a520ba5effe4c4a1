#include "tests/support/test_support.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include "rules/core/fen.hpp"
#include "rules/core/load_variant.hpp"
#include "rules/core/movegen.hpp"
#include "rules/core/notation.hpp"
#include "rules/simultaneous/sim_rules.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace arbiter::test {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

int occurrences(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

std::string write_temp_file(const std::string& name, const std::string& text) {
  const std::filesystem::path p = std::filesystem::temp_directory_path() / name;
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

namespace {

std::string temp_path(const char* stem) {
  static int counter = 0;
  return std::string("/tmp/arbiter_test_") + std::to_string(::getpid()) + "_" + stem + "_" +
         std::to_string(counter++);
}

}  // namespace

std::string data_path(const std::string& relative) {
  return std::string(ARBITER_TEST_DATA_DIR) + "/" + relative;
}

const VariantPtr& orthodox() {
  static const VariantPtr v = load_variant("orthodox");
  return v;
}

const VariantPtr& bundled_variant(const std::string& name, const KnobSettings& knobs) {
  static std::map<std::pair<std::string, KnobSettings>, VariantPtr> cache;
  const auto key = std::make_pair(name, knobs);
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, load_variant(name, knobs)).first;
  return it->second;
}

const VariantPtr& conditional(const KnobSettings& knobs) {
  return bundled_variant("conditional", knobs);
}
const VariantPtr& conversion(const KnobSettings& knobs) {
  return bundled_variant("conversion", knobs);
}
const VariantPtr& diplomacy(const KnobSettings& knobs) {
  return bundled_variant("diplomacy", knobs);
}
const VariantPtr& neutral(const KnobSettings& knobs) {
  return bundled_variant("move-neutral", knobs);
}

Position orthodox_position(const std::string& fen) {
  return parse_fen(orthodox(), fen);
}

Move legal_move(const Position& pos, std::string_view uci) {
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves)
    if (to_uci(pos, m) == uci) return m;
  ADD_FAILURE() << uci << " is not legal in " << to_fen(pos);
  return Move();
}

CommandResult run_arbiter(const std::string& args, const std::string& stdin_text) {
  const std::string out = temp_path("out"), err = temp_path("err"), in = temp_path("in");
  {
    std::ofstream f(in);
    f << stdin_text;
  }
  const std::string cmd =
      std::string(ARBITER_BINARY) + " " + args + " <" + in + " >" + out + " 2>" + err;
  const int raw = std::system(cmd.c_str());
  CommandResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  std::remove(out.c_str());
  std::remove(err.c_str());
  std::remove(in.c_str());
  return r;
}

Move submission(const SimState& s, Color c, std::string_view uci) {
  MoveList moves;
  sim_rules_for(s.pos.variant_ptr())->submissions(s, c, moves);
  const Position view = view_for(s, c);
  for (Move m : moves)
    if (to_uci(view, m) == uci) return m;
  ADD_FAILURE() << (c == kWhite ? "White" : "Black") << " may not submit " << uci;
  return Move{};
}

}  // namespace arbiter::test
