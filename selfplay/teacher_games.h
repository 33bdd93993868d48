// Games of a teacher, a player without a network (`ab:2`, `uct:1000`,
// `greedy`) or a stronger network, against itself, recorded as self-play
// records whose policy targets are the teacher's own decisions: training data
// that costs no network search. A run that is far below the teacher (every
// network of the zoo but Invector's loses to alpha-beta 2) can learn its
// moves first and search from there, as expert iteration bootstraps from an
// expert; `inchzero selfplay --run R --teacher SPEC` feeds them to a run.
//
// A teacher decision's record: the decision played, flagged kFullSearch so
// that it is a policy sample, with `visits` = {(decision, 1)} (a one-hot
// target) and root_visits = 0, so that its value target is the game's
// outcome alone (train/replay_buffer.h, set_value_target). The random
// opening plies are flagged kRandomOpening without visits, as self-play's.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "core/game.h"
#include "selfplay/game_record.h"
#include "selfplay/players/player.h"

namespace inchzero {

// The `network` label of a teacher's records: "teacher " + its spec. It never
// reads as a run's network (net-NNNNNN), so replay.max_generation_age does
// not apply to teacher games.
std::string teacher_label(const std::string& spec);

// One game of `teacher` against itself from `seed`: `opening_plies` uniformly
// random full moves first, then the teacher's moves to the end (the rules'
// own cap ends it). `spec` labels the record. Throws GameError when the
// teacher returns an illegal move.
GameRecord play_teacher_game(const Game& game, const PlayerFactory& teacher,
                             const std::string& spec, uint64_t seed, int64_t game_index,
                             int opening_plies, uint64_t rules_fingerprint);

struct TeacherGamesOptions {
  int64_t games = 1;
  int threads = 1;        // games played at once
  int opening_plies = 4;  // random full moves opening each game
  uint64_t seed = 1;      // game i's seed is derive_seed(seed, {i})
  int64_t first_index = 0;
};

// `options.games` teacher games, `options.threads` at once; `on_game` gets
// each finished record once, calls serialised, in the order the games finish
// (sort by game_index for a reproducible order). Stops starting games once
// `stop` is set (the games under way finish). The first exception of a game
// stops the others from starting and is rethrown here on the caller's
// thread after the games under way finish.
void play_teacher_games(const Game& game, const PlayerFactory& teacher, const std::string& spec,
                        const TeacherGamesOptions& options, uint64_t rules_fingerprint,
                        const std::atomic<bool>* stop,
                        const std::function<void(GameRecord&&)>& on_game);

}  // namespace inchzero
