// The training data pipeline: self-play games from the run folder's shards,
// kept in a sliding window (replay_window.h), replayed through the rules
// core and encoded into TrainingBatches.
//
// A SAMPLE is one searched decision of a game (forced decisions, with a
// single legal action, are not samples; with replay.full_search_samples_only
// only full searches are). Its targets:
//  * policy: the root visit distribution of a FULL search, mapped through the
//    same board symmetry as the input (Game::transform_action); cheap
//    searches (playout-cap randomisation) get policy_weight 0;
//  * value: the final outcome as win/draw/loss for the player who decided,
//    blended with the search root's own win/draw/loss estimate when
//    replay.value_target_search_weight > 0 (set_value_target below);
//  * aux (when the network has an auxiliary head): output 0 is the final
//    points margin of that player, (own − other) / (own + other), in [−1, 1],
//    from State::points of the game's last position: Inchworm's score, and
//    where a game keeps none its heuristic points (chess material, Invector's
//    stones, Steere's checkers borne off); 0 when neither side has any.
//    Further outputs are 0.
// Every input is encoded under a symmetry drawn uniformly (augmentation).
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/game.h"
#include "model/encoder.h"
#include "selfplay/game_record.h"
#include "selfplay/record_rules.h"
#include "train/replay_window.h"
#include "train/shard_arrivals.h"
#include "train/training_batch.h"

namespace inchzero {

// A sample's value target (win, draw, loss for the player who decided):
// (1 − w) · the one-hot `outcome` (0 win, 1 draw, 2 loss) + w · the
// decision's searched root estimate (root_value = win − loss, root_draw),
// with w = `search_weight`, or w = 0 for a decision without search
// (root_visits == 0). Sums to 1.
void set_value_target(const DecisionRecord& decision, int outcome, double search_weight,
                      float wdl[3]);

class ReplayBuffer {
 public:
  ReplayBuffer(std::shared_ptr<const Game> game, std::shared_ptr<const Encoder> encoder,
               const ReplayConfig& config);

  // Load every *.shard file of `shard_dir` not loaded before. With
  // `arrivals` (the run's shard_index.jsonl): the shards it lists first, in
  // their arrival order, those it marks as not accepted left out; then the
  // new ones, by name, each recorded there on arrival (accepted unless
  // played by a network more than replay.max_generation_age generations
  // older than set_newest_generation's). Without it: by name. Never by file
  // times: a shared file system's clocks say nothing about the run. A file
  // that fails to load or a record that does not replay is skipped with a
  // warning on stderr naming it; the rest still load. Returns the number of
  // new samples.
  int64_t load_new_shards(const std::string& shard_dir, ShardArrivals* arrivals = nullptr);

  // The iteration of the newest network (the one self-play plays with now):
  // games more than replay.max_generation_age generations older leave the
  // window, and new shards that old are not accepted.
  void set_newest_generation(int generation);
  // Games of shards refused as too old when they arrived.
  int64_t stale_games() const { return stale_games_; }

  // Add one finished game. Throws GameError when the record does not belong
  // to this game, its rules fingerprint is not this rule set's, its rules
  // text gives an option another value or names one this build does not know
  // (RuleOptions::difference_from: an option the text does not name is at its
  // default; the message gives both fingerprints and the options that
  // differ), or it does
  // not replay (an illegal action, a different outcome).
  void add_game(GameRecord record);

  // A run continued from a zoo entry (train/run_folder.h, ContinuedFrom):
  // the samples the run played before this folder's shards, which no buffer
  // holds. They count in N for the window's size W(N), so the window grows
  // as the run's would have. 0 (the default) for any other run.
  void set_samples_before(int64_t samples);
  // W(N) for the whole run's N: the most samples the window holds.
  int64_t window_wanted() const;
  // W of the samples before: the window the run had when it was continued.
  int64_t window_before() const;
  // Whether this buffer has added at least window_before() samples (always
  // true for a run that was not continued). A run trains only then: a
  // continued run's first iterations would otherwise train the entry's
  // network on the few games the continued run has played.
  bool window_full() const { return total_samples_ >= window_before(); }

  int64_t total_games() const { return total_games_; }
  int64_t total_samples() const { return total_samples_; }  // every sample this buffer added
  int64_t window_samples() const { return window_samples_; }
  int64_t window_games() const { return static_cast<int64_t>(games_.size()); }
  const ReplayConfig& config() const { return config_; }
  // The window's games, oldest first (valid until the buffer changes): where
  // self-play draws its start positions (selfplay/start_positions.h).
  std::vector<const GameRecord*> window_records() const;

  // `count` batches of `batch_size` samples drawn uniformly (with replacement)
  // from the window, each with a uniformly drawn symmetry. `aux_outputs` is
  // the network's auxiliary width (0 = no aux targets). Deterministic given
  // the state of `rng`. Precondition: window_samples() > 0.
  //
  // Data-parallel training: with `ranks` > 1 each batch is cut into `ranks`
  // slices of rows and only slice `rank` is made (batch_size / ranks rows,
  // the first slices one more where it does not divide). Every rank draws the
  // same numbers from `rng` (the whole batch's samples and symmetries), so
  // the slices of all ranks together are exactly the batch one rank draws.
  std::vector<TrainingBatch> make_batches(int count, int batch_size, int aux_outputs,
                                          std::mt19937_64& rng, int rank = 0, int ranks = 1) const;

 private:
  struct StoredGame {
    GameRecord record;
    std::vector<int> samples;          // decision indices that are samples
    double points_margin[2] = {0, 0};  // aux target per player
    int value_winner = kNoPlayer;      // the winner the value targets see (capped_games)
    int generation = -1;               // network_generation(record.network)
  };
  void trim_window();
  bool too_old(int generation) const;

  std::shared_ptr<const Game> game_;
  std::shared_ptr<const Encoder> encoder_;
  ReplayConfig config_;
  RecordRulesCheck rules_check_;  // of *game_: the records of the run's rules
  std::deque<StoredGame> games_;  // the window, oldest first
  int64_t total_games_ = 0, total_samples_ = 0, window_samples_ = 0, stale_games_ = 0;
  int64_t samples_before_ = 0;  // set_samples_before
  int newest_generation_ = -1;
  std::set<std::string> seen_files_;  // file names (inside the shard folder)
};

}  // namespace inchzero
