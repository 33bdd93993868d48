// The games of a match, move by move (`inchzero match --games-out FILE`):
// JSON Lines, one finished game a line in game order, so that a user can
// replay or inspect any game and re-score it (who was ahead when a game was
// drawn at the cap). Each line holds:
//   index, p0_colour (the game player p0 played), players (the descriptions
//   of game players 0 and 1), result (for p0: 1, 0, -1), end_reason, plies,
//   final_points (State::points of game players 0 and 1), opening (the start
//   position after the random opening plies, Game::state_from_position's
//   notation) and moves (each full move in the game's notation from there).
#pragma once

#include <map>
#include <mutex>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "selfplay/eval/match.h"

namespace inchzero {

class MatchGameLog {
 public:
  // The observer to put in MatchOptions::observe: it keeps every game's
  // opening and moves. The log must outlive the match.
  GameObserverFactory observer_factory();
  // One line per finished game of `result` (a match played with
  // observer_factory()), in game order. Throws GameError for a game the log
  // did not see.
  std::vector<nlohmann::json> lines(const MatchResult& result) const;
  // lines() written to `path` as JSON Lines, atomically (a temporary file,
  // then a rename).
  void write(const std::string& path, const MatchResult& result) const;

 private:
  struct Moves {
    std::string opening;
    std::vector<std::string> moves;
  };
  mutable std::mutex mutex_;
  std::map<int, Moves> games_;  // by game index, filled as games finish
};

}  // namespace inchzero
