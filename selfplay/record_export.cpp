#include "selfplay/record_export.h"

#include <algorithm>
#include <sstream>

#include "core/registry.h"

namespace inchzero {
namespace {

// The game under the record's rules: every option's value from rules_yaml
// ("key: value" lines), under the record's label when it still gives them.
std::shared_ptr<const Game> game_of(const GameRecord& record) {
  if (record.rules_yaml.empty()) return load_game_from_label(record.game, record.rules_label);
  std::vector<std::string> assignments;
  std::istringstream in(record.rules_yaml);
  for (std::string line; std::getline(in, line);) {
    const size_t colon = line.find(": ");
    if (colon == std::string::npos) continue;
    assignments.push_back(line.substr(0, colon) + "=" + line.substr(colon + 2));
  }
  try {
    return rebuild_game(record.game, record.rules_label, assignments);
  } catch (const GameError& e) {
    throw GameError("cannot rebuild the rules of the record (" + record.rules_label +
                    "): " + e.what());
  }
}

}  // namespace

PlayedGame played_game_from_record(const GameRecord& record, const std::string& source,
                                   int64_t source_game) {
  PlayedGame g;
  g.game = game_of(record);
  g.rules_label = record.rules_label;
  g.start_position = record.start_position;
  g.winner = record.winner;
  g.end_reason = record.end_reason;
  g.origin.event = "inchzero self-play";
  g.origin.network = record.network;
  g.origin.seed = record.seed;
  g.origin.game_index = record.game_index;
  g.origin.source = source;
  g.origin.source_game = source_game;

  // Replay the decisions, closing a full move whenever one is complete.
  std::unique_ptr<State> state = g.start_state();
  Move move;
  for (size_t i = 0; i < record.decisions.size(); ++i) {
    const DecisionRecord& d = record.decisions[i];
    const std::string where =
        "decision " + std::to_string(i) + " (" + g.game->action_to_string(d.action) + ")";
    if (state->is_terminal()) throw GameError(where + " comes after the end of the game");
    const std::vector<Action> legal = state->legal_actions();
    if (!std::binary_search(legal.begin(), legal.end(), d.action) ||
        d.player != state->current_player())
      throw GameError(where + " is not legal in the replay");
    state->apply_action(d.action);
    move.push_back(d.action);
    if (!state->in_compound_move()) {
      g.moves.push_back(move);
      move.clear();
    }
  }
  // A game cut inside a move (the decision guard) keeps its complete moves.
  if (!move.empty()) {
    if (record.end_reason != EndReason::kDecisionLimit)
      throw GameError(std::string("the record ends inside a move (") +
                      to_string(record.end_reason) + ")");
    state = replay(g);
  }
  check_outcome(*state, g.winner, g.end_reason);
  return g;
}

}  // namespace inchzero
