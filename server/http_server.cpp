#include "server/http_server.hpp"

#include <arpa/inet.h>
#include <fmt/format.h>
#include <microhttpd.h>
#include <netdb.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <map>
#include <mutex>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "present/core/json_writer.hpp"
#include "present/core/knob_json.hpp"
#include "rules/core/bundled_tables.hpp"
#include "rules/core/load_variant.hpp"
#include "server/error_text.hpp"
#include "server/event_stream.hpp"
#include "server/json_request.hpp"
#include "server/organiser.hpp"
#include "server/stream_hub.hpp"
#include "server/submission_turn.hpp"
#include "server/tokens.hpp"
#include "server/web_page.hpp"
#include "server/worker_pool.hpp"

namespace arbiter::server {
namespace {

using Clock = std::chrono::steady_clock;

constexpr auto kKeepAlive = std::chrono::seconds(15);  // a comment line on a quiet event stream
// How often every open stream is checked for a change made by no request (and for its
// keep-alive): a change made by a request wakes its game's streams at once.
constexpr auto kSweep = std::chrono::seconds(1);
constexpr std::size_t kMaxRequestLine = 8192;
constexpr std::size_t kMaxHeaderLine = 8192;
// libmicrohttpd's memory per connection, for the request line and the headers (the body is
// read into the request's own buffer): a request line of kMaxRequestLine fits, with room.
constexpr std::size_t kConnectionMemory = 32 * 1024;
constexpr unsigned kListenBacklog = 1024;

/// A request as a handler sees it, read whole by the event loop.
struct Request {
  std::string method;
  std::string path;                            ///< without the query
  std::map<std::string, std::string> headers;  ///< names in lower case
  std::string token_param;                     ///< the "token" query parameter
  std::string remote_addr;
  std::string body;
  std::string id;      ///< the game of a /api/games/ID or /api/organiser/games/ID route
  std::string action;  ///< the last word of a route with an action (moves, resign, abort...)

