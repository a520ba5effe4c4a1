// Load on `arbiter serve`: many games at once, two players each, driven through the HTTP API
// with random legal submissions (each player reads its view, picks one of its "legal" entries
// and posts it). Prints the turns resolved per second and the latency percentiles of the
// requests. By default the monitor runs in this process on a fresh database (same code as
// `arbiter serve`); --url measures a running server instead. Figures: docs/serve.md.
//
//   build/bench/arbiter_serve_bench [--games 200] [--turns 10] [--clients 16]
//                                   [--variant diplomacy] [--seed 1] [--url http://HOST:PORT]
#include <fmt/format.h>
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "server/game_store.hpp"
#include "server/http_server.hpp"
#include "server/monitor.hpp"
#include "server/tokens.hpp"

namespace {

using Clock = std::chrono::steady_clock;

struct ServeBenchOptions {
  int games = 200;
  int turns = 10;
  int clients = 16;
  std::string variant = "diplomacy";
  unsigned seed = 1;
  std::string url;  ///< empty: an in-process monitor
};

struct BenchGame {
  std::string id;
  std::string tokens[2];
  bool over = false;
};

std::string bench_field(const std::string& json, const std::string& key) {
  const std::string open = "\"" + key + "\":\"";
  const std::size_t at = json.find(open);
  if (at == std::string::npos) return "";
  const std::size_t start = at + open.size();
  return json.substr(start, json.find('"', start) - start);
}

/// The "legal" array of a view.
std::vector<std::string> bench_legal(const std::string& json) {
  std::vector<std::string> out;
  const std::size_t at = json.find("\"legal\":[");
  if (at == std::string::npos) return out;
  std::size_t i = at + 9;
  while (i < json.size() && json[i] == '"') {
    const std::size_t end = json.find('"', i + 1);
    out.push_back(json.substr(i + 1, end - i - 1));
    i = end + 1;
    if (i < json.size() && json[i] == ',') ++i;
  }
  return out;
}

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t k =
      std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())));
  return v[k];
}

int usage_error(const std::string& what) {
  fmt::print(stderr, "arbiter_serve_bench: {}\n", what);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  ServeBenchOptions o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) return usage_error("option " + a + " needs a value");
    const std::string v = argv[++i];
    if (a == "--games")
      o.games = std::stoi(v);
    else if (a == "--turns")
      o.turns = std::stoi(v);
    else if (a == "--clients")
      o.clients = std::stoi(v);
    else if (a == "--variant")
      o.variant = v;
    else if (a == "--seed")
      o.seed = static_cast<unsigned>(std::stoul(v));
    else if (a == "--url")
      o.url = v;
    else
      return usage_error("unknown option " + a);
  }
  if (o.games < 1 || o.turns < 1 || o.clients < 1) return usage_error("counts must be positive");

  // The in-process monitor, exactly as `arbiter serve` builds it.
  const std::string db = (std::filesystem::temp_directory_path() /
                          ("arbiter_serve_bench_" + arbiter::server::random_hex(6) + ".sqlite"))
                             .string();
  std::optional<arbiter::server::GameStore> store;
  std::optional<arbiter::server::Monitor> monitor;
  std::optional<arbiter::server::HttpServer> http;
  std::thread server_thread;
  std::string host = "127.0.0.1";
  int port = 0;
  if (o.url.empty()) {
    store.emplace(db);
    monitor.emplace(*store, arbiter::server::MonitorOptions{});
    http.emplace(*monitor, 16);
    port = http->bind(host, 0);
    server_thread = std::thread([&] { http->listen(); });
  } else {
    const std::string rest = o.url.substr(o.url.find("//") + 2);
    host = rest.substr(0, rest.find(':'));
    port = std::stoi(rest.substr(rest.find(':') + 1));
  }

  std::vector<BenchGame> games(static_cast<std::size_t>(o.games));
  {
    httplib::Client c(host, port);
    for (BenchGame& g : games) {
      const httplib::Result r =
          c.Post("/api/games", "{\"variant\": \"" + o.variant + "\"}", "application/json");
      if (!r || r->status != 201) return usage_error("cannot create a game: " + (r ? r->body : ""));
      g.id = bench_field(r->body, "id");
      g.tokens[0] = bench_field(r->body, "white_token");
      g.tokens[1] = bench_field(r->body, "black_token");
    }
  }

  std::mutex results_mutex;
  std::vector<double> post_ms, get_ms;
  std::atomic<long> turns{0}, refused{0};
  const auto start = Clock::now();
  std::vector<std::thread> clients;
  for (int w = 0; w < o.clients; ++w) {
    clients.emplace_back([&, w] {
      httplib::Client c(host, port);
      c.set_keep_alive(true);
      c.set_tcp_nodelay(true);  // as a browser does: no 40 ms wait for a delayed ACK
      std::mt19937 rng(o.seed * 7919U + static_cast<unsigned>(w));
      std::vector<double> posts, gets;
      for (int t = 0; t < o.turns; ++t) {
        for (std::size_t i = static_cast<std::size_t>(w); i < games.size();
             i += static_cast<std::size_t>(o.clients)) {
          BenchGame& g = games[i];
          if (g.over) continue;
          // Each side in turn, as far as the protocol lets it (a sequential table waits for
          // one side at a time: the other side's request is then refused and counted).
          int accepted = 0;
          for (const std::string& token : g.tokens) {
            const httplib::Headers auth{{"Authorization", "Bearer " + token}};
            auto t0 = Clock::now();
            const httplib::Result view = c.Get("/api/games/" + g.id, auth);
            gets.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
            if (!view || view->status != 200) continue;
            if (view->body.find("\"over\":true") != std::string::npos) {
              g.over = true;
              break;
            }
            const std::vector<std::string> legal = bench_legal(view->body);
            if (legal.empty()) continue;
            const std::string move = legal[rng() % legal.size()];
            t0 = Clock::now();
            const httplib::Result r = c.Post("/api/games/" + g.id + "/moves", auth,
                                             "{\"move\": \"" + move + "\"}", "application/json");
            posts.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
            if (r && r->status == 202)
              ++accepted;
            else
              ++refused;
          }
          if (accepted == 2) ++turns;  // a simultaneous turn: both sealed moves in, resolved
        }
      }
      const std::lock_guard lock(results_mutex);
      post_ms.insert(post_ms.end(), posts.begin(), posts.end());
      get_ms.insert(get_ms.end(), gets.begin(), gets.end());
    });
  }
  for (std::thread& t : clients) t.join();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();

  fmt::print("games {} x 2 players, {} clients, variant {}, up to {} turns each, seed {}\n",
             o.games, o.clients, o.variant, o.turns, o.seed);
  fmt::print("turns resolved {} in {:.2f} s: {:.0f} turns/s ({} submissions refused)\n",
             turns.load(), seconds, static_cast<double>(turns.load()) / seconds, refused.load());
  fmt::print("POST moves: {} requests, p50 {:.2f} ms, p99 {:.2f} ms, max {:.2f} ms\n",
             post_ms.size(), percentile(post_ms, 0.50), percentile(post_ms, 0.99),
             percentile(post_ms, 1.0));
  fmt::print("GET view:   {} requests, p50 {:.2f} ms, p99 {:.2f} ms, max {:.2f} ms\n",
             get_ms.size(), percentile(get_ms, 0.50), percentile(get_ms, 0.99),
             percentile(get_ms, 1.0));

  if (http) {
    http->stop();
    server_thread.join();
    http.reset();
    monitor.reset();
    store.reset();
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
  }
  return 0;
}
