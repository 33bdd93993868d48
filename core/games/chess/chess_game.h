// The Game object of inchworm-chess (FIDE chess with inchworm: false) and
// longworm-chess: a rule set bound to the chess rules core. Immutable and
// shared by every state of the game.
#pragma once

#include <memory>
#include <string>

#include "core/game.h"
#include "core/games/chess/position.h"
#include "core/games/chess/rules.h"

namespace inchzero::chess {

class ChessState;

class ChessGame final : public Game, public std::enable_shared_from_this<ChessGame> {
 public:
  ChessGame(const RuleOptions& options, bool long_worm);

  std::string name() const override { return long_worm_ ? "longworm-chess" : "inchworm-chess"; }
  const RuleOptions& options() const override { return options_; }
  std::unique_ptr<State> initial_state() const override;
  // FEN as documented in fen.h; throws GameError.
  std::unique_ptr<State> state_from_position(const std::string& text) const override;
  int num_actions() const override;
  std::string action_to_string(Action action) const override;
  // Identity only: castling and the pawns' direction break every board symmetry.
  int num_symmetries() const override { return 1; }
  int max_game_length() const override;

  // Concrete-typed versions for code that knows the game.
  std::unique_ptr<ChessState> new_initial_state() const;
  std::unique_ptr<ChessState> new_state_from_position(const std::string& text) const;
  // A state at `pos` with no earlier history.
  std::unique_ptr<ChessState> new_state(const Position& pos) const;

  const ChessRules& rules() const { return rules_; }
  const Variant& variant() const { return rules_.variant; }

 private:
  RuleOptions options_;
  bool long_worm_;
  ChessRules rules_;
};

}  // namespace inchzero::chess