  std::string header(const std::string& lower_name) const {
    const auto it = headers.find(lower_name);
    return it == headers.end() ? std::string() : it->second;
  }
  bool has_header(const std::string& lower_name) const { return headers.count(lower_name) > 0; }
};

/// An answer, written by the event loop.
struct Answer {
  int status = 200;
  std::string type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
  bool close = false;                  ///< the request's body was not read: close the connection
  std::shared_ptr<OpenStream> stream;  ///< an event stream instead of `body`
};

enum class Route {
  kNone,
  kPage,
  kVariants,
  kCreate,
  kView,
  kMoves,
  kAction,  // resign, draw, claim
  kEvents,
  kRecord,
  kOrganiserList,
  kOrganiserExport,
  kOrganise,   // abort, adjudicate, tags
  kTurnBoard,  // GET /api/games/ID/turns/N/board.svg
};

/// The route of `method` `path`; sets `id` and `action` from the path.
Route route_of(const std::string& method, const std::string& path, std::string* id,
               std::string* action) {
  const bool get = method == "GET" || method == "HEAD";
  const bool post = method == "POST";
  if (get && path == "/") return Route::kPage;
  if (get && path == "/api/variants") return Route::kVariants;
  if (post && path == "/api/games") return Route::kCreate;
  if (get && path == "/api/organiser/games") return Route::kOrganiserList;
  if (get && path == "/api/organiser/export") return Route::kOrganiserExport;
  const auto split = [&](std::string_view prefix) -> std::vector<std::string> {
    if (path.compare(0, prefix.size(), prefix) != 0) return {};
    std::vector<std::string> parts;
    std::size_t at = prefix.size();
    for (;;) {
      const std::size_t slash = path.find('/', at);
      parts.push_back(path.substr(at, slash == std::string::npos ? std::string::npos : slash - at));
      if (slash == std::string::npos) break;
      at = slash + 1;
    }
    for (const std::string& p : parts)
      if (p.empty()) return {};
    return parts;
  };
  if (const auto parts = split("/api/organiser/games/"); parts.size() == 2 && post) {
    *id = parts[0];
    *action = parts[1];
    if (*action == "abort" || *action == "adjudicate" || *action == "tags") return Route::kOrganise;
    return Route::kNone;
  }
  const auto parts = split("/api/games/");
  // A resolved turn's board: the turn number (1 to 9 digits) goes to `action`.
  if (parts.size() == 4 && get && parts[1] == "turns" && parts[3] == "board.svg" &&
      parts[2].size() <= 9 &&
      std::all_of(parts[2].begin(), parts[2].end(), [](char c) { return c >= '0' && c <= '9'; })) {
    *id = parts[0];
    *action = parts[2];
    return Route::kTurnBoard;
  }
  if (parts.empty() || parts.size() > 2) return Route::kNone;
  *id = parts[0];
  if (parts.size() == 1) return get ? Route::kView : Route::kNone;
  *action = parts[1];
  if (get && *action == "events") return Route::kEvents;
  if (get && *action == "record") return Route::kRecord;
  if (post && *action == "moves") return Route::kMoves;
  if (post && (*action == "resign" || *action == "draw" || *action == "claim"))
    return Route::kAction;
  return Route::kNone;
}

Answer json_answer(int status, std::string body) {
  Answer a;
  a.status = status;
  a.body = std::move(body);
  a.headers.emplace_back("Cache-Control", "no-store");
  return a;
}

Answer error_answer(int status, std::string_view message) {
  present::JsonWriter w;
  return json_answer(
      status, w.begin_object().field("error", bounded_error_text(message)).end_object().str());
}

/// An answer sent before the request's body was read: the rest of the body is still on the
/// connection, so it is closed after the answer.
Answer refusal(int status, std::string_view message) {
  Answer a = error_answer(status, message);
  a.close = true;
  return a;
}

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

/// The token of a request: "Authorization: Bearer TOKEN" (the scheme in any case, RFC 9110
/// 11.1), else the "token" query parameter (an EventSource cannot set headers).
std::string token_of(const Request& req) {
  const std::string auth = req.header("authorization");
  constexpr std::string_view kBearer = "bearer";
  if (auth.size() > kBearer.size() && auth[kBearer.size()] == ' ' &&
      equal_ignoring_case(std::string_view(auth).substr(0, kBearer.size()), kBearer)) {
    const std::size_t start = auth.find_first_not_of(' ', kBearer.size());
    return start == std::string::npos ? std::string() : auth.substr(start);
  }
  return req.token_param;
}

/// The links' base: `public_url` when the server was given one, else the scheme a proxy
/// in front says the client used (X-Forwarded-Proto: http or https; else http) and the Host
/// the client asked for.
std::string base_url(const Request& req, const std::string& public_url) {
  if (!public_url.empty()) return public_url;
  std::string scheme = "http";
  std::string forwarded = req.header("x-forwarded-proto");
  forwarded = forwarded.substr(0, forwarded.find(','));  // the client's end of a proxy chain
  while (!forwarded.empty() && forwarded.back() == ' ') forwarded.pop_back();
  if (equal_ignoring_case(forwarded, "https")) scheme = "https";
  const std::string host = req.header("host");
  return scheme + "://" + (host.empty() ? std::string("localhost") : host);
}

std::string no_route_text() {
  return "no such route (GET /, /api/variants, /api/games/ID, /api/games/ID/events, "
         "/api/games/ID/record, /api/organiser/games, /api/organiser/export; POST "
         "/api/games, /api/games/ID/moves, /api/games/ID/resign, /api/games/ID/draw, "
         "/api/games/ID/claim, "
         "/api/organiser/games/ID/abort, /adjudicate, /tags)";
}

/// What a POST's headers say about its body, checked before it is read: a compressed body is
/// refused (415; inflating it would have to be capped too, and no client of the API needs it),
/// as a multipart one, a bad Content-Length (400) and one over kMaxRequestBody (413). A body
/// without a length (chunked, or until the connection closes) is counted while it arrives.
std::optional<Answer> screen_body(const Request& req) {
  const std::string encoding = req.header("content-encoding");
  if (!encoding.empty() && !equal_ignoring_case(encoding, "identity"))
    return refusal(415, fmt::format("Content-Encoding '{}' refused: send the body uncompressed "
                                    "(at most {} bytes)",
                                    encoding, kMaxRequestBody));
  const std::string type = req.header("content-type");
  if (type.size() >= 19 &&
      equal_ignoring_case(std::string_view(type).substr(0, 19), "multipart/form-data"))
    return refusal(
        415, fmt::format("Content-Type '{}' refused: the body is a JSON object (application/json)",
                         type));
  if (req.has_header("content-length")) {
    const std::string length = req.header("content-length");
    if (length.empty() || length.size() > 18 ||
        length.find_first_not_of("0123456789") != std::string::npos)
      return refusal(400, fmt::format("bad Content-Length '{}'", length));
    if (std::stoull(length) > kMaxRequestBody)
      return refusal(413, fmt::format("request body too large: Content-Length {}, at most {} bytes",
                                      length, kMaxRequestBody));
  }
  return std::nullopt;
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

/// One request's state from its request line to its answer (libmicrohttpd's per-request
/// pointer).
struct Exchange {
  enum class Phase { kHeaders, kBody, kWorking, kAnswered };
  Phase phase = Phase::kHeaders;
  std::size_t uri_size = 0;  ///< the request target's length, as sent
  Route route = Route::kNone;
  Request req;
  Answer answer;
};

/// Raises the soft limit of open files to the hard limit (each connection is one); returns it.
rlim_t raise_open_files() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1024;
  if (limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &limit) != 0) getrlimit(RLIMIT_NOFILE, &limit);
  }
  return limit.rlim_cur;
}

}  // namespace

