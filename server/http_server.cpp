#include "server/http_server.hpp"

#include <fmt/format.h>
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "present/core/json_writer.hpp"
#include "present/core/knob_json.hpp"
#include "rules/core/bundled_tables.hpp"
#include "rules/core/load_variant.hpp"
#include "server/json_request.hpp"
#include "server/web_page.hpp"

namespace arbiter::server {
namespace {

constexpr std::size_t kMaxBody = 64 * 1024;
constexpr auto kKeepAlive = std::chrono::seconds(15);  // a comment line on a quiet event stream

void send_json(httplib::Response& res, int status, const std::string& body) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(body, "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& message) {
  present::JsonWriter w;
  send_json(res, status, w.begin_object().field("error", message).end_object().str());
}

/// The token of a request: "Authorization: Bearer TOKEN", else the "token" query parameter
/// (an EventSource cannot set headers).
std::string token_of(const httplib::Request& req) {
  const std::string auth = req.get_header_value("Authorization");
  constexpr std::string_view kBearer = "Bearer ";
  if (auth.compare(0, kBearer.size(), kBearer) == 0) return auth.substr(kBearer.size());
  return req.has_param("token") ? req.get_param_value("token") : std::string();
}

/// "http://HOST" as the client reached the server.
std::string base_url(const httplib::Request& req) {
  const std::string host = req.get_header_value("Host");
  return "http://" + (host.empty() ? std::string("localhost") : host);
}

std::string variants_json() {
  present::JsonWriter w;
  w.begin_array();
  for (const BundledTable& b : bundled_tables()) {
    const VariantPtr v = load_variant(b.name);
    const RuleTable& t = v->table();
    w.begin_object().field("name", b.name).field("description", t.description);
    w.field("protocol", to_string(t.protocol));
    present::write_knobs(w, t.knobs);
    w.end_object();
  }
  return w.end_array().str();
}

}  // namespace

struct HttpServer::Impl {
  explicit Impl(Monitor& m) : monitor(m) {}

  Monitor& monitor;
  httplib::Server http;
  // httplib's stop() does nothing before its accept loop runs; these two flags let stop() and
  // listen() called at the same time from two threads still end with the server stopped.
  std::atomic<bool> listening{false};
  std::atomic<bool> stop_requested{false};
  const std::string variants = variants_json();  // the same for the server's whole life

  /// Checks the game and the token; on failure answers 404 or 403 (no detail) and returns false.
  bool admit(const httplib::Request& req, httplib::Response& res, Color* side) {
    switch (monitor.authorize(req.matches[1], token_of(req), side)) {
      case Access::kGranted:
        return true;
      case Access::kNoGame:
        send_error(res, 404, "no such game");
        return false;
      case Access::kBadToken:
        break;
    }
    send_error(res, 403, "forbidden");
    return false;
  }

  void create(const httplib::Request& req, httplib::Response& res) {
    JsonObject body;
    try {
      body = parse_json_object(req.body);
      KnobSettings knobs;
      if (const auto it = body.objects.find("knobs"); it != body.objects.end()) {
        if (!it->second.objects.empty())
          throw JsonRequestError("\"knobs\" maps knob names to alternatives (strings)");
        knobs.insert(it->second.strings.begin(), it->second.strings.end());
      } else if (body.strings.count("knobs")) {
        throw JsonRequestError("\"knobs\" must be an object: {\"NAME\": \"ALTERNATIVE\"}");
      }
      const std::string variant = body.string_or("variant", "");
      if (variant.empty())
        throw JsonRequestError(
            "\"variant\" is missing: a bundled table's name (GET /api/variants) or a .toml path");
      const CreatedGame g = monitor.create(variant, knobs, body.string_or("sets", "one"));
      const std::string base = base_url(req);
      present::JsonWriter w;
      w.begin_object().field("id", g.id);
      w.field("white_token", g.tokens[kWhite]).field("black_token", g.tokens[kBlack]);
      w.field("white_url", fmt::format("{}/#game={}&token={}", base, g.id, g.tokens[kWhite]));
      w.field("black_url", fmt::format("{}/#game={}&token={}", base, g.id, g.tokens[kBlack]));
      send_json(res, 201, w.end_object().str());
    } catch (const JsonRequestError& e) {
      send_error(res, 400, e.what());
    } catch (const GameSetupError& e) {
      send_error(res, 422, e.what());
    }
  }

  void submit(const httplib::Request& req, httplib::Response& res) {
    Color side = kWhite;
    if (!admit(req, res, &side)) return;
    try {
      const JsonObject body = parse_json_object(req.body);
      if (!body.strings.count("move"))
        throw JsonRequestError("\"move\" is missing: {\"move\": \"e4\"}");
      monitor.submit(req.matches[1], side, body.strings.at("move"));
      send_json(res, 202, monitor.view(req.matches[1], side));
    } catch (const JsonRequestError& e) {
      send_error(res, 400, e.what());
    } catch (const SubmissionError& e) {
      send_error(res, 422, e.what());
    }
  }

