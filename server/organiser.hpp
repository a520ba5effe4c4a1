// What an organiser does beside the players (issue 38, item 6): the event's tags of each game
// (Event, Site, Round: given at creation or later by the organiser), aborting a game and
// adjudicating its result, and the export of every game as one PGN file. The organiser's token
// is the server's (arbiter serve --organiser-token-file, or one generated at start); only its
// digest is kept (server/tokens.hpp).
#pragma once

#include <string>

#include "server/json_request.hpp"

namespace arbiter::server {

/// A game's PGN tags of the event ("" when not given: "?" in the export).
struct EventTags {
  std::string event;
  std::string site;
  std::string round;
};

/// The longest tag value, in bytes.
constexpr std::size_t kMaxTagValue = 80;

/// The "event", "site" and "round" strings of a request body, each checked (one line of at most
/// kMaxTagValue bytes, surrounding spaces dropped); keys absent keep `base`'s value. Throws
/// GameSetupError for a bad value.
EventTags event_tags_of(const JsonObject& body, EventTags base = {});

/// `value` as a PGN tag value: '"' and '\' escaped, "?" when empty.
std::string pgn_tag_value(const std::string& value);

/// An organiser's adjudication: the result and why.
struct Adjudication {
  std::string result;  ///< "1-0", "0-1" or "1/2-1/2"
  std::string reason;  ///< one line, shown in the views and the record's comment
};

/// The adjudication of a request body {"result": R, "reason": TEXT}. Throws JsonRequestError
/// for a missing key, GameSetupError for a result that is not 1-0, 0-1 or 1/2-1/2 or a reason
/// that is not one line of at most 200 bytes without '{' or '}'.
Adjudication adjudication_of(const JsonObject& body);

/// The stored text of an adjudication ("RESULT REASON") and back.
std::string adjudication_text(const Adjudication& a);
Adjudication adjudication_from_text(const std::string& text);

/// The export's header of one game: the tags Event, Site, Round, White, Black and Result in
/// that order (PGN's roster without Date), then `variant_tag` (the record's own "[Variant ...]"
/// line).
std::string export_tags(const EventTags& tags, const std::string& white, const std::string& black,
                        const std::string& result, const std::string& variant_tag);

/// The last word of a record: its result ("1-0", "0-1", "1/2-1/2" or "*").
std::string record_result(const std::string& record);

}  // namespace arbiter::server