struct HttpServer::Impl {
  Impl(Monitor& m, int worker_count, std::string url, ServePolicy p)
      : monitor(m),
        public_url(without_end_slashes(std::move(url))),
        policy(std::move(p)),
        creations(policy.creation),
        streams(policy.streams_per_token),
        workers(worker_count) {}

  static std::string without_end_slashes(std::string url) {
    while (!url.empty() && url.back() == '/') url.pop_back();
    return url;
  }

  Monitor& monitor;
  const std::string public_url;  ///< the links' base, or "" to take it from each request
  const ServePolicy policy;
  CreationLimiter creations;
  StreamHub streams;
  WorkerPool workers;
  const std::string variants = variants_json();  // the same for the server's whole life
  MHD_Daemon* daemon = nullptr;

  std::mutex stop_mutex;
  std::condition_variable stop_changed;
  bool stopping = false;  ///< stop() has begun
  bool stopped = false;   ///< stop() has ended: nothing runs any more
  std::thread sweeper;

  // --- the handlers, run by the workers -------------------------------------------------------

  /// Checks the game and the token; on failure the answer: 404 or 403 (no detail), or 409 to a
  /// token of a game that cannot be loaded.
  std::optional<Answer> admit(const Request& req, Viewer* viewer) {
    switch (monitor.authorize(req.id, token_of(req), viewer)) {
      case Access::kGranted:
        return std::nullopt;
      case Access::kNoGame:
        return error_answer(404, "no such game");
      case Access::kUnavailable:
        return error_answer(409, monitor.unavailable_reason(req.id));
      case Access::kBadToken:
        break;
    }
    return error_answer(403, "forbidden");
  }

  Answer create(const Request& req) {
    try {
      const JsonObject body = parse_json_object(req.body);
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
      return json_answer(201, w.end_object().str());
    } catch (const JsonRequestError& e) {
      return error_answer(400, e.what());
    } catch (const GameSetupError& e) {
      return error_answer(422, e.what());
    }
  }

  Answer submit(const Request& req) {
    Viewer viewer;
    if (auto refused = admit(req, &viewer)) return *refused;
    if (!viewer)
      return error_answer(403,
                          "the spectator link watches the game: it submits nothing (a player's "
                          "link does)");
    const Color side = *viewer;
    try {
      const std::string key = checked_idempotency_key(req.header("idempotency-key"));
      const JsonObject body = parse_json_object(req.body, {"turn"});
      if (!body.strings.count("move"))
        throw JsonRequestError("\"move\" is missing: {\"move\": \"e4\", \"turn\": 1}");
      monitor.submit(req.id, side, body.strings.at("move"), named_turn(body), key);
      return json_answer(202, monitor.view(req.id, side));
    } catch (const TurnError& e) {
      return json_answer(409, e.body());
    } catch (const JsonRequestError& e) {
      return error_answer(400, e.what());
    } catch (const SubmissionError& e) {
      return error_answer(422, e.what());
    } catch (const GameUnavailableError& e) {
      return error_answer(409, e.what());
    }
  }

