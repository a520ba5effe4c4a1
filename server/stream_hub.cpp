#include "server/stream_hub.hpp"

#include <algorithm>

namespace arbiter::server {

std::shared_ptr<OpenStream> StreamHub::open(const std::string& game, const std::string& token_key,
                                            std::optional<int> resumed_from) {
  const std::lock_guard lock(mutex_);
  std::size_t& held = by_token_[token_key];
  if (held >= per_token_) return nullptr;
  ++held;
  auto stream = std::make_shared<OpenStream>(game, token_key, resumed_from);
  by_game_[game].push_back(stream);
  return stream;
}

void StreamHub::remove(const OpenStream* stream) {
  const std::lock_guard lock(mutex_);
  const auto game = by_game_.find(stream->game);
  if (game == by_game_.end()) return;
  auto& list = game->second;
  const auto it =
      std::find_if(list.begin(), list.end(), [&](const auto& s) { return s.get() == stream; });
  if (it == list.end()) return;
  list.erase(it);
  if (list.empty()) by_game_.erase(game);
  if (const auto t = by_token_.find(stream->token_key); t != by_token_.end() && --t->second == 0)
    by_token_.erase(t);
}

std::vector<std::shared_ptr<OpenStream>> StreamHub::watching(const std::string& game) const {
  const std::lock_guard lock(mutex_);
  const auto it = by_game_.find(game);
  return it == by_game_.end() ? std::vector<std::shared_ptr<OpenStream>>{} : it->second;
}

std::vector<std::shared_ptr<OpenStream>> StreamHub::all() const {
  const std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<OpenStream>> out;
  for (const auto& [game, list] : by_game_) out.insert(out.end(), list.begin(), list.end());
  return out;
}

std::size_t StreamHub::size() const {
  const std::lock_guard lock(mutex_);
  std::size_t n = 0;
  for (const auto& [game, list] : by_game_) n += list.size();
  return n;
}

}  // namespace arbiter::server
