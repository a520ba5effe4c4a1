#include "server/organiser.hpp"

#include <fmt/format.h>

#include "server/monitor.hpp"

namespace arbiter::server {
namespace {

constexpr std::size_t kMaxReason = 200;

/// `value` trimmed of spaces and checked as one line of at most `max` bytes; `what` names it.
std::string checked_line(const std::string& value, const std::string& what, std::size_t max) {
  const std::size_t first = value.find_first_not_of(' ');
  if (first == std::string::npos) return "";
  const std::string trimmed = value.substr(first, value.find_last_not_of(' ') - first + 1);
  if (trimmed.size() > max)
    throw GameSetupError(
        fmt::format("{}: a value of {} bytes; at most {}", what, trimmed.size(), max));
  for (std::size_t i = 0; i < trimmed.size(); ++i) {
    const auto c = static_cast<unsigned char>(trimmed[i]);
    if (c < 0x20 || c == 0x7F)
      throw GameSetupError(fmt::format(
          "{}: control character 0x{:02X} at byte {}; the value is one line of text", what, c, i));
  }
  return trimmed;
}

}  // namespace

EventTags event_tags_of(const JsonObject& body, EventTags base) {
  for (auto [key, field] :
       {std::pair{"event", &EventTags::event}, std::pair{"site", &EventTags::site},
        std::pair{"round", &EventTags::round}}) {
    if (body.objects.count(key))
      throw JsonRequestError(fmt::format("\"{}\" must be a string", key));
    if (const auto it = body.strings.find(key); it != body.strings.end())
      base.*field = checked_line(it->second, fmt::format("\"{}\"", key), kMaxTagValue);
  }
  return base;
}

std::string pgn_tag_value(const std::string& value) {
  std::string out;
  for (const char c : value.empty() ? std::string("?") : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

Adjudication adjudication_of(const JsonObject& body) {
  if (!body.strings.count("result"))
    throw JsonRequestError(
        "\"result\" is missing: {\"result\": \"1-0\", \"reason\": \"White's time forfeit\"}");
  Adjudication a{body.strings.at("result"), body.string_or("reason", "")};
  if (a.result != "1-0" && a.result != "0-1" && a.result != "1/2-1/2")
    throw GameSetupError(
        fmt::format("\"result\": '{}': expected \"1-0\", \"0-1\" or \"1/2-1/2\" (to end a game "
                    "without a result, abort it)",
                    a.result));
  a.reason = checked_line(a.reason, "\"reason\"", kMaxReason);
  if (a.reason.empty())
    throw GameSetupError("\"reason\" is empty: an adjudication says why (it goes into the record)");
  if (a.reason.find_first_of("{}") != std::string::npos)
    throw GameSetupError("\"reason\": '{' and '}' refused (the reason is a comment of the record)");
  a.reason = "adjudicated: " + a.reason;
  return a;
}

std::string adjudication_text(const Adjudication& a) {
  return a.result + ' ' + a.reason;
}

Adjudication adjudication_from_text(const std::string& text) {
  const std::size_t space = text.find(' ');
  if (space == std::string::npos) return {text, ""};
  return {text.substr(0, space), text.substr(space + 1)};
}

std::string export_tags(const EventTags& tags, const std::string& white, const std::string& black,
                        const std::string& result, const std::string& variant_tag) {
  return fmt::format(
      "[Event \"{}\"]\n[Site \"{}\"]\n[Round \"{}\"]\n[White \"{}\"]\n[Black \"{}\"]\n[Result "
      "\"{}\"]\n{}",
      pgn_tag_value(tags.event), pgn_tag_value(tags.site), pgn_tag_value(tags.round),
      pgn_tag_value(white), pgn_tag_value(black), result, variant_tag);
}

std::string record_result(const std::string& record) {
  const std::size_t end = record.find_last_not_of(" \n");
  if (end == std::string::npos) return "*";
  const std::size_t start = record.find_last_of(" \n}", end);
  return record.substr(start == std::string::npos ? 0 : start + 1, end - start);
}

}  // namespace arbiter::server
