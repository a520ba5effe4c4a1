// Reads back a game's snapshot (Game::snapshot, Monitor's stored snapshot): a JSON object that a
// JsonWriter wrote, its fields asked for by key. Any field missing or of the wrong kind throws
// std::runtime_error (the caller then loads the game from its submissions instead).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::server {

class SnapshotReader {
 public:
  /// Parses `json`, which must be an object.
  explicit SnapshotReader(std::string_view json);
  ~SnapshotReader();
  SnapshotReader(const SnapshotReader&);
  SnapshotReader& operator=(const SnapshotReader&) = delete;

  bool has(const char* key) const;
  std::string text(const char* key) const;
  std::int64_t number(const char* key) const;
  /// Object `key`.
  SnapshotReader object(const char* key) const;
  /// The objects of array `key`.
  std::vector<SnapshotReader> list(const char* key) const;
  /// The strings of array `key`.
  std::vector<std::string> texts(const char* key) const;

 private:
  struct Node;
  SnapshotReader(std::shared_ptr<const void> root, const Node* at);
  std::shared_ptr<const void> root_;  ///< keeps the parsed document alive
  const Node* at_;
};

}  // namespace arbiter::server