  /// POST /api/games/ID/resign, /draw and /claim: a player's action
  /// (server/player_actions.hpp); the body, if any, is not used.
  Answer act(const Request& req) {
    Viewer viewer;
    if (auto refused = admit(req, &viewer)) return *refused;
    if (!viewer)
      return error_answer(403, "the spectator link watches the game: it may not " + req.action);
    try {
      monitor.act(req.id, *viewer, req.action);
      return json_answer(202, monitor.view(req.id, *viewer));
    } catch (const SubmissionError& e) {
      return error_answer(422, e.what());
    } catch (const GameUnavailableError& e) {
      return error_answer(409, e.what());
    }
  }

  /// Whether the request carries the organiser's token.
  bool organiser(const Request& req) const {
    return !policy.organiser_digest.empty() &&
           same_secret(policy.organiser_digest, token_digest(token_of(req)));
  }

  static Answer not_organiser() {
    return error_answer(403, "forbidden: the organiser's token opens this route");
  }

  /// POST /api/organiser/games/ID/ACTION: abort, adjudicate ({"result", "reason"}) or tags
  /// ({"event", "site", "round"}).
  Answer organise(const Request& req) {
    if (!organiser(req)) return not_organiser();
    if (!monitor.exists(req.id)) return error_answer(404, "no such game");
    try {
      const JsonObject body = req.body.empty() ? JsonObject{} : parse_json_object(req.body);
      if (req.action == "tags")
        monitor.set_event_tags(req.id, event_tags_of(body, monitor.event_tags(req.id)));
      else
        monitor.organise(req.id, req.action,
                         req.action == "adjudicate" ? adjudication_of(body) : Adjudication{});
      return json_answer(200, monitor.view(req.id, std::nullopt));
    } catch (const JsonRequestError& e) {
      return error_answer(400, e.what());
    } catch (const GameSetupError& e) {
      return error_answer(422, e.what());
    } catch (const SubmissionError& e) {
      return error_answer(422, e.what());
    } catch (const GameUnavailableError& e) {
      return error_answer(409, e.what());
    }
  }

  Answer view(const Request& req) {
    Viewer viewer;
    if (auto refused = admit(req, &viewer)) return *refused;
    try {
      return json_answer(200, monitor.view(req.id, viewer));
    } catch (const GameUnavailableError& e) {
      return error_answer(409, e.what());
    }
  }

  Answer record(const Request& req) {
    Viewer viewer;
    if (auto refused = admit(req, &viewer)) return *refused;
    try {
      Answer a;
      a.body = monitor.record(req.id);
      a.type = "text/plain; charset=utf-8";
      a.headers.emplace_back("Content-Disposition",
                             fmt::format("attachment; filename=\"{}.pgn\"", req.id));
      return a;
    } catch (const GameUnavailableError& e) {
      return error_answer(409, e.what());
    }
  }

  /// A resolved turn's board, drawn when asked for (the view's history holds text only).
  Answer turn_board(const Request& req) {
    Viewer viewer;
    if (auto refused = admit(req, &viewer)) return *refused;
    const int turn = std::stoi(req.action);  // route_of: 1 to 9 digits
    try {
      const std::optional<std::string> board = monitor.turn_board(req.id, turn, viewer);
      if (!board)
        return error_answer(404, fmt::format("no board of turn {}: the game has not resolved it, "
                                             "or its protocol draws no board per entry",
                                             turn));
      Answer a;
      a.body = *board;
      a.type = "image/svg+xml";
      a.headers.emplace_back("Cache-Control", "private, max-age=86400");  // it never changes
      return a;
    } catch (const GameUnavailableError& e) {
      return error_answer(409, e.what());
    }
  }

