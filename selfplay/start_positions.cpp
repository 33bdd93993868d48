#include "selfplay/start_positions.h"

#include <algorithm>
#include <memory>
#include <tuple>

namespace inchzero {
namespace {

// The position reached by playing `record`'s first `decisions` decisions and
// on to the next move boundary; empty when the game ends first.
std::string position_after(const Game& game, const GameRecord& record, size_t decisions) {
  std::unique_ptr<State> state = record.start_position.empty()
                                     ? game.initial_state()
                                     : game.state_from_position(record.start_position);
  size_t played = 0;
  while (played < record.decisions.size() && !state->is_terminal() &&
         (played < decisions || state->in_compound_move())) {
    state->apply_action(record.decisions[played++].action);
  }
  if (state->is_terminal() || state->in_compound_move()) return "";
  return state->to_position();
}

}  // namespace

std::vector<std::string> draw_start_positions(const Game& game,
                                              std::vector<const GameRecord*> records, int count,
                                              std::mt19937_64& rng) {
  std::vector<std::string> positions;
  if (records.empty() || count <= 0) return positions;
  // In the order of the games' seeds, not the order the caller holds them in
  // (a window's shards from extra workers arrive as those finish), so that
  // the draw follows from `rng`.
  std::sort(records.begin(), records.end(), [](const GameRecord* a, const GameRecord* b) {
    return std::tie(a->seed, a->game_index) < std::tie(b->seed, b->game_index);
  });
  // A record whose draws keep failing (a game that ends within one compound
  // move) must not stall the draw: a bounded number of tries per position.
  const int tries = 8 * count;
  for (int t = 0; t < tries && static_cast<int>(positions.size()) < count; ++t) {
    const GameRecord& record =
        *records[std::uniform_int_distribution<size_t>(0, records.size() - 1)(rng)];
    if (record.decisions.empty()) continue;
    const size_t at = std::uniform_int_distribution<size_t>(0, record.decisions.size() - 1)(rng);
    std::string position = position_after(game, record, at);
    if (!position.empty()) positions.push_back(std::move(position));
  }
  return positions;
}

}  // namespace inchzero
