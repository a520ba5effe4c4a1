// libFuzzer target: what a client of `arbiter serve` sends, as the HTTP handlers pass it to the
// monitor (server/http_server.cpp). The first line is the body of POST /api/games, each further
// line the body of POST /api/games/ID/moves, for White and Black in turn (a "turn" in it is
// checked as the server checks it, a "key" as its Idempotency-Key header; {"action": "resign"},
// "draw" or "claim" is that side's action; {"organiser": "abort"}, {"organiser": "adjudicate",
// "result": R, "reason": TEXT} or {"organiser": "tags", "event": ...} is the organiser's request to
// /api/organiser/games/ID/ACTION, which takes no turn; {"wait_ms": N} advances the monitor's
// injected clock by N milliseconds (0 to 10^9) and runs its clock check, as the clock timer
// would: with "time_control" and "out_of_time" in the first line a game has clocks, which then
// run out without a request, and check_stored compares them too). A body is
// refused with JsonRequestError, a game with GameSetupError, a move with SubmissionError: the 4xx
// answers. The oracle (issue 38) aborts on what would be a finding over HTTP, not only on a
// crash or a hang:
// - any other exception: the handlers would answer 5xx (GameUnavailableError for a game just
//   created and played through the monitor counts too);
// - an error text longer than bounded_error_text leaves it, or one that is not the whole
//   message (a NUL in it would cut what() short);
// - a view that is no JSON object naming its side;
// - a view of the opponent that changes, beyond the flags "submitted", "waiting_for" and
//   "version" (and "clock"), when a side hands in a sealed move (the sealed move would show), and
//   the same of the spectator's view, which shows no submission and no legal moves ever;
// - an organiser's action that shows a sealed move: after it, no view (either side's, the
//   spectator's) has a history or position other than before it, each side's own submission
//   is its own, and the record's moves are those it had before (the action only ends it);
// - a game whose stored submissions no longer load into what the monitor holds
//   (Monitor::check_stored: played again from the first submission, and from its stored
//   snapshot), checked after every input;
// - a resolved turn's board that cannot be drawn, or a board drawn of the turn in play.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "rules/conditional/conditional_record.hpp"
#include "rules/core/load_variant.hpp"
#include "server/error_text.hpp"
#include "server/game.hpp"
#include "server/game_store.hpp"
#include "server/json_request.hpp"
#include "server/monitor.hpp"
#include "server/organiser.hpp"
#include "server/player_names.hpp"
#include "server/submission_turn.hpp"

namespace {

using arbiter::Color;
using arbiter::KnobSettings;
using namespace arbiter::server;

// One store for many inputs (opening SQLite per input would dominate), started afresh every
// 256 games so that the file stays small. The monitor keeps 8 games in memory and stores a
// snapshot at every turn, so that each input's game is also loaded from its snapshot
// (Monitor::check_stored compares that load with the game in memory).
struct Harness {
  // In memory (tmpfs) where there is one: each submission's commit waits for fsync, which on
  // a disk costs more than the rest of an input; the fuzz checks what is stored, not that it
  // survives a crash (tests/server/serve_restart_test.cpp does).
  std::string path =
      ((std::filesystem::is_directory("/dev/shm") ? std::filesystem::path("/dev/shm")
                                                  : std::filesystem::temp_directory_path()) /
       ("arbiter-fuzz-serve-" + std::to_string(getpid()) + ".sqlite"))
          .string();
  std::unique_ptr<GameStore> store;
  std::unique_ptr<Monitor> monitor;
  /// The monitor's clock: it moves only by a {"wait_ms": N} line (it never goes back).
  std::atomic<ClockMs> now{1'800'000'000'000};

