#include "server/player_actions.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "server/game.hpp"
#include "server/game_view.hpp"

namespace arbiter::server {

bool PlayerActions::apply(Color side, const std::string& action, int turn, bool over,
                          const std::string& text) {
  if (action != "resign" && action != "draw" && action != "claim" && action != "abort" &&
      action != "adjudicate")
    throw SubmissionError(
        fmt::format("unknown action '{}': a player may \"resign\" or offer a \"draw\"", action));
  if (ending_)
    throw SubmissionError(
        fmt::format("the game is over: {} ({})", ending_->result, ending_->reason));
  if (over)
    throw SubmissionError(fmt::format("the game is over by its rules: nothing to {}", action));
  if (action == "abort") {
    ending_ = AgreedEnding{"*", "aborted by the organiser"};
  } else if (action == "adjudicate") {
    const Adjudication a = adjudication_from_text(text);
    ending_ = AgreedEnding{a.result, a.reason};
  } else if (action == "claim") {  // checked by the monitor: `text` is why it holds
    ending_ = AgreedEnding{"1/2-1/2", text};
  } else if (action == "resign") {
    ending_ = AgreedEnding{side == kWhite ? "0-1" : "1-0",
                           fmt::format("{} resigned", side == kWhite ? "White" : "Black")};
  } else if (draw_offer(turn) == ~side) {
    ending_ = AgreedEnding{"1/2-1/2", "draw agreed"};
  } else if (draw_offer(turn) == side) {
    return false;  // offered already in this turn
  } else {
    offer_ = side;
    offer_turn_ = turn;
  }
  ++count_;
  return true;
}

std::optional<Color> PlayerActions::draw_offer(int turn) const {
  if (ending_ || !offer_ || offer_turn_ != turn) return std::nullopt;
  return offer_;
}

void PlayerActions::write(present::JsonWriter& w) const {
  w.field("actions", count_).field("offer", offer_ ? side_word(*offer_) : "");
  w.field("offer_turn", offer_turn_);
  if (ending_) w.field("result", ending_->result).field("reason", ending_->reason);
}

void PlayerActions::read(const SnapshotReader& r) {
  count_ = static_cast<int>(r.number("actions"));
  const std::string offer = r.text("offer");
  offer_.reset();
  if (!offer.empty()) offer_ = offer == "white" ? kWhite : kBlack;
  offer_turn_ = static_cast<int>(r.number("offer_turn"));
  ending_.reset();
  if (r.has("result")) ending_ = AgreedEnding{r.text("result"), r.text("reason")};
}

std::string view_with_ending(const std::string& view, const AgreedEnding& ending) {
  nlohmann::ordered_json v = nlohmann::ordered_json::parse(view);
  v["status"] = {{"over", true}, {"result", ending.result}, {"reason", ending.reason}};
  v["waiting_for"] = nlohmann::ordered_json::array();
  v["legal"] = nlohmann::ordered_json::array();
  return v.dump();
}

std::string record_with_ending(std::string record, const AgreedEnding& ending) {
  const std::size_t star = record.rfind("*\n");
  if (star == std::string::npos) return record;
  return record.replace(star, 2, fmt::format("{{ {} }} {}\n", ending.reason, ending.result));
}

}  // namespace arbiter::server
