#include "cli/json_writer.hpp"

#include <fmt/format.h>

#include <cmath>

namespace arbiter::cli {

std::string json_escape(std::string_view s) {
  std::string out;
  for (const char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          out += fmt::format("\\u{:04x}", static_cast<unsigned>(static_cast<unsigned char>(c)));
        } else {
          out += c;
        }
    }
  }
  return out;
}

void JsonWriter::separate() {
  if (need_comma_) out_ += ',';
  need_comma_ = true;
}

JsonWriter& JsonWriter::begin_object() {
  separate();
  out_ += '{';
  need_comma_ = false;
  return *this;
}
JsonWriter& JsonWriter::end_object() {
  out_ += '}';
  need_comma_ = true;
  return *this;
}
JsonWriter& JsonWriter::begin_array() {
  separate();
  out_ += '[';
  need_comma_ = false;
  return *this;
}
JsonWriter& JsonWriter::end_array() {
  out_ += ']';
  need_comma_ = true;
  return *this;
}
JsonWriter& JsonWriter::key(std::string_view k) {
  separate();
  out_ += '"' + json_escape(k) + "\":";
  need_comma_ = false;
  return *this;
}
JsonWriter& JsonWriter::value(std::string_view s) {
  separate();
  out_ += '"' + json_escape(s) + '"';
  return *this;
}
JsonWriter& JsonWriter::value(bool b) {
  separate();
  out_ += b ? "true" : "false";
  return *this;
}
JsonWriter& JsonWriter::value(double d) {
  separate();
  out_ += std::isfinite(d) ? fmt::format("{:.6g}", d) : "null";
  return *this;
}
JsonWriter& JsonWriter::value(std::int64_t i) {
  separate();
  out_ += fmt::format("{}", i);
  return *this;
}
JsonWriter& JsonWriter::value(std::uint64_t u) {
  separate();
  out_ += fmt::format("{}", u);
  return *this;
}
JsonWriter& JsonWriter::null() {
  separate();
  out_ += "null";
  return *this;
}

}  // namespace arbiter::cli
