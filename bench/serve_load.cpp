// `arbiter serve` holding many players at once (issue 38, item 2): starts the server program
// (build/arbiter-serve) on a fresh database, creates --games games, opens --streams event
// streams (one per game, White's or Black's token in turn) and keeps them open, then
// --clients client threads play the games through the HTTP API (each player reads its view,
// picks a random entry of its "legal" list and posts it, naming the turn) for --turns turns.
// Prints the latency percentiles of the submissions and views, and whether every stream was
// told of its game's last change (none starved), and how long after the change's answer.
// Figures: docs/serve.md, "Load". The soft limit of open files is raised to the hard one
// (each stream is a socket here and in the server).
//
//   build/bench/arbiter_serve_load [--server build/arbiter-serve] [--games 1000]
//       [--streams 1000] [--turns 5] [--clients 16] [--threads 16] [--think MS]
//       [--variant diplomacy] [--seed 1]
//
// --think: each client pauses a random 0..2 MS after each submission, as players do (0: as fast
// as the server answers, a measure of throughput rather than of the latency players see).
#include <arpa/inet.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct LoadOptions {
  std::string server = "build/arbiter-serve";
  int games = 1000;
  int streams = 1000;
  int turns = 5;
  int clients = 16;
  int threads = 16;
  int think_ms = 0;  ///< each client's pause after a submission (random, this on average)
  std::string variant = "diplomacy";
  unsigned seed = 1;
};

struct LoadGame {
  std::string id;
  std::string tokens[2];
  bool over = false;
  int final_version = 0;             ///< the version of the last change a POST answered
  Clock::time_point final_answer{};  ///< when that answer arrived
};

/// One event stream, read by the stream thread.
struct LoadStream {
  int fd = -1;
  std::size_t game = 0;
  std::string pending;  ///< text read that holds no whole "id: N\n" yet
  int last_id = -1;
  std::vector<std::pair<int, Clock::time_point>> seen;  ///< each id and when it arrived
};

std::string load_field(const std::string& json, const std::string& key) {
  const std::string open = "\"" + key + "\":\"";
  const std::size_t at = json.find(open);
  if (at == std::string::npos) return "";
  const std::size_t start = at + open.size();
  return json.substr(start, json.find('"', start) - start);
}

int load_number(const std::string& json, const std::string& key) {
  const std::size_t at = json.find("\"" + key + "\":");
  if (at == std::string::npos) return -1;
  return std::atoi(json.c_str() + at + key.size() + 3);
}

std::vector<std::string> load_legal(const std::string& json) {
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

double load_percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t k =
      std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())));
  return v[k];
}

std::string percentiles(const std::vector<double>& v) {
  return fmt::format("p50 {:.2f} ms, p95 {:.2f} ms, p99 {:.2f} ms, max {:.2f} ms",
                     load_percentile(v, 0.50), load_percentile(v, 0.95), load_percentile(v, 0.99),
                     load_percentile(v, 1.0));
}

/// The server's resident memory (VmRSS), in MiB.
double rss_mib(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  return 0;
}

/// The server's CPU time so far (user + system), in seconds.
double cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::size_t at = text.rfind(')');  // the fields after the program's name
  for (int field = 2; field < 14 && at != std::string::npos; ++field) at = text.find(' ', at + 1);
  if (at == std::string::npos) return 0;
  char* end = nullptr;
  const double user = std::strtod(text.c_str() + at + 1, &end);
  const double system = std::strtod(end, nullptr);
  return (user + system) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one + " " + five + " " + fifteen;
}

int load_usage(const std::string& what) {
  fmt::print(stderr, "arbiter_serve_load: {}\n", what);
  return 2;
}

/// Raises the soft limit of open files to the hard one; returns the soft limit.
rlim_t raise_files() {
  rlimit limit{};
  getrlimit(RLIMIT_NOFILE, &limit);
  limit.rlim_cur = limit.rlim_max;
  setrlimit(RLIMIT_NOFILE, &limit);
  getrlimit(RLIMIT_NOFILE, &limit);
  return limit.rlim_cur;
}

