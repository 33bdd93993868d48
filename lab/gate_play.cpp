#include "lab/gate_play.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/atomic_file.h"
#include "core/fault_point.h"
#include "core/json_input.h"
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
  const JsonInput text = parse_json_input(read_file(path));
  if (!text.ok()) throw GameError("lab gate file '" + path + "' is corrupt: " + text.problem);
  GateMatch match;
  try {
    match = GateMatch::from_json(text.value);
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

// The journal of a gate match under way: OUT/gate/<file stem>.games.jsonl,
// its first line the match's settings, then one line per finished game
// ({"index", "result" for the agent, "seconds": the match's time so far}),
// appended as each game ends. A killed or stopped lab resumes the match
// from it, playing only the games it lacks (each game is seeded from the
// match seed and its index, so the games are the ones an unbroken match
// plays); it is removed once the match's file is written.
std::string journal_path(const std::string& gate_file) {
  return gate_file.substr(0, gate_file.size() - std::string(".json").size()) + ".games.jsonl";
}

// A gate match's finished games as its journal holds them.
struct GateJournal {
  std::vector<int> result;     // per game index; meaningful where finished
  std::vector<char> finished;  // per game index
  int count = 0;               // games finished
  double seconds = 0;          // the match's time in the runs before
};

// Read the journal at `path` (none: an empty one), checking that it is of
// the match `settings` describes; a journal of another match is refused by
// name, as a gate file of another size is.
GateJournal read_journal(const std::string& path, const nlohmann::json& settings, int games) {
  GateJournal journal;
  journal.result.assign(games, 0);
  journal.finished.assign(games, 0);
  const std::vector<std::string> lines = read_appended_lines(path);
  if (lines.empty()) return journal;
  auto bad = [&](size_t line, const std::string& why) {
    return GameError("lab gate journal '" + path + "':" + std::to_string(line + 1) + ": " + why +
                     "; remove it to play the match again");
  };
  const JsonInput head = parse_json_input(lines[0]);
  if (head.value != settings) {
    throw bad(0, "it is of another match (" +
                     (head.ok() ? json_excerpt(head.value) : head.problem) + ", this one is " +
                     settings.dump() + ")");
  }
  for (size_t i = 1; i < lines.size(); ++i) {
    const nlohmann::json line = parse_json_input(lines[i]).value;
    int index = -1, result = 2;
    try {
      index = line.at("index").get<int>();
      result = line.at("result").get<int>();
      journal.seconds = std::max(journal.seconds, line.at("seconds").get<double>());
    } catch (const std::exception&) {
      throw bad(i, "not a game line");
    }
    if (index < 0 || index >= games || result < -1 || result > 1 || journal.finished[index]) {
      throw bad(i, "a game this match cannot have");
    }
    journal.result[index] = result;
    journal.finished[index] = 1;
    ++journal.count;
  }
  return journal;
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
    const std::string path = gate_path(out_dir, entry.name, o.label(), k);
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
               const std::string& out_dir, const SearchConfig& search,
               const InferenceOptions& inference, bool quiet, const std::atomic<bool>* stop) {
  const StrengthGateConfig& gate = config.strength_gate;
  if (!gate.enabled()) return;
  const std::string agent_spec = gate_agent_spec(config, config.agent_folder(entry, out_dir, k));
  const std::string name = agent_name(entry.name, k);
  for (size_t o = 0; o < gate.opponents.size(); ++o) {
    const std::string opponent_spec = gate.opponents[o].label();
    const std::string path = gate_path(out_dir, entry.name, opponent_spec, k);
    GateMatch match;
    if (std::filesystem::exists(path)) {
      match = read_gate_file(path, gate.games, gate.opponents[o]);
      std::filesystem::remove(journal_path(path));  // left by a kill after the file's rename
      if (!quiet) {
        std::cerr << name << " gate vs " << opponent_spec << ": done before, " << path << "\n";
      }
    } else {
      if (stop && stop->load()) return;
      // The opponent's overrides change the game of both players.
      const std::shared_ptr<const Game> game = config.game_of(entry, gate.opponents[o].set);
      auto agent = make_player_factory(agent_spec, game, search, inference);
      auto opponent =
          make_player_factory(gate.opponents[o].player, game, SearchConfig(), inference);
      MatchOptions options;
      options.games = gate.games;
      options.seed = derive_seed(config.agent_lab_seed(k), {entry_index, kGateStream, o});
      options.threads = config.threads;
      options.opening_plies = config.opening_plies;
      options.stop = stop;  // a stopped match is not written: its journal resumes it
      // Curtailed: once the first games (in index order) decide the gate, no
      // new game starts; the games under way finish and are not counted.
      const double min_score = gate.opponents[o].min_score;
      std::atomic<bool> decided{false};
      options.enough = &decided;
      // The games a stopped or killed run of this match finished.
      const std::string journal_file = journal_path(path);
      const nlohmann::json settings = {{"journal", "gate"},
                                       {"rule_set", name},
                                       {"rules", game->options().label()},
                                       {"agent", agent_spec},
                                       {"opponent", opponent_spec},
                                       {"seed", options.seed},
                                       {"games", gate.games},
                                       {"opening_plies", options.opening_plies}};
      GateJournal journal = read_journal(journal_file, settings, gate.games);
      if (journal.count == 0) {
        write_file_atomically(journal_file, settings.dump() + "\n");
      }
      const auto started = std::chrono::steady_clock::now();
      auto seconds_so_far = [&]() {
        return journal.seconds +
               std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      };
      const std::vector<char> resumed = journal.finished;
      options.skip = [&resumed](int index) { return resumed[index] != 0; };
      std::vector<int>& results = journal.result;
      std::vector<char>& finished_game = journal.finished;
      int prefix = 0;                       // games 0 … prefix − 1 have finished
      int wins = 0, draws = 0, losses = 0;  // of those
      auto count_prefix = [&]() {
        for (; prefix < gate.games && finished_game[prefix]; ++prefix) {
          wins += results[prefix] > 0;
          draws += results[prefix] == 0;
          losses += results[prefix] < 0;
        }
        return gate_decided(wins, draws, losses, gate.games, min_score);
      };
      ProgressBar bar(
          name + " gate vs " + opponent_spec +
              (journal.count > 0 ? " (resumed after " + std::to_string(journal.count) + " games)"
                                 : ""),
          gate.games - journal.count, !quiet);
      const MatchProgress progress = [&](int finished, int, const MatchGame& g) {
        bar.update(finished);
        results[g.index] = g.result;
        finished_game[g.index] = 1;
        append_line_durably(
            journal_file,
            nlohmann::json{{"index", g.index}, {"result", g.result}, {"seconds", seconds_so_far()}}
                .dump());
        fault_point("after_gate_game");
        if (count_prefix()) decided = true;
      };
      try {
        // A gate that asks no score (min_score 0) is decided before its first
        // game, and a resumed one may be decided by its journal.
        MatchResult result;
        if (!count_prefix()) {
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
        match.seconds = journal.seconds + result.seconds;
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
      std::filesystem::remove(journal_file);
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
        const std::string path = gate_path(out_dir, entry.name, o.label(), k);
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
