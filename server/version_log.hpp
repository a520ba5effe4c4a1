// The public versions a game went through (Game::public_version), the latest kKept changes:
// what an event stream that reconnects with Last-Event-ID has missed. A version says nothing
// the views do not say to both sides, so replaying versions shows no sealed move.
#pragma once

#include <algorithm>
#include <cstddef>
#include <deque>
#include <optional>
#include <vector>

namespace arbiter::server {

class VersionLog {
 public:
  /// Changes kept: a client gone longer gets one snapshot event instead of the changes.
  static constexpr std::size_t kKept = 64;

  /// Starts again at `version` (a game loaded or created: the changes before are not kept).
  void reset(int version) { versions_.assign(1, version); }

  /// The game's version after a submission; a submission that changed no public version (a
  /// sealed move changed) adds nothing.
  void add(int version) {
    if (!versions_.empty() && versions_.back() == version) return;
    versions_.push_back(version);
    if (versions_.size() > kKept + 1) versions_.pop_front();
  }

  /// The versions after `since`, oldest first (none when `since` is the latest); nullopt when
  /// `since` is not a version kept (older than what is kept, or never the game's).
  std::optional<std::vector<int>> after(int since) const {
    const auto it = std::find(versions_.begin(), versions_.end(), since);
    if (it == versions_.end()) return std::nullopt;
    return std::vector<int>(it + 1, versions_.end());
  }

 private:
  std::deque<int> versions_;
};

}  // namespace arbiter::server
