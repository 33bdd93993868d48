// A single-game search for players ("network with N simulations" in matches,
// analysis): one SearchTree, evaluated one leaf at a time (batch 1). Batch 1
// keeps the player simple and exactly reproducible; throughput comes from
// self-play, which batches leaves across many games (selfplay_worker.h).
#pragma once

#include <functional>
#include <memory>
#include <random>

#include "core/game.h"
#include "model/backend.h"
#include "model/encoder.h"
#include "selfplay/eval_cache.h"
#include "selfplay/search_tree.h"

namespace inchzero {

class Searcher {
 public:
  // `cache` may be null (a private cache of config.cache_entries is made).
  // Every random choice (root noise, temperature) comes from `seed`.
  Searcher(std::shared_ptr<const Game> game, std::shared_ptr<const Encoder> encoder,
           std::shared_ptr<InferenceBackend> backend, const SearchConfig& config, uint64_t seed,
           std::shared_ptr<EvalCache> cache = nullptr);

  // Search from `state` from now on (drops the tree).
  void set_position(const State& state);
  // Play `action` (either side's) at the root, keeping the subtree if
  // config.reuse_tree.
  void play(Action action);
  // Search the current root until it has `visits` visits (reused ones count)
  // and return what the root saw. Throws GameError if the root is terminal.
  RootSummary search(int visits, bool add_noise = false);
  // The same search, stopped early when `should_stop()` returns true (asked
  // before every simulation, so keep it cheap: a flag, a clock). Returns what
  // the root saw so far; at least one simulation is run so that the root is
  // expanded.
  RootSummary search(int visits, bool add_noise, const std::function<bool()>& should_stop);
  // The network's evaluation of `state` (not terminal) as search sees it:
  // from the cache when there, else evaluated through the same symmetry a
  // search would use and stored in the cache.
  std::shared_ptr<const Evaluation> evaluate(const State& state);
  // The same for several positions at once: the ones not in the cache go to
  // the network in one batch.
  std::vector<std::shared_ptr<const Evaluation>> evaluate(const std::vector<const State*>& states);
  // The move to play after search() (see SearchTree::choose_action; a Gumbel
  // search ignores the temperature).
  Action choose_action(float temperature);

  const State& state() const { return tree_.root_state(); }
  const SearchTree& tree() const { return tree_; }

 private:
  std::shared_ptr<const Game> game_;
  std::shared_ptr<const Encoder> encoder_;
  std::shared_ptr<InferenceBackend> backend_;
  std::shared_ptr<EvalCache> cache_;
  SearchTree tree_;
  uint64_t seed_;
  std::mt19937_64 rng_;
  std::vector<float> input_, logits_;
};

}  // namespace inchzero
