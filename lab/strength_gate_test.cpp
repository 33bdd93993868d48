// The strength gate: its score arithmetic at the thresholds, each rule set's
// status from its matches, and the verdict that leaves out agents the gate
// does not admit.
#include "lab/strength_gate.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "core/game.h"
#include "lab/gate_report.h"

namespace inchzero::lab {
namespace {

TEST(StrengthGate, ADrawCountsHalf) {
  EXPECT_DOUBLE_EQ(gate_score(90, 0, 10, 0.5), 0.9);
  EXPECT_DOUBLE_EQ(gate_score(80, 20, 0, 0.5), 0.9);
  EXPECT_DOUBLE_EQ(gate_score(0, 100, 0, 0.5), 0.5);
  EXPECT_DOUBLE_EQ(gate_score(0, 0, 0, 0.5), 0.0);
}

TEST(StrengthGate, ThresholdsAreReachedExactlyAtTheBoundary) {
  // Against greedy, 0.9 in 100 games: 180 half points.
  EXPECT_TRUE(reaches_score(90, 0, 10, {0.9}));
  EXPECT_TRUE(reaches_score(80, 20, 0, {0.9}));
  EXPECT_TRUE(reaches_score(89, 2, 9, {0.9}));
  EXPECT_FALSE(reaches_score(89, 1, 10, {0.9}));  // 89.5 %
  EXPECT_FALSE(reaches_score(79, 21, 0, {0.9}));
  // Against UCT-1000, 0.7: 140 half points.
  EXPECT_TRUE(reaches_score(70, 0, 30, {0.7}));
  EXPECT_TRUE(reaches_score(40, 60, 0, {0.7}));
  EXPECT_FALSE(reaches_score(69, 1, 30, {0.7}));  // 69.5 %
  EXPECT_FALSE(reaches_score(39, 61, 0, {0.7}));
  // Two games, as the CLI test plays: a draw and a loss is 25 %.
  EXPECT_TRUE(reaches_score(1, 0, 1, {0.5}));
  EXPECT_FALSE(reaches_score(0, 1, 1, {0.5}));
}

TEST(StrengthGate, AMatchIsDecidedWhenTheGamesLeftCannotChangeItsOutcome) {
  // Against greedy, 0.9 of 100: 90 wins pass whatever follows, 89 do not yet;
  // 11 losses fail (at most 89 %), 10 do not yet.
  EXPECT_TRUE(gate_decided(90, 0, 0, 100, {0.9}));
  EXPECT_FALSE(gate_decided(89, 0, 0, 100, {0.9}));
  EXPECT_TRUE(gate_decided(0, 0, 11, 100, {0.9}));
  EXPECT_FALSE(gate_decided(0, 0, 10, 100, {0.9}));
  // Against UCT-1000, 0.7 of 100, in half points: 69 wins and 2 draws pass;
  // 61 draws fail (at most 39 + 30.5 = 69.5 %), 60 do not yet.
  EXPECT_TRUE(gate_decided(69, 2, 0, 100, {0.7}));
  EXPECT_FALSE(gate_decided(69, 1, 0, 100, {0.7}));
  EXPECT_TRUE(gate_decided(0, 61, 0, 100, {0.7}));
  EXPECT_FALSE(gate_decided(0, 60, 0, 100, {0.7}));
  // Every game played decides; a gate that asks nothing is decided at once.
  EXPECT_TRUE(gate_decided(50, 0, 50, 100, {0.7}));
  EXPECT_TRUE(gate_decided(0, 0, 0, 100, {0.0}));
}

// The games count_until_decided counts of `results` from an empty match of `planned`.
int deciding_games(const std::vector<int>& results, int planned, const GateBar& bar) {
  GateMatch m;
  m.planned_games = planned;
  count_until_decided(m, results, bar);
  return m.games();
}

TEST(StrengthGate, DecidingGamesAreTheShortestPrefixThatDecides) {
  EXPECT_EQ(deciding_games(std::vector<int>(100, 1), 100, {0.7}), 70);
  EXPECT_EQ(deciding_games(std::vector<int>(100, -1), 100, {0.9}), 11);
  EXPECT_EQ(deciding_games(std::vector<int>(100, 0), 100, {0.7}), 61);
  EXPECT_EQ(deciding_games({1, -1, 1}, 100, {0.7}), 3);  // none decides: all of them
  EXPECT_EQ(deciding_games({}, 100, {0.0}), 0);
  // Where a draw fails, 11 draws decide a 0.9 gate of 100, as 11 losses do.
  EXPECT_EQ(deciding_games(std::vector<int>(100, 0), 100, {0.9, 0}), 11);
}

TEST(StrengthGate, ADrawThatFailsMakesTheBarAShareOfWins) {
  const GateBar wins{0.9, 0};
  EXPECT_DOUBLE_EQ(gate_score(43, 5, 0, 0), 43.0 / 48);
  // The siege gate's control under max-eyes-1 (2c00e06): 42-7-0 reaches 0.9
  // by score (45.5 of 49) but not by wins, and 6 draws already decide it.
  EXPECT_TRUE(reaches_score(42, 7, 0, {0.9}));
  EXPECT_FALSE(reaches_score(42, 7, 0, wins));
  EXPECT_TRUE(gate_decided(42, 7, 0, 50, wins));
  EXPECT_TRUE(gate_decided(0, 6, 0, 50, wins));
  EXPECT_FALSE(gate_decided(0, 5, 0, 50, wins));
  // Under original: 43-5-0 after 48 decided a pass by score; by wins both
  // games left must be won, so it is undecided.
  EXPECT_TRUE(gate_decided(43, 5, 0, 50, {0.9}));
  EXPECT_FALSE(gate_decided(43, 5, 0, 50, wins));
  EXPECT_TRUE(gate_decided(45, 5, 0, 50, wins));
  EXPECT_TRUE(reaches_score(45, 5, 0, wins));
  EXPECT_EQ(bar_text({0.9}), "≥ 90 %");
  EXPECT_EQ(bar_text(wins), "≥ 90 % wins");
  EXPECT_EQ(bar_text({0.7, 0.25}), "≥ 70 %, a draw = 0.25");
}

// A match that stopped early under a looser bar goes on from its W-D-L: the
// games it counts are those the whole sequence counts from the start.
TEST(StrengthGate, ExtendingAMatchCountsWhatCountingFromTheStartCounts) {
  const GateBar score{0.9}, wins{0.9, 0};
  std::vector<int> results(50, 1);
  for (int i : {3, 9, 20, 30, 41}) results[i] = 0;  // 5 draws among the first 48
  GateMatch early;
  early.planned_games = 50;
  count_until_decided(early, std::vector<int>(results.begin(), results.begin() + 48), score);
  EXPECT_EQ(early.games(), 48);  // 43-5-0 reaches 45.5 of 45 by score: decided there
  EXPECT_TRUE(match_decided(early, score));
  EXPECT_FALSE(match_decided(early, wins));
  GateMatch extended = early;
  count_until_decided(extended, results, wins);
  GateMatch whole;
  whole.planned_games = 50;
  count_until_decided(whole, results, wins);
  EXPECT_EQ(extended.to_json(), whole.to_json());
  EXPECT_EQ(extended.wins, 45);
  EXPECT_EQ(extended.draws, 5);
}

// Curtailing never changes a gate: over every sequence of 6 results and
// several thresholds, the deciding prefix passes exactly when all 6 do.
TEST(StrengthGate, TheDecidingPrefixPassesExactlyWhenTheWholeMatchDoes) {
  constexpr int kGames = 6;
  int checked = 0, shortened = 0;
  for (GateBar bar : {GateBar{0.0}, GateBar{0.25}, GateBar{0.5}, GateBar{0.7}, GateBar{0.9},
                      GateBar{1.0}, GateBar{0.9, 0}, GateBar{0.5, 0}, GateBar{0.7, 0.25}}) {
    for (int code = 0; code < 729; ++code) {  // 3^6 sequences of +1 / 0 / −1
      std::vector<int> results;
      for (int i = 0, c = code; i < kGames; ++i, c /= 3) results.push_back(c % 3 - 1);
      const int k = deciding_games(results, kGames, bar);
      int prefix[3] = {0, 0, 0}, whole[3] = {0, 0, 0};  // wins, draws, losses
      for (int i = 0; i < kGames; ++i) {
        const int slot = 1 - results[i];  // +1 -> wins, 0 -> draws, −1 -> losses
        ++whole[slot];
        if (i < k) ++prefix[slot];
      }
      ASSERT_EQ(reaches_score(prefix[0], prefix[1], prefix[2], bar),
                reaches_score(whole[0], whole[1], whole[2], bar))
          << "code " << code << " at " << bar.min_score << " (a draw " << bar.draw_score
          << "), decided after " << k;
      ++checked;
      shortened += k < kGames;
    }
  }
  EXPECT_EQ(checked, 9 * 729);
  EXPECT_GT(shortened, checked / 2);  // and it does save games
}

const char* const kUct = "uct:1000:rollout_plies=40";  // the default gate's

GateMatch match(const std::string& opponent, int w, int d, int l) {
  GateMatch m;
  m.rule_set = "original";
  m.opponent = opponent;
  m.wins = w;
  m.draws = d;
  m.losses = l;
  return m;
}

TEST(StrengthGate, StatusFromTheMatches) {
  StrengthGateConfig gate;  // greedy >= 0.9, UCT-1000 >= 0.7
  EXPECT_EQ(gate_status(gate, {match("greedy", 95, 0, 5), match(kUct, 70, 0, 30)}).state,
            GateStatus::kPasses);
  const GateStatus fails = gate_status(gate, {match("greedy", 95, 0, 5), match(kUct, 69, 1, 30)});
  EXPECT_EQ(fails.state, GateStatus::kFails);
  EXPECT_FALSE(fails.admitted());
  EXPECT_EQ(fails.why, "it scores 69.5 % against `uct:1000:rollout_plies=40`, below 70 %");
  const GateStatus unplayed = gate_status(gate, {match("greedy", 95, 0, 5)});
  EXPECT_EQ(unplayed.state, GateStatus::kUnplayed);
  EXPECT_FALSE(unplayed.admitted());
  EXPECT_EQ(unplayed.why, "it has not played `uct:1000:rollout_plies=40` yet");
  gate.games = 0;
  EXPECT_EQ(gate_status(gate, {}).state, GateStatus::kOff);
  EXPECT_TRUE(gate_status(gate, {}).admitted());
}

// The siege gate's control with draws as failures: the max-eyes-1 attacker's
// 42-7-0 fails by wins; original's 43-5-0 after 48 of 50 (decided by score)
// is not decided by wins, so the agent is not admitted yet, nor failed.
TEST(StrengthGate, StatusWhereADrawFails) {
  const std::string wall = "wall under max_eyes_per_group=1, max_edges_per_group=1";
  StrengthGateConfig gate;
  gate.games = 50;
  gate.opponents = {{"greedy", {0.9}, {}},
                    {"wall", {0.9, 0}, {"max_eyes_per_group=1", "max_edges_per_group=1"}}};
  GateMatch eyes = match(wall, 42, 7, 0);
  eyes.planned_games = 50;
  const GateStatus fails = gate_status(gate, {match("greedy", 45, 0, 0), eyes});
  EXPECT_EQ(fails.state, GateStatus::kFails);
  EXPECT_EQ(fails.why, "it scores 85.7 % wins against `" + wall + "`, below 90 %");
  GateMatch original = match(wall, 43, 5, 0);
  original.planned_games = 50;
  const GateStatus open = gate_status(gate, {match("greedy", 45, 0, 0), original});
  EXPECT_EQ(open.state, GateStatus::kUnplayed);
  EXPECT_EQ(open.why,
            "it has not played `" + wall + "` to a decision (48 of 50 games, 43-5-0) yet");
  gate.opponents[1].bar.draw_score = 0.5;  // the lab's rule before: both pass
  EXPECT_EQ(gate_status(gate, {match("greedy", 45, 0, 0), eyes}).state, GateStatus::kPasses);
  EXPECT_EQ(gate_status(gate, {match("greedy", 45, 0, 0), original}).state, GateStatus::kPasses);
}

TEST(StrengthGate, FileStemsAreWords) {
  EXPECT_EQ(gate_file_stem("greedy"), "greedy");
  EXPECT_EQ(gate_file_stem("uct:1000:rollout_plies=40"), "uct_1000_rollout_plies_40");
  EXPECT_EQ(gate_file_stem("net:runs/x:sims=1.5"), "net_runs_x_sims_1.5");
}

TEST(StrengthGate, MatchFilesReadBackAndAMissingKeyIsNamed) {
  GateMatch m = match(kUct, 3, 2, 1);
  m.agent = "net:runs/a:sims=16";
  m.seconds = 1.5;
  const GateMatch back = GateMatch::from_json(m.to_json());
  EXPECT_EQ(back.to_json(), m.to_json());
  EXPECT_EQ(back.games(), 6);
  // A whole match's file has no planned_games (as before the key); one
  // decided early keeps it.
  EXPECT_FALSE(back.curtailed());
  EXPECT_FALSE(m.to_json().contains("planned_games"));
  GateMatch early = m;
  early.planned_games = 100;
  EXPECT_EQ(early.to_json().at("planned_games"), 100);
  const GateMatch early_back = GateMatch::from_json(early.to_json());
  EXPECT_TRUE(early_back.curtailed());
  EXPECT_EQ(early_back.planned_games, 100);
  nlohmann::json bad = m.to_json();
  bad.erase("losses");
  try {
    GateMatch::from_json(bad);
    FAIL() << "read a gate file without losses";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("losses"), std::string::npos) << e.what();
  }
}

GateStatus status(GateStatus::State state, const std::string& why = "") {
  GateStatus s;
  s.state = state;
  s.why = why;
  return s;
}

// The builder never loses under the baseline and always under `strong` and
// `weak`: both differences are significant by Fisher's test.
const BuilderRecord kBase{"original", 0, 16, 0};
const BuilderRecord kStrong{"strong", 0, 0, 16};
const BuilderRecord kWeak{"weak", 0, 0, 16};

TEST(StrengthGateVerdict, AFailingAgentIsNotShownEvenWithASignificantDifference) {
  std::ostringstream out;
  gated_verdict(out, kBase, status(GateStatus::kPasses), {kStrong, kWeak},
                {status(GateStatus::kPasses),
                 status(GateStatus::kFails, "it scores 40.0 % against `greedy`, below 90 %")});
  const std::string text = out.str();
  EXPECT_NE(text.find("- `strong` (W-D-L 0-0-16): shown: the builder loses more often"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("- `weak` (W-D-L 0-0-16): not shown: the agent of `weak` fails the "
                      "strength gate (it scores 40.0 % against `greedy`, below 90 %)."),
            std::string::npos)
      << text;
  // Holm's correction counts the tested fixes only: `strong` alone keeps its raw p.
  std::ostringstream alone;
  gated_verdict(alone, kBase, status(GateStatus::kPasses), {kStrong},
                {status(GateStatus::kPasses)});
  EXPECT_EQ(text.substr(0, text.find('\n')), alone.str().substr(0, alone.str().find('\n')));
}

TEST(StrengthGateVerdict, AnUnplayedGateIsNotShownAndAnOffGateAdmits) {
  std::ostringstream out;
  gated_verdict(
      out, kBase, status(GateStatus::kOff), {kStrong, kWeak},
      {status(GateStatus::kOff), status(GateStatus::kUnplayed, "it has not played `greedy` yet")});
  const std::string text = out.str();
  EXPECT_NE(text.find("`strong` (W-D-L 0-0-16): shown:"), std::string::npos) << text;
  EXPECT_NE(text.find("`weak` (W-D-L 0-0-16): not shown: the agent of `weak` has not passed the "
                      "strength gate yet (it has not played `greedy` yet)."),
            std::string::npos)
      << text;
}

TEST(StrengthGateVerdict, AFailingBaselineMeansNoVerdictInOneSentence) {
  std::ostringstream out;
  gated_verdict(out, kBase,
                status(GateStatus::kFails, "it scores 10.0 % against `greedy`, below 90 %"),
                {kStrong}, {status(GateStatus::kPasses)});
  EXPECT_EQ(out.str(),
            "No verdict: the agent of `original` fails the strength gate (it scores 10.0 % "
            "against `greedy`, below 90 %), so there is no baseline to judge the fixes against.\n");
}

// The reports name each rule set's own agent once per spec, at the smallest
// budget, and nothing when every rule set plays the lab's agent.
TEST(StrengthGateReport, OwnAgentsAreNamedOncePerSpec) {
  LabConfig config;
  config.agent = "siege:2";
  config.simulations = 4;
  config.budgets = {2, 1};
  config.rule_sets = {{"original", "original", {}, "", {}},
                      {"a", "original", {}, "", {}},
                      {"b", "original", {}, "", {}},
                      {"c", "original", {}, "", {}}};
  EXPECT_EQ(own_agents_text(config), "");
  config.rule_sets[1].agent = "siege:3";
  config.rule_sets[2].agent = "uct:{sims}";
  config.rule_sets[3].agent = "siege:3";
  EXPECT_EQ(own_agents_text(config),
            "; its own agent (`agent:`): `siege:3` under `a`, `c`; `uct:4` under `b`");
}

}  // namespace
}  // namespace inchzero::lab