  Monitor& fresh_enough() {
    if (!monitor || monitor->size() >= 256) {
      monitor.reset();
      store.reset();
      for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
      store = std::make_unique<GameStore>(path);
      MonitorOptions options;
      options.max_games_in_memory = 8;
      options.snapshot_every = 1;
      options.now = [this] { return now.load(); };
      // The clock timer sleeps (the injected clock moves only when an input says so, and the
      // input runs the check then); it still wakes when a game's clock starts or changes.
      options.clock_poll = std::chrono::hours(1);
      monitor = std::make_unique<Monitor>(*store, options);
    }
    return *monitor;
  }
  ~Harness() {
    monitor.reset();
    store.reset();
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  }
};

std::string create_game(Monitor& monitor, const std::string& body) {
  const JsonObject o = parse_json_object(body);
  KnobSettings knobs;
  if (const auto it = o.objects.find("knobs"); it != o.objects.end())
    knobs.insert(it->second.strings.begin(), it->second.strings.end());
  return monitor
      .create(o.string_or("variant", "orthodox"), knobs, o.string_or("sets", "one"), players_of(o),
              {}, {o.string_or("time_control", ""), o.string_or("out_of_time", "")})
      .id;
}

[[noreturn]] void finding(const std::string& what) {
  std::fprintf(stderr, "fuzz_serve finding: %s\n", what.c_str());
  std::abort();
}

/// A 4xx answer's text: bounded, and not cut short by a NUL.
void check_error_text(const std::exception& e) {
  const std::string text = bounded_error_text(e.what());
  if (text.size() > kMaxErrorText + 64) finding("an error text past its bound: " + text);
  if (text.empty()) finding("an empty error text");
}

nlohmann::json checked_view(Monitor& monitor, const std::string& id, Viewer viewer) {
  std::string text;
  try {
    text = monitor.view(id, viewer);
  } catch (const std::exception& e) {
    finding(std::string("a view answers 5xx or 409: ") + e.what());
  }
  nlohmann::json view = nlohmann::json::parse(text, nullptr, false);
  if (view.is_discarded() || !view.is_object() || !view.contains("side"))
    finding("a view that is no JSON object naming its side: " + text);
  return view;
}

/// The record's text before its result (the moves; an ending only appends to them).
std::string record_moves(const std::string& record) {
  return record.substr(0, record.rfind('\n', record.size() >= 2 ? record.size() - 2 : 0));
}

/// POST /api/organiser/games/ID/ACTION as the handler runs it; checks that nothing sealed came
/// out of it (the views' history and position, each side's own submission, the record's moves
/// stay as they were). False when the body names no organiser's action.
bool organiser_request(Monitor& monitor, const std::string& id, const std::string& line) {
  JsonObject body;
  try {
    body = parse_json_object(line);
  } catch (const JsonRequestError&) {
    return false;  // the caller's parse answers it
  }
  if (!body.strings.count("organiser")) return false;
  const std::string action = body.strings.at("organiser");
  const Viewer viewers[] = {Viewer(arbiter::kWhite), Viewer(arbiter::kBlack), Viewer()};
  nlohmann::json before[3];
  for (int i = 0; i < 3; ++i) before[i] = checked_view(monitor, id, viewers[i]);
  const std::string record_before = monitor.record(id);
  try {
    if (action == "tags")
      monitor.set_event_tags(id, event_tags_of(body, monitor.event_tags(id)));
    else if (action == "abort" || action == "adjudicate")
      monitor.organise(id, action, action == "adjudicate" ? adjudication_of(body) : Adjudication{});
    else
      return true;  // an unknown route: 404
  } catch (const JsonRequestError& e) {
    check_error_text(e);
    return true;
  } catch (const GameSetupError& e) {
    check_error_text(e);
    return true;
  } catch (const SubmissionError& e) {
    check_error_text(e);
    return true;
  } catch (const std::exception& e) {
    finding(std::string("an organiser's request answers 5xx: ") + e.what());
  }
  for (int i = 0; i < 3; ++i) {
    const nlohmann::json after = checked_view(monitor, id, viewers[i]);
    for (const char* key : {"history", "fen", "own_submission", "turn"})
      if (before[i].value(key, nlohmann::json()) != after.value(key, nlohmann::json()))
        finding("the organiser's " + action + " changed the \"" + key + "\" of a view: before " +
                before[i].dump() + " after " + after.dump());
  }
  if (record_moves(monitor.record(id)) != record_moves(record_before))
    finding("the organiser's " + action + " changed the record's moves: before " + record_before +
            " after " + monitor.record(id));
  (void)monitor.organiser_list();
  (void)monitor.export_pgn();
  return true;
}

/// {"wait_ms": N}: advances the harness's clock and settles the clocks, as the clock timer
/// would. False when the line is no such request.
bool clock_wait(Harness& harness, const std::string& line) {
  if (line.find("wait_ms") == std::string::npos) return false;
  JsonObject body;
  try {
    body = parse_json_object(line, {"wait_ms"});
  } catch (const JsonRequestError&) {
    return false;
  }
  const auto it = body.integers.find("wait_ms");
  if (it == body.integers.end() || it->second < 0 || it->second > 1'000'000'000) return false;
  harness.now += it->second;
  try {
    (void)harness.monitor->check_clocks();
  } catch (const std::exception& e) {
    finding(std::string("the clock check throws: ") + e.what());
  }
  return true;
}

/// The opponent's view without the flags a sealed move may change (a clock stops when its side
/// seals, which "waiting_for" says too).
nlohmann::json public_part(nlohmann::json view) {
  for (const char* key : {"submitted", "waiting_for", "version", "clock"}) view.erase(key);
  return view;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;  // the server limits bodies to 64 KiB; long inputs only slow down
  static Harness harness;
  Monitor& monitor = harness.fresh_enough();
  std::istringstream lines(std::string(reinterpret_cast<const char*>(data), size));
  std::string line;
  std::getline(lines, line);
  std::string id;
  const bool line_has_knobs = line.find("knobs") != std::string::npos;
  try {
    id = create_game(monitor, line);
  } catch (const JsonRequestError& e) {
    check_error_text(e);
    return 0;
  } catch (const GameSetupError& e) {
    check_error_text(e);
    return 0;
  } catch (const std::exception& e) {
    finding(std::string("POST /api/games answers 5xx: ") + e.what());
  }
  int turn = 0;
  while (std::getline(lines, line) && turn < 16) {
    if (organiser_request(monitor, id, line)) continue;  // takes no side's turn
    if (clock_wait(harness, line)) continue;             // nor does the clock
    const Color side = turn++ % 2 == 0 ? arbiter::kWhite : arbiter::kBlack;
    const Color other = side == arbiter::kWhite ? arbiter::kBlack : arbiter::kWhite;
    const nlohmann::json before = checked_view(monitor, id, other);
    const nlohmann::json watched_before = checked_view(monitor, id, Viewer());
    bool acted = false;
    try {
      const JsonObject body = parse_json_object(line, {"turn"});
      acted = body.strings.count("action") > 0;
      if (acted)  // POST /api/games/ID/resign, /draw or /claim
        monitor.act(id, side, body.strings.at("action"));
      else
        monitor.submit(id, side, body.string_or("move", ""), named_turn(body),
                       checked_idempotency_key(body.string_or("key", "")));
    } catch (const TurnError& e) {  // 409 with the turn: its body is the monitor's JSON
      check_error_text(e);
      if (!nlohmann::json::accept(e.body()))
        finding("a 409 of a named turn is no JSON: " + e.body());
      continue;
    } catch (const JsonRequestError& e) {
      check_error_text(e);
      continue;
    } catch (const SubmissionError& e) {
      check_error_text(e);
      continue;
    } catch (const std::exception& e) {
      finding(std::string("POST /api/games/ID/moves answers 5xx: ") + e.what());
    }
    const nlohmann::json own = checked_view(monitor, id, side);
    const nlohmann::json after = checked_view(monitor, id, other);
    const nlohmann::json watched = checked_view(monitor, id, Viewer());
    if (!watched["own_submission"].is_null() || !watched["legal"].empty())
      finding("a spectator's view shows a submission or legal moves: " + watched.dump());
    // A move that stayed sealed: only the flags may change for the others (an action, which
    // changes the status or the draw offer for everyone, is no sealed move).
    const bool sealed =
        !acted && own.contains("own_submission") && !own["own_submission"].is_null();
    if (sealed && public_part(watched_before) != public_part(watched))
      finding("the spectator's view changed when a side sealed a move: before " +
              watched_before.dump() + " after " + watched.dump());
    if (sealed && public_part(before) != public_part(after))
      finding("the opponent's view changed when " +
              std::string(side == arbiter::kWhite ? "White" : "Black") + " sealed a move: before " +
              before.dump() + " after " + after.dump());
  }
  if (const std::string differs = monitor.check_stored(id); !differs.empty())
    finding("a stored game does not load as it was played: " + differs);
  // Each resolved turn's board is drawn on demand (for White, Black or a spectator in turn);
  // the turn in play (which may hold a sealed move) has none for any viewer.
  const int current = checked_view(monitor, id, Viewer())["turn"].get<int>();
  const Viewer viewers[] = {Viewer(arbiter::kWhite), Viewer(arbiter::kBlack), Viewer()};
  try {
    for (int t = 1; t < current; ++t) (void)monitor.turn_board(id, t, viewers[t % 3]);
    for (const Viewer viewer : viewers)
      if (monitor.turn_board(id, current, viewer))
        finding("the board of the turn in play is drawn (it may hold a sealed move)");
  } catch (const std::exception& e) {
    finding(std::string("a turn's board answers 5xx or 409: ") + e.what());
  }
  // A Conditional Chess record of a game with the table's own knobs replays (a statement with
  // a space in it once broke it); the other protocols' records need the options in their first
  // line, which the tests replay (tests/server/serve_protocols_test.cpp).
  const nlohmann::json view = checked_view(monitor, id, arbiter::kWhite);
  if (view.value("protocol", "") == "conditional" && !line_has_knobs) {
    const std::string record = monitor.record(id);
    const arbiter::ConditionalReplayResult replayed = arbiter::replay_conditional_record(
        arbiter::load_variant(view.value("variant", "")), record);
    // Between phase A's turns the record holds every ply; mid-turn a stated move or a choice
    // is pending, which the record writes only once it is played.
    const bool between_turns = view.value("phase", "") == "A";
    if (!replayed.valid() || (between_turns && replayed.final_fen != view.value("fen", "")))
      finding("a Conditional Chess record does not replay to the game's position: " + record);
  }
  return 0;
}
