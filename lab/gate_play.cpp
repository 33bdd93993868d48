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
#include "lab/games_journal.h"
#include "lab/players_fingerprint.h"
#include "selfplay/eval/match.h"
#include "selfplay/players/player_spec.h"

namespace inchzero::lab {
namespace {

constexpr uint64_t kGateStream = 0x67617465;  // "gate"

// The gate file at `path`, checked to be of a match of `games` games. A match
// that stopped early need not be decided by today's bar (one made stricter
// since): play_gate extends it, gate_status calls it unplayed.
GateMatch read_gate_file(const std::string& path, int games) {
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
  return match;
}

// Whether `match` is decided and reaches what the gate asks against `opponent`.
bool passes(const GateMatch& match, const GateOpponent& opponent) {
  return match_decided(match, opponent.bar) &&
         reaches_score(match.wins, match.draws, match.losses, opponent.bar);
}

// The journal of a gate match under way (lab/games_journal.h):
// OUT/gate/<file stem>.games.jsonl, one line per finished game ({"index",
// "result" for the agent, "seconds"}); removed once the match's file is
// written.
std::string journal_path(const std::string& gate_file) {
  return gate_file.substr(0, gate_file.size() - std::string(".json").size()) + ".games.jsonl";
}

// The results (for the agent) of the finished games 0 … games − 1, and which
// are finished: games 0 … earlier − 1 are those of a match file the
// journal extends (their results are in the file's W-D-L, not the journal,
// which may not hold them), the others the journal's.
struct GateGames {
  std::vector<int> result;
  std::vector<char> finished;
};

GateGames gate_games(const GamesJournal& journal, int games, int earlier) {
  GateGames out;
  out.result.assign(games, 0);
  out.finished.assign(games, 0);
  std::fill(out.finished.begin(), out.finished.begin() + earlier, 1);
  for (const auto& [index, line] : journal.games()) {
    const nlohmann::json result = line.value("result", nlohmann::json());
    if (index < earlier || !result.is_number_integer() || result.get<int>() < -1 ||
        result.get<int>() > 1) {
      throw journal.refuse("", index, "a game this match cannot have");
    }
    out.result[index] = result.get<int>();
    out.finished[index] = 1;
  }
  return out;
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
    const GateMatch match = read_gate_file(path, gate.games);
    if (!match_decided(match, o.bar)) return true;  // play_gate extends it
    if (!passes(match, o)) return false;            // the rest is not played
  }
  return false;
}

std::string gate_agent_spec(const LabConfig& config, const RuleSetEntry& entry,
                            const std::string& agent_folder) {
  return config.agent_spec(entry, config.gate_budget(), agent_folder);
}

namespace {

// Who plays a gate match and where its file goes.
struct GateMatchPlan {
  const LabConfig& config;
  const RuleSetEntry& entry;
  size_t entry_index;  // in config.rule_sets
  size_t opponent;     // in config.strength_gate.opponents
  int k;               // the agent (1-based)
  std::string agent_spec, name, path;
};

// Play the gate match `plan` names, from `match`: empty, or a match that
// stopped early but does not decide today's bar (its W-D-L are games 0 …
// match.games() − 1; it goes on from there as if it had never stopped).
// Returns false, writing nothing, when stopped; else writes the match's file.
bool play_gate_match(const GateMatchPlan& plan, GateMatch match, const SearchConfig& search,
                     const InferenceOptions& inference, bool quiet, const std::atomic<bool>* stop) {
  const StrengthGateConfig& gate = plan.config.strength_gate;
  const GateOpponent& opponent = gate.opponents[plan.opponent];
  // The opponent's overrides change the game of both players.
  const std::shared_ptr<const Game> game = plan.config.game_of(plan.entry, opponent.set);
  auto agent = make_player_factory(plan.agent_spec, game, search, inference);
  auto rival = make_player_factory(opponent.player, game, SearchConfig(), inference);
  MatchOptions options;
  options.games = gate.games;
  options.seed = derive_seed(plan.config.agent_lab_seed(plan.k),
                             {plan.entry_index, kGateStream, plan.opponent});
  options.threads = plan.config.threads;
  options.opening_plies = plan.config.opening_plies;
  options.stop = stop;  // a stopped match is not written: its journal resumes it
  // Curtailed: once the first games (in index order) decide the gate, no new
  // game starts; the games under way finish and are not counted.
  std::atomic<bool> decided{false};
  options.enough = &decided;
  // The games a stopped or killed run of this match finished.
  const nlohmann::json settings = {{"journal", "gate"},
                                   {"rule_set", plan.name},
                                   {"rules", game->options().label()},
                                   {"agent", plan.agent_spec},
                                   {"opponent", opponent.label()},
                                   {"seed", options.seed},
                                   {"games", gate.games},
                                   {"opening_plies", options.opening_plies}};
  const int earlier = match.games();  // counted in the match's file
  match.planned_games = gate.games;
  GamesJournal journal(journal_path(plan.path), "lab gate journal", "match", settings,
                       {{"", gate.games}});
  GateGames done = gate_games(journal, gate.games, earlier);
  const double seconds_before = std::max(journal.seconds(), match.seconds);
  const auto started = std::chrono::steady_clock::now();
  auto seconds_so_far = [&]() {
    return seconds_before +
           std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  const std::vector<char> resumed = done.finished;
  options.skip = [&resumed](int index) { return resumed[index] != 0; };
  // The games counted so far: a prefix in index order (count_until_decided).
  auto count = [&]() {
    int played = match.games();
    while (played < gate.games && done.finished[played]) ++played;
    count_until_decided(match, std::vector<int>(done.result.begin(), done.result.begin() + played),
                        opponent.bar);
    return match_decided(match, opponent.bar);
  };
  const int resumed_games = journal.count();
  ProgressBar bar(
      plan.name + " gate vs " + opponent.label() +
          (earlier > 0         ? " (extended after " + std::to_string(earlier) + " games)"
           : resumed_games > 0 ? " (resumed after " + std::to_string(resumed_games) + " games)"
                               : ""),
      gate.games - earlier - journal.count(), !quiet);
  const MatchProgress progress = [&](int finished, int, const MatchGame& g) {
    bar.update(finished);
    done.result[g.index] = g.result;
    done.finished[g.index] = 1;
    journal.append("", g.index, {{"result", g.result}}, seconds_so_far());
    fault_point("after_gate_game");
    if (count()) decided = true;
  };
  try {
    // A gate that asks no score (min_score 0) is decided before its first
    // game, and a resumed one may be decided by its journal.
    MatchResult result;
    if (!count()) result = play_match(*game, *agent, *rival, options, progress);
    if (result.interrupted) return false;
    match.seconds = seconds_before + result.seconds;
  } catch (const std::exception& e) {
    // As a cell's failure (lab_runner.cpp): one line, the match unwritten.
    throw std::runtime_error("rule set '" + plan.name + "' gate vs " + opponent.label() +
                             ": a game failed, the match was not written: " + e.what());
  }
  match.rule_set = plan.entry.name;
  match.opponent = opponent.label();
  match.agent = plan.agent_spec;
  match.agent_index = plan.k;
  match.players = players_fingerprint(plan.config, plan.entry, plan.agent_spec);
  write_file_atomically(plan.path, match.to_json().dump(1) + "\n");
  std::filesystem::remove(journal.path());
  return true;
}

}  // namespace

void play_gate(const LabConfig& config, const RuleSetEntry& entry, size_t entry_index, int k,
               const std::string& out_dir, const SearchConfig& search,
               const InferenceOptions& inference, bool quiet, const std::atomic<bool>* stop) {
  const StrengthGateConfig& gate = config.strength_gate;
  if (!gate.enabled()) return;
  const std::string agent_spec =
      gate_agent_spec(config, entry, config.agent_folder(entry, out_dir, k));
  const std::string name = agent_name(entry.name, k);
  for (size_t o = 0; o < gate.opponents.size(); ++o) {
    const GateOpponent& opponent = gate.opponents[o];
    const std::string path = gate_path(out_dir, entry.name, opponent.label(), k);
    const bool on_file = std::filesystem::exists(path);
    GateMatch match;
    if (on_file) {
      match = read_gate_file(path, gate.games);
      config.check_played_by(entry, path, match.agent, agent_spec);
      check_same_players(path, match.players, config, entry, agent_spec,
                         {agent_spec, opponent.player});
    }
    if (on_file && match_decided(match, opponent.bar)) {
      std::filesystem::remove(journal_path(path));  // left by a kill after the file's rename
      if (!quiet) {
        std::cerr << name << " gate vs " << opponent.label() << ": done before, " << path << "\n";
      }
    } else {
      if (stop && stop->load()) return;
      const GateMatchPlan plan{config, entry, entry_index, o, k, agent_spec, name, path};
      if (!play_gate_match(plan, match, search, inference, quiet, stop)) return;
      match = read_gate_file(path, gate.games);
    }
    // An agent that fails one opponent fails the gate: the later (costlier)
    // matches could not change that.
    if (!passes(match, opponent)) {
      if (!quiet) {
        std::cerr << name << " gate: fails against " << opponent.label()
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
          matches.push_back(read_gate_file(path, config.strength_gate.games));
          const std::string agent =
              gate_agent_spec(config, entry, config.agent_folder(entry, out_dir, k));
          config.check_played_by(entry, path, matches.back().agent, agent);
          check_same_players(path, matches.back().players, config, entry, agent, {agent, o.player});
          // The file's name says whose match it is (files of agent 1 carry no index).
          matches.back().agent_index = k;
        }
      }
    }
  }
  return matches;
}

}  // namespace inchzero::lab
