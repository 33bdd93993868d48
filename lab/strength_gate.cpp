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

double gate_score(int wins, int draws, int losses, double draw_score) {
  const int n = wins + draws + losses;
  return n > 0 ? (wins + draw_score * draws) / n : 0.0;
}

bool reaches_score(int wins, int draws, int losses, const GateBar& bar) {
  // 0.9 × 100 is not exactly 90 in binary, hence the tolerance; with a draw
  // worth ½ or 0 both sides are whole numbers of half points.
  const int n = wins + draws + losses;
  return wins + bar.draw_score * draws >= n * bar.min_score - 1e-9;
}

bool gate_decided(int wins, int draws, int losses, int planned, const GateBar& bar) {
  const int left = std::max(0, planned - (wins + draws + losses));
  return reaches_score(wins, draws, losses + left, bar) ||
         !reaches_score(wins + left, draws, losses, bar);
}

bool match_decided(const GateMatch& match, const GateBar& bar) {
  return !match.curtailed() ||
         gate_decided(match.wins, match.draws, match.losses, match.planned_games, bar);
}

void count_until_decided(GateMatch& match, const std::vector<int>& results, const GateBar& bar) {
  for (size_t k = match.games(); k < results.size() && !match_decided(match, bar); ++k) {
    match.wins += results[k] > 0;
    match.draws += results[k] == 0;
    match.losses += results[k] < 0;
  }
}

std::string bar_text(const GateBar& bar) {
  const std::string least = fmt::format("≥ {:g} %", 100 * bar.min_score);
  if (bar.draw_score == 0.5) return least;
  if (bar.draw_score == 0) return least + " wins";
  return fmt::format("{}, a draw = {:g}", least, bar.draw_score);
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
  if (!players.empty()) j["players"] = players;
  return j;
}

GateMatch GateMatch::from_json(const nlohmann::json& j) {
  try {
    GateMatch m = j.get<GateMatch>();
    m.agent_index = j.value("agent_index", 1);
    m.planned_games = j.value("planned_games", m.games());
    m.players = j.value("players", "");
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
    } else if (!match_decided(*m, o.bar)) {
      unplayed.push_back(fmt::format("`{}` to a decision ({} of {} games, {}-{}-{})", o.label(),
                                     m->games(), m->planned_games, m->wins, m->draws, m->losses));
    } else if (!reaches_score(m->wins, m->draws, m->losses, o.bar)) {
      below.push_back(fmt::format("{:.1f} %{} against `{}`, below {:.0f} %",
                                  100 * gate_score(m->wins, m->draws, m->losses, o.bar.draw_score),
                                  o.bar.draw_score == 0 ? " wins" : "", o.label(),
                                  100 * o.bar.min_score));
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
