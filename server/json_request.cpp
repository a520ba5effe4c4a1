#include "server/json_request.hpp"

#include <fmt/format.h>

namespace arbiter::server {
namespace {

class JsonRequestParser {
 public:
  explicit JsonRequestParser(std::string_view text) : text_(text) {}

  JsonObject document() {
    JsonObject o = object(0);
    skip_space();
    if (at_ < text_.size()) fail("the end of the body after the object");
    return o;
  }

 private:
  static constexpr int kMaxDepth = 8;

  [[noreturn]] void fail(std::string_view expected) const {
    const std::string found =
        at_ < text_.size() ? fmt::format("'{}'", text_[at_]) : std::string("the end");
    throw JsonRequestError(
        fmt::format("bad JSON body at byte {}: expected {}, found {}", at_, expected, found));
  }

  void skip_space() {
    while (at_ < text_.size() &&
           (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r'))
      ++at_;
  }

  bool take(char c) {
    skip_space();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }

  JsonObject object(int depth) {
    if (depth > kMaxDepth) fail("at most 8 nested objects");
    if (!take('{')) fail("'{' (a JSON object)");
    JsonObject o;
    if (take('}')) return o;
    do {
      skip_space();
      const std::string key = string();
      if (!take(':')) fail("':' after a key");
      skip_space();
      if (at_ < text_.size() && text_[at_] == '{') {
        o.objects[key] = object(depth + 1);
      } else if (at_ < text_.size() && text_[at_] == '"') {
        o.strings[key] = string();
      } else {
        fail(fmt::format("a string or an object as the value of \"{}\"", key));
      }
    } while (take(','));
    if (!take('}')) fail("',' or '}' in an object");
    return o;
  }

  static void append_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  unsigned hex4() {
    unsigned v = 0;
    for (int i = 0; i < 4; ++i, ++at_) {
      if (at_ >= text_.size()) fail("four hex digits after \\u");
      const char c = text_[at_];
      v <<= 4;
      if (c >= '0' && c <= '9')
        v |= static_cast<unsigned>(c - '0');
      else if (c >= 'a' && c <= 'f')
        v |= static_cast<unsigned>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        v |= static_cast<unsigned>(c - 'A' + 10);
      else
        fail("four hex digits after \\u");
    }
    return v;
  }

  std::string string() {
    if (at_ >= text_.size() || text_[at_] != '"') fail("'\"' (a string)");
    ++at_;
    std::string out;
    while (true) {
      if (at_ >= text_.size()) fail("'\"' closing the string");
      const char c = text_[at_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) {
        --at_;
        fail("no control character inside a string");
      }
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at_ >= text_.size()) fail("an escape after '\\'");
      const char e = text_[at_++];
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          unsigned cp = hex4();
          if (cp >= 0xD800 && cp < 0xDC00 && text_.substr(at_, 2) == "\\u") {
            at_ += 2;
            const unsigned low = hex4();
            if (low < 0xDC00 || low >= 0xE000) fail("a low surrogate after a high one");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          append_utf8(out, cp);
          break;
        }
        default:
          --at_;
          fail("one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u");
      }
    }
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

}  // namespace

std::string JsonObject::string_or(const std::string& key, const std::string& fallback) const {
  if (objects.count(key)) throw JsonRequestError(fmt::format("\"{}\" must be a string", key));
  const auto it = strings.find(key);
  return it == strings.end() ? fallback : it->second;
}

JsonObject parse_json_object(std::string_view text) {
  return JsonRequestParser(text).document();
}

}  // namespace arbiter::server
