// Clocks of a game (issue 38, item 6): a time control chosen at creation (Fischer: a base time
// and an increment per move; or days per move, as correspondence chess has it), each side's
// time, whose clock runs, and which side's time ran out first. A clock runs while the game waits
// for its side (Game::waiting): both at once in a simultaneous turn until each side has sealed,
// the side due in the others (docs/serve.md, "Clocks"). What happens to a side out of time is the
// monitor's knob `out-of-time` (the four rule texts say nothing about time). The clock is
// rebuilt after a restart from the time stored with each submission; no HTTP and no thread here
// (server/clock_timer.hpp wakes the monitor at the deadlines).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "present/core/json_writer.hpp"
#include "rules/core/geometry.hpp"
#include "rules/core/variant.hpp"
#include "server/snapshot_reader.hpp"

namespace arbiter::server {

/// The clocks' time: milliseconds since the Unix epoch (wall time: a deadline is a moment, and
/// it holds across a restart of the server).
using ClockMs = std::int64_t;

/// Where the monitor reads the time: the system's clock, or a test's that it advances.
using ClockSource = std::function<ClockMs()>;

/// The system's wall clock.
ClockMs system_clock_ms();

/// A time control or out-of-time choice that cannot be used (HTTP 422); the message says what,
/// where and what was expected.
class ClockSetupError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct TimeControl {
  enum class Kind { kNone, kFischer, kDaysPerMove };
  Kind kind = Kind::kNone;
  ClockMs base_ms = 0;       ///< Fischer: each side's time at the start; days: each move's time
  ClockMs increment_ms = 0;  ///< Fischer: added to a side's time when its clock stops
  /// "15+10", "3d", or "" (none): the text parse_time_control reads back.
  std::string text() const;
};

/// Reads a time control: "MINUTES+SECONDS" (Fischer: "15+10"; minutes may have a fraction,
/// "0.5+2"), "DAYSd" (days per move: "3d"), or "" / "none". Throws ClockSetupError.
TimeControl parse_time_control(std::string_view text);

/// What happens to a side whose time runs out: it loses the game, or its turn is a pass (only
/// where the table's protocol has one: Diplomacy Chess's "-").
enum class OutOfTime { kLoses, kPasses };

const char* to_string(OutOfTime o);

/// Reads "loses", "passes", or "" (loses). Throws ClockSetupError.
OutOfTime parse_out_of_time(std::string_view text);

/// A game's clock settings, as the request gives them and the store keeps them.
struct ClockSettings {
  TimeControl control;
  OutOfTime out_of_time = OutOfTime::kLoses;
  bool enabled() const { return control.kind != TimeControl::Kind::kNone; }
  /// "" (no clock), "15+10", "3d out-of-time=passes": what clock_settings_from_text reads.
  std::string text() const;
};

/// A creation request's clock fields as given ("time_control", "out_of_time"; "" when absent).
struct ClockRequest {
  std::string time_control;
  std::string out_of_time;
};

/// The settings of a creation request's "time_control" and "out_of_time" strings for a game
/// of `v`. Throws ClockSetupError: a bad time control or choice, "out_of_time" without a time
/// control, or "passes" in a table whose protocol has no pass (naming the table and protocol).
ClockSettings checked_clock_settings(std::string_view time_control, std::string_view out_of_time,
                                     const Variant& v);

/// The stored text back (ClockSettings::text). Throws ClockSetupError.
ClockSettings clock_settings_from_text(std::string_view text);

/// Whose clock the game waits on: a flag per colour.
using ClockSides = std::array<bool, 2>;

/// A side out of time, or both at the same moment (`side` nullopt), and when it ran out.
struct ClockFlag {
  std::optional<Color> side;
  ClockMs at = 0;
};

class GameClock {
 public:
  /// Both sides' time at the start; no clock runs until run() says which.
  GameClock(ClockSettings settings, ClockMs start);

  const ClockSettings& settings() const { return settings_; }

  /// From `at` on, in the game's turn `turn` (Game::turn), the clocks of `sides` run and the
  /// others stand. A clock that stops gains the increment (Fischer); one that starts gets the
  /// whole time of a move (days per move). When both sides are waited for in a new turn (a
  /// simultaneous turn begins), both clocks start anew, also one that ran on. A time before the
  /// last change counts as that change's (a wall clock set back). A side that passed on time may
  /// submit again once its clock starts anew.
  void run(const ClockSides& sides, ClockMs at, int turn);

  /// The first side whose time ran out by `now` while its clock ran (both: the same moment),
  /// nullopt while none has.
  std::optional<ClockFlag> flag(ClockMs now) const;

  /// The earliest moment a running clock runs out (nullopt: none runs).
  std::optional<ClockMs> next_deadline() const;

  /// `side`'s time left at `now` (0 once out).
  ClockMs remaining(Color side, ClockMs now) const;
  bool running(Color side) const { return running_[side]; }

  /// `side`'s turn was made a pass because its time ran out (out-of-time=passes): it may not
  /// replace that pass while the turn lasts.
  void passed_on_time(Color side) { passed_[side] = true; }
  bool passed(Color side) const { return passed_[side]; }

  /// The game ended by a time forfeit (PGN Termination "time forfeit").
  void forfeit() { forfeited_ = true; }
  bool forfeited() const { return forfeited_; }

  /// The view's "clock": {"control", "out_of_time", "white_ms", "black_ms" (time left at
  /// `now`), "running" (the sides whose clock runs), "server_time_ms" (`now`: a page counts down
  /// from it without drifting with its own clock)}.
  void write_json(present::JsonWriter& w, ClockMs now) const;

  /// The whole state (times left, running sides, since when, turn, passes on time, forfeit) as
  /// an object, for the monitor's snapshot: a game loaded from its snapshot does not replay the
  /// submissions whose times rebuilt the clock (docs/serve.md, "Memory").
  void write_state(present::JsonWriter& w) const;
  /// The state write_state wrote; throws std::runtime_error (SnapshotReader's) when a field is
  /// missing or of the wrong kind.
  void read_state(const SnapshotReader& r);

 private:
  ClockSettings settings_;
  std::array<ClockMs, 2> left_;  ///< each side's time at `since_`
  ClockSides running_ = {false, false};
  std::array<bool, 2> passed_ = {false, false};
  bool forfeited_ = false;
  ClockMs since_ = 0;
  int turn_ = 0;  ///< the game's turn at the last run()
};

/// The result and reason of a game lost on time: `side` out of time ("0-1", "White's time ran
/// out"), or both at once ("1/2-1/2").
struct TimeForfeit {
  std::string result;
  std::string reason;
};
TimeForfeit time_forfeit(std::optional<Color> side);

/// The stored text of a flag's side ("white", "black", "both") and back (nullopt: both).
std::string flag_side_text(std::optional<Color> side);
std::optional<Color> flag_side_of(std::string_view text);

/// The PGN tag a game lost on time carries after its [Variant] tag.
inline constexpr const char* kTimeForfeitTag = "[Termination \"time forfeit\"]\n";

/// `record` with kTimeForfeitTag after its [Variant] line (unchanged when it has none).
std::string with_time_forfeit_tag(std::string record);

}  // namespace arbiter::server
