#include "server/clock.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <string>
#include <vector>

#include "rules/core/rule_table.hpp"

namespace arbiter::server {
namespace {

constexpr ClockMs kSecond = 1000;
constexpr ClockMs kMinute = 60 * kSecond;
constexpr ClockMs kDay = 24 * 60 * kMinute;
constexpr double kMaxMinutes = 1440;  // a day: longer games use days per move
constexpr int kMaxIncrementSeconds = 3600;
constexpr int kMaxDays = 60;

constexpr const char* kForms =
    "expected MINUTES+SECONDS (Fischer: \"15+10\", \"0.5+2\"), DAYSd (days per move: \"3d\") or "
    "\"none\"";

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
  });
}

/// A whole number of at most 6 digits, or nullopt.
std::optional<int> small_whole(std::string_view s) {
  if (!all_digits(s) || s.size() > 6) return std::nullopt;
  return std::stoi(std::string(s));
}

/// "15", "0.5", "2.25": minutes as milliseconds (whole ones), or nullopt.
std::optional<ClockMs> minutes_ms(std::string_view s) {
  const std::size_t dot = s.find('.');
  const std::string_view whole = s.substr(0, dot);
  const std::string_view fraction = dot == std::string_view::npos ? "" : s.substr(dot + 1);
  if (!all_digits(whole) || whole.size() > 6 ||
      (dot != std::string_view::npos && (!all_digits(fraction) || fraction.size() > 3)))
    return std::nullopt;
  const double minutes = std::stod(std::string(s));
  return static_cast<ClockMs>(std::llround(minutes * static_cast<double>(kMinute)));
}

std::string trimmed(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return std::string(s);
}

/// "15", "0.5": minutes as the shortest text that reads back.
std::string minutes_text(ClockMs ms) {
  if (ms % kMinute == 0) return std::to_string(ms / kMinute);
  std::string out = fmt::format("{:.3f}", static_cast<double>(ms) / static_cast<double>(kMinute));
  while (out.back() == '0') out.pop_back();
  return out;
}

}  // namespace

ClockMs system_clock_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string TimeControl::text() const {
  switch (kind) {
    case Kind::kNone:
      return "";
    case Kind::kFischer:
      return minutes_text(base_ms) + "+" + std::to_string(increment_ms / kSecond);
    case Kind::kDaysPerMove:
      return std::to_string(base_ms / kDay) + "d";
  }
  return "";
}

TimeControl parse_time_control(std::string_view input) {
  const std::string text = trimmed(input);
  TimeControl c;
  if (text.empty() || text == "none") return c;
  const auto bad = [&](const std::string& why) {
    return ClockSetupError(fmt::format("time control '{}': {}; {}", text, why, kForms));
  };
  if (text.back() == 'd') {
    const std::optional<int> days = small_whole(std::string_view(text).substr(0, text.size() - 1));
    if (!days) throw bad("the days before 'd' are not a whole number");
    if (*days < 1 || *days > kMaxDays)
      throw bad(fmt::format("{} days per move: from 1 to {} days", *days, kMaxDays));
    c.kind = TimeControl::Kind::kDaysPerMove;
    c.base_ms = *days * kDay;
    return c;
  }
  const std::size_t plus = text.find('+');
  if (plus == std::string::npos) throw bad("no '+' between the minutes and the seconds");
  const std::optional<ClockMs> base = minutes_ms(std::string_view(text).substr(0, plus));
  if (!base)
    throw bad(fmt::format("the minutes '{}' are not a number (at most 3 decimals)",
                          text.substr(0, plus)));
  const std::optional<int> increment = small_whole(std::string_view(text).substr(plus + 1));
  if (!increment)
    throw bad(
        fmt::format("the increment '{}' is not a whole number of seconds", text.substr(plus + 1)));
  if (*base <= 0) throw bad("the base time must be more than 0 minutes");
  if (*base > static_cast<ClockMs>(kMaxMinutes) * kMinute)
    throw bad(fmt::format("the base time is over {} minutes (a day: use days per move, \"1d\")",
                          kMaxMinutes));
  if (*increment > kMaxIncrementSeconds)
    throw bad(fmt::format("the increment is over {} seconds", kMaxIncrementSeconds));
  c.kind = TimeControl::Kind::kFischer;
  c.base_ms = *base;
  c.increment_ms = *increment * kSecond;
  return c;
}

const char* to_string(OutOfTime o) {
  return o == OutOfTime::kLoses ? "loses" : "passes";
}

OutOfTime parse_out_of_time(std::string_view input) {
  const std::string text = trimmed(input);
  if (text.empty() || text == "loses") return OutOfTime::kLoses;
  if (text == "passes") return OutOfTime::kPasses;
  throw ClockSetupError(fmt::format(
      "out_of_time '{}': expected \"loses\" (the side out of time loses the game) or \"passes\" "
      "(its turn is a pass, where the table has one)",
      text));
}

std::string ClockSettings::text() const {
  if (!enabled()) return "";
  std::string out = control.text();
  if (out_of_time != OutOfTime::kLoses)
    out += std::string(" out-of-time=") + to_string(out_of_time);
  return out;
}

ClockSettings checked_clock_settings(std::string_view time_control, std::string_view out_of_time,
                                     const Variant& v) {
  ClockSettings s;
  s.control = parse_time_control(time_control);
  s.out_of_time = parse_out_of_time(out_of_time);
  if (!s.enabled() && !trimmed(out_of_time).empty())
    throw ClockSetupError(fmt::format(
        "out_of_time '{}' without a time control: give \"time_control\" too (\"15+10\", \"3d\")",
        trimmed(out_of_time)));
  if (s.out_of_time == OutOfTime::kPasses && !v.traits().passes)
    throw ClockSetupError(fmt::format(
        "out_of_time 'passes' refused: table '{}' ({} protocol, {} resolver) has no pass; a side "
        "out of time can only lose there (out_of_time \"loses\"). Diplomacy Chess has one (\"-\")",
        v.name(), to_string(v.table().protocol), to_string(v.table().resolver)));
  return s;
}

