// Self-play for tests that need real self-play records without a network:
// the mock backend (model/backend.h), so every game follows from the seed.
#pragma once

#include <memory>

#include "model/backend.h"
#include "model/encoder.h"
#include "selfplay/selfplay_worker.h"

namespace inchzero {

// A runner of `games_per_worker` games at once on one worker, 16 visits per
// full search and 4 per cheap one, every game seeded from `seed`.
inline SelfPlayRunner mock_self_play(std::shared_ptr<const Game> game,
                                     std::shared_ptr<const Encoder> encoder, int games_per_worker,
                                     uint64_t seed) {
  std::shared_ptr<InferenceBackend> mock =
      make_backend("mock", BackendShape{encoder->shape().size(), game->num_actions()});
  SelfPlayConfig config;
  config.games_per_worker = games_per_worker;
  config.full_visits = 16;
  config.cheap_visits = 4;
  return SelfPlayRunner(
      std::move(game), std::move(encoder), [mock](int) { return mock; }, config, seed);
}

}  // namespace inchzero
