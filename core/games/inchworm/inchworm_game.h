// The Inchworm Game: one rule set bound to its precomputed geometry and
// action layout. Immutable and shared by every state of the game.
#pragma once

#include <memory>
#include <string>

#include "core/game.h"
#include "core/games/inchworm/actions.h"
#include "core/games/inchworm/geometry.h"
#include "core/games/inchworm/rules.h"

namespace inchzero::inchworm {

class InchwormState;

class InchwormGame final : public Game, public std::enable_shared_from_this<InchwormGame> {
 public:
  explicit InchwormGame(const RuleOptions& options);

  std::string name() const override { return "inchworm"; }
  const RuleOptions& options() const override { return options_; }
  std::unique_ptr<State> initial_state() const override;
  // Parses docs/rules/inchworm.md "Position notation"; throws GameError.
  std::unique_ptr<State> state_from_position(const std::string& text) const override;
  int num_actions() const override { return layout_.num_actions(); }
  std::string action_to_string(Action action) const override;
  int num_symmetries() const override { return geometry_.num_symmetries(); }
  Action transform_action(Action action, int sym) const override;
  int max_game_length() const override;

  // Concrete-typed versions for code that knows the game.
  std::unique_ptr<InchwormState> new_initial_state() const;
  std::unique_ptr<InchwormState> new_state_from_position(const std::string& text) const;

  const Rules& rules() const { return rules_; }
  const Geometry& geometry() const { return geometry_; }
  const ActionLayout& layout() const { return layout_; }

 private:
  RuleOptions options_;
  Rules rules_;
  Geometry geometry_;
  ActionLayout layout_;
};

}  // namespace inchzero::inchworm