ClockSettings clock_settings_from_text(std::string_view text) {
  ClockSettings s;
  const std::size_t space = text.find(' ');
  s.control = parse_time_control(text.substr(0, space));
  if (space != std::string_view::npos) {
    constexpr std::string_view kKey = "out-of-time=";
    const std::string_view rest = text.substr(space + 1);
    if (rest.substr(0, kKey.size()) != kKey)
      throw ClockSetupError(fmt::format("stored clock '{}': expected out-of-time=...", text));
    s.out_of_time = parse_out_of_time(rest.substr(kKey.size()));
  }
  return s;
}

GameClock::GameClock(ClockSettings settings, ClockMs start)
    : settings_(std::move(settings)),
      left_{settings_.control.base_ms, settings_.control.base_ms},
      since_(start) {}

void GameClock::run(const ClockSides& sides, ClockMs at, int turn) {
  at = std::max(at, since_);
  const TimeControl& c = settings_.control;
  // A new simultaneous turn: both clocks start anew, also the one that ran until its side's
  // submission resolved the turn.
  const bool anew = turn != turn_ && sides[kWhite] && sides[kBlack];
  turn_ = turn;
  for (const Color side : {kWhite, kBlack}) {
    if (running_[side]) left_[side] = std::max<ClockMs>(0, left_[side] - (at - since_));
    if (running_[side] && (!sides[side] || anew)) {  // stops
      if (c.kind == TimeControl::Kind::kFischer) left_[side] += c.increment_ms;
      if (c.kind == TimeControl::Kind::kDaysPerMove) left_[side] = c.base_ms;
    }
    if (sides[side] && (!running_[side] || anew)) {  // starts
      if (c.kind == TimeControl::Kind::kDaysPerMove) left_[side] = c.base_ms;
      passed_[side] = false;
    }
    running_[side] = sides[side];
  }
  since_ = at;
}

std::optional<ClockFlag> GameClock::flag(ClockMs now) const {
  std::optional<ClockFlag> first;
  for (const Color side : {kWhite, kBlack}) {
    if (!running_[side]) continue;
    const ClockMs out = since_ + left_[side];
    if (out > now) continue;
    if (!first || out < first->at)
      first = ClockFlag{side, out};
    else if (out == first->at)
      first->side.reset();  // both at the same moment
  }
  return first;
}

std::optional<ClockMs> GameClock::next_deadline() const {
  std::optional<ClockMs> next;
  for (const Color side : {kWhite, kBlack})
    if (running_[side] && (!next || since_ + left_[side] < *next)) next = since_ + left_[side];
  return next;
}

ClockMs GameClock::remaining(Color side, ClockMs now) const {
  if (!running_[side]) return left_[side];
  return std::max<ClockMs>(0, left_[side] - std::max<ClockMs>(0, now - since_));
}

void GameClock::write_json(present::JsonWriter& w, ClockMs now) const {
  w.begin_object().field("control", settings_.control.text());
  w.field("out_of_time", to_string(settings_.out_of_time));
  w.field("white_ms", remaining(kWhite, now)).field("black_ms", remaining(kBlack, now));
  w.key("running").begin_array();
  for (const Color side : {kWhite, kBlack})
    if (running_[side]) w.value(side == kWhite ? "white" : "black");
  w.end_array().field("server_time_ms", now).end_object();
}

void GameClock::write_state(present::JsonWriter& w) const {
  w.begin_object().key("sides").begin_array();
  for (const Color side : {kWhite, kBlack})
    w.begin_object()
        .field("left_ms", left_[side])
        .field("running", running_[side] ? 1 : 0)
        .field("passed", passed_[side] ? 1 : 0)
        .end_object();
  w.end_array().field("since_ms", since_).field("turn", turn_);
  w.field("forfeited", forfeited_ ? 1 : 0).end_object();
}

void GameClock::read_state(const SnapshotReader& r) {
  const std::vector<SnapshotReader> sides = r.list("sides");
  if (sides.size() != 2) throw std::runtime_error("snapshot: the clock holds no two sides");
  for (const Color side : {kWhite, kBlack}) {
    left_[side] = sides[side].number("left_ms");
    running_[side] = sides[side].number("running") != 0;
    passed_[side] = sides[side].number("passed") != 0;
  }
  since_ = r.number("since_ms");
  turn_ = static_cast<int>(r.number("turn"));
  forfeited_ = r.number("forfeited") != 0;
}

TimeForfeit time_forfeit(std::optional<Color> side) {
  if (!side) return {"1/2-1/2", "both sides' time ran out at once"};
  return {*side == kWhite ? "0-1" : "1-0",
          fmt::format("{}'s time ran out", *side == kWhite ? "White" : "Black")};
}

std::string flag_side_text(std::optional<Color> side) {
  return !side ? "both" : *side == kWhite ? "white" : "black";
}

std::optional<Color> flag_side_of(std::string_view text) {
  if (text == "white") return kWhite;
  if (text == "black") return kBlack;
  return std::nullopt;
}

std::string with_time_forfeit_tag(std::string record) {
  const std::size_t variant = record.find("[Variant ");
  if (variant == std::string::npos) return record;
  const std::size_t end = record.find('\n', variant);
  if (end == std::string::npos) return record;
  return record.insert(end + 1, kTimeForfeitTag);
}

}  // namespace arbiter::server