  Answer events(const Request& req) {
    Viewer viewer;
    if (auto refused = admit(req, &viewer)) return *refused;
    std::optional<int> resumed_from;
    try {
      resumed_from = last_event_id(req.header("last-event-id"));
    } catch (const LastEventIdError& e) {
      return error_answer(400, e.what());
    }
    const std::string key = token_digest(token_of(req));
    std::shared_ptr<OpenStream> stream = streams.open(req.id, key, resumed_from);
    if (!stream) {  // the token's cap: streams whose clients left count no more
      for (const std::shared_ptr<OpenStream>& s : streams.watching(req.id))
        if (s->token_key == key) end_if_client_left(s);
      stream = streams.open(req.id, key, resumed_from);
    }
    if (!stream) {
      Answer a = error_answer(
          429, fmt::format("too many event streams open with this token: at most {} at once "
                           "(close a page of this game, or wait until one of its streams ends)",
                           streams.per_token()));
      a.headers.emplace_back("Retry-After", std::to_string(kKeepAlive.count()));
      return a;
    }
    stream->keep = monitor.pin(req.id);  // its game stays in memory while the stream is open
    refresh(*stream);                    // the stream's first events
    Answer a;
    a.type = "text/event-stream";
    a.headers.emplace_back("Cache-Control", "no-store");
    a.stream = stream;
    return a;
  }

  Answer handle(const Exchange& x) {
    const Request& req = x.req;
    switch (x.route) {
      case Route::kCreate:
        return create(req);
      case Route::kView:
        return view(req);
      case Route::kMoves:
        return submit(req);
      case Route::kAction:
        return act(req);
      case Route::kEvents:
        return events(req);
      case Route::kRecord:
        return record(req);
      case Route::kTurnBoard:
        return turn_board(req);
      case Route::kOrganise:
        return organise(req);
      case Route::kOrganiserList:
        return organiser(req) ? json_answer(200, monitor.organiser_list()) : not_organiser();
      case Route::kOrganiserExport: {
        if (!organiser(req)) return not_organiser();
        Answer a;
        a.body = monitor.export_pgn();
        a.type = "text/plain; charset=utf-8";
        a.headers.emplace_back("Cache-Control", "no-store");
        a.headers.emplace_back("Content-Disposition", "attachment; filename=\"games.pgn\"");
        return a;
      }
      case Route::kPage:
      case Route::kVariants:
      case Route::kNone:
        break;
    }
    return error_answer(404, no_route_text());
  }

  /// Runs `x` on a worker: a request that changed a game wakes that game's event streams.
  void work(Exchange& x, MHD_Connection* connection) {
    try {
      x.answer = handle(x);
    } catch (const std::exception& e) {
      x.answer = error_answer(500, std::string("internal error: ") + e.what());
    }
    const bool changed = x.req.method == "POST" && x.answer.status < 300 && !x.req.id.empty();
    const std::string id = x.req.id;
    x.phase = Exchange::Phase::kAnswered;
    MHD_resume_connection(connection);  // x belongs to the event loop again
    if (changed)
      for (const std::shared_ptr<OpenStream>& s : streams.watching(id)) refresh(*s);
  }

  // --- event streams ----------------------------------------------------------------------------

  /// Wakes the stream's connection when it waits and has something to send. Requires
  /// s.mutex.
  static void wake(OpenStream& s) {
    if (s.parked && s.connection && (!s.outbox.empty() || s.ended)) {
      s.parked = false;
      MHD_resume_connection(static_cast<MHD_Connection*>(s.connection));
    }
  }

  /// Adds to the stream's outbox what the client has not been told (each version missed, or
  /// a keep-alive comment when it has been quiet for kKeepAlive); ends it when the monitor
  /// stopped or its game became unavailable. Called by a worker after a change, by the
  /// sweeper, never by the event loop (the monitor's calls may wait for a game's lock).
  void refresh(OpenStream& s) {
    const std::lock_guard order(s.refresh_mutex);
    std::optional<int> version;
    try {
      version = monitor.wait_for_change(s.game, s.position.seen(), std::chrono::milliseconds(0));
    } catch (const std::exception&) {
      version = std::nullopt;
    }
    std::string text;
    if (version) text = s.position.catch_up(monitor, s.game, *version);
    const Clock::time_point now = Clock::now();
    if (version && text.empty() && now - s.last_text >= kKeepAlive) text = ": keep-alive\n\n";
    if (!text.empty()) s.last_text = now;
    const std::lock_guard lock(s.mutex);
    s.outbox += text;
    if (!version) s.ended = true;
    wake(s);
  }

