#include "selfplay/teacher_games.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <random>
#include <vector>

#include "core/seed.h"
#include "core/thread_pool.h"

namespace inchzero {

std::string teacher_label(const std::string& spec) { return "teacher " + spec; }

GameRecord play_teacher_game(const Game& game, const PlayerFactory& teacher,
                             const std::string& spec, uint64_t seed, int64_t game_index,
                             int opening_plies, uint64_t rules_fingerprint) {
  GameRecord record = begin_record(game, teacher_label(spec), seed, game_index);
  record.resign_enabled = false;  // a teacher plays every game out
  std::unique_ptr<State> state = game.initial_state();
  std::vector<Action> legal;
  auto decide = [&](Action action, uint8_t flags) {
    state->legal_actions_into(legal);
    if (!std::binary_search(legal.begin(), legal.end(), action)) {
      throw GameError("teacher " + spec + " played an illegal decision (" +
                      game.action_to_string(action) + ") at ply " + std::to_string(state->ply()));
    }
    if (static_cast<int>(record.decisions.size()) >= game.max_game_length()) {
      throw GameError("teacher game longer than the game's " +
                      std::to_string(game.max_game_length()) + " decisions");
    }
    DecisionRecord d;
    d.action = action;
    d.player = static_cast<int8_t>(state->current_player());
    d.flags = flags;
    d.num_legal = static_cast<uint16_t>(legal.size());
    if (legal.size() == 1) {
      d.flags = DecisionRecord::kForced;  // no choice: no policy sample
    } else if (flags & DecisionRecord::kFullSearch) {
      d.visits = {{action, 1}};  // the teacher's decision as a one-hot target
    }
    record.decisions.push_back(std::move(d));
    state->apply_action(action);
  };
  // 1. The random opening: whole moves of uniformly random decisions.
  std::mt19937_64 rng(derive_seed(seed, {0x6f70656e}));  // "open"
  for (int ply = 0; ply < opening_plies && !state->is_terminal(); ++ply) {
    do {
      decide(state->random_legal_action(rng, legal), DecisionRecord::kRandomOpening);
    } while (!state->is_terminal() && state->in_compound_move());
  }
  // 2. The teacher's moves to the end, each decision of a move its own sample.
  std::unique_ptr<Player> player = teacher.make(derive_seed(seed, {0x74656163}));  // "teac"
  while (!state->is_terminal()) {
    const Move move = player->choose_move(*state);
    if (move.empty()) throw GameError("teacher " + spec + " returned an empty move");
    for (Action action : move) {
      if (state->is_terminal()) throw GameError("teacher " + spec + "'s move runs past the end");
      decide(action, DecisionRecord::kFullSearch);
    }
    if (!state->is_terminal() && state->in_compound_move()) {
      throw GameError("teacher " + spec + " returned an unfinished move");
    }
  }
  // 3. The outcome, as self-play records it.
  end_record(record, *state, state->winner(), state->end_reason(), rules_fingerprint);
  return record;
}

void play_teacher_games(const Game& game, const PlayerFactory& teacher, const std::string& spec,
                        const TeacherGamesOptions& options, uint64_t rules_fingerprint,
                        const std::atomic<bool>* stop,
                        const std::function<void(GameRecord&&)>& on_game) {
  std::atomic<int64_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;  // guards on_game
  const int threads = static_cast<int>(
      std::clamp<int64_t>(options.threads, 1, std::max<int64_t>(1, options.games)));
  // The first failure stops the other workers at their next game and is
  // rethrown by run_workers.
  run_workers(
      threads,
      [&](int) {
        for (;;) {
          if (failed.load() || (stop && stop->load())) return;
          const int64_t i = next.fetch_add(1);
          if (i >= options.games) return;
          const int64_t index = options.first_index + i;
          GameRecord record =
              play_teacher_game(game, teacher, spec, derive_seed(options.seed, {uint64_t(index)}),
                                index, options.opening_plies, rules_fingerprint);
          std::lock_guard<std::mutex> lock(mutex);
          on_game(std::move(record));
        }
      },
      [&] { failed = true; });
}

}  // namespace inchzero
