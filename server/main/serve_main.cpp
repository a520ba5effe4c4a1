// The server program, arbiter-serve: the monitor for games between two people over HTTP
// (server/): sealed moves of the simultaneous tables resolved by their resolvers, Conditional
// Chess's turn machine, alternating play of the others, every game kept in SQLite
// (docs/serve.md). `arbiter serve` checks its options and runs this program with them
// (cmd_serve.cpp; why two programs: serve_options.hpp).
#include <pthread.h>

#include <atomic>
#include <csignal>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "present/core/exit_status.hpp"
#include "rules/core/diagnostic.hpp"
#include "server/game_store.hpp"
#include "server/http_server.hpp"
#include "server/main/serve_options.hpp"
#include "server/monitor.hpp"
#include "server/tokens.hpp"

namespace arbiter::server {
namespace {

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

  void on_signal(HttpServer& http) {
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

constexpr std::size_t kMinOrganiserToken = 32;

/// The organiser's token: the first line of --organiser-token-file, else a new one printed
/// once on standard error (docs/serve.md, "The organiser"). Only its digest is kept.
std::string organiser_digest(const ServeCliOptions& o) {
  if (o.organiser_token_file.empty()) {
    const std::string token = random_hex(32);
    std::cerr << "arbiter serve: organiser token (shown once; --organiser-token-file keeps one "
                 "across restarts): "
              << token << std::endl;
    return token_digest(token);
  }
  std::ifstream in(o.organiser_token_file);
  std::string token;
  if (!in || !std::getline(in, token))
    throw std::invalid_argument("--organiser-token-file " + o.organiser_token_file +
                                ": cannot read it (or it is empty)");
  while (!token.empty() && (token.back() == '\r' || token.back() == ' ')) token.pop_back();
  if (token.size() < kMinOrganiserToken || token.find(' ') != std::string::npos)
    throw std::invalid_argument("--organiser-token-file " + o.organiser_token_file +
                                ": the token (its first line) has " + std::to_string(token.size()) +
                                " characters; at least 32 without spaces expected");
  return token_digest(token);
}

int run_serve(const ServeCliOptions& o) {
  if (!o.tables.empty() && !std::filesystem::is_directory(o.tables))
    throw std::invalid_argument("--tables " + o.tables + ": not a folder");
  ServeSignals signals;  // before any thread starts, so that every thread inherits the mask
  // Checked before the database is opened: a bad token file leaves no file behind.
  const std::string organiser = organiser_digest(o);
  GameStore store(o.db);
  MonitorOptions monitor_options{o.tables};
  monitor_options.max_games_in_memory = static_cast<std::size_t>(o.max_games_in_memory);
  if (!draw_claims_from(o.draw_claims, monitor_options.draw_claims))
    throw std::invalid_argument("--draw-claims " + o.draw_claims +
                                ": expected turn-based, all or none");
  Monitor monitor(store, monitor_options);
  HttpServer http(monitor, o.threads, o.public_url,
                  {organiser,
                   {o.create_rate, o.create_burst},
                   o.behind_proxy,
                   static_cast<std::size_t>(o.streams_per_token),
                   static_cast<unsigned>(o.idle_timeout),
                   static_cast<unsigned>(o.connections_per_address)});
  const int port = http.bind(o.bind, o.port);
  const std::vector<std::string> unavailable = monitor.unavailable_games();
  for (const std::string& why : unavailable) std::cerr << "arbiter serve: " << why << '\n';
  // An IPv6 address is written in brackets in a URL (RFC 3986 3.2.2).
  const std::string host = o.bind.find(':') == std::string::npos ? o.bind : "[" + o.bind + "]";
  std::cout << "arbiter serve: http://" << host << ':' << port << "/ (" << monitor.size()
            << " games in " << o.db;
  if (!unavailable.empty())
    std::cout << ", " << unavailable.size()
              << " of them cannot be loaded: their requests answer 409";
  std::cout << ")" << std::endl;
  signals.on_signal(http);
  http.listen();
  return 0;
}

}  // namespace
}  // namespace arbiter::server

int main(int argc, char** argv) {
  using namespace arbiter;
  CLI::App app{server::kServeDescription};
  app.name("arbiter serve");
  server::ServeCliOptions options;
  server::add_serve_options(app, options);
  try {
    app.parse(argc, argv);
    return server::run_serve(options);
  } catch (const CLI::ParseError& e) {
    const int status = app.exit(e);  // prints help or the error
    return status == 0 ? present::kHolds : present::kBadInput;
  } catch (const TableError& e) {
    for (const Diagnostic& d : e.diagnostics()) std::cerr << "arbiter: error: " << d.str() << '\n';
    return present::kBadInput;
  } catch (const std::exception& e) {
    std::cerr << "arbiter: error: " << e.what() << '\n';
    return present::kBadInput;
  }
}
