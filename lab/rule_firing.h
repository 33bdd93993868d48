// How often each fix of Rodeffer's Inchworm actually changed a move's result
// in one game (issue 18, part 6): a fix that never fires cannot be what
// changed the lab's verdict. Counted from outside the rules core, by playing
// each move again under the same rules with that one fix switched off, so
// the core's hot path is untouched and only the lab pays.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/games/inchworm/inchworm_game.h"
#include "core/games/inchworm/inchworm_state.h"

namespace inchzero::lab {

// Counts, per fix that is on in a game's rules, the plies at which it fired.
// Fixes are named by their rule option (RULINGS.md, "The proposed fixes"):
//  * capture fixes (enclosure_capture, enclosed_space_points, menke,
//    smaller_group_only, mover_priority): the move's resulting position
//    (board, stocks, prisoners, scores) differs from the one the same move
//    gives with that option off — a capture made, refused or altered, or
//    enclosure points scored;
//  * group limits (max_eyes_per_group, max_edges_per_group): at the start of
//    the move or at one of the decisions the mover took, the limit withheld
//    a decision the rules without it offer — a lower bound on "the limit
//    forbade a move" (other branches of the move tree are not searched);
//  * no_capture_limit (with no_capture_limit_per_piece): 1 when the game
//    ended by the no-capture limit.
// Topologies and board sizes are variations, not fixes: not counted.
class RuleFiringCounter {
 public:
  // `game` is the game every observed state belongs to.
  explicit RuleFiringCounter(const inchworm::InchwormGame& game);
  // `before` is the state the full move `move` was played from, `after` the
  // state it led to (both at move boundaries, of the constructor's game).
  void after_move(const inchworm::InchwormState& before, const Move& move,
                  const inchworm::InchwormState& after);
  // Counts the end of the game (`final_state`, terminal or not).
  void finish(const inchworm::InchwormState& final_state);
  // Fix option name -> plies at which it fired; a key for every fix on in
  // the rules (0 when it never fired), none for fixes that are off.
  const std::map<std::string, int>& counts() const { return counts_; }

  // The fix options of `game` that are on, in RULINGS order.
  static std::vector<std::string> active_fixes(const inchworm::InchwormGame& game);

 private:
  // One fix and the same rules without it.
  struct Counterfactual {
    std::string fix;
    std::shared_ptr<const inchworm::InchwormGame> without;
    bool limit = false;  // a group limit (compares offered decisions)
  };
  bool capture_fix_fired(const Counterfactual& c, const inchworm::InchwormState& before,
                         const Move& move, const inchworm::InchwormState& after) const;
  bool limit_fired(const Counterfactual& c, const inchworm::InchwormState& before,
                   const Move& move) const;

  std::vector<Counterfactual> counterfactuals_;
  std::map<std::string, int> counts_;
};

}  // namespace inchzero::lab
