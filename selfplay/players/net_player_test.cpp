#include "selfplay/players/net_player.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "core/registry.h"
#include "model/encoder.h"
#include "model/network.h"
#include "selfplay/players/player_spec.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;

// Saves a tiny random network (seed `seed`) for `game` as `file`.
void save_tiny_network(const Game& game, int seed, const fs::path& file) {
  auto encoder = make_encoder(game);
  NetworkConfig config;
  config.game = game.name();
  config.input = encoder->shape();
  config.num_actions = game.num_actions();
  config.arch.blocks = 1;
  config.arch.channels = 8;
  Network::create(config, seed)->save(file.string());
}

TEST(NetPlayer, PlaysLegalMovesAndFindsTheNewestNetworkOfAFolder) {
  const fs::path dir =
      fs::temp_directory_path() / ("inchzero_netplayer_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "networks");
  auto game = load_game("inchworm", "", {"width=4", "height=4", "stock=4", "target_score=3"});
  for (int i : {1, 3, 2}) {
    save_tiny_network(*game, i, dir / "networks" / ("net-00000" + std::to_string(i) + ".pt"));
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

// net with ms=T and no sims: the time per move decides, and the move comes
// back in time although the simulation cap alone would take hours.
TEST(NetPlayer, ATimePerMoveStopsTheSearch) {
  const fs::path dir =
      fs::temp_directory_path() / ("inchzero_netplayer_ms_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  auto game = load_game("inchworm", "", {"width=4", "height=4", "stock=4", "target_score=3"});
  const std::string file = (dir / "net.pt").string();
  save_tiny_network(*game, 5, file);
  auto factory = make_player_factory("net:" + file + ":ms=50", game);
  EXPECT_NE(factory->describe().find(":ms=50"), std::string::npos) << factory->describe();
  auto player = factory->make(1);
  auto state = game->initial_state();
  for (int ply = 0; ply < 4 && !state->is_terminal(); ++ply) {
    const auto start = std::chrono::steady_clock::now();
    const Move move = player->choose_move(*state);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(ms, 5000);  // generous: one simulation past the deadline, a loaded machine
    auto legal = state->legal_moves();
    ASSERT_NE(std::find(legal.begin(), legal.end(), move), legal.end());
    state->apply_move(move);
  }
  fs::remove_all(dir);
}

// With temp=T a player draws its decisions from its search, from its seed:
// the same seed plays the same move, other seeds other moves; without it (and
// without the random symmetry, the only other use of the seed) every seed
// plays the search's choice. temp_moves=1 samples the first move only. Both
// root searches: PUCT draws from the visits, Gumbel from its improved policy.
TEST(NetPlayer, ATemperatureDrawsMovesFromTheSeedForTheFirstMovesAsked) {
  const fs::path dir =
      fs::temp_directory_path() / ("inchzero_netplayer_temp_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  auto game = load_game("inchworm", "", {"width=5", "height=5", "stock=6", "target_score=3"});
  const std::string file = (dir / "net.pt").string();
  save_tiny_network(*game, 7, file);
  const auto initial = game->initial_state();
  for (bool gumbel : {false, true}) {
    SCOPED_TRACE(gumbel ? "Gumbel root" : "PUCT root");
    SearchConfig search;
    search.random_symmetry = false;
    search.reuse_tree = false;
    search.gumbel = gumbel;
    // The first move of each of 12 seeds, and (temp_moves) the second move
    // asked of the same position.
    auto first_moves = [&](const std::string& options, std::vector<Move>* second) {
      auto factory = make_player_factory("net:" + file + ":sims=32" + options, game, search);
      std::vector<Move> moves;
      for (uint64_t seed = 1; seed <= 12; ++seed) {
        auto player = factory->make(seed);
        moves.push_back(player->choose_move(*initial));
        if (second) second->push_back(player->choose_move(*initial));
      }
      return moves;
    };
    auto distinct = [](std::vector<Move> moves) {
      std::sort(moves.begin(), moves.end());
      return std::unique(moves.begin(), moves.end()) - moves.begin();
    };
    const std::vector<Move> chosen = first_moves("", nullptr);
    EXPECT_EQ(distinct(chosen), 1);
    const std::vector<Move> hot = first_moves(":temp=10", nullptr);
    EXPECT_GE(distinct(hot), 3);
    EXPECT_EQ(first_moves(":temp=10", nullptr), hot);  // reproducible from the seeds
    std::vector<Move> second;
    const std::vector<Move> once = first_moves(":temp=10:temp_moves=1", &second);
    EXPECT_GE(distinct(once), 3);
    EXPECT_EQ(second, std::vector<Move>(12, chosen.front()));
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace inchzero
