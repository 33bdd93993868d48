// The lab's strength gate (issue 18, part 4): a rule set's agent enters the
// verdict only when it is strong under its own rule set — by default it must
// score at least 90 % against `greedy` and 70 % against UCT with 1000
// simulations in 100-game matches. UCT's rollouts are cut at 40 plies, as in
// the zoo ladders' UCT-1000 rung and the lab's own UCT agent: with rollouts
// to the end (up to 1200 plies on the 8 × 8 board) one game took over 7
// minutes on the shared machine, so 100 would take half a day per rule set. A weak agent that fails
// to beat the wall-builder says nothing about the rules, so its builder games must not decide a
// verdict. This header holds the `strength_gate:` config keys, one gate match's result (its own
// file, lab/gate_play.h) and the pass/fail arithmetic; the report's lines are in lab/gate_report.h.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/config_fields.h"

namespace inchzero::lab {

// What a gate match must reach: the agent's least score, and what a draw adds
// to it. A draw is half a win by default; the siege gate's control counts it
// as a failure (0), because there a draw means the attacker did not break a
// builder who has no fortress to hold (issue 50: "at least 90 % wins").
struct GateBar {
  double min_score = 0;
  double draw_score = 0.5;
};

// One opponent of the gate and what the agent must reach against it.
struct GateOpponent {
  std::string player;  // a player spec ("greedy", "uct:1000", …)
  GateBar bar;
  // Rule overrides for this opponent's games, on top of the rule set's own
  // (the siege gate's control: the builder where its formation is illegal,
  // max_eyes_per_group=1 and max_edges_per_group=1). Empty: the rule set as
  // it is.
  std::vector<std::string> set;

  // The opponent as reports and files name it: the spec, then " under "
  // and the overrides joined by ", " when there are any.
  std::string label() const;

  // Each key once (core/config_fields.h).
  template <class Self, class V>
  static void visit_fields(Self& c, V&& v) {
    v("player", c.player,
      "a player spec the agent plays (default opponents: greedy with 0.9, "
      "uct:1000:rollout_plies=40 with 0.7)");
    v("min_score", c.bar.min_score,
      "the agent's least score against it to pass ((wins + draw_score x draws) / games)",
      Range{0, 1});
    v("draw_score", c.bar.draw_score,
      "what a draw adds to the agent's score: 0.5 = half a win (default), 0 = a draw is a "
      "failure (min_score is then a share of wins)",
      Range{0, 1});
    v("set", c.set,
      "key=value rule overrides for these games, on top of the rule set's (e.g. the siege "
      "gate's control: [max_eyes_per_group=1, max_edges_per_group=1])");
  }
};

// The `strength_gate:` section of a lab config.
struct StrengthGateConfig {
  // Games per opponent and rule set; 0 turns the gate off (every agent
  // enters the verdict). Colours alternate, so an even number is fair.
  int games = 100;
  std::vector<GateOpponent> opponents = {{"greedy", {0.9}, {}},
                                         {"uct:1000:rollout_plies=40", {0.7}, {}}};

  // The keys of the `strength_gate:` section.
  template <class Self, class V>
  static void visit_fields(Self& c, V&& v) {
    v("games", c.games, "games per gate opponent and rule set (0 = no gate)", Range{0, kNoLimit});
    v("opponents", c.opponents, "the gate's opponents");
  }

  bool enabled() const { return games > 0 && !opponents.empty(); }
};

// The agent's score in a match: (wins + draw_score × draws) / games; 0 for no games.
double gate_score(int wins, int draws, int losses, double draw_score);

// Whether W-D-L reaches `bar` (exact where a draw counts ½ or 0: at 0.9 in
// 100 games with draws halved, 90-0-10 and 80-20-0 reach it and 89-1-10
// does not; with draws failing, 80-20-0 does not either).
bool reaches_score(int wins, int draws, int losses, const GateBar& bar);

// Whether a gate match of `planned` games is decided after W-D-L of its first
// games: the agent reaches `bar` even if it loses every game not played yet
// (it passes), or misses it even if it wins them all (it fails). Once true it
// stays true as games are added (a draw is worth no more than a win and no
// less than a loss), so a gate may stop there: its pass or fail is the one
// the whole match would give (curtailed testing).
bool gate_decided(int wins, int draws, int losses, int planned, const GateBar& bar);

// The bar as reports print it: "≥ 90 %" where a draw counts half, "≥ 90 %
// wins" where it fails, "≥ 90 %, a draw = 0.25" otherwise.
std::string bar_text(const GateBar& bar);

// The file-name stem of an opponent's spec: each character other than a
// letter, digit, '-' or '.' becomes '_' ("uct:1000" -> "uct_1000"), so a spec
// names a file on every file system.
std::string gate_file_stem(const std::string& spec);

// One gate match: a rule set's agent against one opponent, the agent's W-D-L.
struct GateMatch {
  std::string rule_set;
  std::string opponent;  // its player spec
  std::string agent;     // the agent's player spec
  int wins = 0, draws = 0, losses = 0;
  double seconds = 0;
  int agent_index = 1;  // which of the rule set's training.agents (1-based)
  // The games the match was to have (strength_gate.games); games() is fewer
  // when its first games decided it (gate_decided). 0 when read from a file
  // of before this key: it then had all its games (from_json sets games()).
  int planned_games = 0;
  // The fingerprints of the players that played it
  // (lab/players_fingerprint.h; empty in files made before they were kept).
  std::string players{};

  int games() const { return wins + draws + losses; }
  bool curtailed() const { return games() < planned_games; }
  nlohmann::json to_json() const;
  // Throws GameError naming what is missing.
  static GateMatch from_json(const nlohmann::json& j);
};

// Count into `match` (planned_games set; its W-D-L are games 0 …
// match.games() − 1) the games match.games(), … of `results` (the agent's
// +1 / 0 / −1 in game-index order) until the match is decided by `bar`
// (gate_decided) or `results` ends. Counting in index order, not in the order
// games happened to finish, keeps a gate's W-D-L the same whatever the number
// of threads; starting from a match's W-D-L extends a match that stopped
// early but no longer decides (its rule made stricter), as if it had gone on.
void count_until_decided(GateMatch& match, const std::vector<int>& results, const GateBar& bar);

// Whether `match` is decided by `bar`: all its planned games played, or
// its first games decide it (gate_decided).
bool match_decided(const GateMatch& match, const GateBar& bar);

// What the gate says about one rule set's agent.
struct GateStatus {
  enum State { kOff, kPasses, kFails, kUnplayed };
  State state = kOff;
  // Why it fails or is unplayed, e.g. "it scores 45 % against `greedy`,
  // below 90 %"; empty when it passes or the gate is off.
  std::string why;
  // The agents judged together (lab/agent_pool.h): a rule set with several
  // is admitted when one of them is; `why` then names each one's reason.
  int agents = 1;
  // Whether the agent's builder games may enter the verdict.
  bool admitted() const { return state == kOff || state == kPasses; }
};

// The status of the agent whose gate matches are `matches` (those of one rule
// set; any order): off when the gate is; fails when a decided match misses
// its bar; unplayed when a configured opponent has no match or one that
// stopped before its games decide it; else passes.
GateStatus gate_status(const StrengthGateConfig& gate, const std::vector<GateMatch>& matches);

}  // namespace inchzero::lab
