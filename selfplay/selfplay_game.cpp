#include "selfplay/selfplay_game.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace inchzero {

SelfPlayGame::SelfPlayGame(const Game& game, const SelfPlayConfig& config, EvalCache* cache,
                           uint64_t run_seed, std::string network, uint64_t rules_fingerprint)
    : game_(game),
      config_(config),
      network_(std::move(network)),
      rules_fingerprint_(rules_fingerprint),
      tree_(game, config.search, cache, run_seed) {}

void SelfPlayGame::start(int64_t game_index, uint64_t seed,
                         const std::vector<std::string>* start_positions) {
  rng_.seed(seed);
  const std::string* from = draw_start(start_positions);
  tree_.reset(from ? *game_.state_from_position(*from) : *game_.initial_state());
  record_ = begin_record(game_, network_, seed, game_index);
  if (from) record_.start_position = *from;
  record_.resign_enabled =
      std::uniform_real_distribution<float>(0, 1)(rng_) >= config_.resign_disabled_share;
  searching_ = finished_ = full_search_ = decided_ = false;
  low_value_streak_[0] = low_value_streak_[1] = 0;
  if (!from && config_.random_opening_plies > 0) play_random_opening();
}

// No draw at all unless the game may start elsewhere: a run without
// exploit_share plays the games it played before the option existed.
const std::string* SelfPlayGame::draw_start(const std::vector<std::string>* start_positions) {
  if (!start_positions || start_positions->empty() || config_.exploit_share <= 0) return nullptr;
  if (std::uniform_real_distribution<double>(0, 1)(rng_) >= config_.exploit_share) return nullptr;
  return &(*start_positions)[std::uniform_int_distribution<size_t>(
      0, start_positions->size() - 1)(rng_)];
}

// The random opening: a number of plies drawn uniformly from
// 0..random_opening_plies, each decision uniform among the legal ones. Why:
// self-play between two searching players keeps to the few lines they both
// like, and a network trained on them alone misjudges the positions off
// those lines (a solved board shows it: docs/results/solved/). The opening
// ends at a move boundary, and never in a finished game: a decision that
// would end it is not played, and the opening stops at the last boundary
// before it. Its decisions are recorded (so the replay reaches the same
// position) with kRandomOpening and no visits: no training samples.
void SelfPlayGame::play_random_opening() {
  const int plies = std::uniform_int_distribution<int>(0, config_.random_opening_plies)(rng_);
  std::unique_ptr<State> state = tree_.root_state().clone();
  std::vector<DecisionRecord> opening;
  size_t at_boundary = 0;  // decisions of `opening` up to its last move boundary
  while (!state->is_terminal() && (state->ply() < plies || state->in_compound_move())) {
    const std::vector<Action> legal = state->legal_actions();
    DecisionRecord d;
    d.action = legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng_)];
    d.player = static_cast<int8_t>(state->current_player());
    d.flags = DecisionRecord::kRandomOpening;
    d.num_legal = static_cast<uint16_t>(legal.size());
    opening.push_back(d);
    state->apply_action(d.action);
    if (!state->is_terminal() && !state->in_compound_move()) at_boundary = opening.size();
  }
  opening.resize(at_boundary);
  for (const DecisionRecord& d : opening) {
    tree_.advance(d.action);
    record_.decisions.push_back(d);
  }
}

SelfPlayGame::Step SelfPlayGame::advance() {
  while (!finished_) {
    if (!searching_) {
      begin_decision();
      continue;
    }
    while (tree_.root_visits() < target_visits_) {
      if (tree_.select_leaf() == SearchTree::Leaf::kNeedsEvaluation) {
        return Step::kNeedsEvaluation;
      }
    }
    searching_ = false;
    finish_decision();
  }
  return Step::kFinished;
}

