// make_player_factory (selfplay/players/player_spec.h), apart from the
// parser: it links every player, the network's too (LibTorch), while the
// parser stays LibTorch-free for the run config reader and its fuzz target.
#include "selfplay/players/alphabeta_player.h"
#include "selfplay/players/greedy_player.h"
#include "selfplay/players/net_player.h"
#include "selfplay/players/player_spec.h"
#include "selfplay/players/random_player.h"
#include "selfplay/players/stockfish_player.h"
#include "selfplay/players/uct_player.h"

namespace inchzero {

std::unique_ptr<PlayerFactory> make_player_factory(const PlayerSpec& spec,
                                                   std::shared_ptr<const Game> game,
                                                   const SearchConfig& search,
                                                   const InferenceOptions& inference) {
  switch (spec.kind) {
    case PlayerSpec::Kind::kRandom:
      return std::make_unique<RandomPlayerFactory>();
    case PlayerSpec::Kind::kGreedy:
      return std::make_unique<GreedyPlayerFactory>();
    case PlayerSpec::Kind::kRegistered:
      for (const PlayerKind& kind : registered_player_kinds())
        if (kind.name == spec.registered) return kind.make(spec, std::move(game), search);
      throw GameError("player '" + spec.registered + "' is not registered in this program");
    case PlayerSpec::Kind::kUct:
      return std::make_unique<UctPlayerFactory>(spec);
    case PlayerSpec::Kind::kStockfish:
      return make_stockfish_factory({spec.skill, spec.go_limit}, *game, spec.to_string());
    case PlayerSpec::Kind::kAlphaBeta: {
      AlphaBetaSettings settings;
      settings.depth = spec.depth;
      settings.time_ms = double(spec.time_ms);
      return std::make_unique<AlphaBetaPlayerFactory>(settings);
    }
    case PlayerSpec::Kind::kNet:
      return make_net_player_factory(spec, std::move(game), search, inference);
  }
  throw GameError("unknown player kind");
}

}  // namespace inchzero
