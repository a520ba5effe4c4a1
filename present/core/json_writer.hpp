// A minimal JSON writer: the CLI's --json output and the server's API (objects, arrays, strings,
// numbers).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace arbiter::inline present {

std::string json_escape(std::string_view s);

/// Builds one JSON value incrementally; keys and commas are handled for the caller.
class JsonWriter {
 public:
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(bool b);
  JsonWriter& value(double d);
  JsonWriter& value(std::int64_t i);
  JsonWriter& value(std::uint64_t u);
  JsonWriter& value(int i) { return value(static_cast<std::int64_t>(i)); }
  JsonWriter& null();
  /// A value that is JSON text already (another JsonWriter's), written as it is.
  JsonWriter& raw(std::string_view json);
  template <typename T>
  JsonWriter& field(std::string_view k, const T& v) {
    key(k);
    return value(v);
  }
  const std::string& str() const { return out_; }

 private:
  void separate();
  std::string out_;
  bool need_comma_ = false;
};

}  // namespace arbiter::inline present
