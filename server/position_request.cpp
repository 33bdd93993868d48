#include "server/position_request.h"

#include "server/json_body.h"
#include "server/request_error.h"

namespace inchzero {
namespace {

// Moves served per request: far above any game's length, far below what
// would make one request slow.
constexpr size_t kMaxMoves = 20000;
constexpr size_t kMaxDecisions = 1000;
constexpr size_t kMaxOverrides = 64;

}  // namespace

const std::vector<std::string>& position_request_keys() {
  static const std::vector<std::string> keys = {"game",  "rules",    "set", "initialPosition",
                                                "moves", "decisions"};
  return keys;
}

PositionRequest parse_position_request(const JsonBody& body) {
  PositionRequest r;
  r.rules.game = body.text("game");
  r.rules.rules = body.optional_text("rules").value_or("default");
  r.rules.set = body.texts("set", kMaxOverrides);
  r.initial_position = body.optional_text("initialPosition");
  r.moves = body.texts("moves", kMaxMoves);
  r.decisions = body.texts("decisions", kMaxDecisions);
  return r;
}

ReplayedPosition replay_request(const Game& game, const PositionRequest& request) {
  ReplayedPosition out;
  try {
    out.state = request.initial_position ? game.state_from_position(*request.initial_position)
                                         : game.initial_state();
  } catch (const GameError& e) {
    throw RequestError(400, std::string("initialPosition: ") + e.what(), "initialPosition");
  }
  State& state = *out.state;
  for (size_t i = 0; i < request.moves.size(); ++i) {
    const std::string where = "moves[" + std::to_string(i) + "] '" + request.moves[i] + "'";
    if (state.is_terminal())
      throw RequestError(
          400, where + ": the game is already over (" + to_string(state.end_reason()) + ")",
          "moves");
    try {
      const Move move = state.parse_move(request.moves[i]);
      out.move_texts.push_back(state.move_to_string(move));
      state.apply_move(move);
    } catch (const GameError& e) {
      throw RequestError(400, where + ": " + e.what(), "moves");
    }
  }
  if (request.decisions.empty()) return out;
  const std::unique_ptr<State> before = state.clone();
  Move move;
  for (size_t i = 0; i < request.decisions.size(); ++i) {
    const std::string& text = request.decisions[i];
    const std::string where = "decisions[" + std::to_string(i) + "] '" + text + "'";
    if (state.is_terminal() || (i > 0 && !state.in_compound_move()))
      throw RequestError(400, where + ": the move was already complete", "decisions");
    bool found = false;
    for (Action a : state.legal_actions()) {
      if (game.action_to_string(a) != text) continue;
      state.apply_action(a);
      move.push_back(a);
      found = true;
      break;
    }
    if (!found) throw RequestError(400, where + ": not a legal decision here", "decisions");
  }
  if (state.in_compound_move()) {
    out.pending = request.decisions;
  } else {
    out.completed = before->move_to_string(move);
    out.move_texts.push_back(*out.completed);
  }
  return out;
}

}  // namespace inchzero
