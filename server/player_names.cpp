#include "server/player_names.hpp"

#include <fmt/format.h>

#include "server/game_view.hpp"
#include "server/json_request.hpp"
#include "server/monitor.hpp"

namespace arbiter::server {

std::string checked_player_name(const std::string& name, Color side) {
  const std::size_t first = name.find_first_not_of(' ');
  if (first == std::string::npos) return "";
  const std::string trimmed = name.substr(first, name.find_last_not_of(' ') - first + 1);
  if (trimmed.size() > kMaxPlayerName)
    throw GameSetupError(fmt::format("\"players\".\"{}\": a name of {} bytes; at most {}",
                                     side_word(side), trimmed.size(), kMaxPlayerName));
  for (std::size_t i = 0; i < trimmed.size(); ++i) {
    const auto c = static_cast<unsigned char>(trimmed[i]);
    if (c < 0x20 || c == 0x7F)
      throw GameSetupError(fmt::format(
          "\"players\".\"{}\": control character 0x{:02X} at byte {}; a name is one line of "
          "text",
          side_word(side), c, i));
  }
  return trimmed;
}

std::string player_tags(const PlayerNames& names) {
  if (names[kWhite].empty() && names[kBlack].empty()) return "";
  const auto tag = [](const char* key, const std::string& name) {
    std::string value;
    for (const char c : name.empty() ? std::string("?") : name) {
      if (c == '"' || c == '\\') value += '\\';
      value += c;
    }
    return fmt::format("[{} \"{}\"]\n", key, value);
  };
  return tag("White", names[kWhite]) + tag("Black", names[kBlack]);
}

PlayerNames players_of(const JsonObject& body) {
  if (body.strings.count("players"))
    throw JsonRequestError(
        "\"players\" must be an object: {\"white\": \"NAME\", \"black\": \"NAME\"}");
  const auto it = body.objects.find("players");
  if (it == body.objects.end()) return {};
  const JsonObject& p = it->second;
  if (!p.objects.empty())
    throw JsonRequestError("\"players\" maps \"white\" and \"black\" to names (strings)");
  for (const auto& [key, name] : p.strings)
    if (key != "white" && key != "black")
      throw JsonRequestError(
          fmt::format("\"players\".\"{}\": unknown; the keys are \"white\" and \"black\"", key));
  return {p.string_or("white", ""), p.string_or("black", "")};
}

}  // namespace arbiter::server