  /// Ends a parked stream whose client closed its end, and forgets it at once (its token may
  /// open another). A parked connection is not read, so its closing is seen only here or at
  /// the next write.
  void end_if_client_left(const std::shared_ptr<OpenStream>& s) {
    {
      const std::lock_guard lock(s->mutex);
      if (!s->parked || !s->connection) return;
      const MHD_ConnectionInfo* info = MHD_get_connection_info(
          static_cast<MHD_Connection*>(s->connection), MHD_CONNECTION_INFO_CONNECTION_FD);
      // The socket is open while s->connection is set: libmicrohttpd frees the answer (and so
      // clears it, free_stream) before it closes the socket.
      pollfd p{info ? info->connect_fd : -1, POLLRDHUP, 0};
      if (!info || poll(&p, 1, 0) <= 0 || (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) == 0)
        return;
      s->ended = true;
      wake(*s);
    }
    streams.remove(s.get());
  }

  /// The sweeper: every kSweep, each open stream is refreshed (a change no request made, a
  /// keep-alive due) and ended when its client left.
  void sweep() {
    std::unique_lock lock(stop_mutex);
    while (!stopping) {
      stop_changed.wait_for(lock, kSweep);
      if (stopping) break;
      lock.unlock();
      for (const std::shared_ptr<OpenStream>& s : streams.all()) {
        end_if_client_left(s);
        refresh(*s);
      }
      lock.lock();
    }
  }

  /// What libmicrohttpd holds of a stream's answer.
  struct StreamLink {
    Impl* server;
    std::shared_ptr<OpenStream> stream;
  };

  /// The stream answer's body: the outbox, or, when it is empty, the connection parks
  /// (suspended: no thread waits) until refresh() wakes it.
  static ssize_t read_stream(void* cls, std::uint64_t, char* buffer, std::size_t max) {
    OpenStream& s = *static_cast<StreamLink*>(cls)->stream;
    const std::lock_guard lock(s.mutex);
    if (!s.outbox.empty()) {
      const std::size_t n = std::min(max, s.outbox.size());
      std::memcpy(buffer, s.outbox.data(), n);
      s.outbox.erase(0, n);
      return static_cast<ssize_t>(n);
    }
    if (s.ended || !s.connection) return MHD_CONTENT_READER_END_OF_STREAM;
    s.parked = true;
    MHD_suspend_connection(static_cast<MHD_Connection*>(s.connection));
    return 0;
  }

  /// The stream's connection is gone: its token may open another.
  static void free_stream(void* cls) {
    auto* link = static_cast<StreamLink*>(cls);
    {
      const std::lock_guard lock(link->stream->mutex);
      link->stream->connection = nullptr;
      link->stream->ended = true;
    }
    link->server->streams.remove(link->stream.get());
    delete link;
  }

  // --- the event loop's side --------------------------------------------------------------------

