// The Invector game definition: board geometry with its two centre pits, the
// decision action space and the board symmetries.
//
// Centre pits. Exactly one side of the board is even, so the board's centre
// lies between two pits: with an even width (odd height) they are the two
// middle files of the middle rank (8 x 7: d4 and e4); with an even height (odd
// width) the two middle ranks of the middle file (5 x 4: c2 and c3). They are
// always orthogonally adjacent.
//
// Action space (one decision per move, docs/action-space.md):
//   from * 4 + direction   a stone on `from` steps north/east/south/west
//                          (Direction in core/games/grid.h), capturing or not;
//   4 * cells              swap (the pie rule);
//   4 * cells + 1          pass (only when no other move is legal).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/games/grid.h"
#include "core/games/invector/invector.h"

namespace inchzero::invector {

constexpr int kBlack = 0, kWhite = 1;
constexpr int kNoStone = -1;

class InvectorGame : public Game, public std::enable_shared_from_this<InvectorGame> {
 public:
  // Throws GameError unless exactly one of width and height is even.
  explicit InvectorGame(const RuleOptions& options);

  std::string name() const override { return "invector"; }
  const RuleOptions& options() const override { return options_; }
  std::unique_ptr<State> initial_state() const override;
  // Parses the notation described in invector_position.cpp; throws GameError.
  std::unique_ptr<State> state_from_position(const std::string& text) const override;
  int num_actions() const override { return 4 * grid_.num_cells() + 2; }
  std::string action_to_string(Action action) const override;
  // Identity, files mirrored, ranks mirrored, both (= half turn). Each maps
  // the pair of centre pits onto itself, so it maps legal play to legal play.
  int num_symmetries() const override { return 4; }
  Action transform_action(Action action, int sym) const override;
  int max_game_length() const override { return max_game_length_; }

  const Grid& grid() const { return grid_; }
  bool pie() const { return pie_; }
  // 0 = no cap.
  int max_plies() const { return max_plies_; }
  // The two centre pits (i = 0, 1), lower index first.
  int centre_pit(int i) const { return centre_[i]; }
  // Manhattan distance from square c to the nearer centre pit.
  int centre_distance(int c) const { return distance_[c]; }

  // Decision ids (see the header comment).
  Action step_action(int from, int direction) const { return from * 4 + direction; }
  Action swap_action() const { return 4 * grid_.num_cells(); }
  Action pass_action() const { return 4 * grid_.num_cells() + 1; }
  // Image of square c / direction d under symmetry `sym` (0..3).
  int transform_cell(int c, int sym) const;
  static int transform_direction(int d, int sym);

 private:
  InvectorGame(const RuleOptions& options, const Rules& rules);

  RuleOptions options_;
  Grid grid_;
  bool pie_;
  int max_plies_;
  int centre_[2];
  std::vector<int> distance_;
  int max_game_length_;
};

}  // namespace inchzero::invector
