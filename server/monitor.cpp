#include "server/monitor.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "present/core/json_writer.hpp"
#include "rules/core/diagnostic.hpp"
#include "rules/core/table_loader.hpp"
#include "server/game_view.hpp"
#include "server/player_actions.hpp"
#include "server/snapshot_reader.hpp"
#include "server/submission_turn.hpp"
#include "server/tokens.hpp"
#include "server/version_log.hpp"

namespace arbiter::server {

struct Monitor::Entry {
  StoredGame stored;  ///< id, variant, knobs, tokens (submissions: see `count`)
  VariantPtr variant;
  std::atomic<std::uint64_t> used{0};  ///< the monitor's clock when last asked for (LRU)
  mutable std::mutex mutex;
  mutable std::condition_variable changed;
  std::unique_ptr<Game> game;
  int count = 0;  ///< submissions accepted (the next one's seq)
  /// Each side's last accepted submission: its turn, the public version after it and its
  /// text. The same text again while neither has moved on is a retry, taken once.
  struct Last {
    int turn = 0;
    int version = -1;
    std::string text;
  } last[2];
  /// Each Idempotency-Key's submission: its side, its turn and its text. A key is its side's
  /// (keyed by key_of): the opponent sending the same key learns nothing of this submission.
  struct KeyUse {
    Color side = kWhite;
    int turn = 0;
    std::string text;
  };
  std::map<std::string, KeyUse> keys;
  VersionLog versions;       ///< the public versions an event stream may have missed
  PositionCounts positions;  ///< each whole turn's position, for draw claims
  /// False for a game loaded from a snapshot, until a draw claim plays its submissions again.
  bool positions_known = true;
  int snapshot_turn = 1;           ///< the game's turn at its last stored snapshot (1: none)
  PlayerActions actions;           ///< resignation and draw offers
  std::optional<GameClock> clock;  ///< the game's clocks (none without a time control)

  /// The public version: the game's, and one more for each player's action.
  int version() const { return game->public_version() + actions.count(); }
  /// Why the game cannot be played or shown ("" when it can); once set, `game` is not used.
  std::string unavailable;
  /// !unavailable.empty(), read without the lock: authorize() must not wait for a commit.
  std::atomic<bool> is_unavailable{false};

