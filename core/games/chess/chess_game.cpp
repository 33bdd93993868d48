#include "core/games/chess/chess_game.h"

#include "core/games/chess/actions.h"
#include "core/games/chess/chess.h"
#include "core/games/chess/chess_state.h"
#include "core/games/chess/fen.h"

namespace inchzero::chess {

ChessGame::ChessGame(const RuleOptions& options, bool long_worm)
    : options_(options),
      long_worm_(long_worm),
      rules_(ChessRules::from_options(options, long_worm)) {}

std::unique_ptr<State> ChessGame::initial_state() const { return new_initial_state(); }

std::unique_ptr<State> ChessGame::state_from_position(const std::string& text) const {
  return new_state_from_position(text);
}

std::unique_ptr<ChessState> ChessGame::new_initial_state() const {
  return new_state_from_position(kStartFen);
}

std::unique_ptr<ChessState> ChessGame::new_state_from_position(const std::string& text) const {
  return new_state(parse_fen(text, rules_.variant));
}

std::unique_ptr<ChessState> ChessGame::new_state(const Position& pos) const {
  // The ply count follows the FEN move number, so the cap means the same
  // thing for a game started from a FEN.
  const int ply = 2 * (pos.fullmove - 1) + (pos.side == kBlack ? 1 : 0);
  return std::make_unique<ChessState>(shared_from_this(), pos, ply);
}

int ChessGame::num_actions() const { return actions::kNumActions; }

std::string ChessGame::action_to_string(Action a) const {
  using namespace actions;
  switch (kind(a)) {
    case ActionKind::kPickFrom:
      return "from " + square_name(square(a));
    case ActionKind::kPickTo:
      return "to " + square_name(square(a));
    case ActionKind::kPickOnto:
      return "onto " + square_name(square(a));
    case ActionKind::kPickPromotion:
      return std::string("promote ") + "pnbrqk"[promotion_kind(a)];
  }
  return "?";
}

int ChessGame::max_game_length() const {
  // At most three decisions per ply (FROM, TO, PROMOTE).
  if (rules_.max_plies > 0) return 3 * rules_.max_plies;
  // Without a cap the move rule bounds the game: at most 30 captures and 96
  // pawn advances can reset its clock. Without either, a practical size.
  const int plies = rules_.move_rule_plies > 0 ? (30 + 96 + 1) * rules_.move_rule_plies : 100000;
  return 3 * plies;
}

std::shared_ptr<const Game> make_inchworm_chess(const RuleOptions& options) {
  return std::make_shared<ChessGame>(options, false);
}

std::shared_ptr<const Game> make_longworm_chess(const RuleOptions& options) {
  return std::make_shared<ChessGame>(options, true);
}

}  // namespace inchzero::chess
