#include "lab/strength_gate.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>

#include "core/game.h"

namespace inchzero::lab {

std::string GateOpponent::label() const {
  std::string text = player;
  for (size_t i = 0; i < set.size(); ++i) text += (i == 0 ? " under " : ", ") + set[i];
  return text;
}

double gate_score(int wins, int draws, int losses) {
  const int n = wins + draws + losses;
  return n > 0 ? (wins + 0.5 * draws) / n : 0.0;
}

bool reaches_score(int wins, int draws, int losses, double min_score) {
  // In half points, so the comparison is between a whole number and the
  // threshold: 0.9 × 200 is not exactly 180 in binary, hence the tolerance.
  const int n = wins + draws + losses;
  return 2 * wins + draws >= 2 * n * min_score - 1e-9;
}

bool gate_decided(int wins, int draws, int losses, int planned, double min_score) {
  const int left = std::max(0, planned - (wins + draws + losses));
  return reaches_score(wins, draws, losses + left, min_score) ||
         !reaches_score(wins + left, draws, losses, min_score);
}

int deciding_games(const std::vector<int>& results, int planned, double min_score) {
  int wins = 0, draws = 0, losses = 0;
  for (size_t k = 0; k < results.size(); ++k) {
    if (gate_decided(wins, draws, losses, planned, min_score)) return static_cast<int>(k);
    wins += results[k] > 0;
    draws += results[k] == 0;
    losses += results[k] < 0;
  }
  return static_cast<int>(results.size());
}

std::string gate_file_stem(const std::string& spec) {
  std::string stem = spec;
  for (char& ch : stem) {
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '.') ch = '_';
  }
  return stem;
}

// The file's keys are the members' names (nlohmann's macro writes both ways);
// agent_index only where it is not 1, so a one-agent lab's files stay as they were;
// planned_games only where the match stopped early (a file without it had all its games).
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(GateMatch, rule_set, opponent, agent, wins, draws, losses,
                                   seconds)

nlohmann::json GateMatch::to_json() const {
  nlohmann::json j = *this;
  if (agent_index != 1) j["agent_index"] = agent_index;
  if (curtailed()) j["planned_games"] = planned_games;
  return j;
}

GateMatch GateMatch::from_json(const nlohmann::json& j) {
  try {
    GateMatch m = j.get<GateMatch>();
    m.agent_index = j.value("agent_index", 1);
    m.planned_games = j.value("planned_games", m.games());
    return m;
  } catch (const nlohmann::json::exception& e) {
    throw GameError(std::string("lab gate file: ") + e.what());
  }
}

GateStatus gate_status(const StrengthGateConfig& gate, const std::vector<GateMatch>& matches) {
  GateStatus status;
  if (!gate.enabled()) return status;
  std::vector<std::string> unplayed, below;
  for (const GateOpponent& o : gate.opponents) {
    auto m = std::find_if(matches.begin(), matches.end(),
                          [&](const GateMatch& g) { return g.opponent == o.label(); });
    if (m == matches.end()) {
      unplayed.push_back("`" + o.label() + "`");
    } else if (!reaches_score(m->wins, m->draws, m->losses, o.min_score)) {
      below.push_back(fmt::format("{:.1f} % against `{}`, below {:.0f} %",
                                  100 * gate_score(m->wins, m->draws, m->losses), o.label(),
                                  100 * o.min_score));
    }
  }
  if (!below.empty()) {
    status.state = GateStatus::kFails;
    status.why = fmt::format("it scores {}", fmt::join(below, "; "));
  } else if (!unplayed.empty()) {
    status.state = GateStatus::kUnplayed;
    status.why = fmt::format("it has not played {} yet", fmt::join(unplayed, " and "));
  } else {
    status.state = GateStatus::kPasses;
  }
  return status;
}

}  // namespace inchzero::lab
