#include "selfplay/searcher.h"

namespace inchzero {

Searcher::Searcher(std::shared_ptr<const Game> game, std::shared_ptr<const Encoder> encoder,
                   std::shared_ptr<InferenceBackend> backend, const SearchConfig& config,
                   uint64_t seed, std::shared_ptr<EvalCache> cache)
    : game_(std::move(game)),
      encoder_(std::move(encoder)),
      backend_(std::move(backend)),
      cache_(cache ? std::move(cache) : std::make_shared<EvalCache>(config.cache_entries)),
      tree_(*game_, config, cache_.get(), seed),
      seed_(seed),
      rng_(seed),
      input_(encoder_->shape().size()),
      logits_(game_->num_actions()) {
  tree_.reset(*game_->initial_state());
}

void Searcher::set_position(const State& state) { tree_.reset(state); }

void Searcher::play(Action action) { tree_.advance(action); }

RootSummary Searcher::search(int visits, bool add_noise) {
  return search(visits, add_noise, nullptr);
}

RootSummary Searcher::search(int visits, bool add_noise, const std::function<bool()>& should_stop) {
  if (tree_.root_state().is_terminal()) throw GameError("cannot search a finished game");
  tree_.begin_search(add_noise, rng_, visits);
  float wdl[3];
  bool first = true;
  while (tree_.root_visits() < visits) {
    if (should_stop && !first && should_stop()) break;
    first = false;
    if (tree_.select_leaf() == SearchTree::Leaf::kResolved) continue;
    encoder_->encode(tree_.leaf_state(), tree_.leaf_symmetry(), input_.data());
    backend_->evaluate(input_.data(), 1, logits_.data(), wdl);
    tree_.complete_leaf(std::make_shared<const Evaluation>(
        decode_evaluation(*game_, tree_.leaf_legal(), tree_.leaf_symmetry(), logits_.data(), wdl)));
  }
  return tree_.root_summary();
}

std::shared_ptr<const Evaluation> Searcher::evaluate(const State& state) {
  return evaluate(std::vector<const State*>{&state}).front();
}

std::vector<std::shared_ptr<const Evaluation>> Searcher::evaluate(
    const std::vector<const State*>& states) {
  std::vector<std::shared_ptr<const Evaluation>> out(states.size());
  std::vector<size_t> missing;
  for (size_t i = 0; i < states.size(); ++i)
    if (!(out[i] = cache_->find(states[i]->hash()))) missing.push_back(i);
  if (missing.empty()) return out;
  const int input_size = encoder_->shape().size(), actions = game_->num_actions();
  const int batch = static_cast<int>(missing.size());
  std::vector<float> inputs(static_cast<size_t>(batch) * input_size);
  std::vector<float> logits(static_cast<size_t>(batch) * actions), wdl(3 * batch);
  std::vector<int> symmetries(batch);
  for (int b = 0; b < batch; ++b) {
    const State& state = *states[missing[b]];
    symmetries[b] = tree_.config().random_symmetry
                        ? symmetry_for(state.hash(), seed_, game_->num_symmetries())
                        : 0;
    encoder_->encode(state, symmetries[b], inputs.data() + static_cast<size_t>(b) * input_size);
  }
  backend_->evaluate(inputs.data(), batch, logits.data(), wdl.data());
  for (int b = 0; b < batch; ++b) {
    const State& state = *states[missing[b]];
    auto eval = std::make_shared<const Evaluation>(
        decode_evaluation(*game_, state.legal_actions(), symmetries[b],
                          logits.data() + static_cast<size_t>(b) * actions, wdl.data() + 3 * b));
    cache_->insert(state.hash(), eval);
    out[missing[b]] = std::move(eval);
  }
  return out;
}

Action Searcher::choose_action(float temperature) { return tree_.choose_action(temperature, rng_); }

}  // namespace inchzero
