#include "selfplay/players/net_player.h"

#include <cmath>
#include <functional>
#include <random>

#include "model/backend.h"
#include "model/encoder.h"
#include "model/network_path.h"
#include "model/zoo.h"
#include "selfplay/players/move_clock.h"
#include "selfplay/searcher.h"

namespace inchzero {

namespace {

class NetPlayer : public Player {
 public:
  NetPlayer(std::shared_ptr<const Game> game, std::shared_ptr<const Encoder> encoder,
            std::shared_ptr<InferenceBackend> backend, const SearchConfig& search,
            const PlayerSpec& spec, uint64_t seed)
      : searcher_(std::move(game), std::move(encoder), std::move(backend), search, seed),
        rng_(seed ^ 0x7465'6d70'6572'6174ULL),  // "temperat": apart from the searcher's stream
        simulations_(spec.simulations),
        temperature_(static_cast<float>(spec.temperature)),
        temperature_moves_(spec.temperature_moves),
        time_ms_(spec.time_ms) {}

  Move choose_move(const State& state) override {
    searcher_.set_position(state);
    // The temperature holds for the player's first temperature_moves_ moves
    // (all of them when 0); each decision of a compound move is drawn with it.
    const bool sampled =
        temperature_ > 0 && (temperature_moves_ == 0 || moves_played_ < temperature_moves_);
    ++moves_played_;
    MoveClock clock(time_ms_);
    const std::function<bool()> time_up = [&clock] { return clock.decision_over(); };
    Move move;
    do {
      // A forced decision needs no search.
      const std::vector<Action> legal = searcher_.state().legal_actions();
      Action action = legal.front();
      if (legal.size() > 1) {
        clock.start_decision(searcher_.state());
        const RootSummary root = searcher_.search(simulations_, /*add_noise=*/false,
                                                  clock.limited() ? time_up : nullptr);
        action = sampled && !root.policy_target.empty()
                     ? draw_from_policy(root, temperature_, rng_)
                     : searcher_.choose_action(sampled ? temperature_ : 0.0f);
      }
      searcher_.play(action);
      move.push_back(action);
    } while (searcher_.state().in_compound_move());
    return move;
  }

 private:
  // A Gumbel root's own choice is its surviving candidate, which knows no
  // temperature; it is drawn instead from the improved policy (the search's
  // policy target, over every legal action) raised to 1/T.
  static Action draw_from_policy(const RootSummary& root, float temperature, std::mt19937_64& rng) {
    std::vector<double> weights(root.children.size());
    for (size_t i = 0; i < weights.size(); ++i) {
      weights[i] = std::pow(std::max<double>(root.policy_target[i], 0.0), 1.0 / temperature);
    }
    std::discrete_distribution<size_t> pick(weights.begin(), weights.end());
    return root.children[pick(rng)].action;
  }

  Searcher searcher_;
  std::mt19937_64 rng_;
  int simulations_;
  float temperature_;
  int temperature_moves_;
  int time_ms_;  // the move's time budget (ms=T); 0: none
  int moves_played_ = 0;
};

class NetPlayerFactory : public PlayerFactory {
 public:
  NetPlayerFactory(const PlayerSpec& spec, std::shared_ptr<const Game> game,
                   const SearchConfig& search, InferenceOptions inference)
      : spec_(spec), game_(std::move(game)), search_(search) {
    encoder_ = make_encoder(*game_);
    BackendShape shape;
    shape.input_size = encoder_->shape().size();
    shape.num_actions = game_->num_actions();
    // A run folder is described by the file that plays; a zoo network by its name.
    const std::string file = resolve_network_path(spec.path);
    if (!is_zoo_spec(spec.path)) spec_.path = file;
    if (!spec.precision.empty()) inference.precision = parse_precision(spec.precision);
    backend_ = make_backend("torch:" + file, shape, game_->name(), inference);
    // One game's search needs a small cache; a big one per game costs more
    // to allocate than it saves.
    search_.cache_entries = std::min<int64_t>(search_.cache_entries, int64_t{1} << 16);
    if (spec.gumbel >= 0) search_.gumbel = spec.gumbel == 1;
  }

  std::unique_ptr<Player> make(uint64_t seed) const override {
    return std::make_unique<NetPlayer>(game_, encoder_, backend_, search_, spec_, seed);
  }
  std::string describe() const override { return spec_.to_string(); }

 private:
  PlayerSpec spec_;
  std::shared_ptr<const Game> game_;
  SearchConfig search_;
  std::shared_ptr<const Encoder> encoder_;
  std::shared_ptr<InferenceBackend> backend_;
};

}  // namespace

std::unique_ptr<PlayerFactory> make_net_player_factory(const PlayerSpec& spec,
                                                       std::shared_ptr<const Game> game,
                                                       const SearchConfig& search,
                                                       const InferenceOptions& inference) {
  return std::make_unique<NetPlayerFactory>(spec, std::move(game), search, inference);
}

}  // namespace inchzero
