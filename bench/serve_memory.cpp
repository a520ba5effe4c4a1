// `arbiter serve` with many stored games: its memory (VmHWM, VmRSS), its start-up time and the
// size of a view at turn 50 (docs/serve.md, "Memory"). The program fills a database with
// --games games of every protocol (some finished, some long: up to --max-turns turns), starts
// the server program on it, reads views of games drawn at random and reads the server's
// /proc/PID/status after each phase. The server is a separate process, so its figures are its
// own. A plain program, not a test.
//
//   build/bench/arbiter_serve_memory_bench [--games 10000] [--touch 3000] [--max-turns 60]
//       [--db /tmp/arbiter-serve-memory.sqlite] [--server build/arbiter-serve] [--seed 1]
//       [--keep-db] [-- SERVER_OPTIONS...]
#include <arpa/inet.h>
#include <fmt/format.h>
#include <netinet/in.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/core/load_variant.hpp"
#include "server/game.hpp"
#include "server/game_store.hpp"
#include "server/tokens.hpp"

namespace {

using namespace arbiter;
using namespace arbiter::server;
using Clock = std::chrono::steady_clock;

struct Options {
  int games = 10000;
  int touch = 3000;
  int max_turns = 60;
  std::string db = "/tmp/arbiter-serve-memory.sqlite";
  std::string server;
  unsigned seed = 1;
  bool keep_db = false;
  std::vector<std::string> server_options;
};

/// One game's stored form: its table, sets mode and submissions (its turns and, when it was
/// ended by a resignation, that action last).
struct Template {
  std::string variant;
  std::string sets = "one";
  std::vector<StoredSubmission> submissions;
  int turns = 0;
};

/// A game played at random for `turns` turns (fewer when it ends), each side picking an entry
/// of its view's "legal" list; `resign`: the side to move resigns at the end.
Template play_template(const std::string& variant, const std::string& sets, int turns, bool resign,
                       std::mt19937& rng) {
  Template t{variant, sets, {}, 0};
  TurnSets mode = TurnSets::kOne;
  turn_sets_from(sets, mode);
  std::unique_ptr<Game> game = new_game(load_variant(variant), mode);
  const auto legal_of = [&](Color side) {
    present::JsonWriter w;
    w.begin_object();
    game->write_view(w, side);
    return nlohmann::json::parse(w.end_object().str());
  };
  while (!game->over() && game->turn() <= turns) {
    bool moved = false;
    for (const Color side : {kWhite, kBlack}) {
      const nlohmann::json view = legal_of(side);
      const auto& legal = view["legal"];
      if (legal.empty()) continue;
      std::string move =
          legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
      try {
        game->submit(side, move);
      } catch (const SubmissionError&) {
        continue;  // a listed move the protocol refuses now (its phase moved on)
      }
      t.submissions.push_back({side, move});
      moved = true;
    }
    if (!moved) break;
  }
  t.turns = game->turn() - 1;
  if (resign && !game->over()) t.submissions.push_back({kBlack, "", "resign"});
  return t;
}

std::string token_of(int game, char side) {
  return fmt::format("{}{:063}", side, game);
}

void fill(const Options& o, const std::vector<Template>& templates, std::mt19937& rng) {
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(o.db + suffix);
  { GameStore create_schema(o.db); }
  sqlite3* db = nullptr;
  if (sqlite3_open(o.db.c_str(), &db) != SQLITE_OK) throw std::runtime_error("cannot open db");
  sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr);
  sqlite3_stmt *g = nullptr, *s = nullptr;
  sqlite3_prepare_v2(db,
                     "INSERT INTO games (id, variant, table_text, knobs, white_token, black_token, "
                     "sets, spectator_token, created) VALUES (?1, ?2, '', '', ?3, ?4, ?5, ?6, ?7)",
                     -1, &g, nullptr);
  sqlite3_prepare_v2(db,
                     "INSERT INTO submissions (game, seq, side, text, action) VALUES (?1, ?2, ?3, "
                     "?4, ?5)",
                     -1, &s, nullptr);
  const auto text = [](sqlite3_stmt* st, int i, const std::string& v) {
    sqlite3_bind_text(st, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
  };
  std::uniform_int_distribution<std::size_t> pick(0, templates.size() - 1);
  for (int i = 0; i < o.games; ++i) {
    const Template& t = templates[pick(rng)];
    const std::string id = fmt::format("g{:07}", i);
    text(g, 1, id);
    text(g, 2, t.variant);
    text(g, 3, token_digest(token_of(i, 'w')));
    text(g, 4, token_digest(token_of(i, 'b')));
    text(g, 5, t.sets);
    text(g, 6, token_digest(token_of(i, 's')));
    sqlite3_bind_int(g, 7, i);
    if (sqlite3_step(g) != SQLITE_DONE) throw std::runtime_error(sqlite3_errmsg(db));
    sqlite3_reset(g);
    for (std::size_t k = 0; k < t.submissions.size(); ++k) {
      const StoredSubmission& sub = t.submissions[k];
      text(s, 1, id);
      sqlite3_bind_int(s, 2, static_cast<int>(k));
      text(s, 3, sub.side == kWhite ? "white" : "black");
      text(s, 4, sub.text);
      text(s, 5, sub.action);
      if (sqlite3_step(s) != SQLITE_DONE) throw std::runtime_error(sqlite3_errmsg(db));
      sqlite3_reset(s);
    }
  }
  sqlite3_finalize(g);
  sqlite3_finalize(s);
  sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
  sqlite3_close(db);
}

/// VmHWM and VmRSS of `pid` in MiB.
std::string memory_of(pid_t pid) {
  std::ifstream in(fmt::format("/proc/{}/status", pid));
  std::string line, out;
  while (std::getline(in, line))
    if (line.rfind("VmHWM:", 0) == 0 || line.rfind("VmRSS:", 0) == 0) {
      const long kib = std::stol(line.substr(6));
      out += fmt::format("{}{} {:.1f} MiB", out.empty() ? "" : "  ", line.substr(0, 5),
                         static_cast<double>(kib) / 1024.0);
    }
  return out;
}

/// One GET over a new connection: the status and the body.
std::pair<int, std::string> http_get(int port, const std::string& path, const std::string& token) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    throw std::runtime_error("cannot connect");
  }
  const std::string req = fmt::format(
      "GET {} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {}\r\nConnection: close\r\n\r\n",
      path, token);
  (void)::write(fd, req.data(), req.size());
  std::string resp;
  char buf[65536];
  for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;)
    resp.append(buf, static_cast<std::size_t>(n));
  ::close(fd);
  const std::size_t body = resp.find("\r\n\r\n");
  const int status = resp.size() > 12 ? std::atoi(resp.c_str() + 9) : 0;
  std::string content = body == std::string::npos ? "" : resp.substr(body + 4);
  if (resp.find("Transfer-Encoding: chunked") != std::string::npos) {  // de-chunk
    std::string plain;
    std::size_t at = 0;
    while (at < content.size()) {
      const std::size_t eol = content.find("\r\n", at);
      const std::size_t n = std::stoul(content.substr(at, eol - at), nullptr, 16);
      if (n == 0) break;
      plain += content.substr(eol + 2, n);
      at = eol + 2 + n + 2;
    }
    content = plain;
  }
  return {status, content};
}

