// The game interface every inchzero game implements (in the spirit of
// OpenSpiel's spiel.h). Everything above core/ — search, encoders, shards,
// the trainer, the CLI — talks to games only through this header.
//
// A game has TWO views of a move:
//  * the FULL MOVE people read and write ("e5-f4-e3", "e2e4", "R9"), and
//  * a sequence of DECISIONS (Actions) from a small, fixed action space that the
//    network sees. A full move is exactly the sequence of decisions that
//    makes it, so `Move` is that sequence. While a full move is incomplete the
//    same player keeps deciding (`in_compound_move()`), and every decision
//    offered by `legal_actions()` can be completed into a legal full move —
//    the decision tree never contains dead ends.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <random>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <vector>

#include "core/end_reason.h"
#include "core/rules/options.h"

namespace inchzero {

// One decision in a game's decision action space, 0 <= Action < num_actions().
using Action = int32_t;
// A full move: the decisions that make it, in order.
using Move = std::vector<Action>;

constexpr int kNoPlayer = -1;  // "nobody": draws, or no winner yet.

// Thrown for any malformed or illegal input (move text, position text,
// option value). The message names the problem; the CLI turns it into exit 2.
struct GameError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class State;

// An immutable game definition: a rule set bound to a game's code. Cheap to
// share between threads (all methods are const and thread-safe).
class Game {
 public:
  virtual ~Game() = default;

  // Registry name, e.g. "inchworm".
  virtual std::string name() const = 0;
  // The effective rule options (defaults + rule file + overrides).
  virtual const RuleOptions& options() const = 0;

  virtual std::unique_ptr<State> initial_state() const = 0;
  // Parse the game's position notation (FEN-like). Throws GameError.
  virtual std::unique_ptr<State> state_from_position(const std::string& text) const = 0;

  // Size of the decision action space; fixed for a given rule set.
  virtual int num_actions() const = 0;
  // Human-readable name of one decision, for logs and debugging.
  virtual std::string action_to_string(Action action) const = 0;

  // Board symmetries that map legal play to legal play (1 = identity only).
  // Symmetry 0 is always the identity.
  virtual int num_symmetries() const { return 1; }
  // Image of `action` under symmetry `sym` (a permutation of the action space).
  virtual Action transform_action(Action action, int sym) const {
    (void)sym;
    return action;
  }

  // Upper bound of decisions per game, used to size buffers; never a rule.
  virtual int max_game_length() const = 0;
};

// A position plus everything needed to continue the game (history for
// repetition, a partially chosen move). Copyable through clone(). Not
// thread-safe; each search owns its states.
class State {
 public:
  virtual ~State() = default;
  virtual std::unique_ptr<State> clone() const = 0;
  // Become a copy of `other`, a state of the same game, reusing this object's
  // storage: a search resets its scratch state to the root every simulation,
  // and a copy into a warm object allocates nothing once its vectors are big
  // enough. Throws std::invalid_argument when `other` is another kind of
  // state (see same_class_state).
  virtual void copy_from(const State& other) = 0;
  virtual const Game& game() const = 0;

  // ---- Decision level (search and network) ----

