// One self-play game in progress, driven by a worker: it searches each
// decision with its own SearchTree and asks the worker for one network
// evaluation at a time, so that a worker can batch one leaf from each of
// many games.
//
//   game.start(index, seed);
//   while (game.advance() == SelfPlayGame::Step::kNeedsEvaluation) {
//     ... evaluate game.tree().leaf_state() (batched with other games) ...
//     game.complete(evaluation);
//   }
//   GameRecord record = game.take_record();
//
// Per decision: playout-cap randomisation (a full search with root noise that
// trains the policy, or a cheap one without noise that does not), a
// temperature schedule by ply, resignation (with a share of games where it is
// off and would-be resignations are logged), and a reduced search once such a
// game is decided. Optionally the game first plays a random opening (plies
// of uniformly random decisions, recorded without search). Every random
// choice comes from the game's seed.
#pragma once

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/game.h"
#include "selfplay/game_record.h"
#include "selfplay/search_tree.h"
#include "selfplay/selfplay_config.h"
#include "selfplay/selfplay_stats.h"

namespace inchzero {

class SelfPlayGame {
 public:
  enum class Step { kNeedsEvaluation, kFinished };

  // `config`, `game` and `cache` (may be null) must outlive this object.
  // `run_seed` fixes the evaluation symmetries (shared by all games of a run);
  // `network` and `rules_fingerprint` (behaviour_fingerprint(game), computed
  // once by the caller: it is not free) are written into the records.
  SelfPlayGame(const Game& game, const SelfPlayConfig& config, EvalCache* cache, uint64_t run_seed,
               std::string network, uint64_t rules_fingerprint);

  // Start game number `game_index`, every random choice drawn from `seed`:
  // from the initial position, or, with `start_positions` given and not
  // empty, with probability selfplay.exploit_share from one of them drawn
  // uniformly (Go-Exploit, selfplay/start_positions.h; recorded as the
  // record's start_position, no random opening). With exploit_share 0 or no
  // positions the game draws exactly what it would without them.
  void start(int64_t game_index, uint64_t seed,
             const std::vector<std::string>* start_positions = nullptr);
  // Search and play until a leaf needs the network (kNeedsEvaluation: see
  // tree().leaf_state()) or the game is over (kFinished).
  Step advance();
  // Hand over the evaluation of the waiting leaf.
  void complete(std::shared_ptr<const Evaluation> eval) { tree_.complete_leaf(std::move(eval)); }
  // The finished game's record (valid once advance() returned kFinished).
  GameRecord take_record() { return std::move(record_); }

  const SearchTree& tree() const { return tree_; }
  // Decisions played by this object over all its games: total, forced, full.
  const SelfPlayStats& counters() const { return counters_; }

 private:
  // The start position drawn for this game (see start), or null.
  const std::string* draw_start(const std::vector<std::string>* start_positions);
  void play_random_opening();
  void begin_decision();
  void finish_decision();
  void end_game(int winner, EndReason reason);

  const Game& game_;
  const SelfPlayConfig& config_;
  std::string network_;
  uint64_t rules_fingerprint_;
  SearchTree tree_;
  std::mt19937_64 rng_;
  GameRecord record_;
  SelfPlayStats counters_;

  bool searching_ = false;  // a decision's search is under way
  bool finished_ = false;
  bool full_search_ = false;
  bool decided_ = false;  // would have resigned: search cheaply from now on
  int target_visits_ = 0;
  int low_value_streak_[2] = {0, 0};
};

}  // namespace inchzero
