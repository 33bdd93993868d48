#include "selfplay/players/stockfish_player.h"

#include <stdexcept>

#include "selfplay/players/uci_process.h"

namespace inchzero {
namespace {

class StockfishPlayer : public Player {
 public:
  explicit StockfishPlayer(const StockfishSettings& settings) : settings_(settings) {
    std::string why;
    if (!engine_.start(settings.path, why)) throw GameError("stockfish player: " + why);
    engine_.set_option("Threads", "1");
    engine_.set_option("Hash", "16");
    engine_.set_option("Skill Level", std::to_string(settings.skill));
  }

  Move choose_move(const State& state) override {
    std::string text;
    try {
      text = engine_.best_move(state.to_position(), settings_.limit);
    } catch (const std::runtime_error& e) {
      throw GameError(std::string("stockfish player: ") + e.what());
    }
    // FIDE moves in our notation are UCI's long algebraic form.
    return state.parse_move(text);
  }

 private:
  StockfishSettings settings_;
  UciProcess engine_;
};

class StockfishFactory : public PlayerFactory {
 public:
  StockfishFactory(StockfishSettings settings, std::string spec)
      : settings_(std::move(settings)), spec_(std::move(spec)) {}
  std::unique_ptr<Player> make(uint64_t) const override {
    return std::make_unique<StockfishPlayer>(settings_);
  }
  std::string describe() const override { return spec_; }

 private:
  StockfishSettings settings_;
  std::string spec_;
};

}  // namespace

std::unique_ptr<PlayerFactory> make_stockfish_factory(const StockfishSettings& settings,
                                                      const Game& game, const std::string& spec) {
  if (game.name() != "inchworm-chess" || game.options().get_bool("inchworm"))
    throw GameError("player '" + spec +
                    "' plays FIDE chess only (--game inchworm-chess --rules fide)");
  StockfishPlayer probe(settings);  // fails now, with its reason, if the engine cannot run
  return std::make_unique<StockfishFactory>(settings, spec);
}

}  // namespace inchzero
