#include "core/games/invector/invector_game.h"

#include <algorithm>
#include <cstdlib>

#include "core/games/invector/invector.h"
#include "core/games/invector/invector_state.h"

namespace inchzero::invector {
namespace {

Rules checked(Rules rules) {
  const int w = rules.width, h = rules.height;
  if ((w % 2 == 0) == (h % 2 == 0))
    throw GameError("invector: the board needs exactly one even dimension (width " +
                    std::to_string(w) + " x height " + std::to_string(h) + " has " +
                    (w % 2 == 0 ? "two" : "none") + ")");
  return rules;
}

const char* const kDirectionNames[4] = {"north", "east", "south", "west"};

}  // namespace

InvectorGame::InvectorGame(const RuleOptions& options)
    : InvectorGame(options, checked(Rules::from_options(options))) {}

InvectorGame::InvectorGame(const RuleOptions& options, const Rules& rules)
    : options_(options),
      grid_(rules.width, rules.height),
      pie_(rules.pie),
      max_plies_(rules.max_plies) {
  // 1. The two centre pits straddle the centre along the even dimension.
  const int w = grid_.width(), h = grid_.height();
  if (w % 2 == 0) {
    centre_[0] = grid_.cell(w / 2 - 1, h / 2);
    centre_[1] = grid_.cell(w / 2, h / 2);
  } else {
    centre_[0] = grid_.cell(w / 2, h / 2 - 1);
    centre_[1] = grid_.cell(w / 2, h / 2);
  }
  // 2. Distance of every pit to the nearer of them.
  int total_distance = 0;
  distance_.resize(grid_.num_cells());
  for (int c = 0; c < grid_.num_cells(); ++c) {
    int best = 1 << 20;
    for (int pit : centre_)
      best = std::min(best, std::abs(grid_.file_of(c) - grid_.file_of(pit)) +
                                std::abs(grid_.rank_of(c) - grid_.rank_of(pit)));
    distance_[c] = best;
    total_distance += best;
  }
  // 3. A bound on the game's length: a step lowers the summed centre distance
  // of all stones by one; a capture raises it by at most one and removes a
  // stone (at most `cells` captures); at least one side can always move, so
  // passes at most match moves; plus the swap.
  const int moves = total_distance + 2 * grid_.num_cells();
  max_game_length_ = 2 * moves + 2;
  if (max_plies_ > 0) max_game_length_ = std::min(max_game_length_, max_plies_);
}

std::unique_ptr<State> InvectorGame::initial_state() const {
  return std::make_unique<InvectorState>(shared_from_this());
}

std::string InvectorGame::action_to_string(Action action) const {
  if (action == swap_action()) return "swap";
  if (action == pass_action()) return "pass";
  if (action < 0 || action > pass_action()) return "invalid(" + std::to_string(action) + ")";
  return grid_.square_name(action / 4) + "-" + kDirectionNames[action % 4];
}

int InvectorGame::transform_cell(int c, int sym) const {
  if (sym & 1) c = grid_.mirror_files(c);
  if (sym & 2) c = grid_.mirror_ranks(c);
  return c;
}

int InvectorGame::transform_direction(int d, int sym) {
  if ((sym & 1) && (d == kEast || d == kWest)) d = (d + 2) % 4;
  if ((sym & 2) && (d == kNorth || d == kSouth)) d = (d + 2) % 4;
  return d;
}

Action InvectorGame::transform_action(Action action, int sym) const {
  if (action >= swap_action()) return action;
  return step_action(transform_cell(action / 4, sym), transform_direction(action % 4, sym));
}

std::shared_ptr<const Game> make_game(const RuleOptions& options) {
  return std::make_shared<InvectorGame>(options);
}

}  // namespace inchzero::invector
