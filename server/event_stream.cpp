#include "server/event_stream.hpp"

#include <fmt/format.h>

namespace arbiter::server {

std::optional<int> last_event_id(std::string_view header) {
  if (header.empty()) return std::nullopt;
  if (header.size() > 9 || header.find_first_not_of("0123456789") != std::string_view::npos)
    throw LastEventIdError(fmt::format(
        "bad Last-Event-ID '{}': expected the id of an event of this game's stream (a whole "
        "number, the game's version)",
        header));
  return std::stoi(std::string(header));
}

std::string EventStream::catch_up(const Monitor& monitor, const std::string& id, int current) {
  if (seen_ == current) return "";
  std::string out;
  const std::optional<std::vector<int>> missed =
      seen_ ? monitor.versions_after(id, *seen_) : std::nullopt;
  if (!seen_) {
    out = fmt::format("id: {}\nevent: update\ndata: {{\"version\":{}}}\n\n", current, current);
    seen_ = current;
  } else if (missed) {
    for (const int v : *missed)
      out += fmt::format("id: {}\nevent: update\ndata: {{\"version\":{}}}\n\n", v, v);
    if (!missed->empty()) seen_ = missed->back();
  } else {
    // More changes than the monitor keeps, or a version it never had: the client reloads.
    out = fmt::format("id: {}\nevent: snapshot\ndata: {{\"version\":{},\"missed_since\":{}}}\n\n",
                      current, current, *seen_);
    seen_ = current;
  }
  return out;
}

}  // namespace arbiter::server
