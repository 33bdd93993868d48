#include "lab/gate_play.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/atomic_file.h"
#include "core/progress.h"
#include "core/seed.h"
#include "selfplay/eval/match.h"
#include "selfplay/players/player_spec.h"

namespace inchzero::lab {
namespace {

constexpr uint64_t kGateStream = 0x67617465;  // "gate"

// The gate file at `path` of a match against `opponent`, checked to hold
// `games` games or fewer that decided it (gate_decided).
GateMatch read_gate_file(const std::string& path, int games, const GateOpponent& opponent) {
  GateMatch match;
  try {
    match = GateMatch::from_json(nlohmann::json::parse(read_file(path)));
  } catch (const std::exception& e) {
    throw GameError("lab gate file '" + path + "' is corrupt: " + e.what());
  }
  if (match.planned_games != games || match.games() > games) {
    const std::string held = match.curtailed() ? std::to_string(match.games()) + " of a match of " +
                                                     std::to_string(match.planned_games)
                                               : std::to_string(match.games());
    throw GameError("lab gate file '" + path + "' holds " + held +
                    " games, strength_gate.games is " + std::to_string(games) +
                    "; remove it to play the match again");
  }
  if (match.curtailed() &&
      !gate_decided(match.wins, match.draws, match.losses, games, opponent.min_score)) {
    throw GameError("lab gate file '" + path + "' holds " + std::to_string(match.games()) + " of " +
                    std::to_string(games) + " games, which do not decide a gate at " +
                    fmt::format("{:g}", opponent.min_score) +
                    "; remove it to play the match again");
  }
  return match;
}

// Whether `match` reaches what the gate asks against `opponent`.
bool passes(const GateMatch& match, const GateOpponent& opponent) {
  return reaches_score(match.wins, match.draws, match.losses, opponent.min_score);
}

}  // namespace

std::string gate_path(const std::string& out_dir, const std::string& rule_set,
                      const std::string& opponent, int k) {
  return out_dir + "/gate/" + agent_name(rule_set, k) + "-vs-" + gate_file_stem(opponent) + ".json";
}

bool gate_missing(const LabConfig& config, const RuleSetEntry& entry, const std::string& out_dir,
                  int k) {
  const StrengthGateConfig& gate = config.strength_gate;
  if (!gate.enabled()) return false;
  for (const GateOpponent& o : gate.opponents) {
    const std::string path = gate_path(out_dir, entry.name, o.player, k);
    if (!std::filesystem::exists(path)) return true;
    if (!passes(read_gate_file(path, gate.games, o), o)) return false;  // the rest is not played
  }
  return false;
}

std::string gate_agent_spec(const LabConfig& config, const std::string& agent_folder) {
  return config.agent_spec(*std::min_element(config.budgets.begin(), config.budgets.end()),
                           agent_folder);
}

void play_gate(const LabConfig& config, const RuleSetEntry& entry, size_t entry_index, int k,
               const std::string& out_dir, const SearchConfig& search, bool quiet,
               const std::atomic<bool>* stop) {
  const StrengthGateConfig& gate = config.strength_gate;
  if (!gate.enabled()) return;
  const std::shared_ptr<const Game> game = config.game_of(entry);
  const std::string agent_spec = gate_agent_spec(config, config.agent_folder(entry, out_dir, k));
  const std::string name = agent_name(entry.name, k);
  std::unique_ptr<PlayerFactory> agent;  // made once, for the first missing match
  for (size_t o = 0; o < gate.opponents.size(); ++o) {
    const std::string& opponent_spec = gate.opponents[o].player;
    const std::string path = gate_path(out_dir, entry.name, opponent_spec, k);
    GateMatch match;
    if (std::filesystem::exists(path)) {
      match = read_gate_file(path, gate.games, gate.opponents[o]);
      if (!quiet) {
        std::cerr << name << " gate vs " << opponent_spec << ": done before, " << path << "\n";
      }
    } else {
      if (stop && stop->load()) return;
      if (!agent) agent = make_player_factory(agent_spec, game, search);
      auto opponent = make_player_factory(opponent_spec, game);
      MatchOptions options;
      options.games = gate.games;
      options.seed = derive_seed(config.agent_lab_seed(k), {entry_index, kGateStream, o});
      options.threads = config.threads;
      options.opening_plies = config.opening_plies;
      options.stop = stop;  // a stopped match is not written: it is played again whole
      // Curtailed: once the first games (in index order) decide the gate, no
      // new game starts; the games under way finish and are not counted.
      const double min_score = gate.opponents[o].min_score;
      std::atomic<bool> decided{false};
      options.enough = &decided;
      std::vector<int> results(gate.games, 0);
      std::vector<char> finished_game(gate.games, 0);
      int prefix = 0;                       // games 0 … prefix − 1 have finished
      int wins = 0, draws = 0, losses = 0;  // of those
      ProgressBar bar(name + " gate vs " + opponent_spec, gate.games, !quiet);
      const MatchProgress progress = [&](int finished, int, const MatchGame& g) {
        bar.update(finished);
        results[g.index] = g.result;
        finished_game[g.index] = 1;
        for (; prefix < gate.games && finished_game[prefix]; ++prefix) {
          wins += results[prefix] > 0;
          draws += results[prefix] == 0;
          losses += results[prefix] < 0;
        }
        if (gate_decided(wins, draws, losses, gate.games, min_score)) decided = true;
      };
      try {
        // A gate that asks no score (min_score 0) is decided before its first game.
        MatchResult result;
        if (!gate_decided(0, 0, 0, gate.games, min_score)) {
          result = play_match(*game, *agent, *opponent, options, progress);
        }
        if (result.interrupted) return;
        const std::vector<int> first(results.begin(), results.begin() + prefix);
        const int counted = deciding_games(first, gate.games, min_score);
        for (int i = 0; i < counted; ++i) {
          match.wins += first[i] > 0;
          match.draws += first[i] == 0;
          match.losses += first[i] < 0;
        }
        match.planned_games = gate.games;
        match.seconds = result.seconds;
      } catch (const std::exception& e) {
        // As a cell's failure (lab_runner.cpp): one line, the match unwritten.
        throw std::runtime_error("rule set '" + name + "' gate vs " + opponent_spec +
                                 ": a game failed, the match was not written: " + e.what());
      }
      match.rule_set = entry.name;
      match.opponent = opponent_spec;
      match.agent = agent_spec;
      match.agent_index = k;
      write_file_atomically(path, match.to_json().dump(1) + "\n");
    }
    // An agent that fails one opponent fails the gate: the later (costlier)
    // matches could not change that.
    if (!passes(match, gate.opponents[o])) {
      if (!quiet) {
        std::cerr << name << " gate: fails against " << opponent_spec
                  << "; the later opponents are not played\n";
      }
      return;
    }
  }
}

std::vector<GateMatch> load_gate_matches(const LabConfig& config, const std::string& out_dir) {
  std::vector<GateMatch> matches;
  if (!config.strength_gate.enabled()) return matches;
  for (const RuleSetEntry& entry : config.rule_sets) {
    for (int k = 1; k <= config.agents(); ++k) {
      for (const GateOpponent& o : config.strength_gate.opponents) {
        const std::string path = gate_path(out_dir, entry.name, o.player, k);
        if (std::filesystem::exists(path)) {
          matches.push_back(read_gate_file(path, config.strength_gate.games, o));
          // The file's name says whose match it is (files of agent 1 carry no index).
          matches.back().agent_index = k;
        }
      }
    }
  }
  return matches;
}

}  // namespace inchzero::lab
