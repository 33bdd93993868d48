// A solved board: the exact game-theoretic value of every non-terminal
// position reachable from the start and the set of optimal decisions there
// (docs/solved-boards.md). Positions are named by their solver key:
//   * at a move boundary, the position notation (State::to_position), which
//     holds every counter the end of the game depends on (the ply for
//     max_plies, Inchworm's passes and captures-free plies);
//   * inside a compound move, the notation of the boundary where the move
//     began, then " |" and the decisions taken so far, e.g. "... 0 0 0 |12,40".
// A key names one state exactly, and state_for_key rebuilds it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/game.h"

namespace inchzero::solver {

// Exact game values from the point of view of the player to decide.
// The games' outcomes are win / draw / loss (State::winner), so these three
// are every value there is.
constexpr int8_t kLoss = -1, kDraw = 0, kWin = 1;

struct SolvedPosition {
  std::string key;
  int8_t player = 0;         // the player to decide (State::current_player)
  int8_t value = kDraw;      // kWin / kDraw / kLoss for `player`
  std::vector<Action> best;  // the decisions that keep `value`, ascending
  int32_t num_legal = 0;     // legal decisions there (best.size() of them optimal)

  // Some legal decision loses value here: the only kind of position where a
  // player can make a mistake.
  bool contested() const { return static_cast<int32_t>(best.size()) < num_legal; }
};

// The key of a boundary position followed by `decisions` of a move in
// progress (empty at a move boundary).
std::string position_key(const std::string& boundary_position,
                         const std::vector<Action>& decisions);
// The state a key names: the boundary position, then the decisions applied.
// Throws GameError naming the key when it is not a position of `game`.
std::unique_ptr<State> state_for_key(const Game& game, const std::string& key);

struct Solution {
  std::string game;          // registry name
  std::string rules_label;   // RuleOptions::label()
  std::string options_yaml;  // every resolved option
  // The rules' behaviour fingerprint (core/rules_fingerprint.h), as
  // fingerprint_hex writes it: a file solved under rules that play
  // differently is recognised whatever its label or YAML text says, and one
  // solved under rules that play the same (an option spelled out at its
  // default, one added to inchzero since) is accepted.
  std::string fingerprint;
  std::string start_key;           // key of the initial state
  int64_t terminal_positions = 0;  // distinct terminal states met (not stored)
  double solve_seconds = 0;
  std::vector<SolvedPosition> positions;

  // The position with `key`, or nullptr. Builds the index on first use.
  const SolvedPosition* find(const std::string& key) const;
  // The start position (throws std::runtime_error when missing).
  const SolvedPosition& start() const;

 private:
  mutable std::unordered_map<std::string, size_t> index_;
};

}  // namespace inchzero::solver