  void events(const httplib::Request& req, httplib::Response& res) {
    Color side = kWhite;
    if (!admit(req, res, &side)) return;
    res.set_header("Cache-Control", "no-store");
    res.set_chunked_content_provider(
        "text/event-stream", [this, id = std::string(req.matches[1]), seen = -1](
                                 std::size_t, httplib::DataSink& sink) mutable {
          const std::optional<int> version = monitor.wait_for_change(id, seen, kKeepAlive);
          if (!version) {
            sink.done();
            return true;
          }
          std::string text = ": keep-alive\n\n";
          if (*version != seen) {
            seen = *version;
            text = fmt::format("event: update\ndata: {{\"version\":{}}}\n\n", seen);
          }
          return sink.write(text.data(), text.size());
        });
  }

  void routes() {
    http.Get("/", [](const httplib::Request&, httplib::Response& res) {
      res.set_content(std::string(web_page()), "text/html; charset=utf-8");
    });
    http.Get("/api/variants", [this](const httplib::Request&, httplib::Response& res) {
      send_json(res, 200, variants);
    });
    http.Post("/api/games",
              [this](const httplib::Request& req, httplib::Response& res) { create(req, res); });
    http.Get(R"(/api/games/([^/]+))", [this](const httplib::Request& req, httplib::Response& res) {
      Color side = kWhite;
      if (admit(req, res, &side)) send_json(res, 200, monitor.view(req.matches[1], side));
    });
    http.Post(R"(/api/games/([^/]+)/moves)",
              [this](const httplib::Request& req, httplib::Response& res) { submit(req, res); });
    http.Get(R"(/api/games/([^/]+)/events)",
             [this](const httplib::Request& req, httplib::Response& res) { events(req, res); });
    http.Get(R"(/api/games/([^/]+)/record)",
             [this](const httplib::Request& req, httplib::Response& res) {
               Color side = kWhite;
               if (!admit(req, res, &side)) return;
               res.set_header("Content-Disposition", fmt::format("attachment; filename=\"{}.pgn\"",
                                                                 std::string(req.matches[1])));
               res.set_content(monitor.record(req.matches[1]), "text/plain; charset=utf-8");
             });
    http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
      if (res.body.empty())
        send_error(res, res.status, res.status == 404 ? "no such route" : "error");
    });
    http.set_exception_handler(
        [](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
          std::string what = "internal error";
          try {
            std::rethrow_exception(ep);
          } catch (const std::exception& e) {
            what = e.what();
          } catch (...) {
          }
          send_error(res, 500, what);
        });
  }
};

HttpServer::HttpServer(Monitor& monitor, int threads) : impl_(std::make_unique<Impl>(monitor)) {
  impl_->http.new_task_queue = [threads] {
    return new httplib::ThreadPool(static_cast<std::size_t>(threads));
  };
  impl_->http.set_payload_max_length(kMaxBody);
  // Small responses go out at once: with Nagle's algorithm a client's delayed ACK held each
  // answer to a POST for some 40 ms (docs/serve.md, load).
  impl_->http.set_tcp_nodelay(true);
  // SO_REUSEADDR only: httplib's default also sets SO_REUSEPORT, which let a second server
  // bind the same port and take half of the connections instead of failing.
  impl_->http.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  // A player's connection stays open for its requests (httplib closes it after 5 by default:
  // reconnecting through the library's short listen backlog then cost a SYN retry, 1 s).
  impl_->http.set_keep_alive_max_count(1000);
  impl_->routes();
}

HttpServer::~HttpServer() = default;

int HttpServer::bind(const std::string& address, int port) {
  const int bound = port == 0 ? impl_->http.bind_to_any_port(address)
                              : (impl_->http.bind_to_port(address, port) ? port : -1);
  if (bound <= 0)
    throw std::runtime_error(
        fmt::format("cannot listen on {}:{} (in use, or not an address of "
                    "this machine)",
                    address, port));
  return bound;
}

void HttpServer::listen() {
  impl_->listening = true;
  if (!impl_->stop_requested) impl_->http.listen_after_bind();
  impl_->listening = false;
}

void HttpServer::stop() {
  impl_->stop_requested = true;
  impl_->monitor.stop();
  // listen() has begun (or will see stop_requested): wait for the loop it starts.
  while (impl_->listening && !impl_->http.is_running())
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  impl_->http.stop();
}

}  // namespace arbiter::server
