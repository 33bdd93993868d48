#include "selfplay/players/net_player.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "core/registry.h"
#include "model/encoder.h"
#include "model/network.h"
#include "selfplay/players/player_spec.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;

TEST(NetPlayer, PlaysLegalMovesAndFindsTheNewestNetworkOfAFolder) {
  const fs::path dir =
      fs::temp_directory_path() / ("inchzero_netplayer_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "networks");
  auto game = load_game("inchworm", "", {"width=4", "height=4", "stock=4", "target_score=3"});
  auto encoder = make_encoder(*game);
  NetworkConfig config;
  config.game = game->name();
  config.input = encoder->shape();
  config.num_actions = game->num_actions();
  config.arch.blocks = 1;
  config.arch.channels = 8;
  for (int i : {1, 3, 2}) {
    Network::create(config, i)->save(
        (dir / "networks" / ("net-00000" + std::to_string(i) + ".pt")).string());
  }
  auto factory = make_player_factory("net:" + dir.string() + ":sims=4", game);
  EXPECT_NE(factory->describe().find("net-000003.pt"), std::string::npos) << factory->describe();
  auto player = factory->make(1);
  auto state = game->initial_state();
  for (int ply = 0; ply < 6 && !state->is_terminal(); ++ply) {
    Move move = player->choose_move(*state);
    auto legal = state->legal_moves();
    ASSERT_NE(std::find(legal.begin(), legal.end(), move), legal.end());
    state->apply_move(move);
  }
  fs::create_directories(dir / "empty");
  EXPECT_THROW(make_player_factory("net:" + (dir / "empty").string(), game), GameError);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace inchzero