struct Server {
  pid_t pid = -1;
  int port = 0;
  double startup_s = 0;
};

Server start_server(const Options& o) {
  int out[2];
  if (::pipe(out) != 0) throw std::runtime_error("pipe");
  const auto t0 = Clock::now();
  Server s;
  s.pid = ::fork();
  if (s.pid == 0) {
    ::dup2(out[1], 1);
    if (std::FILE* null = std::fopen("/dev/null", "w")) ::dup2(fileno(null), 2);
    ::close(out[0]);
    std::vector<std::string> args{o.server,    "--db",          o.db, "--port", "0", "--bind",
                                  "127.0.0.1", "--create-rate", "0"};
    args.insert(args.end(), o.server_options.begin(), o.server_options.end());
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(o.server.c_str(), argv.data());
    std::_Exit(127);
  }
  ::close(out[1]);
  std::string line;
  char c;
  while (::read(out[0], &c, 1) == 1 && c != '\n') line += c;
  s.startup_s = std::chrono::duration<double>(Clock::now() - t0).count();
  ::close(out[0]);
  const std::size_t colon = line.find("127.0.0.1:");
  if (colon == std::string::npos) throw std::runtime_error("the server said: " + line);
  s.port = std::atoi(line.c_str() + colon + 10);
  std::printf("server: %s\n", line.c_str());
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  o.server =
      (std::filesystem::canonical("/proc/self/exe").parent_path().parent_path() / "arbiter-serve")
          .string();
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const auto next = [&] {
      if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
      return std::string(argv[++i]);
    };
    if (a == "--games")
      o.games = std::stoi(next());
    else if (a == "--touch")
      o.touch = std::stoi(next());
    else if (a == "--max-turns")
      o.max_turns = std::stoi(next());
    else if (a == "--db")
      o.db = next();
    else if (a == "--server")
      o.server = next();
    else if (a == "--seed")
      o.seed = static_cast<unsigned>(std::stoul(next()));
    else if (a == "--keep-db")
      o.keep_db = true;
    else if (a == "--") {
      o.server_options.assign(argv + i + 1, argv + argc);
      break;
    } else {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      return 2;
    }
  }
  std::mt19937 rng(o.seed);
  const auto t_fill = Clock::now();
  // Templates: each protocol, short and long games, a third of them resigned (finished).
  std::vector<Template> templates;
  const std::pair<const char*, const char*> kinds[] = {
      {"orthodox", "one"},  {"conversion", "one"},   {"conditional", "one"},
      {"diplomacy", "one"}, {"move-neutral", "one"}, {"diplomacy", "progressive"}};
  for (int k = 0; k < 8; ++k)
    for (const auto& [variant, sets] : kinds) {
      const int turns = k < 2 ? o.max_turns : std::uniform_int_distribution<int>(1, 20)(rng);
      templates.push_back(play_template(variant, sets, turns, k % 3 == 0, rng));
    }
  // The game whose view is measured: Diplomacy, 50 turns, at turn 51.
  Template fifty = play_template("diplomacy", "one", 50, false, rng);
  if (!o.keep_db || !std::filesystem::exists(o.db)) {
    fill(o, templates, rng);
    // Game g0000000 is the measured one: its submissions replaced.
    sqlite3* db = nullptr;
    sqlite3_open(o.db.c_str(), &db);
    sqlite3_exec(db,
                 "BEGIN; DELETE FROM submissions WHERE game = 'g0000000'; UPDATE games SET "
                 "variant = 'diplomacy', sets = 'one' WHERE id = 'g0000000'",
                 nullptr, nullptr, nullptr);
    for (std::size_t k = 0; k < fifty.submissions.size(); ++k)
      sqlite3_exec(db,
                   fmt::format("INSERT INTO submissions (game, seq, side, text) VALUES "
                               "('g0000000', {}, '{}', '{}')",
                               k, fifty.submissions[k].side == kWhite ? "white" : "black",
                               fifty.submissions[k].text)
                       .c_str(),
                   nullptr, nullptr, nullptr);
    sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
    sqlite3_close(db);
  }
  std::printf(
      "database: %d games (%zu templates, %d turns the longest), filled in %.1f s, %.1f MiB\n",
      o.games, templates.size(), o.max_turns,
      std::chrono::duration<double>(Clock::now() - t_fill).count(),
      static_cast<double>(std::filesystem::file_size(o.db)) / 1048576.0);

  Server s = start_server(o);
  std::printf("start-up: %.2f s to the line that names the port\n", s.startup_s);
  std::printf("after start:            %s\n", memory_of(s.pid).c_str());
  const auto [status, view] = http_get(s.port, "/api/games/g0000000", token_of(0, 'w'));
  std::printf("view at turn %d (Diplomacy): %d, %zu bytes\n", fifty.turns + 1, status, view.size());
  std::uniform_int_distribution<int> any(0, o.games - 1);
  std::size_t bytes = 0;
  int bad = 0;
  const auto t_touch = Clock::now();
  for (int i = 0; i < o.touch; ++i) {
    const int n = any(rng);
    const auto [st, body] =
        http_get(s.port, fmt::format("/api/games/g{:07}", n), token_of(n, i % 2 ? 'b' : 'w'));
    bytes += body.size();
    if (st != 200) ++bad;
    if (i + 1 == o.touch / 10)
      std::printf("after %5d views:       %s\n", i + 1, memory_of(s.pid).c_str());
  }
  const double touch_s = std::chrono::duration<double>(Clock::now() - t_touch).count();
  std::printf("after %5d views:       %s\n", o.touch, memory_of(s.pid).c_str());
  std::printf(
      "%d views of random games in %.2f s (%.2f ms each, %zu bytes on average, %d not 200)\n",
      o.touch, touch_s, touch_s * 1000.0 / o.touch,
      o.touch ? bytes / static_cast<std::size_t>(o.touch) : 0, bad);
  ::kill(s.pid, SIGTERM);
  ::waitpid(s.pid, nullptr, 0);
  if (!o.keep_db)
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(o.db + suffix);
  return 0;
}
