// `arbiter serve`: the monitor for games between two people over HTTP (server/): sealed moves
// of the simultaneous tables resolved by their resolvers, Conditional Chess's turn machine,
// alternating play of the others, every game kept in SQLite (docs/serve.md).
#include <pthread.h>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <memory>
#include <thread>

#include "cli/core/commands.hpp"
#include "server/game_store.hpp"
#include "server/http_server.hpp"
#include "server/monitor.hpp"

namespace arbiter::cli {
namespace {

struct ServeCliOptions {
  std::string db = "games.sqlite";
  int port = 8080;
  std::string bind = "127.0.0.1";
  std::string tables;  ///< empty: bundled tables only
  int threads = 64;
};

/// SIGINT and SIGTERM stop the server cleanly: they are blocked in every thread and one thread
/// waits for them (no handler, so no global state).
class ServeSignals {
 public:
  ServeSignals() {
    sigemptyset(&set_);
    sigaddset(&set_, SIGINT);
    sigaddset(&set_, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set_, nullptr);
  }
  ~ServeSignals() {
    if (waiter_.joinable()) {
      if (!caught_)
        pthread_kill(waiter_.native_handle(), SIGTERM);  // wakes sigwait when no signal came
      waiter_.join();
    }
    pthread_sigmask(SIG_UNBLOCK, &set_, nullptr);
  }
  ServeSignals(const ServeSignals&) = delete;
  ServeSignals& operator=(const ServeSignals&) = delete;

  void on_signal(server::HttpServer& http) {
    waiter_ = std::thread([this, &http] {
      int signal = 0;
      sigwait(&set_, &signal);
      caught_ = true;
      http.stop();
    });
  }

 private:
  sigset_t set_{};
  std::atomic<bool> caught_ = false;
  std::thread waiter_;
};

int run_serve(const ServeCliOptions& o) {
  if (!o.tables.empty() && !std::filesystem::is_directory(o.tables))
    throw std::invalid_argument("--tables " + o.tables + ": not a folder");
  ServeSignals signals;  // before any thread starts, so that every thread inherits the mask
  server::GameStore store(o.db);
  server::Monitor monitor(store, {o.tables});
  server::HttpServer http(monitor, o.threads);
  const int port = http.bind(o.bind, o.port);
  std::cout << "arbiter serve: http://" << o.bind << ':' << port << "/ (" << monitor.size()
            << " games in " << o.db << ")" << std::endl;
  signals.on_signal(http);
  http.listen();
  return 0;
}

}  // namespace

void register_serve_command(CLI::App& app, int& status) {
  auto o = std::make_shared<ServeCliOptions>();
  auto* cmd = app.add_subcommand(
      "serve",
      "Serve games between two players over HTTP: sealed moves resolved by the table "
      "(Diplomacy, Move-Neutral), Conditional Chess's turns, alternating play (docs/serve.md)");
  cmd->add_option("--db", o->db, "SQLite file holding the games (created when missing)")
      ->capture_default_str();
  cmd->add_option("--port", o->port, "TCP port (0: any free port, printed at start)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  cmd->add_option("--bind", o->bind, "Address to listen on")->capture_default_str();
  cmd->add_option("--tables", o->tables,
                  "Allow games of the .toml tables in this folder (default: bundled tables only)");
  cmd->add_option("--threads", o->threads,
                  "Requests served at once (each open page holds one for its event stream)")
      ->check(CLI::Range(2, 1024))
      ->capture_default_str();
  cmd->callback([o, &status] { status = run_serve(*o); });
}

}  // namespace arbiter::cli
