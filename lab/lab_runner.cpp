#include "lab/lab_runner.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "core/atomic_file.h"
#include "core/fault_point.h"
#include "core/progress.h"
#include "core/registry.h"
#include "core/seed.h"
#include "lab/lab_agents.h"
#include "model/backend.h"
#include "selfplay/eval/match.h"
#include "selfplay/players/player_spec.h"

namespace inchzero::lab {
namespace {

using inchworm::GameMetrics;
using inchworm::InchwormState;

nlohmann::json metrics_to_json(const GameMetrics& m) {
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
          {"first_move", m.first_move}};
}

GameMetrics metrics_from_json(const nlohmann::json& j) {
  GameMetrics m;
  m.winner = j.at("winner");
  m.end_reason = j.at("end_reason");
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
  return m;
}

// One measured game between `red` and `blue` from game `index`'s opening.
GameMetrics play_measured(const Game& game, Player& red, Player& blue, uint64_t seed,
                          int opening_plies, int index) {
  std::unique_ptr<State> state = match_opening(game, seed, opening_plies, index);
  Player* players[2] = {&red, &blue};
  auto& start = dynamic_cast<InchwormState&>(*state);
  inchworm::GameMetricsRecorder recorder(start);
  while (!state->is_terminal()) {
    const Move move = players[state->current_player()]->choose_move(*state);
    std::unique_ptr<State> before = state->clone();
    state->apply_move(move);
    recorder.after_move(dynamic_cast<const InchwormState&>(*before), move,
                        dynamic_cast<const InchwormState&>(*state));
  }
  return recorder.finish(dynamic_cast<const InchwormState&>(*state));
}

// Run `count` jobs on `threads` threads; job(i) must be thread-safe.
template <class Job>
void parallel_for(int count, int threads, Job job) {
  std::atomic<int> next{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < std::min(threads, count); ++t) {
    pool.emplace_back([&]() {
      for (int i = next++; i < count; i = next++) job(i);
    });
  }
  for (auto& th : pool) th.join();
}

CellResult play_cell(const LabConfig& config, const RuleSetEntry& entry, size_t entry_index,
                     int budget, const std::string& agent_folder, const SearchConfig& search,
                     bool quiet) {
  const auto start_time = std::chrono::steady_clock::now();
  std::vector<std::string> overrides = config.overrides;
  overrides.insert(overrides.end(), entry.set.begin(), entry.set.end());
  std::shared_ptr<const Game> game = load_game("inchworm", entry.rules, overrides);
  CellResult cell;
  cell.rule_set = entry.name;
  cell.budget = budget;
  cell.agent = config.agent_spec(budget, agent_folder);
  cell.options = game->options().non_defaults();
  auto agent = make_player_factory(cell.agent, game, search);
  auto wall = make_player_factory("wall", game);
  const uint64_t seed = derive_seed(config.seed, {entry_index, static_cast<uint64_t>(budget)});
  const int total = config.games + config.wall_games;
  cell.games.resize(config.games);
  std::vector<GameMetrics> wall_games(config.wall_games);
  std::mutex mutex;
  int done = 0;
  ProgressBar bar(entry.name + " x" + std::to_string(budget), total, !quiet);
  parallel_for(total, config.threads, [&](int i) {
    const uint64_t a = derive_seed(seed, {static_cast<uint64_t>(i), 0});
    const uint64_t b = derive_seed(seed, {static_cast<uint64_t>(i), 1});
    if (i < config.games) {
      auto red = agent->make(a), blue = agent->make(b);
      cell.games[i] = play_measured(*game, *red, *blue, seed, config.opening_plies, i);
    } else {
      // Wall-builder games: the builder is Red in even games, Blue in odd ones.
      const int k = i - config.games;
      auto builder = wall->make(a), opponent = agent->make(b);
      wall_games[k] = k % 2 == 0 ? play_measured(*game, *builder, *opponent, seed, 0, i)
                                 : play_measured(*game, *opponent, *builder, seed, 0, i);
    }
    std::lock_guard<std::mutex> lock(mutex);
    bar.update(++done);
  });
  for (size_t k = 0; k < wall_games.size(); ++k) {
    const int builder = k % 2 == 0 ? 0 : 1;
    const int w = wall_games[k].winner;
    (w == kNoPlayer ? cell.wall_draws : w == builder ? cell.wall_wins : cell.wall_losses)++;
    cell.wall_lengths.push_back(wall_games[k].plies);
  }
  cell.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count();
  return cell;
}

}  // namespace