/// Starts the server program on `db`; sets `*pid`, returns its port (0 when it did not start).
int start_server(const LoadOptions& o, const std::string& db, const std::string& token_file,
                 pid_t* pid) {
  int out[2];
  if (pipe(out) != 0) return 0;
  *pid = fork();
  if (*pid == 0) {
    dup2(out[1], STDOUT_FILENO);
    close(out[0]);
    close(out[1]);
    const std::string threads = std::to_string(o.threads);
    execl(o.server.c_str(), o.server.c_str(), "--db", db.c_str(), "--port", "0", "--create-rate",
          "0", "--threads", threads.c_str(), "--organiser-token-file", token_file.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  close(out[1]);
  std::string line;
  char c = 0;
  while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
  close(out[0]);
  const std::size_t colon = line.find(':', line.find("//"));
  return colon == std::string::npos ? 0 : std::atoi(line.c_str() + colon + 1);
}

int connect_to(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

/// Takes each whole "id: N" line out of the stream's text.
void read_ids(LoadStream& s, Clock::time_point now) {
  std::size_t at = 0;
  for (;;) {
    const std::size_t id = s.pending.find("id: ", at);
    if (id == std::string::npos) break;
    const std::size_t end = s.pending.find('\n', id);
    if (end == std::string::npos) {
      at = id;
      break;
    }
    s.last_id = std::atoi(s.pending.c_str() + id + 4);
    s.seen.emplace_back(s.last_id, now);
    at = end + 1;
  }
  s.pending.erase(0, std::min(at, s.pending.size()));
  if (s.pending.size() > 4096) s.pending.erase(0, s.pending.size() - 64);
}

}  // namespace

int main(int argc, char** argv) {
  LoadOptions o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) return load_usage("option " + a + " needs a value");
    const std::string v = argv[++i];
    if (a == "--server")
      o.server = v;
    else if (a == "--games")
      o.games = std::stoi(v);
    else if (a == "--streams")
      o.streams = std::stoi(v);
    else if (a == "--turns")
      o.turns = std::stoi(v);
    else if (a == "--clients")
      o.clients = std::stoi(v);
    else if (a == "--threads")
      o.threads = std::stoi(v);
    else if (a == "--think")
      o.think_ms = std::stoi(v);
    else if (a == "--variant")
      o.variant = v;
    else if (a == "--seed")
      o.seed = static_cast<unsigned>(std::stoul(v));
    else
      return load_usage("unknown option " + a);
  }
  if (o.games < 1 || o.turns < 1 || o.clients < 1 || o.streams < 0 || o.streams > o.games)
    return load_usage("counts must be positive, and at most one stream per game");
  const rlim_t files = raise_files();
  if (files < static_cast<rlim_t>(o.streams + o.clients + 64))
    return load_usage(
        fmt::format("the limit of open files is {} (ulimit -Hn): too low for {} "
                    "streams",
                    files, o.streams));
  const std::string stem =
      (std::filesystem::temp_directory_path() / ("arbiter_serve_load_" + std::to_string(getpid())))
          .string();
  const std::string db = stem + ".sqlite";
  const std::string token_file = stem + ".token";
  std::ofstream(token_file) << "organiser-token-of-the-load-benchmark-0123456789\n";
  pid_t server = 0;
  const int port = start_server(o, db, token_file, &server);
  if (port <= 0) return load_usage("the server did not start: " + o.server);
  const std::string load_before = load_average();

  // Games, created by the clients at once.
  std::vector<LoadGame> games(static_cast<std::size_t>(o.games));
  std::vector<double> create_ms;
  std::mutex results_mutex;
  std::atomic<int> create_failed{0};
  {
    std::vector<std::thread> creators;
    for (int w = 0; w < o.clients; ++w)
      creators.emplace_back([&, w] {
        httplib::Client c("127.0.0.1", port);
        c.set_keep_alive(true);
        c.set_tcp_nodelay(true);
        c.set_read_timeout(60, 0);
        std::vector<double> times;
        for (std::size_t i = static_cast<std::size_t>(w); i < games.size();
             i += static_cast<std::size_t>(o.clients)) {
          const auto t0 = Clock::now();
          const httplib::Result r =
              c.Post("/api/games", "{\"variant\": \"" + o.variant + "\"}", "application/json");
          times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
          if (!r || r->status != 201) {
            ++create_failed;
            continue;
          }
          games[i].id = load_field(r->body, "id");
          games[i].tokens[0] = load_field(r->body, "white_token");
          games[i].tokens[1] = load_field(r->body, "black_token");
        }
        const std::lock_guard lock(results_mutex);
        create_ms.insert(create_ms.end(), times.begin(), times.end());
      });
    for (std::thread& t : creators) t.join();
  }
  if (create_failed > 0)
    return load_usage(fmt::format("{} games not created", create_failed.load()));

  // The streams: raw sockets read by one thread (epoll), as a thousand pages would hold them.
  std::vector<LoadStream> streams(static_cast<std::size_t>(o.streams));
  const int poller = epoll_create1(0);
  for (std::size_t i = 0; i < streams.size(); ++i) {
    LoadStream& s = streams[i];
    s.game = i;
    s.fd = connect_to(port);
    if (s.fd < 0) return load_usage(fmt::format("stream {}: cannot connect", i));
    const std::string request = "GET /api/games/" + games[i].id + "/events HTTP/1.1\r\nHost: " +
                                "127.0.0.1\r\nAuthorization: Bearer " + games[i].tokens[i % 2] +
                                "\r\nAccept: text/event-stream\r\n\r\n";
    if (send(s.fd, request.data(), request.size(), MSG_NOSIGNAL) !=
        static_cast<ssize_t>(request.size()))
      return load_usage(fmt::format("stream {}: cannot send", i));
    fcntl(s.fd, F_SETFL, fcntl(s.fd, F_GETFL) | O_NONBLOCK);
    epoll_event e{};
    e.events = EPOLLIN;
    e.data.u64 = i;
    epoll_ctl(poller, EPOLL_CTL_ADD, s.fd, &e);
  }
  std::atomic<bool> reading{true};
  std::atomic<int> closed_streams{0};
  std::mutex streams_mutex;
  std::thread reader([&] {
    std::vector<epoll_event> events(256);
    char buffer[8192];
    while (reading) {
      const int n = epoll_wait(poller, events.data(), static_cast<int>(events.size()), 100);
      const Clock::time_point now = Clock::now();
      const std::lock_guard lock(streams_mutex);
      for (int k = 0; k < n; ++k) {
        LoadStream& s = streams[events[static_cast<std::size_t>(k)].data.u64];
        for (;;) {
          const ssize_t got = recv(s.fd, buffer, sizeof buffer, 0);
          if (got > 0) {
            s.pending.append(buffer, static_cast<std::size_t>(got));
            continue;
          }
          if (got == 0) {
            ++closed_streams;
            epoll_ctl(poller, EPOLL_CTL_DEL, s.fd, nullptr);
          }
          break;
        }
        read_ids(s, now);
      }
    }
  });
  // Every stream's first event (id 0) before play begins.
  const auto opened_by = Clock::now() + std::chrono::seconds(60);
  int opened = 0;
  while (Clock::now() < opened_by) {
    {
      const std::lock_guard lock(streams_mutex);
      opened = static_cast<int>(std::count_if(streams.begin(), streams.end(),
                                              [](const LoadStream& s) { return s.last_id >= 0; }));
    }
    if (opened == o.streams) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  const double rss_streams = rss_mib(server);
  // What the open streams cost the server while nothing happens (the sweep, the keep-alives).
  const double cpu_idle_before = cpu_seconds(server);
  std::this_thread::sleep_for(std::chrono::seconds(5));
  const double cpu_idle = (cpu_seconds(server) - cpu_idle_before) / 5;

  // Play.
  const double cpu_before_play = cpu_seconds(server);
  std::vector<double> post_ms, get_ms;
  std::atomic<long> turns{0}, refused{0}, failed{0};
  const auto start = Clock::now();
  std::vector<std::thread> clients;
  for (int w = 0; w < o.clients; ++w) {
    clients.emplace_back([&, w] {
      httplib::Client c("127.0.0.1", port);
      c.set_keep_alive(true);
      c.set_tcp_nodelay(true);
      c.set_read_timeout(60, 0);
      std::mt19937 rng(o.seed * 7919U + static_cast<unsigned>(w));
      std::vector<double> posts, gets;
      for (int t = 0; t < o.turns; ++t) {
        for (std::size_t i = static_cast<std::size_t>(w); i < games.size();
             i += static_cast<std::size_t>(o.clients)) {
          LoadGame& g = games[i];
          if (g.over) continue;
          int accepted = 0;
          for (const std::string& token : g.tokens) {
            const httplib::Headers auth{{"Authorization", "Bearer " + token}};
            auto t0 = Clock::now();
            const httplib::Result view = c.Get("/api/games/" + g.id, auth);
            gets.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
            if (!view || view->status != 200) {
              ++failed;
              continue;
            }
            if (view->body.find("\"over\":true") != std::string::npos) {
              g.over = true;
              break;
            }
            const std::vector<std::string> legal = load_legal(view->body);
            if (legal.empty()) continue;
            const std::string body =
                fmt::format("{{\"move\": \"{}\", \"turn\": {}}}", legal[rng() % legal.size()],
                            load_number(view->body, "turn"));
            t0 = Clock::now();
            const httplib::Result r =
                c.Post("/api/games/" + g.id + "/moves", auth, body, "application/json");
            const Clock::time_point answered = Clock::now();
            posts.push_back(std::chrono::duration<double, std::milli>(answered - t0).count());
            if (o.think_ms > 0)  // a player thinks (uniform in 0..2 think: no lockstep)
              std::this_thread::sleep_for(
                  std::chrono::milliseconds(rng() % static_cast<unsigned>(2 * o.think_ms + 1)));
            if (!r) {
              ++failed;
            } else if (r->status == 202) {
              ++accepted;
              g.final_version = load_number(r->body, "version");
              g.final_answer = answered;
            } else {
              ++refused;
            }
          }
          if (accepted == 2) ++turns;
        }
      }
      const std::lock_guard lock(results_mutex);
      post_ms.insert(post_ms.end(), posts.begin(), posts.end());
      get_ms.insert(get_ms.end(), gets.begin(), gets.end());
    });
  }
  for (std::thread& t : clients) t.join();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  const double cpu_play = cpu_seconds(server) - cpu_before_play;

  // Every stream told of its game's last change: when, after that change's answer.
  const auto told_by = Clock::now() + std::chrono::seconds(30);
  int told = 0;
  while (Clock::now() < told_by) {
    {
      const std::lock_guard lock(streams_mutex);
      told =
          static_cast<int>(std::count_if(streams.begin(), streams.end(), [&](const LoadStream& s) {
            return s.last_id >= games[s.game].final_version;
          }));
    }
    if (told == o.streams) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  std::vector<double> event_ms;
  {
    const std::lock_guard lock(streams_mutex);
    for (const LoadStream& s : streams) {
      const LoadGame& g = games[s.game];
      for (const auto& [id, when] : s.seen)
        if (id >= g.final_version) {
          event_ms.push_back(std::max(
              0.0, std::chrono::duration<double, std::milli>(when - g.final_answer).count()));
          break;
        }
    }
  }
  const double rss_end = rss_mib(server);
  reading = false;
  reader.join();

  fmt::print("server {} --threads {}, fd limit {}, load average before {}, after {}\n", o.server,
             o.threads, files, load_before, load_average());
  fmt::print("games {} ({}), created in {}\n", o.games, o.variant, percentiles(create_ms));
  fmt::print(
      "event streams {} open, {} got their first event; server RSS {:.1f} MiB, CPU while "
      "they wait {:.1f} ms/s\n",
      o.streams, opened, rss_streams, 1000 * cpu_idle);
  fmt::print(
      "{} clients (thinking {} ms after a submission), {} turns each: {} turns resolved in {:.2f} "
      "s ({:.0f} turns/s), "
      "{} refused, {} without an answer\n",
      o.clients, o.think_ms, o.turns, turns.load(), seconds,
      static_cast<double>(turns.load()) / seconds, refused.load(), failed.load());
  fmt::print("server CPU while playing {:.1f} s ({:.2f} ms a request)\n", cpu_play,
             1000.0 * cpu_play / static_cast<double>(post_ms.size() + get_ms.size()));
  fmt::print("POST moves: {} requests, {}\n", post_ms.size(), percentiles(post_ms));
  fmt::print("GET view:   {} requests, {}\n", get_ms.size(), percentiles(get_ms));
  fmt::print(
      "streams told of their game's last change: {} of {} ({} closed by the server); "
      "after its answer {}\n",
      told, o.streams, closed_streams.load(), percentiles(event_ms));
  fmt::print("server RSS at the end {:.1f} MiB\n", rss_end);

  for (LoadStream& s : streams) close(s.fd);
  close(poller);
  kill(server, SIGTERM);
  int status = 0;
  waitpid(server, &status, 0);
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
  std::filesystem::remove(token_file);
  const bool held = told == o.streams && failed == 0 && opened == o.streams;
  fmt::print("{}\n", held ? "every stream and request served" : "STARVED: see above");
  return held ? 0 : 1;
}
