#include "server/json_request.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <nlohmann/json.hpp>

namespace arbiter::server {
namespace {

using nlohmann::json;

// Request bodies are a few hundred bytes; deeper nesting than this is not a request.
constexpr int kMaxDepth = 8;

std::string kind_of(const json& v) {
  switch (v.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::boolean:
      return "a boolean";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float:
      return "a number";
    case json::value_t::array:
      return "an array";
    case json::value_t::object:
      return "an object";
    case json::value_t::string:
      return "a string";
    default:
      return "an unsupported value";
  }
}

/// Refuses nesting deeper than kMaxDepth before nlohmann/json sees the text, so that a body of
/// thousands of '[' costs one pass and no recursion; the byte is that of the first bracket too
/// deep.
void check_depth(std::string_view text) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      if (++depth > kMaxDepth)
        throw JsonRequestError(fmt::format(
            "bad JSON body at byte {}: nested deeper than {} levels (a request is an object of "
            "strings and objects of strings)",
            i, kMaxDepth));
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
}

/// A NUL in a text value: an error message quoting the value would end at it (what() is a C
/// string), and no move, table or knob name holds one.
/// `what`: the value or key, in words ("the value of \"move\"", "a key in the body").
void check_no_nul(const std::string& text, const std::string& what) {
  if (const auto nul = text.find('\0'); nul != std::string::npos)
    throw JsonRequestError(fmt::format(
        "bad JSON body: {} holds a NUL character (\\u0000) at character {}; text values may "
        "not contain NUL",
        what, nul));
}

/// `value` as an int, the value of `path`; a fraction, an exponent or a number beyond int's
/// range is refused.
int whole_number(const json& value, const std::string& path) {
  if (value.is_number_unsigned()) {
    if (value.get<unsigned long long>() <= std::numeric_limits<int>::max()) return value.get<int>();
  } else if (value.is_number_integer()) {
    const auto n = value.get<long long>();
    if (n >= std::numeric_limits<int>::min() && n <= std::numeric_limits<int>::max())
      return static_cast<int>(n);
  }
  throw JsonRequestError(fmt::format(
      "bad JSON body: expected a whole number (at most {}) as the value of {}, found {}",
      std::numeric_limits<int>::max(), path, value.is_number() ? value.dump() : kind_of(value)));
}

// `where`: the keys from the top, as "knobs"."NAME", for the error message; `integer_keys`
// apply at the top only.
JsonObject convert(const json& value, const std::string& where, int depth,
                   std::initializer_list<std::string_view> integer_keys) {
  if (depth > kMaxDepth)
    throw JsonRequestError(
        fmt::format("bad JSON body: objects nested deeper than {} at {}", kMaxDepth, where));
  JsonObject out;
  for (const auto& [key, v] : value.items()) {
    const std::string path =
        where.empty() ? fmt::format("\"{}\"", key) : fmt::format("{}.\"{}\"", where, key);
    check_no_nul(key, "a key in " + (where.empty() ? std::string("the body") : where));
    if (where.empty() && v.is_number() &&
        std::find(integer_keys.begin(), integer_keys.end(), key) != integer_keys.end()) {
      out.integers.emplace(key, whole_number(v, path));
    } else if (v.is_string()) {
      check_no_nul(v.get_ref<const std::string&>(), "the value of " + path);
      out.strings.emplace(key, v.get<std::string>());
    } else if (v.is_object()) {
      out.objects.emplace(key, convert(v, path, depth + 1, {}));
    } else {
      throw JsonRequestError(
          fmt::format("bad JSON body: expected a string or an object as the value of {}, found {}",
                      path, kind_of(v)));
    }
  }
  return out;
}

}  // namespace

std::string JsonObject::string_or(const std::string& key, const std::string& fallback) const {
  if (objects.count(key))
    throw JsonRequestError(fmt::format(
        "bad JSON body: expected a string as the value of \"{}\", found an object", key));
  const auto it = strings.find(key);
  return it == strings.end() ? fallback : it->second;
}

JsonObject parse_json_object(std::string_view text,
                             std::initializer_list<std::string_view> integer_keys) {
  check_depth(text);
  json document;
  try {
    // Duplicate keys: the last one counts, as in JavaScript's JSON.parse.
    document = json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    // nlohmann's message is "[json.exception.parse_error.101] parse error at line 1, column
    // 3: syntax error while parsing value - ..."; the byte and the reason are what a caller needs.
    std::string reason = e.what();
    if (const auto colon = reason.find(": "); colon != std::string::npos)
      reason = reason.substr(colon + 2);
    // e.byte counts the bytes read, the bad one included; the message gives its offset.
    const std::size_t offset = e.byte > 0 ? e.byte - 1 : 0;
    throw JsonRequestError(fmt::format("bad JSON body at byte {}: {}", offset, reason));
  } catch (const json::exception& e) {
    // A number out of range ("1e999": out_of_range.406) is not a parse_error; no value here is
    // a number anyway, so say that rather than nlohmann's "[json.exception...]" text.
    std::string reason = e.what();
    if (const auto bracket = reason.find("] "); bracket != std::string::npos)
      reason = reason.substr(bracket + 2);
    throw JsonRequestError(
        fmt::format("bad JSON body: {} (the values of a request are strings or objects)", reason));
  }
  if (!document.is_object())
    throw JsonRequestError(
        fmt::format("bad JSON body: expected an object {{...}}, found {}", kind_of(document)));
  return convert(document, "", 1, integer_keys);
}

}  // namespace arbiter::server
