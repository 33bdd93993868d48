#include "lab/lab_runner.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "core/atomic_file.h"
#include "core/fault_point.h"
#include "core/json_input.h"
#include "core/progress.h"
#include "core/seed.h"
#include "lab/games_journal.h"
#include "lab/gate_play.h"
#include "lab/lab_agents.h"
#include "lab/players_fingerprint.h"
#include "lab/wall_player.h"
#include "model/backend.h"
#include "selfplay/eval/match.h"
#include "selfplay/players/player_spec.h"

namespace inchzero::lab {
namespace {

using inchworm::InchwormState;

nlohmann::json plain_metrics_to_json(const GameMetrics& m) {
  return {{"winner", m.winner},
          {"end_reason", m.end_reason},
          {"plies", m.plies},
          {"scores", {m.scores[0], m.scores[1]}},
          {"target_reached", m.target_reached},
          {"capturing_plies", m.capturing_plies},
          {"pieces_captured", m.pieces_captured},
          {"longest_no_capture_run", m.longest_no_capture_run},
          {"stocks_out_ply", m.stocks_out_ply},
          {"rescues", m.rescues},
          {"positions", m.positions},
          {"two_eyed_positions", m.two_eyed_positions},
          {"wall_positions", m.wall_positions},
          {"multi_edge_positions", m.multi_edge_positions},
          {"uncapturable_ply", {m.uncapturable_ply[0], m.uncapturable_ply[1]}},
          {"standing_since", {m.standing_since[0], m.standing_since[1]}},
          {"wall_at_end", {m.wall_at_end[0], m.wall_at_end[1]}},
          {"two_eyed_at_end", {m.two_eyed_at_end[0], m.two_eyed_at_end[1]}},
          {"final_no_capture_run", m.final_no_capture_run},
          {"first_move", m.first_move}};
}

// The design measures and rule firing of a game (issue 18, part 6), in
// their own object so that cells made before them simply lack it.
nlohmann::json design_to_json(const GameMetrics& m) {
  const DesignMeasures& d = m.design;
  return {{"lead_changes", d.lead_changes},
          {"decisive_ply", d.decisive_ply},
          {"trailing_positions", d.trailing_positions},
          {"trailing_deficit", d.trailing_deficit},
          {"fired", m.fired}};
}

void design_from_json(const nlohmann::json& j, GameMetrics& m) {
  m.design_recorded = true;
  m.design.lead_changes = j.at("lead_changes");
  m.design.decisive_ply = j.at("decisive_ply");
  m.design.trailing_positions = j.at("trailing_positions");
  m.design.trailing_deficit = j.at("trailing_deficit");
  m.fired = j.at("fired").get<std::map<std::string, int>>();
}

nlohmann::json metrics_to_json(const GameMetrics& m) {
  nlohmann::json j = plain_metrics_to_json(m);
  if (m.design_recorded) j["design"] = design_to_json(m);
  if (m.self_capture_recorded) {
    j["self_capture"] = {{"pieces", {m.self_capture_pieces[0], m.self_capture_pieces[1]}},
                         {"points", {m.self_capture_points[0], m.self_capture_points[1]}}};
  }
  if (m.fortress_recorded) {
    j["fortress"] = {{"since", {m.fortress_since[0], m.fortress_since[1]}},
                     {"needed", {m.fortress_needed[0], m.fortress_needed[1]}},
                     {"stockless_positions",
                      {m.stockless_fortress_positions[0], m.stockless_fortress_positions[1]}},
                     {"forced_breaks", {m.forced_breaks[0], m.forced_breaks[1]}}};
  }
  return j;
}

GameMetrics metrics_from_json(const nlohmann::json& j) {
  GameMetrics m;
  m.winner = j.at("winner");
  m.end_reason = j.at("end_reason").get<EndReason>();
  m.plies = j.at("plies");
  for (int p = 0; p < 2; ++p) {
    m.scores[p] = j.at("scores").at(p);
    m.uncapturable_ply[p] = j.at("uncapturable_ply").at(p);
  }
  m.target_reached = j.at("target_reached");
  m.capturing_plies = j.at("capturing_plies");
  m.pieces_captured = j.at("pieces_captured");
  m.longest_no_capture_run = j.at("longest_no_capture_run");
  m.stocks_out_ply = j.at("stocks_out_ply");
  m.rescues = j.at("rescues");
  m.positions = j.at("positions");
  m.two_eyed_positions = j.at("two_eyed_positions");
  m.wall_positions = j.at("wall_positions");
  m.multi_edge_positions = j.at("multi_edge_positions");
  m.first_move = j.at("first_move");
  // Kept since issue 18; cells made before it lack them (the defaults: no
  // formation known to stand at the end).
  if (j.contains("standing_since")) {
    for (int p = 0; p < 2; ++p) {
      m.standing_since[p] = j.at("standing_since").at(p);
      m.wall_at_end[p] = j.at("wall_at_end").at(p);
      m.two_eyed_at_end[p] = j.at("two_eyed_at_end").at(p);
    }
    m.final_no_capture_run = j.at("final_no_capture_run");
  }
  if (j.contains("design")) design_from_json(j.at("design"), m);
  if (j.contains("self_capture")) {
    m.self_capture_recorded = true;
    for (int p = 0; p < 2; ++p) {
      m.self_capture_pieces[p] = j.at("self_capture").at("pieces").at(p);
      m.self_capture_points[p] = j.at("self_capture").at("points").at(p);
    }
  }
  if (j.contains("fortress")) {
    m.fortress_recorded = true;
    for (int p = 0; p < 2; ++p) {
      m.fortress_since[p] = j.at("fortress").at("since").at(p);
      m.fortress_needed[p] = j.at("fortress").at("needed").at(p);
      m.stockless_fortress_positions[p] = j.at("fortress").at("stockless_positions").at(p);
      m.forced_breaks[p] = j.at("fortress").at("forced_breaks").at(p);
    }
  }
  return m;
}

nlohmann::json builder_game_to_json(const BuilderGame& g) {
  return {{"builder", g.builder},
          {"result", g.result()},
          {"metrics", metrics_to_json(g.metrics)},
          {"moves", g.moves}};
}

BuilderGame builder_game_from_json(const nlohmann::json& j) {
  BuilderGame g;
  g.builder = j.at("builder");
  g.metrics = metrics_from_json(j.at("metrics"));
  g.moves = j.at("moves").get<std::vector<std::string>>();
  return g;
}

// The W-D-L of the builder (or draw-seeker) in `games`.
void count_results(const std::vector<BuilderGame>& games, int& wins, int& draws, int& losses) {
  wins = draws = losses = 0;
  for (const BuilderGame& g : games) ++(g.result() > 0 ? wins : g.result() < 0 ? losses : draws);
}

nlohmann::json opponent_games_to_json(const OpponentGames& o) {
  nlohmann::json games = nlohmann::json::array();
  for (const auto& g : o.games) games.push_back(builder_game_to_json(g));
  return {{"opponent", o.opponent},
          {"wins", o.wins},
          {"draws", o.draws},
          {"losses", o.losses},
          {"games", games}};
}

OpponentGames opponent_games_from_json(const nlohmann::json& j) {
  OpponentGames o;
  o.opponent = j.at("opponent");
  o.wins = j.at("wins");
  o.draws = j.at("draws");
  o.losses = j.at("losses");
  for (const auto& g : j.at("games")) o.games.push_back(builder_game_from_json(g));
  return o;
}

// Measures one game through the match loop's observer hook
// (selfplay/eval/match.h), so the lab's games have the guards of
// `inchzero match` and no second play loop.
class MetricsObserver : public GameObserver {
 public:
  // `moves`, when given, receives the game's moves in notation.
  explicit MetricsObserver(GameMetrics* out, std::vector<std::string>* moves = nullptr)
      : out_(out), moves_(moves) {}
  void start(const State& state) override { recorder_.emplace(inchworm_state(state)); }
  void after_move(const State& before, const Move& move, const State& after) override {
    // A game failing mid-way, for tests/cli/lab_contract.sh.
    fault_throw("lab_game_move");
    recorder_->after_move(inchworm_state(before), move, inchworm_state(after));
    if (moves_) moves_->push_back(before.move_to_string(move));
  }
  void finish(const State& state) override { *out_ = recorder_->finish(inchworm_state(state)); }