  MHD_Result queue(MHD_Connection* connection, Answer& a) {
    MHD_Response* response = nullptr;
    if (a.stream) {
      auto* link = new StreamLink{this, a.stream};
      {
        const std::lock_guard lock(a.stream->mutex);
        a.stream->connection = connection;
      }
      response = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, &read_stream, link,
                                                   &free_stream);
      if (!response) free_stream(link);
    } else {
      response =
          MHD_create_response_from_buffer(a.body.size(), a.body.data(), MHD_RESPMEM_MUST_COPY);
    }
    if (!response) return MHD_NO;
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, a.type.c_str());
    for (const auto& [name, value] : a.headers)
      MHD_add_response_header(response, name.c_str(), value.c_str());
    if (a.close) MHD_add_response_header(response, MHD_HTTP_HEADER_CONNECTION, "close");
    const MHD_Result queued =
        MHD_queue_response(connection, static_cast<unsigned>(a.status), response);
    MHD_destroy_response(response);
    return queued;
  }

  static MHD_Result collect_header(void* cls, MHD_ValueKind, const char* key, const char* value) {
    auto& headers = *static_cast<std::map<std::string, std::string>*>(cls);
    std::string name = key ? key : "";
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    std::string& held = headers[name];
    if (!held.empty()) held += ", ";  // a repeated header, as one list
    held += value ? value : "";
    return MHD_YES;
  }

  /// The request's line and headers are in: reads them, and answers at once what needs no
  /// worker (the page, the variants, what the headers alone refuse).
  std::optional<Answer> screen(Exchange& x, MHD_Connection* connection, const char* url,
                               const char* method) {
    Request& req = x.req;
    req.method = method;
    req.path = url;
    if (x.uri_size > kMaxRequestLine)
      return refusal(414, fmt::format("request line too long: at most {} bytes", kMaxRequestLine));
    MHD_get_connection_values(connection, MHD_HEADER_KIND, &collect_header, &req.headers);
    for (const auto& [name, value] : req.headers)
      if (name.size() + 2 + value.size() > kMaxHeaderLine)
        return refusal(431, fmt::format("header '{}' too long: at most {} bytes per header line",
                                        bounded_error_text(name), kMaxHeaderLine));
    if (const char* token = MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, "token"))
      req.token_param = token;
    if (const MHD_ConnectionInfo* info =
            MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS)) {
      char text[INET6_ADDRSTRLEN] = "";
      const sockaddr* peer = info->client_addr;
      if (peer->sa_family == AF_INET)
        inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(peer)->sin_addr, text,
                  sizeof text);
      else if (peer->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(peer)->sin6_addr, text,
                  sizeof text);
      req.remote_addr = text;
    }
    const bool get = req.method == "GET" || req.method == "HEAD";
    if (!get && req.method != "POST")
      return refusal(405, "method not allowed: the API has GET and POST requests only");
    x.route = route_of(req.method, req.path, &req.id, &req.action);
    switch (x.route) {
      case Route::kPage: {
        Answer a;
        a.body = std::string(web_page());
        a.type = "text/html; charset=utf-8";
        return a;
      }
      case Route::kVariants:
        return json_answer(200, variants);
      case Route::kNone:
        return get ? error_answer(404, no_route_text()) : refusal(404, no_route_text());
      default:
        break;
    }
    if (get) return std::nullopt;
    if (auto refused = screen_body(req)) return refused;
    if (x.route == Route::kCreate) {
      const std::string address =
          client_address(req.remote_addr, req.header("x-forwarded-for"), policy.behind_proxy);
      if (const long wait = creations.take(address); wait > 0) {
        Answer a = refusal(429, fmt::format("too many games created from {}: the next one in {} s "
                                            "(at most {} a minute)",
                                            address, wait, policy.creation.per_minute));
        a.headers.emplace_back("Retry-After", std::to_string(wait));
        return a;
      }
    }
    return std::nullopt;
  }

  static MHD_Result on_request(void* cls, MHD_Connection* connection, const char* url,
                               const char* method, const char*, const char* upload,
                               std::size_t* upload_size, void** request_state) {
    Impl& server = *static_cast<Impl*>(cls);
    auto* x = static_cast<Exchange*>(*request_state);
    if (!x) *request_state = x = new Exchange;  // (the URI log callback makes one first)
    switch (x->phase) {
      case Exchange::Phase::kHeaders:
        x->phase = Exchange::Phase::kBody;
        if (std::optional<Answer> a = server.screen(*x, connection, url, method)) {
          x->phase = Exchange::Phase::kAnswered;
          return server.queue(connection, *a);
        }
        return MHD_YES;
      case Exchange::Phase::kBody:
        if (*upload_size != 0) {
          // A body over the limit without Content-Length (chunked, or until the connection
          // closes): libmicrohttpd cannot answer in the middle of a body, so the connection is
          // closed here, the rest never read.
          if (x->req.body.size() + *upload_size > kMaxRequestBody) return MHD_NO;
          x->req.body.append(upload, *upload_size);
          *upload_size = 0;
          return MHD_YES;
        }
        x->phase = Exchange::Phase::kWorking;
        MHD_suspend_connection(connection);
        if (!server.workers.post([&server, x, connection] { server.work(*x, connection); })) {
          x->answer = error_answer(503, "the server is shutting down");
          x->phase = Exchange::Phase::kAnswered;
          MHD_resume_connection(connection);
        }
        return MHD_YES;
      case Exchange::Phase::kWorking:
        return MHD_YES;
      case Exchange::Phase::kAnswered:
        break;
    }
    return server.queue(connection, x->answer);
  }

  static void* on_uri(void*, const char* uri, MHD_Connection*) {
    auto* x = new Exchange;
    x->uri_size = uri ? std::strlen(uri) : 0;
    return x;
  }

  static void on_completed(void*, MHD_Connection*, void** request_state,
                           MHD_RequestTerminationCode) {
    delete static_cast<Exchange*>(*request_state);
    *request_state = nullptr;
  }
};

