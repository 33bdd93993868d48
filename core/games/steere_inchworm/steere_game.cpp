#include "core/games/steere_inchworm/steere_game.h"

#include "core/games/steere_inchworm/steere_inchworm.h"
#include "core/games/steere_inchworm/steere_state.h"

namespace inchzero::steere {
namespace {

const char* const kTargetNames[kNumTargets] = {"head",      "head-forward", "head-right",
                                               "head-back", "head-left",    "off"};

}  // namespace

SteereGame::SteereGame(const RuleOptions& options)
    : SteereGame(options, Rules::from_options(options)) {}

SteereGame::SteereGame(const RuleOptions& options, const Rules& rules)
    : options_(options), grid_(rules.width, rules.height), max_plies_(rules.max_plies) {}

std::unique_ptr<State> SteereGame::initial_state() const {
  return std::make_unique<SteereState>(shared_from_this());
}

std::string SteereGame::action_to_string(Action action) const {
  if (action == pass_action()) return "pass";
  if (action < 0 || action > pass_action()) return "invalid(" + std::to_string(action) + ")";
  // The square is named in the mover's frame (for Blue: the board turned).
  return "frame:" + grid_.square_name(action / kNumTargets) + ">" +
         kTargetNames[action % kNumTargets];
}

int SteereGame::max_game_length() const {
  // With the cap off no bound is proven; a practical size for buffers.
  return max_plies_ > 0 ? max_plies_ : 100000;
}

std::shared_ptr<const Game> make_game(const RuleOptions& options) {
  return std::make_shared<SteereGame>(options);
}

}  // namespace inchzero::steere