 private:
  static const InchwormState& inchworm_state(const State& state) {
    return dynamic_cast<const InchwormState&>(state);
  }
  GameMetrics* out_;
  std::vector<std::string>* moves_;
  std::optional<GameMetricsRecorder> recorder_;
};

constexpr uint64_t kBuilderStream = 0x77616c6c;  // "wall"

constexpr uint64_t kSeekerStream = 0x7365656b;  // "seek"

// The journal of a cell under way (lab/games_journal.h):
// OUT/results/<cell stem>.games.jsonl, one line per finished game of any of
// the cell's matches ("part": "agents", "builder", "vs SPEC" for a wall
// opponent, "seeker NAME"), each with the game as the cell file keeps it;
// removed once the cell's file is written.
std::string cell_journal_path(const std::string& cell_file) {
  return cell_file.substr(0, cell_file.size() - std::string(".json").size()) + ".games.jsonl";
}

// What the matches of one cell share: the journal they resume from and
// append to, the cell's progress bar, its time so far, the stop request.
struct CellPlay {
  GamesJournal& journal;
  const MatchProgress& progress;
  std::function<double()> seconds_so_far;
  const std::atomic<bool>* stop;
  std::string label;  // "rule set 'NAME' xBUDGET", for a game's failure
};

// Plays the games of `part` (a match of `options.games` between p0 and p1)
// that the journal lacks; the journal's games are first given back to their
// places by `restore`, and each game that ends is journalled as `keep`
// gives it (its observer has filled it by then). Returns false when
// stopped: the part's games so far are in the journal.
bool play_part(const Game& game, const PlayerFactory& p0, const PlayerFactory& p1,
               MatchOptions options, const std::string& part, CellPlay& play,
               const std::function<nlohmann::json(int)>& keep,
               const std::function<void(int, const nlohmann::json&)>& restore) {
  // A copy: the match asks from its worker threads while games are appended.
  std::vector<char> resumed(options.games, 0);
  for (const auto& [index, line] : play.journal.games(part)) {
    try {
      restore(index, line.at("game"));
    } catch (const std::exception& e) {
      throw play.journal.refuse(part, index, std::string("not a game of this cell: ") + e.what());
    }
    resumed[index] = 1;
  }
  options.skip = [&resumed](int index) { return resumed[index] != 0; };
  options.stop = play.stop;
  const MatchProgress progress = [&](int finished, int total, const MatchGame& g) {
    play.journal.append(part, g.index, {{"game", keep(g.index)}}, play.seconds_so_far());
    fault_point("after_lab_cell_game");
    play.progress(finished, total, g);
  };
  try {
    return !play_match(game, p0, p1, options, progress).interrupted;
  } catch (const std::exception& e) {
    // One game's failure ends the lab with the cell unwritten (a rerun
    // resumes it from its journal), not std::terminate on a worker thread.
    throw std::runtime_error(play.label + ": a game failed, the cell was not written: " + e.what());
  }
}

// The games of `side` (the builder, a draw-seeker) against `other` as the
// cell's `part`, `side` Red in even games; `options` as the builder's games
// against the agent, but seeded with `seed`. `label` is the result's
// `opponent`. False when stopped.
bool play_side(const Game& game, const PlayerFactory& side, const PlayerFactory& other,
               const std::string& label, MatchOptions options, uint64_t seed,
               const std::string& part, CellPlay& play, OpponentGames& out) {
  out.opponent = label;
  out.games.resize(options.games);
  for (int k = 0; k < options.games; ++k) out.games[k].builder = k % 2;
  options.seed = seed;
  options.observe = [&](int i) {
    BuilderGame& g = out.games[i];
    return std::make_unique<MetricsObserver>(&g.metrics, &g.moves);
  };
  const bool played = play_part(
      game, side, other, options, part, play,
      [&](int i) { return builder_game_to_json(out.games[i]); },
      [&](int i, const nlohmann::json& j) { out.games[i] = builder_game_from_json(j); });
  count_results(out.games, out.wins, out.draws, out.losses);
  return played;
}

// The entries of config.draw_seekers that `cell` has no games of.
std::vector<size_t> missing_seekers(const LabConfig& config, const CellResult& cell) {
  std::vector<size_t> out;
  for (size_t k = 0; k < config.draw_seekers.size(); ++k) {
    if (std::none_of(cell.seeker_games.begin(), cell.seeker_games.end(),
                     [&](const SeekerGames& s) { return s.seeker == config.draw_seekers[k]; })) {
      out.push_back(k);
    }
  }
  return out;
}

// A new cell's matches before its draw-seekers': the agent against itself
// (`agents`), the builder against the agent (`builder`), then against each
// wall opponent; their games go into `cell`. False when stopped.
bool play_first_matches(const LabConfig& config, const std::shared_ptr<const Game>& shared,
                        const PlayerFactory& agent, const InferenceOptions& inference,
                        const MatchOptions& agents, const MatchOptions& builder, CellPlay& play,
                        CellResult& cell) {
  const Game& game = *shared;
  cell.games.resize(config.games);
  if (!play_part(
          game, agent, agent, agents, "agents", play,
          [&](int i) { return metrics_to_json(cell.games[i]); },
          [&](int i, const nlohmann::json& j) { cell.games[i] = metrics_from_json(j); })) {
    return false;
  }
  const WallPlayerFactory wall(game);
  OpponentGames vs_agent;
  if (!play_side(game, wall, agent, "", builder, builder.seed, "builder", play, vs_agent))
    return false;
  cell.builder_games = std::move(vs_agent.games);
  count_results(cell.builder_games, cell.wall_wins, cell.wall_draws, cell.wall_losses);
  for (const BuilderGame& g : cell.builder_games) cell.wall_lengths.push_back(g.metrics.plies);
  for (size_t k = 0; k < config.wall_opponents.size(); ++k) {
    const std::string& spec = config.wall_opponents[k];
    cell.opponent_games.emplace_back();
    if (!play_side(game, wall, *make_player_factory(spec, shared, SearchConfig(), inference), spec,
                   builder, derive_seed(builder.seed, {k + 1}), "vs " + spec, play,
                   cell.opponent_games.back())) {
      return false;
    }
  }
  return true;
}

// Plays one cell into the file `path` names (not written here); with
// `before` (a finished cell lacking some draw-seekers) only those seekers'
// games, added to a copy of it: they have seed streams of their own, so
// they are the games a cell played with them would hold. Each finished game
// is journalled, so a cell stopped (`stop`) or killed resumes where it was;
// nullopt when stopped.
std::optional<CellResult> play_cell(const LabConfig& config, const RuleSetEntry& entry,
                                    size_t entry_index, int agent_index, int budget,
                                    const std::string& agent_folder, const std::string& path,
                                    const SearchConfig& search, const InferenceOptions& inference,
                                    bool quiet, const std::atomic<bool>* stop,
                                    const CellResult* before = nullptr) {
  std::shared_ptr<const Game> game = config.game_of(entry);
  CellResult cell = before ? *before : CellResult();
  const std::vector<size_t> seekers = missing_seekers(config, cell);
  cell.rule_set = entry.name;
  cell.budget = budget;
  cell.agent_index = agent_index;
  cell.agent = config.agent_spec(entry, budget, agent_folder);
  cell.options = game->options().non_defaults();
  auto agent = make_player_factory(cell.agent, game, search, inference);
  // Agent k's games derive from its own lab seed (the lab's for k = 1).
  const uint64_t seed =
      derive_seed(config.agent_lab_seed(agent_index), {entry_index, static_cast<uint64_t>(budget)});
  // The matches this run plays, by journal part, and their sizes.
  const int wall_games = config.wall_games_of(entry);
  std::map<std::string, int> parts;
  if (!before) {
    parts["agents"] = config.games;
    parts["builder"] = wall_games;
    for (const std::string& spec : config.wall_opponents) parts["vs " + spec] = wall_games;
  }
  for (size_t k : seekers) parts["seeker " + config.draw_seekers[k]] = wall_games;
  const nlohmann::json settings = {{"journal", "cell"},
                                   {"rule_set", agent_name(entry.name, agent_index)},
                                   {"budget", budget},
                                   {"rules", game->options().label()},
                                   {"agent", cell.agent},
                                   {"seed", seed},
                                   {"opening_plies", config.opening_plies},
                                   {"parts", parts}};
  GamesJournal journal(cell_journal_path(path), "lab cell journal", "cell", settings, parts);
  int total = 0;
  for (const auto& [part, games] : parts) total += games;
  const std::string name = agent_name(entry.name, agent_index);
  ProgressBar bar(
      name + " x" + std::to_string(budget) +
          (journal.count() > 0 ? " (resumed after " + std::to_string(journal.count()) + " games)"
                               : ""),
      total - journal.count(), !quiet);
  int done = 0;  // the match serialises its progress calls
  const MatchProgress progress = [&](int, int, const MatchGame&) { bar.update(++done); };
  const double seconds_before = journal.seconds();
  const auto start_time = std::chrono::steady_clock::now();
  auto seconds_so_far = [&]() {
    return seconds_before +
           std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count();
  };
  CellPlay play{journal, progress, seconds_so_far, stop,
                "rule set '" + name + "' x" + std::to_string(budget)};
  // The agent plays itself (both sides from one factory, so the colours
  // alternate by construction) ...
  MatchOptions agents;
  agents.games = config.games;
  agents.seed = seed;
  agents.threads = config.threads;
  agents.opening_plies = config.opening_plies;
  agents.observe = [&](int i) { return std::make_unique<MetricsObserver>(&cell.games[i]); };
  // ... and the wall-builder plays it, Red in even games, Blue in odd ones.
  MatchOptions builder = agents;
  builder.games = wall_games;
  builder.seed = derive_seed(seed, {kBuilderStream});
  builder.opening_plies = 0;
  if (!before && !play_first_matches(config, game, *agent, inference, agents, builder, play, cell))
    return std::nullopt;
  // The draw-seekers play the agent as the builder does, each from a
  // stream of its own (its place in draw_seekers), so adding them changes
  // no other game of the cell.
  for (size_t k : seekers) {
    const std::string spec = config.draw_seeker_spec(k, budget, agent_folder);
    auto seeker = make_player_factory(spec, game, search, inference);
    cell.seeker_games.push_back({config.draw_seekers[k], OpponentGames()});
    if (!play_side(*game, *seeker, *agent, spec, builder, derive_seed(seed, {kSeekerStream, k}),
                   "seeker " + config.draw_seekers[k], play, cell.seeker_games.back().games)) {
      return std::nullopt;
    }
  }
  cell.seconds += seconds_so_far();
  return cell;
}

// The specs of the players whose games a cell of `agent` holds: the agent,
// the builder, the builder's other opponents and the draw-seekers.
std::vector<std::string> cell_players(const LabConfig& config, const std::string& agent) {
  std::vector<std::string> out = {agent, "wall"};
  out.insert(out.end(), config.wall_opponents.begin(), config.wall_opponents.end());
  out.insert(out.end(), config.draw_seekers.begin(), config.draw_seekers.end());
  return out;
}

// Writes `cell` to its file `path` and removes the journal it was played from.
void write_cell(const std::string& path, const CellResult& cell) {
  write_file_atomically(path, cell.to_json().dump(1) + "\n");
  std::filesystem::remove(cell_journal_path(path));
}

// The finished cell at `path`, checked to hold the games the config asks
// for: a cell played with other `games` or `wall_games` (the rule set's,
// LabConfig::wall_games_of) would be mixed into the report with the others
// and weigh differently in the verdict's tests, so it is refused by name, as
// a gate file with another number of games is.
CellResult read_cell_file(const std::string& path, const LabConfig& config,
                          const RuleSetEntry& entry) {
  const JsonInput text = parse_json_input(read_file(path));
  if (!text.ok()) throw GameError("lab result file '" + path + "' is corrupt: " + text.problem);
  CellResult cell;
  try {
    cell = CellResult::from_json(text.value);
  } catch (const nlohmann::json::exception& e) {
    throw GameError("lab result file '" + path + "' is corrupt: " + e.what());
  }
  const int games = static_cast<int>(cell.games.size());
  const int wall_games = config.wall_games_of(entry);
  if (games != config.games || cell.wall_games() != wall_games) {
    throw GameError(fmt::format(
        "lab result file '{}' holds {} agent games and {} wall-builder games, the config asks "
        "for {} (games) and {} (wall_games); remove it to play the cell again, or use another "
        "--out",
        path, games, cell.wall_games(), config.games, wall_games));
  }
  return cell;
}

// Cells made before the fortress proof (2026-11-29) keep builder games
// without it: their fortress fields are measured again from the moves under
// the entry's rules, so that every report splits draws by the proof. Only
// those fields are taken: the others stay as the cell recorded them.
void prove_fortresses_again(CellResult& cell, const LabConfig& config, const RuleSetEntry& entry) {
  std::vector<BuilderGame*> games;
  for (BuilderGame& g : cell.builder_games) games.push_back(&g);
  for (OpponentGames& o : cell.opponent_games)
    for (BuilderGame& g : o.games) games.push_back(&g);
  for (SeekerGames& s : cell.seeker_games)
    for (BuilderGame& g : s.games.games) games.push_back(&g);
  games.erase(std::remove_if(games.begin(), games.end(),
                             [](const BuilderGame* g) { return g->metrics.fortress_recorded; }),
              games.end());
  if (games.empty()) return;
  const auto game = std::dynamic_pointer_cast<const inchworm::InchwormGame>(config.game_of(entry));
  if (!game) return;
  const std::unique_ptr<InchwormState> start = game->new_initial_state();
  for (BuilderGame* g : games) {
    const GameMetrics again = measure_game(*start, g->moves);
    g->metrics.fortress_recorded = true;
    for (int p = 0; p < 2; ++p) {
      g->metrics.fortress_since[p] = again.fortress_since[p];
      g->metrics.fortress_needed[p] = again.fortress_needed[p];
      g->metrics.stockless_fortress_positions[p] = again.stockless_fortress_positions[p];
      g->metrics.forced_breaks[p] = again.forced_breaks[p];
    }
  }
}

}  // namespace

nlohmann::json CellResult::to_json() const {
  nlohmann::json games_json = nlohmann::json::array();
  for (const auto& g : games) games_json.push_back(metrics_to_json(g));
  nlohmann::json builder_json = nlohmann::json::array();
  for (const auto& g : builder_games) builder_json.push_back(builder_game_to_json(g));
  nlohmann::json opponents_json = nlohmann::json::array();
  for (const auto& o : opponent_games) opponents_json.push_back(opponent_games_to_json(o));
  nlohmann::json j = {{"rule_set", rule_set},
                      {"budget", budget},
                      {"agent", agent},
                      {"options", options},
                      {"games", games_json},
                      {"wall_wins", wall_wins},
                      {"wall_draws", wall_draws},
                      {"wall_losses", wall_losses},
                      {"wall_lengths", wall_lengths},
                      {"seconds", seconds},
                      {"builder_games", builder_json},
                      {"opponent_games", opponents_json}};
  if (agent_index != 1) j["agent_index"] = agent_index;
  if (!players.empty()) j["players"] = players;
  // Only when played, so a lab without draw_seekers writes its cells as before.
  if (!seeker_games.empty()) {
    nlohmann::json seekers_json = nlohmann::json::array();
    for (const SeekerGames& s : seeker_games) {
      nlohmann::json one = opponent_games_to_json(s.games);
      one["seeker"] = s.seeker;
      seekers_json.push_back(one);
    }
    j["seeker_games"] = seekers_json;
  }
  return j;
}

CellResult CellResult::from_json(const nlohmann::json& j) {
  CellResult c;
  try {
    c.rule_set = j.at("rule_set");
    c.budget = j.at("budget");
    c.agent_index = j.value("agent_index", 1);
    c.agent = j.at("agent");
    c.options = j.at("options");
    for (const auto& g : j.at("games")) c.games.push_back(metrics_from_json(g));
    c.wall_wins = j.at("wall_wins");
    c.wall_draws = j.at("wall_draws");
    c.wall_losses = j.at("wall_losses");
    c.wall_lengths = j.at("wall_lengths").get<std::vector<int>>();
    c.seconds = j.at("seconds");
    c.players = j.value("players", "");
    if (j.contains("builder_games")) {
      for (const auto& g : j.at("builder_games"))
        c.builder_games.push_back(builder_game_from_json(g));
    }
    if (j.contains("opponent_games")) {
      for (const auto& o : j.at("opponent_games")) {
        c.opponent_games.push_back(opponent_games_from_json(o));
      }
    }
    if (j.contains("seeker_games")) {
      for (const auto& o : j.at("seeker_games")) {
        c.seeker_games.push_back({o.at("seeker"), opponent_games_from_json(o)});
      }
    }
  } catch (const nlohmann::json::exception& e) {
    throw GameError(std::string("lab result file: ") + e.what());
  }
  return c;
}

std::string cell_path(const std::string& out_dir, const std::string& rule_set, int budget, int k) {
  return out_dir + "/results/" + agent_name(rule_set, k) + "-x" + std::to_string(budget) + ".json";
}

std::vector<CellResult> run_lab(const LabConfig& config, const std::string& out_dir,
                                const LabRunOptions& options) {
  const std::vector<std::string>& only = options.only;
  for (const std::string& name : only) {
    if (std::none_of(config.rule_sets.begin(), config.rule_sets.end(),
                     [&](const RuleSetEntry& e) { return e.name == name; })) {
      throw GameError("--only: no rule set named '" + name + "' in the config");
    }
  }
  // A lab killed inside a write (a cell, the report) leaves its temporary.
  for (const char* sub : {"", "results", "gate", "plots"}) {
    remove_dead_temporaries((std::filesystem::path(out_dir) / sub).string());
  }
  std::vector<CellResult> cells;
  std::vector<int> budgets = config.budgets;
  std::sort(budgets.begin(), budgets.end());
  for (size_t r = 0; r < config.rule_sets.size(); ++r) {
    const RuleSetEntry& entry = config.rule_sets[r];
    const bool play_this =
        options.play_missing &&
        (only.empty() || std::find(only.begin(), only.end(), entry.name) != only.end());
    // Each agent of the rule set in turn, each with its own folder, cells and
    // gate matches (agent 1's are the one-agent lab's).
    for (int k = 1; k <= config.agents(); ++k) {
      const std::string name = agent_name(entry.name, k);
      const std::string folder = config.agent_folder(entry, out_dir, k);
      bool prepared = false;
      SearchConfig search;
      // The agent is prepared (trained) once, before its first missing cell
      // or gate match; a stop request during that leaves them unplayed.
      auto prepare = [&]() {
        if (prepared) return;
        static const std::atomic<bool> kNeverStop{false};
        search = prepare_lab_agent(config, entry, r, k, out_dir, options.quiet,
                                   options.stop ? *options.stop : kNeverStop);
        prepared = true;
      };
      for (int budget : budgets) {
        const std::string path = cell_path(out_dir, entry.name, budget, k);
        const std::string agent = config.agent_spec(entry, budget);
        if (std::filesystem::exists(path)) {
          cells.push_back(read_cell_file(path, config, entry));
          config.check_played_by(entry, path, cells.back().agent, agent);
          config.check_played_under(entry, path, cells.back().options);
          check_same_players(path, cells.back().players, config, entry, agent,
                             cell_players(config, agent));
          prove_fortresses_again(cells.back(), config, entry);
          // The file's name says which agent played it (agent 1's carry no index).
          cells.back().agent_index = k;
          if (!options.quiet) {
            std::cerr << name << " x" << budget << ": done before, " << path << "\n";
          }
          // A draw-seeker added to the config since: its games join the cell.
          if (!play_this || !options.play_cells) continue;
          if (missing_seekers(config, cells.back()).empty()) {
            std::filesystem::remove(cell_journal_path(path));  // left by a kill after the write
            continue;
          }
          if (options.stop && options.stop->load()) continue;
          prepare();
          if (options.stop && options.stop->load()) continue;
          const std::string players = cells.back().players;
          std::optional<CellResult> more =
              play_cell(config, entry, r, k, budget, folder, path, search, options.inference,
                        options.quiet, options.stop, &cells.back());
          if (!more) continue;  // stopped: its journal resumes it
          cells.back() = std::move(*more);
          cells.back().players = players;  // checked above (or written before they were kept)
          write_cell(path, cells.back());
          continue;
        }
        if (!play_this || !options.play_cells || (options.stop && options.stop->load())) continue;
        prepare();
        if (options.stop && options.stop->load()) continue;
        std::optional<CellResult> cell =
            play_cell(config, entry, r, k, budget, folder, path, search, options.inference,
                      options.quiet, options.stop);
        if (!cell) continue;  // stopped: its journal resumes it
        cells.push_back(std::move(*cell));
        cells.back().players = players_fingerprint(config, entry, agent);
        write_cell(path, cells.back());
        fault_point("after_lab_cell");
      }
      // The strength gate after the agent's cells: its matches add to them.
      if (play_this && options.play_gates && !(options.stop && options.stop->load())) {
        if (gate_missing(config, entry, out_dir, k)) prepare();
        play_gate(config, entry, r, k, out_dir, search, options.inference, options.quiet,
                  options.stop);
      }
    }
  }
  return cells;
}

}  // namespace inchzero::lab