  /// Marks the game unavailable (the caller holds `mutex`, or is the only user of the entry).
  void set_unavailable(std::string why) {
    game.reset();
    unavailable = std::move(why);
    is_unavailable = true;
  }
};

namespace {

constexpr int kTokenBytes = 32;  // 256 bits

/// An Idempotency-Key as the monitor files it: under its side, so that a key names one side's
/// request only (the other side's same key is a key of its own, and its error texts quote
/// nothing of the first side's submission, which may be sealed).
std::string key_of(Color side, const std::string& key) {
  return std::string(side == kWhite ? "white" : "black") + '\n' + key;
}
constexpr int kIdBytes = 8;

/// `"players": {"white": NAME|null, "black": NAME|null}` (a name not given is null), as the
/// view and the organiser's list write it.
void write_players(present::JsonWriter& w, const std::array<std::string, 2>& names) {
  w.key("players").begin_object();
  for (const Color c : {kWhite, kBlack}) {
    w.key(side_word(c));
    if (names[c].empty())
      w.null();
    else
      w.value(names[c]);
  }
  w.end_object();
}

bool is_table_path(const std::string& variant) {
  return variant.find('/') != std::string::npos ||
         (variant.size() > 5 && variant.compare(variant.size() - 5, 5, ".toml") == 0);
}

std::string table_error_text(const TableError& e) {
  std::string out;
  for (const Diagnostic& d : e.diagnostics()) {
    if (!out.empty()) out += '\n';
    out += d.str();
  }
  return out.empty() ? std::string(e.what()) : out;
}

/// The text of a table file that `--tables DIR` allows (the file, symlinks resolved, lies in
/// DIR or below). Throws GameSetupError.
std::string allowed_table_text(const std::string& tables_dir, const std::string& path) {
  namespace fs = std::filesystem;
  if (tables_dir.empty())
    throw GameSetupError(
        fmt::format("table path '{}' refused: this server plays bundled tables only (start it with "
                    "--tables DIR to allow the .toml files of a folder)",
                    path));
  std::error_code ec;
  const fs::path dir = fs::weakly_canonical(tables_dir, ec);
  const fs::path file = fs::weakly_canonical(fs::path(tables_dir) / path, ec);
  const auto [d, f] = std::mismatch(dir.begin(), dir.end(), file.begin(), file.end());
  if (ec || d != dir.end() || f == file.end())
    throw GameSetupError(
        fmt::format("table path '{}' refused: it is not inside the folder {} "
                    "that --tables allows",
                    path, tables_dir));
  std::ifstream in(file);
  if (!in)
    throw GameSetupError(fmt::format("table path '{}': cannot read {}", path, file.string()));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

Monitor::Monitor(GameStore& store, MonitorOptions options)
    : store_(store), options_(std::move(options)) {
  options_.max_games_in_memory = std::max<std::size_t>(options_.max_games_in_memory, 1);
  stored_ = store_.count_games();  // each game loads when asked for
  // The clocks of games out of memory: the timer's first look loads those whose time ran out
  // while the server was down.
  for (auto& [id, deadline] : store_.deadlines()) deadlines_[id] = deadline;
  if (!options_.now) options_.now = system_clock_ms;
  timer_ = std::make_unique<ClockTimer>([this] { return check_clocks(); }, options_.now,
                                        options_.clock_poll);
}

std::shared_ptr<Monitor::Entry> Monitor::load_entry(const std::string& id) const {
  std::optional<StoredGame> g = store_.load_game(id, true);
  if (!g) return nullptr;
  auto e = std::make_shared<Entry>();
  load(*e, *g);
  g->submissions.clear();
  g->snapshot.clear();
  e->stored = std::move(*g);
  return e;
}

std::shared_ptr<Monitor::Entry> Monitor::find(const std::string& id) const {
  const auto touched = [this](std::shared_ptr<Entry> e) {
    e->used = ++clock_;
    return e;
  };
  {
    const std::shared_lock lock(games_mutex_);
    if (const auto it = games_.find(id); it != games_.end()) return touched(it->second);
  }
  // Loaded under load_mutex_, which evictions take too: no other copy of the game can be
  // loaded, changed and dropped meanwhile, so the one put into memory is the stored game.
  const std::lock_guard load_lock(load_mutex_);
  {
    const std::shared_lock lock(games_mutex_);
    if (const auto it = games_.find(id); it != games_.end()) return touched(it->second);
  }
  std::shared_ptr<Entry> e = load_entry(id);
  if (!e) return nullptr;
  deadlines_.erase(id);  // in memory now: check_clocks() walks it there
  // A game that played many turns since its snapshot (or has none: stored before snapshots)
  // gets one now, so that its next load is short. A failure here costs only that.
  if (e->unavailable.empty() && e->game->turn() - e->snapshot_turn >= options_.snapshot_every)
    if (const std::optional<std::string> snap = snapshot_of(*e)) try {
        store_.set_snapshot(id, e->count, *snap, stored_deadline(*e));
        e->snapshot_turn = e->game->turn();
      } catch (const std::exception&) {
      }
  {
    const std::unique_lock lock(games_mutex_);
    games_[id] = e;
  }
  touched(e);
  evict();
  return e;
}

std::shared_ptr<Monitor::Entry> Monitor::find_passing(const std::string& id) const {
  {
    const std::shared_lock lock(games_mutex_);
    if (const auto it = games_.find(id); it != games_.end()) return it->second;
  }
  return load_entry(id);
}

void Monitor::evict() const {
  const std::unique_lock lock(games_mutex_);
  if (games_.size() <= options_.max_games_in_memory) return;
  // Only games nobody holds may go (a request being served, an event stream's pin): the map's
  // reference is their only one, and no new one can be taken while games_mutex_ is held. A
  // sealed move pending is stored, so the game loads again with it.
  std::vector<std::pair<std::uint64_t, std::string>> idle;
  for (const auto& [id, e] : games_)
    if (e.use_count() == 1) idle.emplace_back(e->used.load(), id);
  // Down to nine tenths of the bound, so that the scan is not repeated at every load.
  const std::size_t keep = options_.max_games_in_memory - options_.max_games_in_memory / 10;
  std::size_t drop = games_.size() > keep ? games_.size() - keep : 0;
  drop = std::min(drop, idle.size());
  std::partial_sort(idle.begin(), idle.begin() + static_cast<std::ptrdiff_t>(drop), idle.end());
  for (std::size_t i = 0; i < drop; ++i) {
    const auto it = games_.find(idle[i].second);
    {
      // Nobody else holds the entry (see above): the lock is free, and orders what its last
      // user wrote before what is read here.
      const Entry& e = *it->second;
      const std::lock_guard game_lock(e.mutex);
      // A running clock still runs out while the game is out of memory: check_clocks() loads
      // it at its deadline (the caller holds load_mutex_, which guards the index).
      if (e.clock && e.unavailable.empty())
        if (const std::optional<ClockMs> d = e.clock->next_deadline()) deadlines_[it->first] = *d;
    }
    games_.erase(it);
  }
}

std::shared_ptr<const void> Monitor::pin(const std::string& id) const {
  return find(id);
}

std::size_t Monitor::in_memory() const {
  const std::shared_lock lock(games_mutex_);
  return games_.size();
}

void Monitor::load(Entry& e, const StoredGame& g) const {
  e.count = 0;
  e.last[kWhite] = e.last[kBlack] = {};
  e.actions = {};
  e.keys.clear();
  e.positions = {};
  e.positions_known = true;
  e.snapshot_turn = 1;
  e.clock.reset();
  try {
    if (!e.variant) e.variant = variant_of(g);
    e.game = build(g, e.variant);
    if (!g.clock.empty()) e.clock.emplace(clock_settings_from_text(g.clock), g.clock_start);
    if (!g.snapshot.empty()) {
      try {
        restore(e, g.snapshot);
        e.count = g.snapshot_seq;
      } catch (const std::exception&) {
        // A snapshot this server cannot read (a damaged one, or another version's): the game is
        // its submissions, so it loads from all of them.
        std::optional<StoredGame> all = store_.load_game(g.id);
        if (!all) throw;
        load(e, *all);
        return;
      }
    } else {
      e.positions.reach(e.game->claim_position(), e.game->turn());
      run_clock(e, g.clock_start);
    }
    for (const StoredSubmission& s : g.submissions) {
      try {
        const int turn = e.game->turn();
        if (s.action == "time" || s.action == "time-pass") {
          play_time_flag(e, s);
          ++e.count;
          continue;
        }
        if (!s.action.empty()) {
          e.actions.apply(s.side, s.action, turn, e.game->over(), s.text);
          run_clock(e, s.at_ms);
          ++e.count;
          continue;
        }
        e.game->submit(s.side, s.text);
        if (e.positions_known) e.positions.reach(e.game->claim_position(), e.game->turn());
        e.last[s.side] = {turn, e.version(), s.text};
        if (!s.key.empty()) e.keys[key_of(s.side, s.key)] = {s.side, turn, s.text};
        run_clock(e, s.at_ms);
      } catch (const SubmissionError& err) {
        throw GameUnavailableError(fmt::format("submission {} ({} '{}') is refused now: {}",
                                               e.count + 1, side_word(s.side), s.text, err.what()));
      }
      ++e.count;
    }
    e.versions.reset(e.version());
  } catch (const std::exception& err) {
    e.set_unavailable(fmt::format("stored game {} cannot be loaded: {}", g.id, err.what()));
  }
}

std::optional<std::string> Monitor::snapshot_of(const Entry& e) const {
  const std::optional<std::string> game = e.game->snapshot();
  if (!game) return std::nullopt;
  present::JsonWriter w;
  w.begin_object().field("game", *game);
  e.actions.write(w);
  w.key("keys").begin_array();
  for (const auto& [key, use] : e.keys)
    w.begin_object()
        .field("key", key)
        .field("side", side_word(use.side))
        .field("turn", use.turn)
        .field("text", use.text)
        .end_object();
  w.end_array().key("last").begin_array();
  for (const Color c : {kWhite, kBlack})
    w.begin_object()
        .field("turn", e.last[c].turn)
        .field("version", e.last[c].version)
        .field("text", e.last[c].text)
        .end_object();
  w.end_array();
  if (e.clock) {
    w.key("clock");
    e.clock->write_state(w);
  }
  return w.end_object().str();
}

void Monitor::restore(Entry& e, const std::string& snapshot) const {
  const SnapshotReader r(snapshot);
  e.game->restore(r.text("game"));
  e.actions.read(r);
  for (const SnapshotReader& k : r.list("keys"))
    e.keys[k.text("key")] = {k.text("side") == "white" ? kWhite : kBlack,
                             static_cast<int>(k.number("turn")), k.text("text")};
  const std::vector<SnapshotReader> last = r.list("last");
  if (last.size() != 2) throw std::runtime_error("snapshot: \"last\" holds no two sides");
  for (const Color c : {kWhite, kBlack})
    e.last[c] = {static_cast<int>(last[c].number("turn")),
                 static_cast<int>(last[c].number("version")), last[c].text("text")};
  if (e.clock) e.clock->read_state(r.object("clock"));
  // The positions each whole turn reached are not in the snapshot: a draw claim finds them by
  // playing the submissions again (claims are rare; loading is not).
  e.positions_known = false;
  e.snapshot_turn = e.game->turn();
}

Monitor::~Monitor() = default;

std::unique_ptr<Game> Monitor::build(const StoredGame& g, const VariantPtr& v) const {
  TurnSets sets = TurnSets::kOne;
  if (!turn_sets_from(g.sets, sets))
    throw GameSetupError(fmt::format(
        "\"sets\": \"{}\": expected \"one\", \"progressive\" or \"simultaneously-progressive\"",
        g.sets));
  try {
    return new_game(v, sets);
  } catch (const std::invalid_argument& err) {  // no resolver, or sets outside Diplomacy Chess
    throw GameSetupError(err.what());
  }
}

VariantPtr Monitor::variant_of(const StoredGame& g) const {
  std::string key = g.variant + '\0' + g.table_text + '\0';
  for (const auto& [name, alt] : g.knobs) key += name + '=' + alt + '\n';
  {
    const std::lock_guard lock(variants_mutex_);
    if (const auto it = variants_.find(key); it != variants_.end())
      if (VariantPtr v = it->second.lock()) return v;
  }
  try {
    RuleTable table = g.table_text.empty() ? load_bundled_table(g.variant)
                                           : load_table_text(g.table_text, g.variant);
    VariantPtr v = Variant::compile(std::move(table), g.knobs);
    const std::lock_guard lock(variants_mutex_);
    // Entries of tables no game uses any more go when the map has grown (a table's text is
    // part of its key: a path's table can be edited between games).
    if (variants_.size() > 64)
      std::erase_if(variants_, [](const auto& entry) { return entry.second.expired(); });
    variants_[key] = v;
    return v;
  } catch (const TableError& e) {
    throw GameSetupError(table_error_text(e));
  } catch (const std::invalid_argument& e) {
    throw GameSetupError(e.what());
  }
}

CreatedGame Monitor::create(const std::string& variant, const KnobSettings& knobs,
                            const std::string& sets, const PlayerNames& names,
                            const EventTags& tags, const ClockRequest& clock_request) {
  StoredGame g;
  g.tags = tags;
  g.variant = variant;
  g.knobs = knobs;
  g.sets = sets;
  for (const Color c : {kWhite, kBlack}) g.names[c] = checked_player_name(names[c], c);
  if (is_table_path(variant)) g.table_text = allowed_table_text(options_.tables_dir, variant);
  auto e = std::make_shared<Entry>();
  e->variant = variant_of(g);
  e->game = build(g, e->variant);
  e->positions.reach(e->game->claim_position(), e->game->turn());
  e->versions.reset(e->version());
  try {
    const ClockSettings clock =
        checked_clock_settings(clock_request.time_control, clock_request.out_of_time, *e->variant);
    g.clock = clock.text();
    g.clock_start = options_.now();
    if (clock.enabled()) e->clock.emplace(clock, g.clock_start);
    run_clock(*e, g.clock_start);
    g.deadline = stored_deadline(*e).value_or(std::nullopt);
  } catch (const ClockSetupError& err) {
    throw GameSetupError(err.what());
  }
  g.id = random_hex(kIdBytes);
  const CreatedGame created{
      g.id, {random_hex(kTokenBytes), random_hex(kTokenBytes)}, random_hex(kTokenBytes)};
  g.tokens[kWhite] = token_digest(created.tokens[kWhite]);
  g.tokens[kBlack] = token_digest(created.tokens[kBlack]);
  g.spectator_token = token_digest(created.spectator_token);
  store_.add_game(g);
  e->stored = g;
  ++stored_;
  {
    const std::lock_guard load_lock(load_mutex_);
    {
      const std::unique_lock lock(games_mutex_);
      games_[g.id] = e;
    }
    e->used = ++clock_;
    evict();
  }
  if (e->clock) timer_->poke();
  return created;
}

Access Monitor::authorize(const std::string& id, const std::string& token, Viewer* viewer) const {
  const std::shared_ptr<Entry> e = find(id);
  if (!e) return Access::kNoGame;
  // Every digest is compared, so the time does not tell which one a guess was close to. A game
  // from before spectator links has none ("", which no digest equals).
  const std::string digest = token_digest(token);
  const bool white = same_secret(e->stored.tokens[kWhite], digest);
  const bool black = same_secret(e->stored.tokens[kBlack], digest);
  const bool spectator = same_secret(e->stored.spectator_token, digest);
  if (!white && !black && !spectator) return Access::kBadToken;
  *viewer = white ? Viewer(kWhite) : black ? Viewer(kBlack) : std::nullopt;
  return e->is_unavailable ? Access::kUnavailable : Access::kGranted;
}

bool Monitor::exists(const std::string& id) const {
  return find(id) != nullptr;
}

std::string Monitor::unavailable_reason(const std::string& id) const {
  const std::shared_ptr<Entry> e = find(id);
  if (!e) return "";
  const std::lock_guard lock(e->mutex);
  return e->unavailable;
}

std::vector<std::string> Monitor::unavailable_games() const {
  const std::shared_lock lock(games_mutex_);
  std::vector<std::string> out;
  for (const auto& [id, e] : games_) {
    const std::lock_guard game_lock(e->mutex);
    if (!e->unavailable.empty()) out.push_back(e->unavailable);
  }
  return out;
}

std::string Monitor::view(const std::string& id, Viewer viewer) const {
  const std::shared_ptr<Entry> e = find(id);
  present::JsonWriter w;
  w.begin_object().field("id", id).field("variant", e->variant->name());
  w.key("knobs").begin_object();
  for (const KnobDef& k : e->variant->table().knobs) w.field(k.name, e->variant->knob(k.name));
  w.end_object().field("sets", e->stored.sets);
  w.field("side", viewer ? side_word(*viewer) : "spectator");
  write_players(w, e->stored.names);
  const std::lock_guard lock(e->mutex);
  if (!e->unavailable.empty()) throw GameUnavailableError(e->unavailable);
  settle_clock(*e, id);
  try {
    w.field("version", e->version());
    w.key("draw_offer");
    if (const std::optional<Color> offer = e->actions.draw_offer(e->game->turn()))
      w.value(side_word(*offer));
    else
      w.null();
    w.key("clock");
    if (e->clock)
      e->clock->write_json(w, options_.now());
    else
      w.null();
    e->game->write_view(w, viewer);
    std::string out = w.end_object().str();
    if (e->actions.ending()) out = view_with_ending(out, *e->actions.ending());
    return out;
  } catch (const std::exception& err) {
    // A view that cannot be written is this game's trouble, not the server's: say so for
    // this request (the game stays playable if a later view can be written).
    throw GameUnavailableError(
        fmt::format("game {}: its view cannot be written: {}", id, err.what()));
  }
}

bool Monitor::submit(const std::string& id, Color side, const std::string& text,
                     std::optional<int> turn, const std::string& key) {
  const std::shared_ptr<Entry> e = find(id);
  const std::lock_guard lock(e->mutex);
  if (!e->unavailable.empty()) throw GameUnavailableError(e->unavailable);
  settle_clock(*e, id);
  if (const auto used = e->keys.find(key_of(side, key)); !key.empty() && used != e->keys.end()) {
    const Entry::KeyUse& u = used->second;
    if (u.side != side || u.text != text)
      throw SubmissionError(
          fmt::format("Idempotency-Key '{}' was used for {}'s submission '{}', not this one: a "
                      "new submission needs a new key",
                      key, side_word(u.side), u.text));
    check_named_turn(*e->game, u.turn);  // its turn resolved: TurnError with that turn
    return false;                        // the same request again, its turn still open
  }
  if (turn) check_named_turn(*e->game, *turn);  // throws TurnError
  const int current = e->game->turn();
  const Entry::Last& last = e->last[side];
  if (last.turn == current && last.version == e->version() && last.text == text) {
    // A retry of what is stored: taken once. A new key names it too (in memory only).
    if (!key.empty()) e->keys[key_of(side, key)] = {side, current, text};
    return false;
  }
  if (const std::optional<AgreedEnding>& end = e->actions.ending())
    throw SubmissionError(fmt::format("the game is over: {} ({})", end->result, end->reason));
  if (e->clock && e->clock->passed(side))
    throw SubmissionError(fmt::format(
        "{}'s time ran out in turn {}: its move is a pass (out_of_time \"passes\"), which stays",
        side == kWhite ? "White" : "Black", current));
  e->game->submit(side, text);  // throws SubmissionError before anything changes
  const ClockMs now = options_.now();
  run_clock(*e, now);
  if (e->positions_known) e->positions.reach(e->game->claim_position(), e->game->turn());
  if (!key.empty()) e->keys[key_of(side, key)] = {side, current, text};
  e->last[side] = {current, e->version(), text};
  // With the clock run and `last` set, so that a snapshot stored with it holds them; on failure
  // the entry is loaded again from the store.
  store(*e, id, {side, text, "", key, now});
  e->versions.add(e->version());
  e->changed.notify_all();
  if (e->clock) timer_->poke();
  return true;
}

std::optional<std::string> Monitor::turn_board(const std::string& id, int turn,
                                               Viewer viewer) const {
  const std::shared_ptr<Entry> e = find(id);
  const std::lock_guard lock(e->mutex);
  if (!e->unavailable.empty()) throw GameUnavailableError(e->unavailable);
  if (turn < 1 || turn >= e->game->turn()) return std::nullopt;  // not resolved: nothing drawn
  try {
    return e->game->turn_board(turn, viewer.value_or(kWhite));
  } catch (const std::exception& err) {
    throw GameUnavailableError(
        fmt::format("game {}: the board of turn {} cannot be drawn: {}", id, turn, err.what()));
  }
}

std::string Monitor::record(const std::string& id) const {
  const std::shared_ptr<Entry> e = find(id);
  const std::lock_guard lock(e->mutex);
  if (!e->unavailable.empty()) throw GameUnavailableError(e->unavailable);
  settle_clock(*e, id);
  std::string record = e->game->record();
  // The names' tags follow the record's [Variant] tag (server/game_view.hpp, record_header).
  if (const std::string tags = player_tags(e->stored.names); !tags.empty()) {
    const std::size_t variant_tag = record.find("\n[Variant ");
    const std::size_t after =
        variant_tag == std::string::npos ? std::string::npos : record.find('\n', variant_tag + 1);
    if (after != std::string::npos) record.insert(after + 1, tags);
  }
  if (e->actions.ending()) record = record_with_ending(std::move(record), *e->actions.ending());
  if (e->clock && e->clock->forfeited()) record = with_time_forfeit_tag(std::move(record));
  return record;
}

void Monitor::organise(const std::string& id, const std::string& action,
                       const Adjudication& adjudication) {
  const std::shared_ptr<Entry> e = find(id);
  const std::lock_guard lock(e->mutex);
  if (!e->unavailable.empty()) throw GameUnavailableError(e->unavailable);
  settle_clock(*e, id);
  const std::string text = action == "adjudicate" ? adjudication_text(adjudication) : "";
  e->actions.apply(kWhite, action, e->game->turn(), e->game->over(), text);
  const ClockMs now = options_.now();
  run_clock(*e, now);  // before store(): a snapshot stored with it holds the clock as run
  store(*e, id, {kWhite, text, action, "", now});
  e->versions.add(e->version());
  e->changed.notify_all();
}

void Monitor::set_event_tags(const std::string& id, const EventTags& tags) {
  const std::shared_ptr<Entry> e = find(id);
  const std::lock_guard lock(e->mutex);
  store_.set_event_tags(id, tags);
  e->stored.tags = tags;
}

EventTags Monitor::event_tags(const std::string& id) const {
  const std::shared_ptr<Entry> e = find(id);
  const std::lock_guard lock(e->mutex);
  return e->stored.tags;
}

std::string Monitor::organiser_list() const {
  present::JsonWriter w;
  w.begin_array();
  // Each game in turn: those not in memory are loaded for the list only, so that listing
  // every game does not bring every game into memory.
  for (const std::string& id : store_.game_ids()) {
    const std::shared_ptr<Entry> e = find_passing(id);
    if (!e) continue;
    const std::lock_guard lock(e->mutex);
    if (e->unavailable.empty()) settle_clock(*e, e->stored.id);
    w.begin_object().field("id", e->stored.id).field("variant", e->stored.variant);
    write_players(w, e->stored.names);
    w.field("event", e->stored.tags.event).field("site", e->stored.tags.site);
    w.field("round", e->stored.tags.round);
    if (!e->unavailable.empty()) {
      w.key("turn").null().field("status", "unavailable").key("result").null();
      w.field("reason", e->unavailable).end_object();
      continue;
    }
    w.field("turn", e->game->turn());
    const std::optional<AgreedEnding>& end = e->actions.ending();
    const bool over = end || e->game->over();
    w.field("status", e->actions.aborted() ? "aborted" : over ? "over" : "playing");
    w.key("result");
    if (end)
      w.value(end->result);
    else if (over)
      w.value(record_result(e->game->record()));
    else
      w.null();
    w.key("reason");
    if (end)
      w.value(end->reason);
    else
      w.null();
    w.end_object();
  }
  return w.end_array().str();
}

std::string Monitor::export_pgn() const {
  std::string out;
  for (const std::string& id : store_.game_ids()) {
    const std::shared_ptr<Entry> e = find_passing(id);
    if (!e) continue;
    const std::lock_guard lock(e->mutex);
    if (!e->unavailable.empty()) continue;
    settle_clock(*e, id);
    std::string record = e->game->record();
    if (e->actions.ending()) record = record_with_ending(std::move(record), *e->actions.ending());
    // The record opens with the comment naming replay's options, then its [Variant] tag and a
    // blank line (game_view.hpp, record_header): the export's tags go first, the comment after
    // them, before the moves.
    const std::size_t comment_end = record.find('\n');
    const std::size_t variant_end = record.find("\n\n", comment_end);
    if (comment_end == std::string::npos || variant_end == std::string::npos) continue;
    const std::string comment = record.substr(0, comment_end + 1);
    std::string variant_tag = record.substr(comment_end + 1, variant_end - comment_end);
    if (e->clock && e->clock->forfeited()) variant_tag += kTimeForfeitTag;
    if (!out.empty()) out += '\n';
    out += export_tags(e->stored.tags, e->stored.names[kWhite], e->stored.names[kBlack],
                       record_result(record), variant_tag);
    out += '\n' + comment + record.substr(variant_end + 2);
  }
  return out;
}

std::optional<int> Monitor::wait_for_change(const std::string& id, int seen,
                                            std::chrono::milliseconds timeout) const {
  const std::shared_ptr<Entry> e = find(id);
  std::unique_lock lock(e->mutex);
  const auto stopping = [this] {
    const std::lock_guard stop_lock(stop_mutex_);
    return stopping_;
  };
  if (!e->unavailable.empty()) return std::nullopt;
  e->changed.wait_for(
      lock, timeout, [&] { return stopping() || !e->unavailable.empty() || e->version() != seen; });
  if (stopping() || !e->unavailable.empty()) return std::nullopt;
  return e->version();
}

bool Monitor::act(const std::string& id, Color side, const std::string& action) {
  const std::shared_ptr<Entry> e = find(id);
  const std::lock_guard lock(e->mutex);
  if (!e->unavailable.empty()) throw GameUnavailableError(e->unavailable);
  if (action != "resign" && action != "draw" && action != "claim")
    throw SubmissionError(fmt::format(
        "unknown action '{}': a player may \"resign\", offer a \"draw\" or \"claim\" one", action));
  settle_clock(*e, id);
  const std::string text = action == "claim" ? claimed_draw(*e, side) : "";
  // Throws SubmissionError before anything changes; false: an offer standing already.
  if (!e->actions.apply(side, action, e->game->turn(), e->game->over(), text)) return false;
  const ClockMs now = options_.now();
  run_clock(*e, now);  // before store(): a snapshot stored with it holds the clock as run
  store(*e, id, {side, text, action, "", now});
  e->versions.add(e->version());
  e->changed.notify_all();
  return true;
}

std::string Monitor::claimed_draw(Entry& e, Color side) const {
  const bool simultaneous = e.variant->traits().simultaneous;
  if (options_.draw_claims == DrawClaims::kNone ||
      (simultaneous && options_.draw_claims != DrawClaims::kAll))
    throw SubmissionError(fmt::format(
        "no draw claims in {}: this server hears them {} (--draw-claims)", e.variant->name(),
        options_.draw_claims == DrawClaims::kNone ? "in no game"
                                                  : "in sequential and conditional games only"));
  if (e.actions.ending() || e.game->over())
    throw SubmissionError("the game is over: nothing to claim");
  const Position* pos = e.game->claim_position();
  if (pos && !e.positions_known) {  // loaded from a snapshot: play the submissions again
    Entry all;
    all.variant = e.variant;
    if (const std::optional<StoredGame> g = store_.load_game(e.stored.id)) load(all, *g);
    if (!all.unavailable.empty() || !all.positions_known)
      throw GameUnavailableError(all.unavailable);
    e.positions = std::move(all.positions);
    e.positions_known = true;
  }
  if (!pos)
    throw SubmissionError(
        "no draw claim in the middle of a turn: claim it when the turn's C-move is played");
  std::string why_not;
  const std::optional<std::string> reason =
      e.positions.claim(*pos, e.variant->table().end.fifty_move_plies, simultaneous, &why_not);
  if (!reason) throw SubmissionError("no draw to claim: " + why_not);
  return fmt::format("{}, claimed by {}", *reason, side == kWhite ? "White" : "Black");
}

void Monitor::store(Entry& e, const std::string& id, const StoredSubmission& s) const {
  try {
    // Every snapshot_every turns, the game's snapshot goes with the submission that ends a
    // turn, in its transaction.
    std::string snapshot;
    const int turn = e.game->turn();
    if (turn - e.snapshot_turn >= options_.snapshot_every) snapshot = snapshot_of(e).value_or("");
    store_.add_submission(id, e.count, s, snapshot, stored_deadline(e));
    if (!snapshot.empty()) e.snapshot_turn = turn;
  } catch (const std::exception&) {
    // The game moved on in memory but not on disk: start it again from what was stored.
    try {
      if (const std::optional<StoredGame> g = store_.load_game(id, true)) load(e, *g);
    } catch (const std::exception& err) {
      e.set_unavailable(fmt::format("game {} cannot be reloaded: {}", id, err.what()));
    }
    throw;
  }
  ++e.count;
}

std::optional<std::vector<int>> Monitor::versions_after(const std::string& id, int since) const {
  const std::shared_ptr<Entry> e = find(id);
  const std::lock_guard lock(e->mutex);
  if (!e->unavailable.empty()) return std::nullopt;
  return e->versions.after(since);
}

void Monitor::stop() {
  {
    const std::lock_guard lock(stop_mutex_);
    stopping_ = true;
  }
  const std::shared_lock lock(games_mutex_);
  for (const auto& [id, e] : games_) {
    const std::lock_guard game_lock(e->mutex);
    e->changed.notify_all();
  }
}

namespace {

/// What differs between two loads of one game as `a` and `b` see it ("" when nothing): the
/// views of both sides and the spectator, the record and the last resolved turn's board.
std::string game_difference(const Game& a, const Game& b, const std::string& what) {
  for (const Viewer viewer : {Viewer(kWhite), Viewer(kBlack), Viewer()}) {
    present::JsonWriter x, y;
    x.begin_object();
    y.begin_object();
    a.write_view(x, viewer);
    b.write_view(y, viewer);
    if (x.end_object().str() != y.end_object().str())
      return fmt::format("{}: {}'s view differs", what,
                         viewer ? side_word(*viewer) : "a spectator");
  }
  if (a.record() != b.record()) return what + ": the record differs";
  if (a.turn() != b.turn()) return what + ": the turn differs";
  if (a.turn() > 1 && a.turn_board(a.turn() - 1, kWhite) != b.turn_board(b.turn() - 1, kWhite))
    return what + ": the last turn's board differs";
  return "";
}

}  // namespace

std::string Monitor::check_stored(const std::string& id) const {
  const std::optional<StoredGame> g = store_.load_game(id);
  if (!g) return "game " + id + " is stored but not found";
  const std::shared_ptr<Entry> live = find(id);
  if (!live) return "game " + id + " is stored but not in memory";
  // Every submission played again, and the stored snapshot with the submissions after it.
  Entry again, snapped;
  again.variant = snapped.variant = live->variant;
  load(again, *g);
  const std::optional<StoredGame> from_snapshot = store_.load_game(id, true);
  load(snapped, *from_snapshot);
  const std::lock_guard lock(live->mutex);
  // The clocks as the view shows them, at one moment for all three (and their whole state).
  const ClockMs now = options_.now();
  const auto clock_text = [now](const Entry& e) {
    if (!e.clock) return std::string("null");
    present::JsonWriter w;
    e.clock->write_json(w, now);
    present::JsonWriter state;
    e.clock->write_state(state);
    return w.str() + " " + state.str();
  };
  for (const Entry* e : {&again, &snapped}) {
    const std::string how = e == &again ? "played again" : "from its snapshot";
    if (e->unavailable != live->unavailable)
      return fmt::format("game {} loads {} as '{}', in memory '{}'", id, how, e->unavailable,
                         live->unavailable);
    if (!live->unavailable.empty()) continue;
    if (e->count != live->count)
      return fmt::format("game {} {}: {} submissions, {} accepted", id, how, e->count, live->count);
    if (e->version() != live->version())
      return fmt::format("game {} {}: version {}, in memory {}", id, how, e->version(),
                         live->version());
    if (std::string d = game_difference(*e->game, *live->game, fmt::format("game {} {}", id, how));
        !d.empty())
      return d;
    if (e->actions.ending().has_value() != live->actions.ending().has_value() ||
        e->actions.draw_offer(live->game->turn()) != live->actions.draw_offer(live->game->turn()))
      return fmt::format("game {} {}: the players' actions differ", id, how);
    if (const std::string a = clock_text(*e), b = clock_text(*live); a != b)
      return fmt::format("game {} {}: the clock is {}, in memory {}", id, how, a, b);
  }
  return "";
}

// ---- clocks (server/clock.hpp) ----------------------------------------------------------------

void Monitor::run_clock(Entry& e, ClockMs at) const {
  if (!e.clock) return;
  const bool ended = e.actions.ending() || e.game->over();
  e.clock->run(ended ? ClockSides{false, false} : e.game->waiting(), at, e.game->turn());
}

void Monitor::play_time_flag(Entry& e, const StoredSubmission& s) const {
  if (!e.clock) throw SubmissionError("a time flag in a game without a clock");
  if (s.action == "time-pass") {  // out_of_time "passes": the side's pass, which stays
    const int turn = e.game->turn();
    e.game->submit(s.side, "-");
    if (e.positions_known) e.positions.reach(e.game->claim_position(), e.game->turn());
    e.last[s.side] = {turn, e.version(), "-"};
    run_clock(e, s.at_ms);
    if (!e.clock->running(s.side)) e.clock->passed_on_time(s.side);
    return;
  }
  const TimeForfeit f = time_forfeit(flag_side_of(s.text));
  e.actions.apply(s.side, "adjudicate", e.game->turn(), e.game->over(),
                  adjudication_text({f.result, f.reason}));
  e.clock->forfeit();
  run_clock(e, s.at_ms);
}

void Monitor::settle_clock(Entry& e, const std::string& id) const {
  if (!e.clock) return;
  bool changed = false;
  for (std::optional<ClockFlag> flag;
       !e.actions.ending() && !e.game->over() && (flag = e.clock->flag(options_.now()));) {
    std::vector<StoredSubmission> steps;
    // Both out of time with no increment to come: neither could ever move again, so even
    // under "passes" the game ends (drawn) rather than passing forever.
    const TimeControl& control = e.clock->settings().control;
    const bool stuck =
        !flag->side && control.increment_ms == 0 && control.kind == TimeControl::Kind::kFischer;
    if (e.clock->settings().out_of_time == OutOfTime::kPasses && !stuck) {
      for (const Color c : {kWhite, kBlack})
        if (!flag->side || *flag->side == c) steps.push_back({c, "-", "time-pass", "", flag->at});
    } else {
      steps.push_back(
          {flag->side.value_or(kWhite), flag_side_text(flag->side), "time", "", flag->at});
    }
    for (StoredSubmission s : steps) {
      try {
        play_time_flag(e, s);  // the game changes first, as a submission does
      } catch (const SubmissionError&) {
        // A pass the game refuses (none does): the side loses instead, so no clock is stuck.
        s = {s.side, flag_side_text(s.side), "time", "", s.at_ms};
        play_time_flag(e, s);
      }
      store(e, id, s);
      if (e.actions.ending()) break;
    }
    changed = true;
  }
  if (!changed) return;
  e.versions.add(e.version());
  e.changed.notify_all();
}

std::optional<ClockMs> Monitor::check_clocks() {
  std::vector<std::pair<std::string, std::shared_ptr<Entry>>> entries;
  {
    const std::shared_lock lock(games_mutex_);
    for (const auto& [id, e] : games_) entries.emplace_back(id, e);
  }
  std::optional<ClockMs> next;
  for (const auto& [id, e] : entries) {
    const std::lock_guard lock(e->mutex);
    if (!e->clock || !e->unavailable.empty()) continue;
    try {
      settle_clock(*e, id);
    } catch (const std::exception&) {
      continue;  // the store failed: the game was rebuilt from the store; looked at again next time
    }
    if (const std::optional<ClockMs> d = e->clock ? e->clock->next_deadline() : std::nullopt)
      next = next ? std::min(*next, *d) : *d;
  }
  // The games out of memory whose deadline passed: each is loaded (leaving the index) and
  // settled; the others' deadlines count for the next look.
  std::vector<std::string> due;
  {
    const std::lock_guard load_lock(load_mutex_);
    const ClockMs now = options_.now();
    for (const auto& [id, deadline] : deadlines_)
      if (deadline <= now)
        due.push_back(id);
      else
        next = next ? std::min(*next, deadline) : deadline;
  }
  for (const std::string& id : due) {
    std::shared_ptr<Entry> e;
    try {
      e = find(id);
    } catch (const std::exception&) {
      e = nullptr;
    }
    if (!e) {  // gone from the store, or it cannot be read: not looked at again
      const std::lock_guard load_lock(load_mutex_);
      deadlines_.erase(id);
      continue;
    }
    const std::lock_guard lock(e->mutex);
    if (!e->clock || !e->unavailable.empty()) continue;
    try {
      settle_clock(*e, id);
    } catch (const std::exception&) {
      continue;
    }
    if (const std::optional<ClockMs> d = e->clock ? e->clock->next_deadline() : std::nullopt)
      next = next ? std::min(*next, *d) : *d;
  }
  return next;
}

std::optional<GameStore::Deadline> Monitor::stored_deadline(const Entry& e) const {
  if (!e.clock) return std::nullopt;
  return GameStore::Deadline(e.clock->next_deadline());
}

std::size_t Monitor::size() const {
  return stored_;
}

}  // namespace arbiter::server