HttpServer::HttpServer(Monitor& monitor, int workers, std::string public_url, ServePolicy policy)
    : impl_(std::make_unique<Impl>(monitor, workers, std::move(public_url), std::move(policy))) {}

HttpServer::~HttpServer() {
  stop();
}

int HttpServer::bind(const std::string& address, int port) {
  const auto fail = [&] {
    return std::runtime_error(fmt::format(
        "cannot listen on {}:{} (in use, or not an address of this machine)", address, port));
  };
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  if (getaddrinfo(address.c_str(), std::to_string(port).c_str(), &hints, &found) != 0 || !found)
    throw fail();
  sockaddr_storage addr{};
  std::memcpy(&addr, found->ai_addr, found->ai_addrlen);
  const bool v6 = found->ai_family == AF_INET6;
  freeaddrinfo(found);
  const rlim_t files = raise_open_files();
  // Each connection is a file; a few stay for the database, the log and the listening socket.
  const auto connections =
      static_cast<unsigned>(std::clamp<rlim_t>(files > 64 ? files - 64 : 16, 16, 65536));
  Impl& s = *impl_;
  unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
  if (v6) flags |= MHD_USE_IPv6;
  s.daemon = MHD_start_daemon(
      flags, static_cast<std::uint16_t>(port), nullptr, nullptr, &Impl::on_request, &s,
      MHD_OPTION_SOCK_ADDR, reinterpret_cast<sockaddr*>(&addr), MHD_OPTION_URI_LOG_CALLBACK,
      &Impl::on_uri, &s, MHD_OPTION_NOTIFY_COMPLETED, &Impl::on_completed, &s,
      MHD_OPTION_CONNECTION_TIMEOUT, s.policy.idle_timeout, MHD_OPTION_CONNECTION_LIMIT,
      connections, MHD_OPTION_PER_IP_CONNECTION_LIMIT, s.policy.connections_per_address,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, kConnectionMemory, MHD_OPTION_LISTEN_BACKLOG_SIZE,
      kListenBacklog, MHD_OPTION_END);
  if (!s.daemon) throw fail();
  const MHD_DaemonInfo* info = MHD_get_daemon_info(s.daemon, MHD_DAEMON_INFO_BIND_PORT);
  s.sweeper = std::thread([&s] { s.sweep(); });
  return info && info->port != 0 ? info->port : port;
}

void HttpServer::listen() {
  std::unique_lock lock(impl_->stop_mutex);
  impl_->stop_changed.wait(lock, [this] { return impl_->stopped; });
}

void HttpServer::stop() {
  Impl& s = *impl_;
  {
    std::unique_lock lock(s.stop_mutex);
    if (s.stopping) {  // stopped, or stopping in another thread: wait for it to end
      s.stop_changed.wait(lock, [&s] { return s.stopped; });
      return;
    }
    s.stopping = true;
  }
  s.stop_changed.notify_all();
  s.monitor.stop();
  if (s.sweeper.joinable()) s.sweeper.join();
  s.workers.finish();  // the requests in hand are answered (their connections resumed)
  for (const std::shared_ptr<OpenStream>& stream : s.streams.all()) {
    const std::lock_guard lock(stream->mutex);
    stream->ended = true;
    Impl::wake(*stream);
  }
  if (s.daemon) MHD_stop_daemon(s.daemon);  // closes every connection
  s.daemon = nullptr;
  {
    const std::lock_guard lock(s.stop_mutex);
    s.stopped = true;
  }
  s.stop_changed.notify_all();
}

}  // namespace arbiter::server
