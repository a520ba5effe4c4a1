// libFuzzer target: what a client of `arbiter serve` sends, as the HTTP handlers pass it to the
// monitor (server/http_server.cpp). The first line is the body of POST /api/games, each further
// line the body of POST /api/games/ID/moves, for White and Black in turn. A body is refused
// with JsonRequestError, a game with GameSetupError, a move with SubmissionError; anything else
// thrown, a crash or a hang is a finding. After each accepted move both sides' views must be
// JSON objects (nlohmann/json reads them back) that name the side.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "server/game.hpp"
#include "server/game_store.hpp"
#include "server/json_request.hpp"
#include "server/monitor.hpp"

namespace {

using arbiter::Color;
using arbiter::KnobSettings;
using namespace arbiter::server;

// One store for many inputs (opening SQLite per input would dominate), started afresh every
// 256 games: the monitor keeps every game in memory, and a long run would reach libFuzzer's
// memory limit.
struct Harness {
  std::string path = (std::filesystem::temp_directory_path() /
                      ("arbiter-fuzz-serve-" + std::to_string(getpid()) + ".sqlite"))
                         .string();
  std::unique_ptr<GameStore> store;
  std::unique_ptr<Monitor> monitor;

  Monitor& fresh_enough() {
    if (!monitor || monitor->size() >= 256) {
      monitor.reset();
      store.reset();
      for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
      store = std::make_unique<GameStore>(path);
      monitor = std::make_unique<Monitor>(*store, MonitorOptions{});
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
  return monitor.create(o.string_or("variant", "orthodox"), knobs).id;
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
  try {
    id = create_game(monitor, line);
  } catch (const JsonRequestError&) {
    return 0;
  } catch (const GameSetupError&) {
    return 0;
  }
  int turn = 0;
  while (std::getline(lines, line) && turn < 16) {
    const Color side = turn++ % 2 == 0 ? arbiter::kWhite : arbiter::kBlack;
    std::string move;
    try {
      move = parse_json_object(line).string_or("move", "");
      monitor.submit(id, side, move);
    } catch (const JsonRequestError&) {
      continue;
    } catch (const SubmissionError&) {
      continue;
    }
    for (const Color c : {arbiter::kWhite, arbiter::kBlack}) {
      const nlohmann::json view = nlohmann::json::parse(monitor.view(id, c), nullptr, false);
      if (view.is_discarded() || !view.is_object() || !view.contains("side")) std::abort();
    }
  }
  return 0;
}
