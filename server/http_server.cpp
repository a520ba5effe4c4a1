#include "server/http_server.hpp"

#include <fmt/format.h>
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <string_view>
#include <thread>

#include "present/core/json_writer.hpp"
#include "present/core/knob_json.hpp"
#include "rules/core/bundled_tables.hpp"
#include "rules/core/load_variant.hpp"
#include "server/error_text.hpp"
#include "server/event_stream.hpp"
#include "server/json_request.hpp"
#include "server/organiser.hpp"
#include "server/submission_turn.hpp"
#include "server/tokens.hpp"
#include "server/web_page.hpp"

namespace arbiter::server {
namespace {

constexpr auto kKeepAlive = std::chrono::seconds(15);  // a comment line on a quiet event stream
// httplib's own limits: the defaults of its header, which the Debian library is built with.
constexpr std::size_t kMaxRequestLine = CPPHTTPLIB_REQUEST_URI_MAX_LENGTH;
constexpr std::size_t kMaxHeaderLine = CPPHTTPLIB_HEADER_MAX_LENGTH;

void send_json(httplib::Response& res, int status, const std::string& body) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(body, "application/json");
}

void send_error(httplib::Response& res, int status, std::string_view message) {
  present::JsonWriter w;
  send_json(res, status,
            w.begin_object().field("error", bounded_error_text(message)).end_object().str());
}

/// An answer sent before the request's body was read: the rest of the body is still on the
/// connection, so the client is told to close it.
void refuse_unread_body(httplib::Response& res, int status, std::string_view message) {
  send_error(res, status, message);
  res.set_header("Connection", "close");
}

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

/// The token of a request: "Authorization: Bearer TOKEN" (the scheme in any case, RFC 9110
/// 11.1), else the "token" query parameter (an EventSource cannot set headers).
std::string token_of(const httplib::Request& req) {
  const std::string auth = req.get_header_value("Authorization");
  constexpr std::string_view kBearer = "bearer";
  if (auth.size() > kBearer.size() && auth[kBearer.size()] == ' ' &&
      equal_ignoring_case(std::string_view(auth).substr(0, kBearer.size()), kBearer)) {
    const std::size_t start = auth.find_first_not_of(' ', kBearer.size());
    return start == std::string::npos ? std::string() : auth.substr(start);
  }
  return req.has_param("token") ? req.get_param_value("token") : std::string();
}

/// The links' base: `public_url` when the server was given one, else the scheme a proxy
/// in front says the client used (X-Forwarded-Proto: http or https; else http) and the Host
/// the client asked for.
std::string base_url(const httplib::Request& req, const std::string& public_url) {
  if (!public_url.empty()) return public_url;
  std::string scheme = "http";
  std::string forwarded = req.get_header_value("X-Forwarded-Proto");
  forwarded = forwarded.substr(0, forwarded.find(','));  // the client's end of a proxy chain
  while (!forwarded.empty() && forwarded.back() == ' ') forwarded.pop_back();
  if (equal_ignoring_case(forwarded, "https")) scheme = "https";
  const std::string host = req.get_header_value("Host");
  return scheme + "://" + (host.empty() ? std::string("localhost") : host);
}

/// The text of an error answer httplib writes itself (a request it could not read), or that
/// no handler wrote.
std::string status_text(int status) {
  switch (status) {
    case 400:
      return fmt::format(
          "bad request: the request line or a header could not be read (HTTP/1.1 expected, "
          "header lines of at most {} bytes)",
          kMaxHeaderLine);
    case 404:
      return "no such route (GET /, /api/variants, /api/games/ID, /api/games/ID/events, "
             "/api/games/ID/record, /api/organiser/games, /api/organiser/export; POST "
             "/api/games, /api/games/ID/moves, /api/games/ID/resign, /api/games/ID/draw, "
             "/api/games/ID/claim, "
             "/api/organiser/games/ID/abort, /adjudicate, /tags)";
    case 405:
      return "method not allowed: the API has GET and POST requests only";
    case 413:
      return fmt::format("request body too large: at most {} bytes", kMaxRequestBody);
    case 414:
      return fmt::format("request line too long: at most {} bytes", kMaxRequestLine);
    case 415:
      return "unsupported media type";
    case 416:
      return "bad Range header";
    default:
      return fmt::format("HTTP status {}", status);
  }
}

/// Reads a POST body into `*body` as it arrives, at most kMaxRequestBody bytes, whatever the
/// content type and transfer encoding (chunked, or until the connection closes). A compressed
/// body is refused (415) before it is read: inflating it would have to be capped too, and no
/// client of the API needs it. On failure answers and returns false.
bool read_body(const httplib::Request& req, httplib::Response& res,
               const httplib::ContentReader& reader, std::string* body) {
  const std::string encoding = req.get_header_value("Content-Encoding");
  if (!encoding.empty() && !equal_ignoring_case(encoding, "identity")) {
    refuse_unread_body(res, 415,
                       fmt::format("Content-Encoding '{}' refused: send the body uncompressed "
                                   "(at most {} bytes)",
                                   encoding, kMaxRequestBody));
    return false;
  }
  if (req.is_multipart_form_data()) {  // httplib would parse it, not hand it over
    refuse_unread_body(
        res, 415,
        fmt::format("Content-Type '{}' refused: the body is a JSON object (application/json)",
                    req.get_header_value("Content-Type")));
    return false;
  }
  if (req.has_header("Content-Length")) {
    const std::string length = req.get_header_value("Content-Length");
    if (length.empty() || length.size() > 18 ||
        length.find_first_not_of("0123456789") != std::string::npos) {
      refuse_unread_body(res, 400, fmt::format("bad Content-Length '{}'", length));
      return false;
    }
    if (std::stoull(length) > kMaxRequestBody) {
      refuse_unread_body(res, 413,
                         fmt::format("request body too large: Content-Length {}, at most {} bytes",
                                     length, kMaxRequestBody));
      return false;
    }
  }
  bool too_large = false;
  const bool read = reader([&](const char* data, std::size_t size) {
    if (body->size() + size > kMaxRequestBody) {
      too_large = true;
      return false;  // stops reading: the rest is never taken from the connection
    }
    body->append(data, size);
    return true;
  });
  if (too_large) {
    refuse_unread_body(res, 413,
                       fmt::format("request body too large: more than {} bytes (chunked or "
                                   "without Content-Length)",
                                   kMaxRequestBody));
    return false;
  }
  if (!read) {
    refuse_unread_body(res, 400,
                       "the request body could not be read (a broken chunked encoding, or the "
                       "connection closed early)");
    return false;
  }
  return true;
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
  Impl(Monitor& m, std::string url, ServePolicy p)
      : monitor(m),
        public_url(without_end_slashes(std::move(url))),
        policy(std::move(p)),
        creations(policy.creation) {}

  static std::string without_end_slashes(std::string url) {
    while (!url.empty() && url.back() == '/') url.pop_back();
    return url;
  }

  Monitor& monitor;
  const std::string public_url;  ///< the links' base, or "" to take it from each request
  const ServePolicy policy;
  CreationLimiter creations;
  httplib::Server http;
  // httplib's stop() does nothing before its accept loop runs; these two flags let stop() and
  // listen() called at the same time from two threads still end with the server stopped.
  std::atomic<bool> listening{false};
  std::atomic<bool> stop_requested{false};
  const std::string variants = variants_json();  // the same for the server's whole life

  /// Checks the game and the token; on failure answers 404 or 403 (no detail), or 409 to a
  /// token of a game that cannot be loaded, and returns false.
  bool admit(const httplib::Request& req, httplib::Response& res, Viewer* viewer) {
    switch (monitor.authorize(req.matches[1], token_of(req), viewer)) {
      case Access::kGranted:
        return true;
      case Access::kNoGame:
        send_error(res, 404, "no such game");
        return false;
      case Access::kUnavailable:
        send_error(res, 409, monitor.unavailable_reason(req.matches[1]));
        return false;
      case Access::kBadToken:
        break;
    }
    send_error(res, 403, "forbidden");
    return false;
  }

  void create(const httplib::Request& req, httplib::Response& res,
              const httplib::ContentReader& reader) {
    const std::string address = client_address(
        req.remote_addr, req.get_header_value("X-Forwarded-For"), policy.behind_proxy);
    if (const long wait = creations.take(address); wait > 0) {
      refuse_unread_body(res, 429,
                         fmt::format("too many games created from {}: the next one in {} s "
                                     "(at most {} a minute)",
                                     address, wait, policy.creation.per_minute));
      res.set_header("Retry-After", std::to_string(wait));
      return;
    }
    std::string text;
    if (!read_body(req, res, reader, &text)) return;
    JsonObject body;
    try {
      body = parse_json_object(text);
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
      const CreatedGame g = monitor.create(
          variant, knobs, body.string_or("sets", "one"), players_of(body), event_tags_of(body),
          {body.string_or("time_control", ""), body.string_or("out_of_time", "")});
      const std::string base = base_url(req, public_url);
      present::JsonWriter w;
      w.begin_object().field("id", g.id);
      w.field("white_token", g.tokens[kWhite]).field("black_token", g.tokens[kBlack]);
      w.field("white_url", fmt::format("{}/#game={}&token={}", base, g.id, g.tokens[kWhite]));
      w.field("black_url", fmt::format("{}/#game={}&token={}", base, g.id, g.tokens[kBlack]));
      w.field("spectator_token", g.spectator_token);
      w.field("spectator_url", fmt::format("{}/#game={}&token={}", base, g.id, g.spectator_token));
      send_json(res, 201, w.end_object().str());
    } catch (const JsonRequestError& e) {
      send_error(res, 400, e.what());
    } catch (const GameSetupError& e) {
      send_error(res, 422, e.what());
    }
  }

  void submit(const httplib::Request& req, httplib::Response& res,
              const httplib::ContentReader& reader) {
    Viewer viewer;
    if (!admit(req, res, &viewer)) {
      res.set_header("Connection", "close");  // the body was not read
      return;
    }
    if (!viewer) {
      refuse_unread_body(res, 403,
                         "the spectator link watches the game: it submits nothing (a player's "
                         "link does)");
      return;
    }
    const Color side = *viewer;
    std::string text;
    if (!read_body(req, res, reader, &text)) return;
    try {
      const std::string key = checked_idempotency_key(req.get_header_value("Idempotency-Key"));
      const JsonObject body = parse_json_object(text, {"turn"});
      if (!body.strings.count("move"))
        throw JsonRequestError("\"move\" is missing: {\"move\": \"e4\", \"turn\": 1}");
      monitor.submit(req.matches[1], side, body.strings.at("move"), named_turn(body), key);
      send_json(res, 202, monitor.view(req.matches[1], side));
    } catch (const TurnError& e) {
      send_json(res, 409, e.body());
    } catch (const JsonRequestError& e) {
      send_error(res, 400, e.what());
    } catch (const SubmissionError& e) {
      send_error(res, 422, e.what());
    } catch (const GameUnavailableError& e) {
      send_error(res, 409, e.what());
    }
  }

  /// POST /api/games/ID/resign and /draw: a player's action (server/player_actions.hpp); the
  /// body, if any, is read and not used.
  void act(const httplib::Request& req, httplib::Response& res,
           const httplib::ContentReader& reader, const std::string& action) {
    Viewer viewer;
    if (!admit(req, res, &viewer)) {
      res.set_header("Connection", "close");  // the body was not read
      return;
    }
    if (!viewer) {
      refuse_unread_body(res, 403, "the spectator link watches the game: it may not " + action);
      return;
    }
    std::string text;
    if (!read_body(req, res, reader, &text)) return;
    try {
      monitor.act(req.matches[1], *viewer, action);
      send_json(res, 202, monitor.view(req.matches[1], *viewer));
    } catch (const SubmissionError& e) {
      send_error(res, 422, e.what());
    } catch (const GameUnavailableError& e) {
      send_error(res, 409, e.what());
    }
  }

  /// Whether the request carries the organiser's token; else answers 403 and returns false.
  bool organiser(const httplib::Request& req, httplib::Response& res) {
    if (!policy.organiser_digest.empty() &&
        same_secret(policy.organiser_digest, token_digest(token_of(req))))
      return true;
    refuse_unread_body(res, 403, "forbidden: the organiser's token opens this route");
    return false;
  }

  /// POST /api/organiser/games/ID/ACTION: abort, adjudicate ({"result", "reason"}) or tags
  /// ({"event", "site", "round"}).
  void organise(const httplib::Request& req, httplib::Response& res,
                const httplib::ContentReader& reader, const std::string& action) {
    if (!organiser(req, res)) return;
    const std::string id = req.matches[1];
    if (!monitor.exists(id)) {
      refuse_unread_body(res, 404, "no such game");
      return;
    }
    std::string text;
    if (!read_body(req, res, reader, &text)) return;
    try {
      const JsonObject body = text.empty() ? JsonObject{} : parse_json_object(text);
      if (action == "tags")
        monitor.set_event_tags(id, event_tags_of(body, monitor.event_tags(id)));
      else
        monitor.organise(id, action,
                         action == "adjudicate" ? adjudication_of(body) : Adjudication{});
      send_json(res, 200, monitor.view(id, std::nullopt));
    } catch (const JsonRequestError& e) {
      send_error(res, 400, e.what());
    } catch (const GameSetupError& e) {
      send_error(res, 422, e.what());
    } catch (const SubmissionError& e) {
      send_error(res, 422, e.what());
    } catch (const GameUnavailableError& e) {
      send_error(res, 409, e.what());
    }
  }

  void events(const httplib::Request& req, httplib::Response& res) {
    Viewer viewer;
    if (!admit(req, res, &viewer)) return;
    std::optional<int> resumed_from;
    try {
      resumed_from = last_event_id(req.get_header_value("Last-Event-ID"));
    } catch (const LastEventIdError& e) {
      send_error(res, 400, e.what());
      return;
    }
    res.set_header("Cache-Control", "no-store");
    res.set_chunked_content_provider(
        "text/event-stream",
        [this, id = std::string(req.matches[1]), stream = EventStream(resumed_from),
         keep = monitor.pin(req.matches[1])](std::size_t, httplib::DataSink& sink) mutable {
          const std::optional<int> version = monitor.wait_for_change(id, stream.seen(), kKeepAlive);
          if (!version) {
            sink.done();
            return true;
          }
          std::string text = stream.catch_up(monitor, id, *version);
          if (text.empty()) text = ": keep-alive\n\n";
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
    // Every request with a body goes to a handler that reads it (read_body): httplib's own
    // reading caps only a Content-Length, not a chunked body or one without a length.
    http.Post("/api/games",
              [this](const httplib::Request& req, httplib::Response& res,
                     const httplib::ContentReader& reader) { create(req, res, reader); });
    http.Get(R"(/api/games/([^/]+))", [this](const httplib::Request& req, httplib::Response& res) {
      Viewer viewer;
      if (!admit(req, res, &viewer)) return;
      try {
        send_json(res, 200, monitor.view(req.matches[1], viewer));
      } catch (const GameUnavailableError& e) {
        send_error(res, 409, e.what());
      }
    });
    http.Post(R"(/api/games/([^/]+)/moves)",
              [this](const httplib::Request& req, httplib::Response& res,
                     const httplib::ContentReader& reader) { submit(req, res, reader); });
    for (const char* action : {"resign", "draw", "claim"})
      http.Post(
          fmt::format(R"(/api/games/([^/]+)/{})", action),
          [this, action](const httplib::Request& req, httplib::Response& res,
                         const httplib::ContentReader& reader) { act(req, res, reader, action); });
    for (const char* action : {"abort", "adjudicate", "tags"})
      http.Post(fmt::format(R"(/api/organiser/games/([^/]+)/{})", action),
                [this, action](const httplib::Request& req, httplib::Response& res,
                               const httplib::ContentReader& reader) {
                  organise(req, res, reader, action);
                });
    http.Get("/api/organiser/games", [this](const httplib::Request& req, httplib::Response& res) {
      if (organiser(req, res)) send_json(res, 200, monitor.organiser_list());
    });
    http.Get("/api/organiser/export", [this](const httplib::Request& req, httplib::Response& res) {
      if (!organiser(req, res)) return;
      res.set_header("Cache-Control", "no-store");
      res.set_header("Content-Disposition", "attachment; filename=\"games.pgn\"");
      res.set_content(monitor.export_pgn(), "text/plain; charset=utf-8");
    });
    http.Post(".*",
              [](const httplib::Request&, httplib::Response& res, const httplib::ContentReader&) {
                refuse_unread_body(res, 404, status_text(404));
              });
    const auto not_allowed = [](const httplib::Request&, httplib::Response& res,
                                const httplib::ContentReader&) {
      refuse_unread_body(res, 405, status_text(405));
    };
    http.Put(".*", not_allowed);
    http.Patch(".*", not_allowed);
    http.Delete(".*", not_allowed);
    http.Get(R"(/api/games/([^/]+)/events)",
             [this](const httplib::Request& req, httplib::Response& res) { events(req, res); });
    // A resolved turn's board, drawn when asked for (the view's history holds text only).
    http.Get(R"(/api/games/([^/]+)/turns/([0-9]{1,9})/board\.svg)",
             [this](const httplib::Request& req, httplib::Response& res) {
               Viewer viewer;
               if (!admit(req, res, &viewer)) return;
               const int turn = std::stoi(req.matches[2]);
               try {
                 const std::optional<std::string> board =
                     monitor.turn_board(req.matches[1], turn, viewer);
                 if (!board) {
                   send_error(res, 404,
                              fmt::format("no board of turn {}: the game has not resolved it, or "
                                          "its protocol draws no board per entry",
                                          turn));
                   return;
                 }
                 res.set_header("Cache-Control", "private, max-age=86400");  // it never changes
                 res.set_content(*board, "image/svg+xml");
               } catch (const GameUnavailableError& e) {
                 send_error(res, 409, e.what());
               }
             });
    http.Get(R"(/api/games/([^/]+)/record)", [this](const httplib::Request& req,
                                                    httplib::Response& res) {
      Viewer viewer;
      if (!admit(req, res, &viewer)) return;
      try {
        const std::string record = monitor.record(req.matches[1]);
        res.set_header("Content-Disposition",
                       fmt::format("attachment; filename=\"{}.pgn\"", std::string(req.matches[1])));
        res.set_content(record, "text/plain; charset=utf-8");
      } catch (const GameUnavailableError& e) {
        send_error(res, 409, e.what());
      }
    });
    http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
      if (res.body.empty()) send_error(res, res.status, status_text(res.status));
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
          send_error(res, 500, "internal error: " + what);
        });
  }
};

HttpServer::HttpServer(Monitor& monitor, int threads, std::string public_url, ServePolicy policy)
    : impl_(std::make_unique<Impl>(monitor, std::move(public_url), std::move(policy))) {
  impl_->http.new_task_queue = [threads] {
    return new httplib::ThreadPool(static_cast<std::size_t>(threads));
  };
  impl_->http.set_payload_max_length(kMaxRequestBody);
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
