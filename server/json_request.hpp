// The bodies of the monitor's POST requests: a JSON object whose values are strings or objects
// of the same kind ({"variant": "diplomacy", "knobs": {"NAME": "ALT"}}, {"move": "e4"}), and
// whole numbers under the top-level keys a request names ({"move": "e4", "turn": 3}).
// Anything else is refused with the place and what was expected. nlohmann/json parses; this
// keeps the shapes the monitor accepts, so the handlers never see a number or an array.
#pragma once

#include <initializer_list>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace arbiter::server {

/// A body that is not such an object (HTTP 400); the message names the byte offset of a syntax
/// error, or the key whose value has the wrong kind.
class JsonRequestError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct JsonObject {
  std::map<std::string, std::string> strings;
  std::map<std::string, JsonObject> objects;
  /// The whole numbers of the keys parse_json_object was told to allow (int's range).
  std::map<std::string, int> integers;

  /// The string under `key`, or `fallback` when absent. Throws JsonRequestError when `key`
  /// holds an object.
  std::string string_or(const std::string& key, const std::string& fallback) const;
};

/// Parses `text`; the top-level keys in `integer_keys` may hold a whole number (else a string or
/// an object). Throws JsonRequestError.
JsonObject parse_json_object(std::string_view text,
                             std::initializer_list<std::string_view> integer_keys = {});

}  // namespace arbiter::server