void SelfPlayGame::begin_decision() {
  const State& state = tree_.root_state();
  if (state.is_terminal()) {
    end_game(state.winner(), state.end_reason());
    return;
  }
  // The game guarantees termination; this only guards against a broken game.
  if (static_cast<int>(record_.decisions.size()) >= game_.max_game_length()) {
    end_game(kNoPlayer, EndReason::kDecisionLimit);
    return;
  }
  // 1. A single legal action is played without search (still recorded).
  const std::vector<Action> legal = state.legal_actions();
  if (legal.size() == 1) {
    DecisionRecord d;
    d.action = legal[0];
    d.player = static_cast<int8_t>(state.current_player());
    d.flags = DecisionRecord::kForced;
    d.num_legal = 1;
    record_.decisions.push_back(d);
    ++counters_.decisions;
    ++counters_.forced;
    tree_.advance(legal[0]);
    return;
  }
  // 2. Playout-cap randomisation: full searches (noise, policy target) or cheap ones.
  const float draw = std::uniform_real_distribution<float>(0, 1)(rng_);
  full_search_ = !decided_ && draw < config_.full_search_share;
  target_visits_ = full_search_ ? config_.full_visits : config_.cheap_visits;
  // A Gumbel search draws its noise (it is how the move choice explores),
  // except a cheap one when cheap_search_noise is off.
  tree_.begin_search(full_search_ || (config_.search.gumbel && config_.cheap_search_noise), rng_,
                     target_visits_);
  searching_ = true;
}

void SelfPlayGame::finish_decision() {
  const State& state = tree_.root_state();
  const int player = state.current_player();
  const RootSummary summary = tree_.root_summary();
  // 1. Resignation, judged at move boundaries on the searched value.
  if (!state.in_compound_move()) {
    int& streak = low_value_streak_[player];
    streak = summary.value < config_.resign_threshold ? streak + 1 : 0;
    if (streak >= config_.resign_consecutive) {
      if (record_.resign_enabled) {
        end_game(1 - player, EndReason::kResign);
        return;
      }
      if (record_.would_resign_player == kNoPlayer) {
        record_.would_resign_player = player;
        record_.would_resign_ply = state.ply();
        decided_ = config_.reduce_search_when_decided;
      }
    }
  }
  // 2. Record what the search saw.
  DecisionRecord d;
  d.player = static_cast<int8_t>(player);
  d.flags = full_search_ ? DecisionRecord::kFullSearch : 0;
  d.num_legal = static_cast<uint16_t>(summary.children.size());
  d.root_value = summary.value;
  d.root_draw = summary.draw;
  d.root_visits = static_cast<uint32_t>(summary.visits);
  if (summary.policy_target.empty()) {
    for (const RootChild& c : summary.children) {
      if (c.visits > 0) d.visits.emplace_back(c.action, static_cast<uint32_t>(c.visits));
    }
  } else {
    // Gumbel: the improved policy, in units of 1/65535 (docs/shard-format.md).
    d.flags |= DecisionRecord::kImprovedPolicy;
    for (size_t i = 0; i < summary.children.size(); ++i) {
      const auto units = static_cast<uint32_t>(std::lround(summary.policy_target[i] * 65535.0));
      if (units > 0) d.visits.emplace_back(summary.children[i].action, units);
    }
  }
  // 3. Choose by the temperature schedule and play.
  // A cheap search without noise plays its best action (temperature 0).
  const float temperature = !full_search_ && !config_.cheap_search_noise ? 0.0f
                            : state.ply() < config_.temperature_plies    ? config_.temperature
                                                                      : config_.temperature_final;
  d.action = tree_.choose_action(temperature, rng_);
  record_.decisions.push_back(d);
  ++counters_.decisions;
  if (full_search_) ++counters_.full_searches;
  tree_.advance(d.action);
}

void SelfPlayGame::end_game(int winner, EndReason reason) {
  end_record(record_, tree_.root_state(), winner, reason, rules_fingerprint_);
  finished_ = true;
}

}  // namespace inchzero
