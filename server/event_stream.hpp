// The text of a game's server-sent event stream (GET /api/games/ID/events): each event carries
// the game's public version as its `id:` and its data, so a client that reconnects with
// Last-Event-ID gets each change it missed, or one snapshot event when the monitor no longer
// keeps them all. The stream says only versions, never anything of a view.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "server/monitor.hpp"

namespace arbiter::server {

/// A Last-Event-ID header that is no version of a game (HTTP 400).
class LastEventIdError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The version a Last-Event-ID header names; nullopt for an empty header (a new stream).
/// Throws LastEventIdError for anything but a whole number.
std::optional<int> last_event_id(std::string_view header);

/// One stream's position: the version it told the client last.
class EventStream {
 public:
  /// `resumed_from`: the Last-Event-ID the client sent, if any.
  explicit EventStream(std::optional<int> resumed_from) : seen_(resumed_from) {}

  /// The version the client has (nullopt: none yet), for Monitor::wait_for_change.
  int seen() const { return seen_.value_or(-1); }

  /// The events to send now that game `id` is at version `current`: "" when the client has
  /// it; for a new stream one `update`; else an `update` per version missed, or one `snapshot`
  /// when the monitor no longer keeps them.
  std::string catch_up(const Monitor& monitor, const std::string& id, int current);

 private:
  std::optional<int> seen_;
};

}  // namespace arbiter::server