nlohmann::json CellResult::to_json() const {
  nlohmann::json games_json = nlohmann::json::array();
  for (const auto& g : games) games_json.push_back(metrics_to_json(g));
  return {{"rule_set", rule_set},     {"budget", budget},           {"agent", agent},
          {"options", options},       {"games", games_json},        {"wall_wins", wall_wins},
          {"wall_draws", wall_draws}, {"wall_losses", wall_losses}, {"wall_lengths", wall_lengths},
          {"seconds", seconds}};
}

CellResult CellResult::from_json(const nlohmann::json& j) {
  CellResult c;
  try {
    c.rule_set = j.at("rule_set");
    c.budget = j.at("budget");
    c.agent = j.at("agent");
    c.options = j.at("options");
    for (const auto& g : j.at("games")) c.games.push_back(metrics_from_json(g));
    c.wall_wins = j.at("wall_wins");
    c.wall_draws = j.at("wall_draws");
    c.wall_losses = j.at("wall_losses");
    c.wall_lengths = j.at("wall_lengths").get<std::vector<int>>();
    c.seconds = j.at("seconds");
  } catch (const nlohmann::json::exception& e) {
    throw GameError(std::string("lab result file: ") + e.what());
  }
  return c;
}

std::string cell_path(const std::string& out_dir, const std::string& rule_set, int budget) {
  return out_dir + "/results/" + rule_set + "-x" + std::to_string(budget) + ".json";
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
  for (const char* sub : {"", "results", "plots"}) {
    remove_dead_temporaries((std::filesystem::path(out_dir) / sub).string());
  }
  std::vector<CellResult> cells;
  std::vector<int> budgets = config.budgets;
  std::sort(budgets.begin(), budgets.end());
  for (size_t r = 0; r < config.rule_sets.size(); ++r) {
    const RuleSetEntry& entry = config.rule_sets[r];
    bool prepared = false;
    SearchConfig search;
    for (int budget : budgets) {
      const std::string path = cell_path(out_dir, entry.name, budget);
      if (std::filesystem::exists(path)) {
        nlohmann::json j;
        try {
          j = nlohmann::json::parse(read_file(path));
        } catch (const nlohmann::json::exception& e) {
          throw GameError("lab result file '" + path + "' is corrupt: " + e.what());
        }
        cells.push_back(CellResult::from_json(j));
        if (!options.quiet) {
          std::cerr << entry.name << " x" << budget << ": done before, " << path << "\n";
        }
        continue;
      }
      if (!options.play_missing ||
          (!only.empty() && std::find(only.begin(), only.end(), entry.name) == only.end()) ||
          (options.stop && options.stop->load())) {
        continue;
      }
      // The agent is prepared (trained) once, before the rule set's first
      // missing cell; a stop request during that leaves the cells unplayed.
      if (!prepared) {
        static const std::atomic<bool> kNeverStop{false};
        const InferenceOptions inference = default_inference();
        search = prepare_lab_agent(config, entry, r, out_dir, options.quiet,
                                   options.stop ? *options.stop : kNeverStop);
        set_default_inference(inference);
      }
      prepared = true;
      if (options.stop && options.stop->load()) continue;
      cells.push_back(play_cell(config, entry, r, budget, config.agent_folder(entry, out_dir),
                                search, options.quiet));
      write_file_atomically(path, cells.back().to_json().dump(1) + "\n");
      fault_point("after_lab_cell");
    }
  }
  return cells;
}

}  // namespace inchzero::lab
