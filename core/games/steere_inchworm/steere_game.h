// The Steere's Inchworm game definition: board size, the cap, and the
// decision action space.
//
// Action space (one decision per move, docs/action-space.md): the moving
// checker's square and its destination relative to the head of its worm,
// both in the mover's frame (the board turned half round for Blue, so that
// "forward" is always up and "right" always right):
//   frame_square * 6 + target     target: 0 onto the head, 1..4 the square
//                                 forward / right / back / left of the head,
//                                 5 off the board;
//   6 * cells                     pass (only when no other move is legal).
// Each legal move (an origin-destination pair) has exactly one action.
//
// Symmetries: none but the identity. The rules single out each player's
// forward and right (the head is the forwardmost end, ties to the right;
// checkers leave only by the far or right edge), and mirroring or turning the
// board would exchange them with back or left. The one symmetry of the game,
// the half turn that exchanges the two players, is built into the mover's
// frame instead.
#pragma once

#include <memory>
#include <string>

#include "core/game.h"
#include "core/games/grid.h"
#include "core/games/steere_inchworm/moves.h"
#include "core/games/steere_inchworm/steere_inchworm.h"

namespace inchzero::steere {

class SteereGame : public Game, public std::enable_shared_from_this<SteereGame> {
 public:
  explicit SteereGame(const RuleOptions& options);

  std::string name() const override { return "steere-inchworm"; }
  const RuleOptions& options() const override { return options_; }
  std::unique_ptr<State> initial_state() const override;
  // Parses the notation described in steere_position.cpp; throws GameError.
  std::unique_ptr<State> state_from_position(const std::string& text) const override;
  int num_actions() const override { return kNumTargets * grid_.num_cells() + 1; }
  std::string action_to_string(Action action) const override;
  int max_game_length() const override;

  const Grid& grid() const { return grid_; }
  // 0 = no cap.
  int max_plies() const { return max_plies_; }

  // Decision ids (see the header comment); frame_square is in the mover's frame.
  Action move_action(int frame_square, Target target) const {
    return frame_square * kNumTargets + target;
  }
  Action pass_action() const { return kNumTargets * grid_.num_cells(); }

 private:
  SteereGame(const RuleOptions& options, const Rules& rules);

  RuleOptions options_;
  Grid grid_;
  int max_plies_;
};

}  // namespace inchzero::steere
