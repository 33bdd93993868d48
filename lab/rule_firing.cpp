#include "lab/rule_firing.h"

#include <algorithm>

#include "core/games/inchworm/inchworm.h"

namespace inchzero::lab {
namespace {

using inchworm::InchwormGame;
using inchworm::InchwormState;

// The legal decisions of `state`, sorted so that two rule sets' lists compare
// whatever order their generators use.
std::vector<Action> offered(const InchwormState& state) {
  std::vector<Action> actions;
  state.legal_actions_into(actions);
  std::sort(actions.begin(), actions.end());
  return actions;
}

// `before`'s position and counters in the game `game` (a boundary state).
InchwormState same_position(const std::shared_ptr<const InchwormGame>& game,
                            const InchwormState& before) {
  return InchwormState(game, before.position(), before.ply(), before.plies_since_capture(),
                       before.pass_streak());
}

}  // namespace

std::vector<std::string> RuleFiringCounter::active_fixes(const InchwormGame& game) {
  const inchworm::Rules& r = game.rules();
  std::vector<std::string> fixes;
  if (r.max_eyes_per_group > 0) fixes.push_back("max_eyes_per_group");
  if (r.max_edges_per_group > 0) fixes.push_back("max_edges_per_group");
  if (r.enclosure_capture) fixes.push_back("enclosure_capture");
  if (r.enclosed_space_points) fixes.push_back("enclosed_space_points");
  if (r.smaller_group_only) fixes.push_back("smaller_group_only");
  if (r.mover_priority) fixes.push_back("mover_priority");
  if (r.no_capture_limit > 0) fixes.push_back("no_capture_limit");
  if (r.menke) fixes.push_back("menke");
  return fixes;
}

RuleFiringCounter::RuleFiringCounter(const InchwormGame& game) {
  for (const std::string& fix : active_fixes(game)) {
    counts_[fix] = 0;
    // The no-capture limit is read from the end reason: no second game.
    if (fix == "no_capture_limit") continue;
    RuleOptions options = game.options();
    const bool limit = fix == "max_eyes_per_group" || fix == "max_edges_per_group";
    inchworm::schema().set(options, fix, limit ? "0" : "false");
    counterfactuals_.push_back({fix, std::make_shared<const InchwormGame>(options), limit});
  }
}

bool RuleFiringCounter::capture_fix_fired(const Counterfactual& c, const InchwormState& before,
                                          const Move& move, const InchwormState& after) const {
  // The board effect of a move does not depend on the capture fixes, so the
  // same decisions replay under the other rules; only captures and points
  // can differ.
  InchwormState without = same_position(c.without, before);
  without.apply_move(move);
  return !(without.position() == after.position());
}

bool RuleFiringCounter::limit_fired(const Counterfactual& c, const InchwormState& before,
                                    const Move& move) const {
  InchwormState with = before;
  InchwormState without = same_position(c.without, before);
  for (Action a : move) {
    if (offered(with) != offered(without)) return true;
    with.apply_action(a);
    without.apply_action(a);
  }
  return false;
}

void RuleFiringCounter::after_move(const InchwormState& before, const Move& move,
                                   const InchwormState& after) {
  for (const Counterfactual& c : counterfactuals_) {
    const bool fired =
        c.limit ? limit_fired(c, before, move) : capture_fix_fired(c, before, move, after);
    counts_[c.fix] += fired ? 1 : 0;
  }
}

void RuleFiringCounter::finish(const InchwormState& final_state) {
  auto it = counts_.find("no_capture_limit");
  if (it != counts_.end()) {
    it->second = final_state.end_reason() == EndReason::kNoCaptureLimit ? 1 : 0;
  }
}

}  // namespace inchzero::lab