  // The player (0 or 1) who makes the next decision. Unspecified when terminal.
  virtual int current_player() const = 0;
  // Decisions available now, sorted ascending, into `out` (cleared first; its
  // capacity is kept, so a caller that reuses `out` allocates only when it
  // must grow). Empty iff terminal. Every one of them can be completed into a
  // legal full move.
  virtual void legal_actions_into(std::vector<Action>& out) const = 0;
  // The same decisions in a new vector.
  std::vector<Action> legal_actions() const {
    std::vector<Action> out;
    legal_actions_into(out);
    return out;
  }
  // One of legal_actions_into's decisions, drawn uniformly with `rng`
  // (`scratch`: working space). Not terminal. This one lists them all and
  // draws one; a game may draw without listing them all (Inchworm under move
  // limits), with the same distribution but other draws.
  virtual Action random_legal_action(std::mt19937_64& rng, std::vector<Action>& scratch) const {
    legal_actions_into(scratch);
    return scratch[std::uniform_int_distribution<size_t>(0, scratch.size() - 1)(rng)];
  }
  // The decisions that finish the full move in progress (precondition:
  // in_compound_move()), drawn at random with `rng` for move samplers
  // (core/move_sample.h). This one draws decision by decision with
  // random_legal_action; a game whose decisions each need a search may
  // draw the rest of the move with one (Inchworm under move limits).
  virtual std::vector<Action> random_completion(std::mt19937_64& rng) const;
  // Apply one legal decision. Behaviour on an illegal action is undefined in
  // release builds (asserted in debug); use apply_move for untrusted input.
  virtual void apply_action(Action action) = 0;
  // True while a full move has been started but not finished; the same player
  // then keeps deciding and values must not be flipped.
  virtual bool in_compound_move() const = 0;

  // ---- Full-move level (people, notation, perft) ----

  // Every legal full move from a move boundary (not inside a compound move).
  virtual std::vector<Move> legal_moves() const = 0;
  // Canonical notation of a legal full move in this position.
  virtual std::string move_to_string(const Move& move) const = 0;
  // Parse notation into a legal full move of this position; throws GameError
  // naming why the text is malformed or the move illegal.
  virtual Move parse_move(const std::string& text) const = 0;
  // Apply a full move (each of its decisions in turn).
  void apply_move(const Move& move) {
    for (Action a : move) apply_action(a);
  }
  // Number of full moves played so far (plies), passes included.
  virtual int ply() const = 0;
  // Perft: leaf count of the full-move tree `depth` plies below this move
  // boundary (core/perft.h). The default is the generic legal_moves()/clone()
  // walk (generic_perft); a game may override it with a faster walk that
  // must give exactly the same count.
  virtual uint64_t perft(int depth) const;

  // ---- Outcome ----

  virtual bool is_terminal() const = 0;
  // Winner (0 or 1) of a finished game, kNoPlayer for a draw or while running.
  virtual int winner() const = 0;
  // Why the game ended (core/end_reason.h); kNone while the game runs.
  virtual EndReason end_reason() const = 0;
  // The running points of `player` (0 or 1) where the game keeps a score
  // (Inchworm: captured pieces) or a heuristic stand-in for one (chess: the
  // material on the board), else 0. Only heuristics use it — the greedy
  // player, the rollout cap of the UCT player, the search's score utility —
  // it never decides a game. The
  // default reads `to_json()["scores"][player]` when present; games override
  // it when that is too slow for a hot loop.
  virtual double points(int player) const;

  // ---- Identity and display ----

  // 64-bit hash of everything that influences future play (position, side to
  // move, the partial move, repetition-relevant state). Equal states have
  // equal hashes; used for the evaluation cache and repetition.
  virtual uint64_t hash() const = 0;
  // Position notation, accepted back by Game::state_from_position.
  // Only defined at a move boundary.
  virtual std::string to_position() const = 0;
  // A readable multi-line board.
  virtual std::string to_text() const = 0;
  // The machine-readable view printed by `show --format json`.
  virtual nlohmann::json to_json() const = 0;
};

// `other` as the concrete state class of `self`, for copy_from: throws
// std::invalid_argument naming both games when `other` is of another class
// (a state of another game), since a slicing copy would corrupt `self`.
template <class T>
const T& same_class_state(const T& self, const State& other) {
  if (typeid(other) != typeid(T))
    throw std::invalid_argument("copy_from: cannot copy a state of game '" + other.game().name() +
                                "' into a state of game '" + self.game().name() + "'");
  return static_cast<const T&>(other);
}

// Whether `state`'s game keeps a score: its JSON view has "scores" (Inchworm;
// not the heuristic points of chess, Invector or Steere's Inchworm). Asked
// once per game name and remembered (the view of a big position is not free).
// Records store final points only for such games (selfplay/game_record.h).
bool keeps_score(const State& state);

}  // namespace inchzero
