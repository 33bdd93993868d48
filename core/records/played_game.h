// A game as the record formats see it (docs/game-records.md): the game and
// its rules, where it started, its full moves, how it ended, and where it
// came from. The PGN writer (pgn.h) and the plain-text record (text_record.h)
// write it; the text record reader and the shard converter
// (selfplay/record_export.h) build it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace inchzero {

// Where a game comes from; every field is optional (empty / unset = unknown).
struct GameOrigin {
  std::string event;             // e.g. "inchzero self-play"
  std::string network;           // who played (both sides in self-play)
  std::optional<uint64_t> seed;  // the game's own seed
  int64_t game_index = -1;       // index of the game in its run
  std::string source;            // the file it was read from (a shard)
  int64_t source_game = -1;      // its number in that file, 1 = the first
};

struct PlayedGame {
  std::shared_ptr<const Game> game;
  std::string rules_label;                  // how the rules were named (RuleOptions::label())
  std::string start_position;               // empty = the game's initial position
  std::vector<Move> moves;                  // full moves, in play order
  int winner = kNoPlayer;                   // 0, 1, or kNoPlayer (a draw, or unfinished)
  EndReason end_reason = EndReason::kNone;  // State::end_reason(), kResign, …; kNone = unfinished
  GameOrigin origin;

  // The position the moves start from. Throws GameError for a bad position.
  std::unique_ptr<State> start_state() const;
};

// The game `name` under the rules named `label` (RuleOptions::label()) whose
// options have exactly the values `assignments` ("key=value", every option):
// the label's rules when they still give these values (so the label shows in
// displays), else the values alone (a rule file that moved or changed since).
// Throws GameError for an unknown game, option or value.
std::shared_ptr<const Game> rebuild_game(const std::string& name, const std::string& label,
                                         const std::vector<std::string>& assignments);

// The PGN-style result: "1-0" (player 0 won), "0-1", "1/2-1/2", or "*" while
// unfinished. Throws GameError for a winner that is not 0, 1 or kNoPlayer.
std::string result_text(int winner, EndReason end_reason);

// Throws GameError naming the disagreement unless `winner` and `end_reason`
// describe how `final_state` ended: the state's own winner and end reason when
// it is terminal; else an unfinished game (kNone), a resignation by
// the player to move, or a decision-limit draw.
void check_outcome(const State& final_state, int winner, EndReason end_reason);

// Replay the moves from the start position. `before_move(i, state)` (when
// given) sees the state before move i (0-based). Returns the final state.
// Throws GameError("move N: …") when move N is not legal or comes after the
// end of the game.
std::unique_ptr<State> replay(const PlayedGame& game,
                              const std::function<void(size_t, const State&)>& before_move = {});

// The canonical text of every move (State::move_to_string), in order.
std::vector<std::string> move_texts(const PlayedGame& game);

}  // namespace inchzero
